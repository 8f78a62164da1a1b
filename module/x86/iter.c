// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 bpf_iter_num_next(): the body of module/iter.c in native code,
 * with the counter in a scratch register and no call.
 */
#include "../emit.h"
#include "x86.h"

int insn_emit_iter_next(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 it = e->arg[0], dst = e->dst, cur = e->scratch[0];
	u8 *p = buf, *jl, *jmp;

	p = maybe_emit_mem_mod(p, it, X86_REG_NONE, cur, false);
	EMIT1(0x8B);					/* mov cur32, [it] */
	p = emit_mem(p, cur, it, X86_REG_NONE, 0, 0);
	p = maybe_emit_1mod(p, cur, false);
	EMIT3(0x83, add_1reg(0xC0, cur), 1);		/* add cur32, 1 */
	p = maybe_emit_mem_mod(p, it, X86_REG_NONE, cur, false);
	EMIT1(0x3B);					/* cmp cur32, [it + 4] */
	p = emit_mem(p, cur, it, X86_REG_NONE, 0, 4);
	jl = p;
	EMIT2(0x7C, 0);					/* jl more */
	/* the end, out of the loop's way: the taken branch is the jl */
	p = maybe_emit_mem_mod(p, it, X86_REG_NONE, 0, true);
	EMIT1(0xC7);					/* mov qword [it], 0 */
	p = emit_mem(p, 0, it, X86_REG_NONE, 0, 0);
	EMIT2(0, 0);					/* imm32 0 */
	EMIT2(0, 0);
	p = maybe_emit_mod(p, dst, dst, false);
	EMIT2(0x31, add_2reg(0xC0, dst, dst));		/* xor dst32, dst32: NULL */
	jmp = p;
	EMIT2(0xEB, 0);					/* jmp out */
	jl[1] = p - (jl + 2);
	p = maybe_emit_mem_mod(p, it, X86_REG_NONE, cur, false);
	EMIT1(0x89);					/* more: mov [it], cur32 */
	p = emit_mem(p, cur, it, X86_REG_NONE, 0, 0);
	if (dst != it)
		p = emit_mov_reg(p, true, dst, it);	/* mov dst, it: &cur */
	jmp[1] = p - (jmp + 2);
	return p - buf;
}
