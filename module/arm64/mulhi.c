// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 wide multiply: umulh or smulh dst, a, b, one instruction whatever
 * registers the result and the factors share, and nothing else written.
 * The fold: mul into the JIT's first scratch register, umulh, eor; umulh
 * reads the factors before it writes dst, so dst may be either of them.
 */
#include "../emit.h"
#include "a64.h"

int insn_emit_mulhi(const struct bpf_kfunc_emit *e, u8 *buf, bool is_signed)
{
	u8 dst = e->dst, a = e->arg[0], b = e->arg[1];
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, is_signed ? A64_SMULH(dst, a, b) : A64_UMULH(dst, a, b));
	return a64_end(&c);
}

int insn_emit_mulfold64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, a = e->arg[0], b = e->arg[1], lo = e->scratch[0];
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, A64_MUL64(lo, a, b));
	a64_emit(&c, A64_UMULH(dst, a, b));
	a64_emit(&c, A64_EOR64(dst, dst, lo));
	return a64_end(&c);
}
