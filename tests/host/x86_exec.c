// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 harness: the emitted code between a prologue that loads rax..r15
 * (not rsp) from in[] and an epilogue that stores them to out[].  Its own
 * encodings are written out here rather than taken from module/x86/x86.h,
 * so that a wrong helper there cannot hide its own fault.
 */
#include <stdio.h>
#include <string.h>

#include "native.h"

#define RSP	4
#define RDI	7
#define PAGE	16384

/*
 * Operands go anywhere but rsp (the stack), rbp (R10, the BPF frame
 * pointer: an operand only as the base of an argument in memory, .fp) and
 * r10/r11 (the JIT's scratch registers).  r12 and r13 stay in: as bases
 * they need the SIB byte and mod != 00 that rsp and rbp need.
 */
static const u8 x86_pool[] = { 0, 1, 2, 3, 6, 7, 8, 9, 12, 13, 14, 15 };

static bool x86_preserved(int reg)
{
	return reg != RSP;
}

const struct native_arch native_arch = {
	.name = "x86",
	.nregs = 16,
	.pool = x86_pool,
	.npool = sizeof(x86_pool),
	.scratch = { 10, 11 },
	.fp = 5,
	.preserved = x86_preserved,
};

static u8 *page;

int native_init(void)
{
	page = native_page(PAGE);
	return page ? 0 : -1;
}

/* mov reg, [base + disp8] or mov [base + disp8], reg (64-bit) */
static u8 *mov_mem(u8 *p, bool store, int reg, int base, int disp)
{
	*p++ = 0x48 | (reg & 8) >> 1 | (base & 8) >> 3;	/* REX.W R B */
	*p++ = store ? 0x89 : 0x8B;
	*p++ = 0x40 | (reg & 7) << 3 | (base & 7);		/* mod=01 disp8 */
	if ((base & 7) == RSP)
		*p++ = 0x24;					/* SIB: base */
	*p++ = disp;
	return p;
}

static u8 *push_pop(u8 *p, bool pop, int reg)
{
	if (reg & 8)
		*p++ = 0x41;
	*p++ = (pop ? 0x58 : 0x50) + (reg & 7);
	return p;
}

static const int saved[] = { 3, 5, 12, 13, 14, 15 };	/* callee-saved */

int native_run(const u8 *code, int len, const u64 *in, u64 *out, char *err,
	       size_t errlen)
{
	u8 *p = page;
	int r, i;

	if (len < 0 || len > PAGE - 512)
		return snprintf(err, errlen, "code of %d bytes", len), -1;
	/* void fn(const u64 *in: rdi, u64 *out: rsi) */
	for (i = 0; i < 6; i++)
		p = push_pop(p, false, saved[i]);
	p = push_pop(p, false, 6);			/* push rsi: out */
	for (r = 0; r < 16; r++)
		if (r != RSP && r != RDI)
			p = mov_mem(p, false, r, RDI, 8 * r);
	p = mov_mem(p, false, RDI, RDI, 8 * RDI);	/* rdi last */
	memcpy(p, code, len);
	p += len;
	p = push_pop(p, false, 0);			/* push rax */
	p = mov_mem(p, false, 0, RSP, 8);		/* mov rax, [rsp + 8]: out */
	for (r = 1; r < 16; r++)
		if (r != RSP)
			p = mov_mem(p, true, r, 0, 8 * r);
	p = push_pop(p, true, 1);			/* pop rcx: rax */
	p = mov_mem(p, true, 1, 0, 0);			/* mov [rax], rcx */
	p = push_pop(p, true, 6);			/* pop rsi */
	for (i = 5; i >= 0; i--)
		p = push_pop(p, true, saved[i]);
	*p++ = 0xC3;					/* ret */

	out[RSP] = in[RSP];
	return native_call(page, in, out, 2, err, errlen);
}
