// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 big-endian loads from [p + off]: movbe when the CPU has it, else
 * mov and bswap.  16 bits always take movzx and rol $8: a 16-bit movbe
 * would keep the upper bits of the register and need the movzx anyway.
 * movbe, mov and movzx with a 32-bit destination zero-extend to 64 bits.
 */
#include <linux/unaligned.h>

#include "../emit.h"
#include "x86.h"

/* ModRM (+SIB) + disp8 or disp32 for [base + off]; never mod=00 (rbp/r13) */
static u8 *emit_mem(u8 *p, u8 reg, u8 base, s32 off)
{
	bool d8 = off == (s8)off;

	EMIT1((d8 ? 0x40 : 0x80) | (reg & 7) << 3 | (base & 7));
	if ((base & 7) == 4)
		EMIT1(0x24);				/* SIB: base only (rsp/r12) */
	if (d8) {
		EMIT1(off);
	} else {
		put_unaligned_le32(off, p);
		p += 4;
	}
	return p;
}

static int emit_load_be(const struct bpf_kfunc_emit *e, u8 *buf, int bits)
{
	u8 dst = e->dst, src = e->arg[0];
	bool w = bits == 64;
	u32 off = e->imm[1];
	u8 *p = buf;

	/* the displacement is signed; the verifier bounds off far below */
	if (off > S32_MAX)
		return -EINVAL;
	if (bits == 16) {
		p = emit_rex(p, false, dst, src);
		EMIT2(0x0F, 0xB7);			/* movzx dst32, word [src + off] */
		p = emit_mem(p, dst, src, off);
		EMIT1(0x66);
		p = emit_rex(p, false, 0, dst);
		EMIT3(0xC1, add_2mod(0, dst), 8);	/* rol dst16, 8 */
		return p - buf;
	}
	if (insn_x86_has_movbe()) {
		p = emit_rex(p, w, dst, src);
		EMIT3(0x0F, 0x38, 0xF0);		/* movbe dst, [src + off] */
		return emit_mem(p, dst, src, off) - buf;
	}
	p = emit_rex(p, w, dst, src);
	EMIT1(0x8B);					/* mov dst, [src + off] */
	p = emit_mem(p, dst, src, off);
	p = emit_rex(p, w, 0, dst);
	EMIT2(0x0F, 0xC8 + (dst & 7));			/* bswap dst */
	return p - buf;
}

int insn_emit_load_be16(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return emit_load_be(e, buf, 16);
}

int insn_emit_load_be32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return emit_load_be(e, buf, 32);
}

int insn_emit_load_be64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return emit_load_be(e, buf, 64);
}
