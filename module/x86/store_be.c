// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 big-endian stores to [p + off]: one movbe store when the CPU has
 * it (16 bits too: the store takes only the low half of v), else v copied
 * to a scratch register, swapped there (bswap; rol $8 for 16 bits) and
 * stored with mov.  No register but the scratch one is written: v's
 * register may be live after the call, and the kfunc returns nothing.
 */
#include "../emit.h"
#include "x86.h"

int insn_emit_store_be(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes)
{
	u8 ptr = e->arg[0], val = e->arg[2], tmp = e->scratch[0];
	bool w = bytes == 8;
	u32 off = e->imm[1];
	u8 *p = buf;

	/* the displacement is signed; the verifier bounds off far below */
	if (off > S32_MAX)
		return -EINVAL;
	if (insn_x86_has_movbe()) {
		if (bytes == 2)
			EMIT1(0x66);
		p = maybe_emit_mem_mod(p, ptr, X86_REG_NONE, val, w);
		EMIT3(0x0F, 0x38, 0xF1);		/* movbe [ptr + off], val */
		return emit_mem(p, val, ptr, X86_REG_NONE, 0, off) - buf;
	}
	p = emit_mov_reg(p, w, tmp, val);		/* mov tmp, val */
	if (bytes == 2) {
		EMIT1(0x66);
		p = maybe_emit_1mod(p, tmp, false);
		EMIT3(0xC1, add_1reg(0xC0, tmp), 8);	/* rol tmp16, 8 */
	} else {
		p = maybe_emit_1mod(p, tmp, w);
		EMIT2(0x0F, add_1reg(0xC8, tmp));	/* bswap tmp */
	}
	if (bytes == 2)
		EMIT1(0x66);
	p = maybe_emit_mem_mod(p, ptr, X86_REG_NONE, tmp, w);
	EMIT1(0x89);					/* mov [ptr + off], tmp */
	return emit_mem(p, tmp, ptr, X86_REG_NONE, 0, off) - buf;
}
