// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 address arithmetic: add dst, base, index, lsl #shift, then disp.
 * A disp of at most 12 bits, or 12 bits shifted by 12, is an add or sub
 * immediate; any other is built first in the scratch register (movz, or
 * movn for a negative one, which sets the bits above it, then movk for
 * bits 16-31) and added.  The add reads base and index before it writes
 * dst, so dst may be either.
 */
#include <linux/sizes.h>

#include "../emit.h"
#include "a64.h"

/* what aarch64_insn_gen_add_sub_imm() can encode (checked quietly here) */
static bool a64_addsub_imm(u32 imm)
{
	return imm < SZ_4K || (!(imm & (SZ_4K - 1)) && !(imm >> 24));
}

int insn_emit_lea64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, base = e->arg[0], index = e->arg[1], tmp = e->scratch[0];
	u32 shift = e->imm[2];
	s32 disp = e->imm[3];
	u32 mag = disp < 0 ? -(u32)disp : disp;
	bool imm = a64_addsub_imm(mag);
	struct a64_code c;

	/* the verifier refused these already (check_const); be safe */
	if (shift > 3)
		return -EINVAL;
	a64_begin(&c, buf);
	if (!imm)
		a64_mov_imm(&c, tmp, (s64)disp, true);
	a64_emit(&c, A64_ADD_LSL(1, dst, base, index, shift));
	if (!imm)
		a64_emit(&c, A64_ADD(1, dst, dst, tmp));
	else if (disp < 0)
		a64_emit(&c, A64_SUB_I(1, dst, dst, mag));
	else if (disp)
		a64_emit(&c, A64_ADD_I(1, dst, dst, mag));
	return a64_end(&c);
}
