// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 address arithmetic: one lea dst, [base + index * scale + disp].
 * lea reads its operands before it writes dst, so dst may be any of them.
 * emit_mem() picks the shortest displacement (none when zero, unless the
 * base is rbp/r13).  rsp cannot be an index (SIB index 100 without REX.X
 * means none); the JIT never hands it, but with scale 1 the two registers
 * swap, and otherwise the emitter declines.
 */
#include "../emit.h"
#include "x86.h"

int insn_emit_lea64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, base = e->arg[0], index = e->arg[1];
	u32 shift = e->imm[2];
	s32 disp = e->imm[3];
	u8 *p = buf;

	/* the verifier refused these already (check_const); be safe */
	if (shift > 3)
		return -EINVAL;
	if (index == 4) {
		if (shift || base == 4)
			return -EINVAL;
		index = base;
		base = 4;
	}
	p = maybe_emit_mem_mod(p, base, index, dst, true);
	EMIT1(0x8D);					/* lea dst, [base + index << shift + disp] */
	return emit_mem(p, dst, base, index, shift, disp) - buf;
}
