// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 bpf_iter_num_next(): the body of module/iter.c in native code,
 * with cur and end in the two scratch registers and no call.  The branch
 * offsets are fixed (they depend only on whether dst is it), so the code
 * is the same on every JIT pass.
 */
#include "../emit.h"
#include "a64.h"

int insn_emit_iter_next(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 it = e->arg[0], dst = e->dst;
	u8 cur = e->scratch[0], end = e->scratch[1];
	bool mov = dst != it;
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, aarch64_insn_gen_load_store_imm(cur, it, 0, AARCH64_INSN_SIZE_32,
						     AARCH64_INSN_LDST_LOAD_IMM_OFFSET));
							/* ldr wcur, [it] */
	a64_emit(&c, aarch64_insn_gen_add_sub_imm(cur, cur, 1, A64_W,
						  AARCH64_INSN_ADSB_ADD));
							/* add wcur, wcur, #1 */
	a64_emit(&c, aarch64_insn_gen_load_store_imm(end, it, 4, AARCH64_INSN_SIZE_32,
						     AARCH64_INSN_LDST_LOAD_IMM_OFFSET));
							/* ldr wend, [it, #4] */
	a64_emit(&c, aarch64_insn_gen_add_sub_shifted_reg(AARCH64_INSN_REG_ZR, cur, end, 0,
							  A64_W,
							  AARCH64_INSN_ADSB_SUB_SETFLAGS));
							/* cmp wcur, wend */
	/* over str, mov and b; offsets count from the branch itself */
	a64_emit(&c, aarch64_insn_gen_cond_branch_imm(0, (3 + mov) * AARCH64_INSN_SIZE,
						      AARCH64_INSN_COND_GE));
							/* b.ge done */
	a64_emit(&c, aarch64_insn_gen_load_store_imm(cur, it, 0, AARCH64_INSN_SIZE_32,
						     AARCH64_INSN_LDST_STORE_IMM_OFFSET));
							/* str wcur, [it] */
	if (mov)
		a64_emit(&c, aarch64_insn_gen_move_reg(dst, it, A64_X));
							/* mov dst, it: &cur */
	a64_emit(&c, aarch64_insn_gen_branch_imm(0, 3 * AARCH64_INSN_SIZE,
						 AARCH64_INSN_BRANCH_NOLINK));
							/* b out */
	/* done: */
	a64_emit(&c, aarch64_insn_gen_load_store_imm(AARCH64_INSN_REG_ZR, it, 0,
						     AARCH64_INSN_SIZE_64,
						     AARCH64_INSN_LDST_STORE_IMM_OFFSET));
							/* str xzr, [it]: cur = end = 0 */
	a64_emit(&c, aarch64_insn_gen_movewide(dst, 0, 0, A64_X,
					       AARCH64_INSN_MOVEWIDE_ZERO));
							/* mov dst, #0: NULL */
	/* out: */
	return a64_end(&c);
}
