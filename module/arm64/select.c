// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 select: cmp cond, #0; csel dst, a, b, ne.  No branch, no scratch
 * register: csel reads both operands before it writes dst, so dst may be
 * any of cond, a and b.
 */
#include "../emit.h"
#include "a64.h"

int insn_emit_select64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, cond = e->arg[0], a = e->arg[1], b = e->arg[2];
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, aarch64_insn_gen_add_sub_imm(AARCH64_INSN_REG_ZR, cond, 0, A64_X,
						  AARCH64_INSN_ADSB_SUB_SETFLAGS));
							/* cmp cond, #0 */
	a64_emit(&c, aarch64_insn_gen_cond_select(dst, a, b, AARCH64_INSN_COND_NE, A64_X,
						  AARCH64_INSN_CONDSEL_SELECT));
							/* csel dst, a, b, ne */
	return a64_end(&c);
}
