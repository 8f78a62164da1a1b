// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 bit-field extract: BMI1 bextr with the control word (start | len
 * << 8) in a scratch register; without BMI1 the body's idea in two shifts,
 * shl to drop the bits above the field and shr to bring it down.
 */
#include <linux/unaligned.h>

#include "../emit.h"
#include "x86.h"

int insn_emit_bextr64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u32 start = e->imm[1], len = e->imm[2];
	u8 dst = e->dst, src = e->arg[0], ctl = e->scratch[0];
	u8 *p = buf;

	/* the verifier refused these already (check_const); be safe */
	if (start > 63 || !len || len > 64 - start)
		return -EINVAL;
	if (insn_x86_has_bmi1()) {
		p = maybe_emit_1mod(p, ctl, false);
		EMIT1(add_1reg(0xB8, ctl));		/* mov ctl32, imm32 */
		put_unaligned_le32(start | len << 8, p);
		p += 4;
		p = emit_vex3(p, dst, src, 2, true, ctl, 0);
		EMIT2(0xF7, add_2reg(0xC0, src, dst));	/* bextr dst, src, ctl */
		return p - buf;
	}
	if (dst != src)
		p = emit_mov_reg(p, true, dst, src);	/* mov dst, src */
	if (64 - start - len) {
		p = maybe_emit_1mod(p, dst, true);
		EMIT3(0xC1, add_1reg(0xE0, dst), 64 - start - len); /* shl dst, imm8 */
	}
	if (64 - len) {
		p = maybe_emit_1mod(p, dst, true);
		EMIT3(0xC1, add_1reg(0xE8, dst), 64 - len);	/* shr dst, imm8 */
	}
	return p - buf;
}
