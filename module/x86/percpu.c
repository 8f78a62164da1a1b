// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 per-CPU access through %gs: this CPU's pointer is one add from
 * this_cpu_off, the CPU number one load; per_cpu_ptr() indexes
 * __per_cpu_offset[] by absolute address (the kernel image is in the top
 * 2 GiB, so disp32 sign-extends to it).
 */
#include <linux/percpu.h>

#include "../emit.h"
#include "../insn_kfuncs.h"
#include "x86.h"

/* ModRM + SIB for an absolute [disp32] operand */
static u8 *emit_abs32(u8 *p, u8 reg, unsigned long addr)
{
	EMIT2(0x04 | (reg & 7) << 3, 0x25);
	*(s32 *)p = (s32)addr;
	return p + 4;
}

int insn_emit_this_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, *p = buf;

	if (dst != e->arg[0])
		p = emit_mov_reg(p, true, dst, e->arg[0]);	/* mov dst, p */
	EMIT1(0x65);					/* %gs: */
	p = emit_rex(p, true, dst, 0);
	EMIT1(0x03);					/* add dst, [this_cpu_off] */
	p = emit_abs32(p, dst, (unsigned long)&this_cpu_off);
	return p - buf;
}

int insn_emit_cpu_id(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, *p = buf;

	EMIT1(0x65);					/* %gs: */
	p = emit_rex(p, false, dst, 0);
	EMIT1(0x8B);					/* mov dst32, [cpu number] */
	p = emit_abs32(p, dst, insn_percpu.cpu_number);
	return p - buf;
}

int insn_emit_per_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, ptr = e->arg[0], cpu = e->arg[1], s = e->scratch[0];
	u8 *p = buf, *jae, *jmp;

	p = emit_mov_reg(p, false, s, cpu);		/* mov s32, cpu32 */
	p = emit_rex(p, false, s, 0);
	EMIT1(0x3B);					/* cmp s32, [nr_cpu_ids] */
	p = emit_abs32(p, s, insn_percpu.nr_cpu_ids);
	jae = p;
	EMIT2(0x73, 0);					/* jae null */
	EMIT1(0x48 | (s & 8) >> 1 | (s & 8) >> 2);	/* REX.W R X */
	EMIT3(0x8B, 0x04 | (s & 7) << 3,		/* mov s, [offsets + s * 8] */
	      0xC5 | (s & 7) << 3);
	*(s32 *)p = (s32)insn_percpu.per_cpu_offset;
	p += 4;
	p = emit_rex(p, true, ptr, s);
	EMIT2(0x01, add_2mod(ptr, s));			/* add s, ptr */
	p = emit_mov_reg(p, true, dst, s);		/* mov dst, s */
	jmp = p;
	EMIT2(0xEB, 0);					/* jmp out */
	jae[1] = p - (jae + 2);
	p = emit_rex(p, false, dst, dst);
	EMIT2(0x31, add_2mod(dst, dst));		/* xor dst32, dst32: NULL */
	jmp[1] = p - (jmp + 2);
	return p - buf;
}
