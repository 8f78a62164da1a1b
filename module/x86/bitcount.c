// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 bit counts: one popcnt (POPCNT), lzcnt (ABM) or tzcnt (BMI1).
 * Without lzcnt and tzcnt, bsr and bsf: for 0 they set ZF and leave their
 * destination undefined, so a cmovz brings the answer for 0 in from a
 * scratch register, without a branch (clz is then bsr's index xor the
 * width - 1, and that answer is chosen so that the xor gives the width).
 * Without POPCNT the body stays.  The 32-bit forms zero-extend the
 * result, as a cmov of 32 bits does whether or not it moves.
 *
 * blsr (BMI1) clears the lowest set bit; without BMI1, lea of x - 1 into
 * dst (or into a scratch register where dst is x's) and an and.
 */
#include <linux/errno.h>
#include <linux/unaligned.h>

#include "../emit.h"
#include "x86.h"

/* second opcode bytes after 0F; with an F3 prefix tzcnt, lzcnt, popcnt */
#define X86_BSF		0xBC
#define X86_BSR		0xBD
#define X86_POPCNT	0xB8

/* popcnt, lzcnt or tzcnt dst, src */
static int emit_count(const struct bpf_kfunc_emit *e, u8 *buf, u8 op, bool is64)
{
	return emit_0f(buf, true, op, is64, e->dst, e->arg[0]) - buf;
}

/* bsr or bsf dst, src; dst = @zero for 0; then dst ^= @flip (if not 0) */
static int emit_scan(const struct bpf_kfunc_emit *e, u8 *buf, u8 op, bool is64,
		     u32 zero, u8 flip)
{
	u8 dst = e->dst, tmp = e->scratch[0];
	u8 *p = buf;

	p = maybe_emit_1mod(p, tmp, false);
	EMIT1(add_1reg(0xB8, tmp));			/* mov tmp32, zero */
	put_unaligned_le32(zero, p);
	p += 4;
	p = emit_0f(p, false, op, is64, dst, e->arg[0]);
	p = emit_0f(p, false, X86_CMOVE, false, dst, tmp);	/* cmovz dst32, tmp32 */
	if (flip) {
		p = maybe_emit_1mod(p, dst, false);
		EMIT3(0x83, add_1reg(0xF0, dst), flip);	/* xor dst32, flip */
	}
	return p - buf;
}

int insn_emit_popcnt(const struct bpf_kfunc_emit *e, u8 *buf, bool is64)
{
	return insn_x86_has_popcnt() ? emit_count(e, buf, X86_POPCNT, is64) : -EOPNOTSUPP;
}

const char *insn_popcnt_lacks(void)
{
	return insn_x86_has_popcnt() ? NULL : "POPCNT";
}

/* bsr's index is width - 1 - clz: 127 ^ 63 is 64, 63 ^ 31 is 32 */
int insn_emit_clz(const struct bpf_kfunc_emit *e, u8 *buf, bool is64)
{
	if (insn_x86_has_lzcnt())
		return emit_count(e, buf, X86_BSR, is64);
	return is64 ? emit_scan(e, buf, X86_BSR, true, 127, 63) :
		      emit_scan(e, buf, X86_BSR, false, 63, 31);
}

int insn_emit_ctz(const struct bpf_kfunc_emit *e, u8 *buf, bool is64)
{
	if (insn_x86_has_bmi1())
		return emit_count(e, buf, X86_BSF, is64);
	return emit_scan(e, buf, X86_BSF, is64, is64 ? 64 : 32, 0);
}

/* blsr dst, src: VEX.LZ.0F38.W 0xF3 /1, dst in vvvv */
int insn_emit_blsr(const struct bpf_kfunc_emit *e, u8 *buf, bool is64)
{
	u8 dst = e->dst, src = e->arg[0], t;
	u8 *p = buf;

	if (insn_x86_has_bmi1()) {
		p = emit_vex3(p, 1, src, 2, is64, dst, 0);
		EMIT2(0xF3, add_2reg(0xC0, src, 1));
		return p - buf;
	}
	t = dst == src ? e->scratch[0] : dst;
	p = maybe_emit_mod(p, src, t, is64);
	EMIT1(0x8D);					/* lea t, [src - 1] */
	p = emit_mem(p, t, src, X86_REG_NONE, 0, -1);
	/* and dst, t; or and dst, src where t is dst */
	p = maybe_emit_mod(p, dst, t == dst ? src : t, is64);
	EMIT2(0x21, add_2reg(0xC0, dst, t == dst ? src : t));
	return p - buf;
}
