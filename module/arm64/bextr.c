// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 bit-field extract: ubfx dst, src, #start, #len, one instruction
 * for every valid start and len (it is ubfm with imms = start + len - 1).
 */
#include "../emit.h"
#include "a64.h"

int insn_emit_bextr64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u32 start = e->imm[1], len = e->imm[2];
	u8 dst = e->dst, src = e->arg[0];
	struct a64_code c;

	/*
	 * The verifier refused these already (check_const); with len 0 the
	 * encoding would be a valid ubfiz, which is not an extract.
	 */
	if (start > 63 || !len || len > 64 - start)
		return -EINVAL;
	a64_begin(&c, buf);
	a64_emit(&c, A64_UBFX(1, dst, src, start, len));
	return a64_end(&c);
}
