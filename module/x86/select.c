// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 select: test cond, cond; cmov, and no branch.
 *
 * The result register may be any of the operands.  The flags are taken
 * first, so the mov of b into dst may overwrite cond; when dst already
 * holds a or b, one cmov with the opposite condition brings in the other
 * one and nothing is moved.  No scratch register is needed.
 */
#include "../emit.h"
#include "x86.h"

int insn_emit_select64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, cond = e->arg[0], a = e->arg[1], b = e->arg[2];
	u8 *p = buf;

	p = maybe_emit_mod(p, cond, cond, true);
	EMIT2(0x85, add_2reg(0xC0, cond, cond));	/* test cond, cond */
	if (dst == a)
		return emit_0f(p, false, X86_CMOVE, true, dst, b) - buf;	/* cmove dst, b */
	if (dst != b)
		p = emit_mov_reg(p, true, dst, b);	/* mov dst, b */
	return emit_0f(p, false, X86_CMOVNE, true, dst, a) - buf;	/* cmovne dst, a */
}
