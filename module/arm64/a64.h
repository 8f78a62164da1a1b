/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 emitters encode only through the kernel's aarch64_insn_gen_*()
 * helpers (exported by the companion series), as the JIT does.  A helper
 * that cannot encode its operands returns AARCH64_BREAK_FAULT: that word
 * is never written, and the emitter declines, so the body is used.
 *
 * Registers are X register numbers 0-30, as the JIT hands them.  Words go
 * out little-endian, the order of the JIT image.
 */
#ifndef _INSN_KFUNCS_A64_H
#define _INSN_KFUNCS_A64_H

#include <linux/errno.h>
#include <linux/log2.h>
#include <linux/types.h>
#include <linux/unaligned.h>
#include <asm/insn.h>

/*
 * Instructions as arch/arm64/net/bpf_jit.h (6.12) names them, with its
 * argument order (sf: 1 for X, 0 for W registers); a module cannot
 * include that header.  Those it lacks are named in its style and marked.
 */
#define A64_ZR		AARCH64_INSN_REG_ZR

#define A64_VARIANT(sf) \
	((sf) ? AARCH64_INSN_VARIANT_64BIT : AARCH64_INSN_VARIANT_32BIT)

#define A64_COND_NE	AARCH64_INSN_COND_NE
#define A64_COND_CC	AARCH64_INSN_COND_CC	/* unsigned < */
#define A64_COND_GE	AARCH64_INSN_COND_GE	/* signed >= */

/* branches: offsets in instructions, from the branch itself */
#define A64_COND_BRANCH(cond, offset) \
	aarch64_insn_gen_cond_branch_imm(0, offset, cond)
#define A64_B_(cond, imm19)	A64_COND_BRANCH(cond, (imm19) << 2)
#define A64_BRANCH(offset, type) \
	aarch64_insn_gen_branch_imm(0, offset, AARCH64_INSN_BRANCH_##type)
#define A64_B(imm26)		A64_BRANCH((imm26) << 2, NOLINK)

/* loads and stores at [Xn, Xm] (register offset) and [Xn, #imm] */
#define A64_LS_REG(Rt, Rn, Rm, size, type) \
	aarch64_insn_gen_load_store_reg(Rt, Rn, Rm, AARCH64_INSN_SIZE_##size, \
					AARCH64_INSN_LDST_##type##_REG_OFFSET)
#define A64_LS_IMM(Rt, Rn, imm, size, type) \
	aarch64_insn_gen_load_store_imm(Rt, Rn, imm, AARCH64_INSN_SIZE_##size, \
					AARCH64_INSN_LDST_##type##_IMM_OFFSET)
#define A64_LDRH(Wt, Xn, Xm)	A64_LS_REG(Wt, Xn, Xm, 16, LOAD)
#define A64_LDRHI(Wt, Xn, imm)	A64_LS_IMM(Wt, Xn, imm, 16, LOAD)
#define A64_STRH(Wt, Xn, Xm)	A64_LS_REG(Wt, Xn, Xm, 16, STORE)
#define A64_STRHI(Wt, Xn, imm)	A64_LS_IMM(Wt, Xn, imm, 16, STORE)
#define A64_LDR32(Wt, Xn, Xm)	A64_LS_REG(Wt, Xn, Xm, 32, LOAD)
#define A64_LDR32I(Wt, Xn, imm)	A64_LS_IMM(Wt, Xn, imm, 32, LOAD)
#define A64_STR32(Wt, Xn, Xm)	A64_LS_REG(Wt, Xn, Xm, 32, STORE)
#define A64_STR32I(Wt, Xn, imm)	A64_LS_IMM(Wt, Xn, imm, 32, STORE)
#define A64_LDR64(Xt, Xn, Xm)	A64_LS_REG(Xt, Xn, Xm, 64, LOAD)
#define A64_LDR64I(Xt, Xn, imm)	A64_LS_IMM(Xt, Xn, imm, 64, LOAD)
#define A64_STR64(Xt, Xn, Xm)	A64_LS_REG(Xt, Xn, Xm, 64, STORE)
#define A64_STR64I(Xt, Xn, imm)	A64_LS_IMM(Xt, Xn, imm, 64, STORE)

/*
 * not in bpf_jit.h, and 6.12 has no prefetch encoder: prfm (immediate,
 * unsigned offset) is ldr Xt of the same form with prfm's opcode bits in
 * place of ldr's (bits 23:22) and the operation in Rt.  The load's encoder
 * checks the offset (a multiple of 8 below 32768) and encodes Rn and imm12.
 */
#define A64_PRFOP(type, target, policy) \
	(AARCH64_INSN_PRFM_TYPE_##type << 3 | AARCH64_INSN_PRFM_TARGET_##target << 1 | \
	 AARCH64_INSN_PRFM_POLICY_##policy)
#define A64_PLDL1KEEP	A64_PRFOP(PLD, L1, KEEP)

static inline u32 a64_prfm_imm(u8 prfop, u8 Xn, u32 imm)
{
	u32 ldr = A64_LDR64I(prfop, Xn, imm);

	if (!aarch64_insn_is_ldr_imm(ldr))
		return AARCH64_BREAK_FAULT;
	return ldr ^ (aarch64_insn_get_ldr_imm_value() ^ aarch64_insn_get_prfm_value());
}

#define A64_ADDSUB_IMM(sf, Rd, Rn, imm12, type) \
	aarch64_insn_gen_add_sub_imm(Rd, Rn, imm12, A64_VARIANT(sf), \
				     AARCH64_INSN_ADSB_##type)
#define A64_ADD_I(sf, Rd, Rn, imm12)	A64_ADDSUB_IMM(sf, Rd, Rn, imm12, ADD)
#define A64_SUB_I(sf, Rd, Rn, imm12)	A64_ADDSUB_IMM(sf, Rd, Rn, imm12, SUB)
#define A64_SUBS_I(sf, Rd, Rn, imm12) \
	A64_ADDSUB_IMM(sf, Rd, Rn, imm12, SUB_SETFLAGS)
#define A64_CMP_I(sf, Rn, imm12)	A64_SUBS_I(sf, A64_ZR, Rn, imm12)

#define A64_BITFIELD(sf, Rd, Rn, immr, imms, type) \
	aarch64_insn_gen_bitfield(Rd, Rn, immr, imms, A64_VARIANT(sf), \
				  AARCH64_INSN_BITFIELD_MOVE_##type)
#define A64_UBFM(sf, Rd, Rn, ir, is)	A64_BITFIELD(sf, Rd, Rn, ir, is, UNSIGNED)
/* not in bpf_jit.h: Rd = the @width bits of Rn from bit @lsb */
#define A64_UBFX(sf, Rd, Rn, lsb, width) \
	A64_UBFM(sf, Rd, Rn, lsb, (lsb) + (width) - 1)

/* not in bpf_jit.h: Rd = Rm:Rn >> lsb; with Rn == Rm a rotate right */
#define A64_EXTR(sf, Rd, Rn, Rm, lsb) \
	aarch64_insn_gen_extr(A64_VARIANT(sf), Rm, Rn, Rd, lsb)
#define A64_ROR_I(sf, Rd, Rn, shift)	A64_EXTR(sf, Rd, Rn, Rn, shift)

#define A64_MOVEW(sf, Rd, imm16, shift, type) \
	aarch64_insn_gen_movewide(Rd, imm16, shift, A64_VARIANT(sf), \
				  AARCH64_INSN_MOVEWIDE_##type)
#define A64_MOVN(sf, Rd, imm16, shift)	A64_MOVEW(sf, Rd, imm16, shift, INVERSE)
#define A64_MOVZ(sf, Rd, imm16, shift)	A64_MOVEW(sf, Rd, imm16, shift, ZERO)
#define A64_MOVK(sf, Rd, imm16, shift)	A64_MOVEW(sf, Rd, imm16, shift, KEEP)

#define A64_ADDSUB_SREG(sf, Rd, Rn, Rm, type) \
	aarch64_insn_gen_add_sub_shifted_reg(Rd, Rn, Rm, 0, A64_VARIANT(sf), \
					     AARCH64_INSN_ADSB_##type)
#define A64_ADD(sf, Rd, Rn, Rm)		A64_ADDSUB_SREG(sf, Rd, Rn, Rm, ADD)
#define A64_SUBS(sf, Rd, Rn, Rm)	A64_ADDSUB_SREG(sf, Rd, Rn, Rm, SUB_SETFLAGS)
#define A64_CMP(sf, Rn, Rm)		A64_SUBS(sf, A64_ZR, Rn, Rm)
/* not in bpf_jit.h: Rd = Rn + (Rm << shift) */
#define A64_ADD_LSL(sf, Rd, Rn, Rm, shift) \
	aarch64_insn_gen_add_sub_shifted_reg(Rd, Rn, Rm, shift, A64_VARIANT(sf), \
					     AARCH64_INSN_ADSB_ADD)

/*
 * not in bpf_jit.h: Rd = Rm as orr with zr.  bpf_jit.h's A64_MOV is
 * add #0, which reads register 31 as sp.
 */
#define A64_MOV_REG(sf, Rd, Rm) \
	aarch64_insn_gen_move_reg(Rd, Rm, A64_VARIANT(sf))

/* not in bpf_jit.h: Rd = cond ? Rn : Rm */
#define A64_CSEL(sf, Rd, Rn, Rm, cond) \
	aarch64_insn_gen_cond_select(Rd, Rn, Rm, cond, A64_VARIANT(sf), \
				     AARCH64_INSN_CONDSEL_SELECT)

#define A64_DATA1(sf, Rd, Rn, type) \
	aarch64_insn_gen_data1(Rd, Rn, A64_VARIANT(sf), AARCH64_INSN_DATA1_##type)
#define A64_REV16(sf, Rd, Rn)	A64_DATA1(sf, Rd, Rn, REVERSE_16)
#define A64_REV32(sf, Rd, Rn)	A64_DATA1(sf, Rd, Rn, REVERSE_32)
#define A64_REV64(Rd, Rn)	A64_DATA1(1, Rd, Rn, REVERSE_64)

/*
 * Instructions 6.12's arch/arm64/lib/insn.c has no encoder for, and the
 * series adds none: encoded here, as insn.c encodes its own, from the
 * Arm ARM (DDI 0487) classes "Data-processing (1 source)" and
 * "Data-processing (3 source)".  Registers take insn.c's checks: a number
 * above 31 (zr) gives AARCH64_BREAK_FAULT, so the emitter declines.  The
 * host tier compares every word, for every register, with GNU as
 * (tests/host/arm64_encode.c).
 */
#define A64_DP1_BASE	0x5ac00000	/* sf 1 0 11010110 00000 opcode Rn Rd */
#define A64_DP1_RBIT	0x00		/* opcode field, bits 15:10 */
#define A64_DP1_CLZ	0x04
#define A64_DP1_CNT	0x07		/* FEAT_CSSC */
#define A64_DP2_BASE	0x1ac00000	/* sf 0 0 11010110 Rm opcode Rn Rd */
#define A64_DP2_CRC32C	0x14		/* opcode 0101 sz, bits 15:10 */
#define A64_DP3_UMULH	0x9bc07c00	/* 1 00 11011 110 Rm 0 11111(Ra) Rn Rd */
#define A64_DP3_SMULH	0x9b407c00	/* 1 00 11011 010 Rm 0 11111(Ra) Rn Rd */
/*
 * mul (madd with xzr) and eor (shifted register, lsl #0), X only: 6.12's
 * insn.c encodes both (aarch64_insn_gen_data3(), _logical_shifted_reg())
 * but the series exports neither, so they are encoded here like umulh.
 */
#define A64_DP3_MUL	0x9b007c00	/* 1 00 11011 000 Rm 0 11111(Ra) Rn Rd */
#define A64_LOG_EOR	0xca000000	/* 1 10 01010 00 0 Rm 000000 Rn Rd */
/* and (shifted register, lsl #0), X or W: the same class as eor */
#define A64_LOG_AND	0x0a000000	/* sf 00 01010 00 0 Rm 000000 Rn Rd */

static inline bool a64_reg_ok(u8 reg)
{
	return reg <= AARCH64_INSN_REG_ZR;
}

/* Rd = op(Rn): rbit, clz, cnt; sf 1 for X, 0 for W registers */
static inline u32 a64_dp1(bool sf, u8 Rd, u8 Rn, u32 opcode)
{
	if (!a64_reg_ok(Rd) || !a64_reg_ok(Rn))
		return AARCH64_BREAK_FAULT;
	return A64_DP1_BASE | (u32)sf << 31 | opcode << 10 | (u32)Rn << 5 | Rd;
}

/*
 * Rd = Rn op Rm: the upper half of the 128-bit product (umulh, smulh),
 * the lower half (mul), exclusive or (eor), X only; and, X or W (the sf
 * bit in @base)
 */
static inline u32 a64_rrr(u32 base, u8 Rd, u8 Rn, u8 Rm)
{
	if (!a64_reg_ok(Rd) || !a64_reg_ok(Rn) || !a64_reg_ok(Rm))
		return AARCH64_BREAK_FAULT;
	return base | (u32)Rm << 16 | (u32)Rn << 5 | Rd;
}

/*
 * Wd = CRC32C of Wn and the 1, 2, 4 or 8 bytes of Rm (W, or X for 8):
 * crc32cb, crc32ch, crc32cw, crc32cx (FEAT_CRC32)
 */
static inline u32 a64_crc32c(u32 bytes, u8 Rd, u8 Rn, u8 Rm)
{
	u32 sz = ilog2(bytes);

	if (!a64_reg_ok(Rd) || !a64_reg_ok(Rn) || !a64_reg_ok(Rm) ||
	    !is_power_of_2(bytes) || bytes > 8)
		return AARCH64_BREAK_FAULT;
	return A64_DP2_BASE | (u32)(bytes == 8) << 31 | (u32)Rm << 16 |
	       (A64_DP2_CRC32C | sz) << 10 | (u32)Rn << 5 | Rd;
}

#define A64_RBIT(sf, Rd, Rn)	a64_dp1(sf, Rd, Rn, A64_DP1_RBIT)
#define A64_CLZ(sf, Rd, Rn)	a64_dp1(sf, Rd, Rn, A64_DP1_CLZ)
#define A64_CNT(sf, Rd, Rn)	a64_dp1(sf, Rd, Rn, A64_DP1_CNT)
#define A64_UMULH(Rd, Rn, Rm)	a64_rrr(A64_DP3_UMULH, Rd, Rn, Rm)
#define A64_SMULH(Rd, Rn, Rm)	a64_rrr(A64_DP3_SMULH, Rd, Rn, Rm)
#define A64_MUL64(Rd, Rn, Rm)	a64_rrr(A64_DP3_MUL, Rd, Rn, Rm)
#define A64_EOR64(Rd, Rn, Rm)	a64_rrr(A64_LOG_EOR, Rd, Rn, Rm)
#define A64_AND(sf, Rd, Rn, Rm)	a64_rrr(A64_LOG_AND | (u32)(sf) << 31, Rd, Rn, Rm)
#define A64_CRC32C(bytes, Rd, Rn, Rm)	a64_crc32c(bytes, Rd, Rn, Rm)

#define A64_MRS_TPIDR_EL1(Rt) \
	aarch64_insn_gen_mrs(Rt, AARCH64_INSN_SYSREG_TPIDR_EL1)
#define A64_MRS_TPIDR_EL2(Rt) \
	aarch64_insn_gen_mrs(Rt, AARCH64_INSN_SYSREG_TPIDR_EL2)
#define A64_MRS_SP_EL0(Rt) \
	aarch64_insn_gen_mrs(Rt, AARCH64_INSN_SYSREG_SP_EL0)

/* no later instruction uses a value a conditional select predicted */
#define A64_CSDB	aarch64_insn_gen_hint(AARCH64_INSN_HINT_CSDB)

/* Code being written into an emitter's buffer. */
struct a64_code {
	u8 *start;
	u8 *p;
	bool fault;	/* an encoder refused its operands */
};

static inline void a64_begin(struct a64_code *c, u8 *buf)
{
	c->start = buf;
	c->p = buf;
	c->fault = false;
}

/* Append one instruction word, unless the encoder refused it. */
static inline void a64_emit(struct a64_code *c, u32 insn)
{
	if (insn == AARCH64_BREAK_FAULT)
		c->fault = true;
	else
		put_unaligned_le32(insn, c->p);
	c->p += AARCH64_INSN_SIZE;
}

/* The emitter's result: bytes written, or decline after a fault. */
static inline int a64_end(const struct a64_code *c)
{
	return c->fault ? -EINVAL : c->p - c->start;
}

/*
 * reg = val in movz or movn and then movk: halfwords equal to the fill
 * (0, or 0xffff when most halfwords are) are not written, so a kernel
 * address, which starts with 0xffff, takes three instructions at most.
 * With @lo16 the first instruction writes halfword 0 whatever it holds:
 * lea's sign-extended displacements have always been built that way, and
 * their code stays as it was.
 */
static inline void a64_mov_imm(struct a64_code *c, u8 reg, u64 val, bool lo16)
{
	int i, ones = 0, zeros = 0;
	bool first = true, inv;
	u16 fill, h;

	for (i = 0; i < 4; i++) {
		h = val >> (16 * i);
		ones += h == 0xffff;
		zeros += !h;
	}
	inv = ones > zeros;
	fill = inv ? 0xffff : 0;
	for (i = 0; i < 4; i++) {
		h = val >> (16 * i);
		/* all fill: the last halfword is written, or nothing would be */
		if (h == fill && !(first && (i == 3 || lo16)))
			continue;
		if (!first)
			a64_emit(c, A64_MOVK(1, reg, h, 16 * i));
		else if (inv)
			a64_emit(c, A64_MOVN(1, reg, (u16)~h, 16 * i));
		else
			a64_emit(c, A64_MOVZ(1, reg, h, 16 * i));
		first = false;
	}
}

#endif /* _INSN_KFUNCS_A64_H */
