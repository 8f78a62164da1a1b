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

int insn_emit_this_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, *p = buf;

	if (dst != e->arg[0])
		p = emit_mov_reg(p, true, dst, e->arg[0]);	/* mov dst, p */
	EMIT1(0x65);					/* %gs: */
	p = maybe_emit_mem_mod(p, X86_REG_NONE, X86_REG_NONE, dst, true);
	EMIT1(0x03);					/* add dst, [this_cpu_off] */
	p = emit_mem(p, dst, X86_REG_NONE, X86_REG_NONE, 0,
		     (s32)(unsigned long)&this_cpu_off);
	return p - buf;
}

int insn_emit_cpu_id(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, *p = buf;

	EMIT1(0x65);					/* %gs: */
	p = maybe_emit_mem_mod(p, X86_REG_NONE, X86_REG_NONE, dst, false);
	EMIT1(0x8B);					/* mov dst32, [cpu number] */
	p = emit_mem(p, dst, X86_REG_NONE, X86_REG_NONE, 0,
		     (s32)insn_percpu.cpu_number);
	return p - buf;
}

int insn_emit_per_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, ptr = e->arg[0], cpu = e->arg[1], s = e->scratch[0];
	u8 *p = buf, *jae, *jmp;

	p = emit_mov_reg(p, false, s, cpu);		/* mov s32, cpu32 */
	p = maybe_emit_mem_mod(p, X86_REG_NONE, X86_REG_NONE, s, false);
	EMIT1(0x3B);					/* cmp s32, [nr_cpu_ids] */
	p = emit_mem(p, s, X86_REG_NONE, X86_REG_NONE, 0,
		     (s32)insn_percpu.nr_cpu_ids);
	jae = p;
	EMIT2(0x73, 0);					/* jae null */
	p = maybe_emit_mem_mod(p, X86_REG_NONE, s, s, true);
	EMIT1(0x8B);					/* mov s, [offsets + s * 8] */
	p = emit_mem(p, s, X86_REG_NONE, s, 3, (s32)insn_percpu.per_cpu_offset);
	p = maybe_emit_mod(p, s, ptr, true);
	EMIT2(0x01, add_2reg(0xC0, s, ptr));		/* add s, ptr */
	p = emit_mov_reg(p, true, dst, s);		/* mov dst, s */
	jmp = p;
	EMIT2(0xEB, 0);					/* jmp out */
	jae[1] = p - (jae + 2);
	p = maybe_emit_mod(p, dst, dst, false);
	EMIT2(0x31, add_2reg(0xC0, dst, dst));		/* xor dst32, dst32: NULL */
	jmp[1] = p - (jmp + 2);
	return p - buf;
}
