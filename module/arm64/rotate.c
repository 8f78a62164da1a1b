// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 rotates: ror dst, src, #n, which is extr of src with itself, in
 * one instruction whether or not dst is src.  arm64 has no rotate left,
 * so rol by n is ror by width - n.  The 32-bit form writes a W register
 * and so clears the upper half, as the u32 kfuncs must.
 */
#include "../emit.h"
#include "a64.h"

int insn_emit_rotate(const struct bpf_kfunc_emit *e, u8 *buf, bool w, bool left)
{
	u32 width = w ? 64 : 32, n = e->imm[1] & (width - 1);
	u8 dst = e->dst, src = e->arg[0];
	struct a64_code c;

	a64_begin(&c, buf);
	/* rotating 64 bits in place by 0 is nothing; 32 bits still clear */
	if (!n && w && dst == src)
		return a64_end(&c);
	if (left)
		n = (width - n) & (width - 1);
	a64_emit(&c, A64_ROR_I(w, dst, src, n));
	return a64_end(&c);
}
