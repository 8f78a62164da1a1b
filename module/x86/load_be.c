// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 big-endian loads from [p + off]: movbe when the CPU has it, else
 * mov and bswap.  16 bits always take movzx and rol $8: a 16-bit movbe
 * would keep the upper bits of the register and need the movzx anyway.
 * movbe, mov and movzx with a 32-bit destination zero-extend to 64 bits.
 */
#include "../emit.h"
#include "x86.h"

int insn_emit_load_be(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes)
{
	u8 dst = e->dst, src = e->arg[0];
	bool w = bytes == 8;
	u32 off = e->imm[1];
	u8 *p = buf;

	/* the displacement is signed; the verifier bounds off far below */
	if (off > S32_MAX)
		return -EINVAL;
	if (bytes == 2) {
		p = maybe_emit_mem_mod(p, src, X86_REG_NONE, dst, false);
		EMIT2(0x0F, 0xB7);			/* movzx dst32, word [src + off] */
		p = emit_mem(p, dst, src, X86_REG_NONE, 0, off);
		EMIT1(0x66);
		p = maybe_emit_1mod(p, dst, false);
		EMIT3(0xC1, add_1reg(0xC0, dst), 8);	/* rol dst16, 8 */
		return p - buf;
	}
	if (insn_x86_has_movbe()) {
		p = maybe_emit_mem_mod(p, src, X86_REG_NONE, dst, w);
		EMIT3(0x0F, 0x38, 0xF0);		/* movbe dst, [src + off] */
		return emit_mem(p, dst, src, X86_REG_NONE, 0, off) - buf;
	}
	p = maybe_emit_mem_mod(p, src, X86_REG_NONE, dst, w);
	EMIT1(0x8B);					/* mov dst, [src + off] */
	p = emit_mem(p, dst, src, X86_REG_NONE, 0, off);
	p = maybe_emit_1mod(p, dst, w);
	EMIT2(0x0F, add_1reg(0xC8, dst));		/* bswap dst */
	return p - buf;
}
