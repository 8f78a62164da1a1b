// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 CRC32C steps: crc32 dst, v (SSE4.2, though it works on general
 * registers only and needs no FPU state): dst = CRC of dst's low 32 bits
 * and v's 1, 2, 4 or 8 bytes, zero-extended.  dst starts as a copy of
 * crc unless it is crc; if dst is v's register (and not crc's), v is
 * copied to a scratch register first.  Where the program loads v just
 * before the call, crc32 reads it from memory (mem_args); not where the
 * load's base is dst's register and not crc's, which the copy of crc into
 * dst would overwrite: the load then stays.  Without SSE4.2 the body
 * stays.
 */
#include <linux/errno.h>

#include "../emit.h"
#include "x86.h"

/* [66] F2 REX 0F 38 F0 (byte) or F1 /r: crc32 dst, src */
static u8 *emit_crc32(u8 *p, u32 bytes, u8 dst, u8 src)
{
	if (bytes == 2)
		EMIT1(0x66);
	EMIT1(0xF2);
	/*
	 * The byte form always takes a REX prefix: without one, src 4-7
	 * would be ah, ch, dh, bh rather than spl, bpl, sil, dil.
	 */
	if (bytes == 1)
		EMIT1(add_2mod(0x40, src, dst));
	else
		p = maybe_emit_mod(p, src, dst, bytes == 8);
	EMIT3(0x0F, 0x38, bytes == 1 ? 0xF0 : 0xF1);
	EMIT1(add_2reg(0xC0, src, dst));
	return p;
}

/* [66] F2 REX 0F 38 F0 (byte) or F1 /r: crc32 dst, [base + disp] */
static u8 *emit_crc32_mem(u8 *p, u32 bytes, u8 dst, u8 base, s16 disp)
{
	if (bytes == 2)
		EMIT1(0x66);
	EMIT1(0xF2);
	p = maybe_emit_mem_mod(p, base, X86_REG_NONE, dst, bytes == 8);
	EMIT3(0x0F, 0x38, bytes == 1 ? 0xF0 : 0xF1);
	return emit_mem(p, dst, base, X86_REG_NONE, 0, disp);
}

int insn_emit_crc32c(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes)
{
	u8 dst = e->dst, crc = e->arg[0], v = e->arg[1];
	u8 *p = buf;

	if (!insn_x86_has_sse42())
		return -EOPNOTSUPP;
	/* only v may come from memory, whose base dst must not overwrite */
	if (e->mem_mask & ~BIT(1) || (e->mem_mask && dst == v && dst != crc))
		return -EINVAL;
	if (e->mem_mask) {
		if (dst != crc)
			p = emit_mov_reg(p, false, dst, crc);
		p = emit_crc32_mem(p, bytes, dst, v, e->mem_off[1]);
		return p - buf;
	}
	if (dst == v && dst != crc) {
		p = emit_mov_reg(p, true, e->scratch[0], v);
		v = e->scratch[0];
	}
	/* crc32 reads 32 bits of dst: no need to clear a crc already there */
	if (dst != crc)
		p = emit_mov_reg(p, false, dst, crc);
	p = emit_crc32(p, bytes, dst, v);
	return p - buf;
}

const char *insn_crc32c_lacks(void)
{
	return insn_x86_has_sse42() ? NULL : "SSE4.2";
}
