// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 per-CPU access through %gs: this CPU's pointer is one add from
 * this_cpu_off, the CPU number one load; per_cpu_ptr() indexes
 * __per_cpu_offset[] by absolute address (the kernel image is in the top
 * 2 GiB, so disp32 sign-extends to it).  this_cpu_off's address is an
 * offset into the per-CPU area, zero-based on x86-64 in 6.12 as the JIT's
 * per-CPU address move assumes too; where it is not, the body stays.
 */
#include <linux/percpu.h>

#include "../emit.h"
#include "../insn_kfuncs.h"
#include "x86.h"

int insn_emit_this_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	unsigned long off = (unsigned long)&this_cpu_off;
	u8 dst = e->dst, *p = buf;

	if ((long)(s32)off != (long)off)
		return -EINVAL;
	if (dst != e->arg[0])
		p = emit_mov_reg(p, true, dst, e->arg[0]);	/* mov dst, p */
	EMIT1(0x65);					/* %gs: */
	p = maybe_emit_mem_mod(p, X86_REG_NONE, X86_REG_NONE, dst, true);
	EMIT1(0x03);					/* add dst, [this_cpu_off] */
	p = emit_mem(p, dst, X86_REG_NONE, X86_REG_NONE, 0,
		     (s32)off);
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

/*
 * Without a branch, as arm64's: an index past nr_cpu_ids is replaced by 0
 * before the load and the result by NULL after it, so a mispredicted
 * bounds check cannot load past __per_cpu_offset[] (the flags of the cmp
 * live through mov and lea, which leave them alone).
 */
int insn_emit_per_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, ptr = e->arg[0], cpu = e->arg[1];
	u8 s = e->scratch[0], z = e->scratch[1], *p = buf;

	p = emit_mov_reg(p, false, s, cpu);		/* mov s32, cpu32 */
	p = maybe_emit_mod(p, z, z, false);
	EMIT2(0x31, add_2reg(0xC0, z, z));		/* xor z32, z32 */
	p = maybe_emit_mem_mod(p, X86_REG_NONE, X86_REG_NONE, s, false);
	EMIT1(0x3B);					/* cmp s32, [nr_cpu_ids] */
	p = emit_mem(p, s, X86_REG_NONE, X86_REG_NONE, 0,
		     (s32)insn_percpu.nr_cpu_ids);
	p = emit_0f(p, false, X86_CMOVAE, false, s, z);	/* cmovae s32, z32 */
	p = maybe_emit_mem_mod(p, X86_REG_NONE, s, s, true);
	EMIT1(0x8B);					/* mov s, [offsets + s * 8] */
	p = emit_mem(p, s, X86_REG_NONE, s, 3, (s32)insn_percpu.per_cpu_offset);
	p = maybe_emit_mem_mod(p, s, ptr, s, true);
	EMIT1(0x8D);					/* lea s, [s + ptr] */
	p = emit_mem(p, s, s, ptr, 0, 0);
	p = emit_0f(p, false, X86_CMOVAE, true, s, z);	/* cmovae s, z: NULL */
	p = emit_mov_reg(p, true, dst, s);		/* mov dst, s */
	return p - buf;
}
