// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 prefetch of [p + off]: prfm pldl1keep, [p, #off], which loads
 * nothing, writes no register and never faults.  Its offset is the
 * unsigned 12-bit immediate scaled by 8 (0 to 32760, a multiple of 8);
 * any other offset keeps the body, a one-byte load.
 */
#include "../emit.h"
#include "a64.h"

int insn_emit_prefetch(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u32 off = e->imm[1];
	struct a64_code c;

	/* the encoder would log an offset it refuses: check here, quietly */
	if (off % 8 || off / 8 >= 4096)
		return -EINVAL;
	a64_begin(&c, buf);
	a64_emit(&c, a64_prfm_imm(A64_PLDL1KEEP, e->arg[0], off));
	return a64_end(&c);
}
