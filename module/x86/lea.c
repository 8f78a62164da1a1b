// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 address arithmetic: one lea dst, [base + index * scale + disp].
 * lea reads its operands before it writes dst, so dst may be any of them.
 * The address always takes a SIB byte; its displacement is left out when
 * zero (but rbp/r13 as base need mod=01 with disp8 0: mod=00 there means
 * no base), disp8 when it fits, else disp32.  rsp cannot be an index (SIB
 * index 100 without REX.X means none); the JIT never hands it, but with
 * scale 1 the two registers swap, and otherwise the emitter declines.
 */
#include <linux/unaligned.h>

#include "../emit.h"
#include "x86.h"

int insn_emit_lea64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, base = e->arg[0], index = e->arg[1];
	u32 shift = e->imm[2];
	s32 disp = e->imm[3];
	u8 *p = buf, mod;

	/* the verifier refused these already (check_const); be safe */
	if (shift > 3)
		return -EINVAL;
	if (index == 4) {
		if (shift || base == 4)
			return -EINVAL;
		index = base;
		base = 4;
	}
	if (!disp && (base & 7) != 5)
		mod = 0x00;
	else if (disp == (s8)disp)
		mod = 0x40;
	else
		mod = 0x80;
	/* REX.W R X B: dst in ModRM.reg, index in SIB.index, base in SIB.base */
	EMIT1(0x48 | (dst & 8) >> 1 | (index & 8) >> 2 | (base & 8) >> 3);
	EMIT3(0x8D, mod | (dst & 7) << 3 | 4,		/* lea dst, [SIB + disp] */
	      shift << 6 | (index & 7) << 3 | (base & 7)); /* SIB: base + index << shift */
	if (mod == 0x40) {
		EMIT1(disp);				/* disp8 */
	} else if (mod == 0x80) {
		put_unaligned_le32(disp, p);		/* disp32 */
		p += 4;
	}
	return p - buf;
}
