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
	a64_emit(&c, A64_LDR32I(cur, it, 0));
	a64_emit(&c, A64_ADD_I(0, cur, cur, 1));
	a64_emit(&c, A64_LDR32I(end, it, 4));
	a64_emit(&c, A64_CMP(0, cur, end));
	/* to done: over str, mov and b */
	a64_emit(&c, A64_B_(A64_COND_GE, 3 + mov));
	a64_emit(&c, A64_STR32I(cur, it, 0));
	if (mov)
		a64_emit(&c, A64_MOV_REG(1, dst, it));	/* &cur */
	/* to out */
	a64_emit(&c, A64_B(3));
	/* done: cur = end = 0, and NULL */
	a64_emit(&c, A64_STR64I(A64_ZR, it, 0));
	a64_emit(&c, A64_MOVZ(1, dst, 0, 0));
	/* out: */
	return a64_end(&c);
}
