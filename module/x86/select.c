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

#define X86_CMOVE	0x44
#define X86_CMOVNE	0x45

/* cmovCC dst, src (64-bit) */
static u8 *emit_cmov(u8 *p, u8 cc, u8 dst, u8 src)
{
	p = maybe_emit_mod(p, src, dst, true);
	EMIT3(0x0F, cc, add_2reg(0xC0, src, dst));
	return p;
}

int insn_emit_select64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, cond = e->arg[0], a = e->arg[1], b = e->arg[2];
	u8 *p = buf;

	p = maybe_emit_mod(p, cond, cond, true);
	EMIT2(0x85, add_2reg(0xC0, cond, cond));	/* test cond, cond */
	if (dst == a)
		return emit_cmov(p, X86_CMOVE, dst, b) - buf;	/* cmove dst, b */
	if (dst != b)
		p = emit_mov_reg(p, true, dst, b);	/* mov dst, b */
	return emit_cmov(p, X86_CMOVNE, dst, a) - buf;	/* cmovne dst, a */
}
