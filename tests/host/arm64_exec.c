// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 harness (run under qemu-aarch64-static on the build host): the
 * emitted code between a prologue that loads x0..x30 from in[] and an
 * epilogue that stores them to out[].  Its instruction words are written
 * out here, not made with the kernel's encoders under test.  An mrs of an
 * EL1 register the per-CPU code reads (tpidr_el1, tpidr_el2 or sp_el0:
 * user space may not) becomes a load of the value arm64_percpu.c gives
 * for it, from after the epilogue.
 */
#include <stdio.h>
#include <string.h>

#include "native.h"

#define PAGE	16384
#define SP	31
#define FP	29
#define LR	30

/*
 * Operands go anywhere but x9 (the JIT's BPF_REG_AX), x10/x11 (assumed
 * scratch: the JIT's temporaries), x18 (the platform register), x25 (R10,
 * the BPF frame pointer: an operand only as the base of an argument in
 * memory, .fp), x29/x30 (frame pointer and link register) and 31 (sp/xzr).
 */
static const u8 arm64_pool[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 16, 17,
	19, 20, 21, 22, 23, 24, 26, 27, 28,
};

static bool arm64_preserved(int reg)
{
	return reg != 18;	/* qemu may use it as the kernel does not */
}

const struct native_arch native_arch = {
	.name = "arm64",
	.nregs = 31,
	.pool = arm64_pool,
	.npool = sizeof(arm64_pool),
	.scratch = { 10, 11 },
	.fp = 25,
	.preserved = arm64_preserved,
};

static u32 *page;

/* mrs Xt, tpidr_el1 / tpidr_el2 / sp_el0, with Xt in bits 4:0 */
#define MRS_TPIDR_EL1	0xD538D080u
#define MRS_TPIDR_EL2	0xD53CD040u
#define MRS_SP_EL0	0xD5384100u

u64 arm64_el1_tpidr, arm64_el1_sp_el0;

/* ldr Xt, lit: the literal @lit words from the instruction at @at */
static u32 ldr_literal(int t, const u32 *at, const void *lit)
{
	long d = (const u32 *)lit - at;

	return 0x58000000 | ((u32)d & 0x7FFFF) << 5 | t;
}

/* the mrs of EL1 registers in @code (@n words) to loads from @lit[0..1] */
static void el1_stand_ins(u32 *code, int n, const u64 *lit)
{
	for (int i = 0; i < n; i++) {
		u32 op = code[i] & ~0x1Fu;
		int t = code[i] & 0x1F;

		if ((op == MRS_TPIDR_EL1 || op == MRS_TPIDR_EL2) && arm64_el1_tpidr)
			code[i] = ldr_literal(t, &code[i], &lit[0]);
		else if (op == MRS_SP_EL0 && arm64_el1_sp_el0)
			code[i] = ldr_literal(t, &code[i], &lit[1]);
	}
}

int native_init(void)
{
	page = native_page(PAGE);
	return page ? 0 : -1;
}

/* ldr/str Xt, [Xn, #off]: unsigned offset, scaled by 8 */
static u32 ldst(bool load, int t, int n, int off)
{
	return (load ? 0xF9400000 : 0xF9000000) | (off / 8) << 10 | n << 5 | t;
}

/* stp Xt, Xt2, [sp, #-16]! and ldp Xt, Xt2, [sp], #16 */
static u32 push2(int t, int t2)
{
	return 0xA9800000 | 0x7E << 15 | t2 << 10 | SP << 5 | t;
}

static u32 pop2(int t, int t2)
{
	return 0xA8C00000 | 0x02 << 15 | t2 << 10 | SP << 5 | t;
}

int native_run(const u8 *code, int len, const u64 *in, u64 *out, char *err,
	       size_t errlen)
{
	u32 *p = page, *at;
	u64 *lit;
	int r;

	if (len < 0 || len % 4 || len > PAGE - 1024)
		return snprintf(err, errlen, "code of %d bytes", len), -1;
	/* void fn(const u64 *in: x0, u64 *out: x1) */
	*p++ = push2(FP, LR);
	for (r = 19; r < 29; r += 2)
		*p++ = push2(r, r + 1);			/* callee-saved x19..x28 */
	*p++ = push2(1, 1);				/* out */
	for (r = 1; r <= 30; r++)
		*p++ = ldst(true, r, 0, 8 * r);
	*p++ = ldst(true, 0, 0, 0);			/* x0 last */
	memcpy(p, code, len);
	at = p;
	p += len / 4;
	*p++ = push2(0, 0);				/* x0 */
	*p++ = ldst(true, 0, SP, 16);			/* ldr x0, [sp, #16]: out */
	for (r = 1; r <= 30; r++)
		*p++ = ldst(false, r, 0, 8 * r);
	*p++ = pop2(1, 2);				/* x1 = the code's x0 */
	*p++ = ldst(false, 1, 0, 0);
	*p++ = 0x910043FF;				/* add sp, sp, #16: out */
	for (r = 27; r >= 19; r -= 2)
		*p++ = pop2(r, r + 1);
	*p++ = pop2(FP, LR);
	*p++ = 0xD65F03C0;				/* ret */
	p += (p - page) % 2;				/* 8-byte literals */
	lit = (u64 *)p;
	lit[0] = arm64_el1_tpidr;
	lit[1] = arm64_el1_sp_el0;
	p += 4;
	el1_stand_ins(at, len / 4, lit);
	__builtin___clear_cache((char *)page, (char *)p);

	return native_call(page, in, out, 5, err, errlen);
}
