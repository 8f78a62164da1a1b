// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 rotates: rol/ror by an immediate in place, or rorx (BMI2) when the
 * result goes to another register, which saves the mov.
 */
#include "../emit.h"
#include "x86.h"

int insn_emit_rotate(const struct bpf_kfunc_emit *e, u8 *buf, bool w, bool left)
{
	u32 width = w ? 64 : 32, n = e->imm[1] & (width - 1);
	u8 dst = e->dst, src = e->arg[0];
	u8 *p = buf;

	if (!n) {
		/* the 32-bit mov also clears the upper half */
		if (dst != src || !w)
			p = emit_mov_reg(p, w, dst, src);
		return p - buf;
	}
	if (dst != src && insn_x86_has_bmi2()) {
		p = emit_vex3(p, dst, src, 3, w, 0, 3);
		EMIT3(0xF0, add_2reg(0xC0, src, dst),	/* rorx dst, src, imm8 */
		      left ? width - n : n);
		return p - buf;
	}
	if (dst != src)
		p = emit_mov_reg(p, w, dst, src);	/* mov dst, src */
	p = maybe_emit_1mod(p, dst, w);
	EMIT3(0xC1, add_1reg(left ? 0xC0 : 0xC8, dst), n); /* rol/ror dst, imm8 */
	return p - buf;
}
