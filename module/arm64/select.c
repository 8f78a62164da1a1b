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
	a64_emit(&c, A64_CMP_I(1, cond, 0));
	a64_emit(&c, A64_CSEL(1, dst, a, b, A64_COND_NE));
	return a64_end(&c);
}
