// SPDX-License-Identifier: GPL-2.0
/*
 * Wide multiply: the upper 64 bits of the 128-bit product of a and b,
 * unsigned (mulhi64) or signed (smulhi64), and the two halves of the
 * unsigned product xor-ed (mulfold64), the fold of xxh3's
 * XXH3_mul128_fold64() and wyhash's _wymix().  A program that wants the
 * fold could take the low half with BPF_MUL beside mulhi64, but then the
 * CPU multiplies twice: where one multiplier serves both (x86-64 cores
 * issue them one a cycle), the later one waits behind the earlier one
 * on the hash's dependency chain.
 *
 * The bodies multiply the 32-bit halves: with a = ah * 2^32 + al and b
 * likewise, the upper half is ah*bh + (al*bh >> 32) + (ah*bl >> 32) plus
 * the carry out of (al*bl >> 32) + the low halves of al*bh and ah*bl,
 * which is below 3 * 2^32.  For the signed product the upper halves ah,
 * bh and the cross products are taken with arithmetic shifts: every
 * product still fits in 64 bits, and the low halves stay unsigned.
 */
#include <linux/btf.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc u64 bpf_insn_mulhi64(u64 a, u64 b)
{
	return (u64)(((u128)a * b) >> 64);
}

__bpf_kfunc s64 bpf_insn_smulhi64(s64 a, s64 b)
{
	return (s64)(((s128)a * b) >> 64);
}

__bpf_kfunc u64 bpf_insn_mulfold64(u64 a, u64 b)
{
	u128 r = (u128)a * b;

	return (u64)r ^ (u64)(r >> 64);
}

__bpf_kfunc_end_defs();

/* SHR: BPF_RSH for the unsigned product, BPF_ARSH for the signed one */
#define MULHI_BODY(SHR)							\
	{								\
		BPF_MOV64_REG(BPF_REG_3, BPF_REG_1),			\
		BPF_ALU64_IMM(SHR, BPF_REG_3, 32),	/* ah */	\
		BPF_MOV32_REG(BPF_REG_1, BPF_REG_1),	/* al */	\
		BPF_MOV64_REG(BPF_REG_4, BPF_REG_2),			\
		BPF_ALU64_IMM(SHR, BPF_REG_4, 32),	/* bh */	\
		BPF_MOV32_REG(BPF_REG_2, BPF_REG_2),	/* bl */	\
		BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),			\
		BPF_ALU64_REG(BPF_MUL, BPF_REG_0, BPF_REG_2),		\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_0, 32),	/* al*bl >> 32 */ \
		BPF_ALU64_REG(BPF_MUL, BPF_REG_1, BPF_REG_4),	/* al*bh */ \
		BPF_ALU64_REG(BPF_MUL, BPF_REG_2, BPF_REG_3),	/* ah*bl */ \
		BPF_ALU64_REG(BPF_MUL, BPF_REG_3, BPF_REG_4),	/* ah*bh */ \
		BPF_MOV32_REG(BPF_REG_5, BPF_REG_1),			\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_5),		\
		BPF_MOV32_REG(BPF_REG_5, BPF_REG_2),			\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_5),		\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_0, 32),	/* the carry */	\
		BPF_ALU64_IMM(SHR, BPF_REG_1, 32),			\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_1),		\
		BPF_ALU64_IMM(SHR, BPF_REG_2, 32),			\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_2),		\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_3),		\
	}

static const struct bpf_insn mulhi64_body[] = MULHI_BODY(BPF_RSH);
static const struct bpf_insn smulhi64_body[] = MULHI_BODY(BPF_ARSH);

/*
 * The fold: the same four products, kept whole.  The middle sum m =
 * (al*bl >> 32) + low halves of al*bh and ah*bl gives the low half's
 * upper 32 bits (its own low 32) and the high half's carry (m >> 32).
 */
static const struct bpf_insn mulfold64_body[] = {
	BPF_MOV64_REG(BPF_REG_3, BPF_REG_1),
	BPF_ALU64_IMM(BPF_RSH, BPF_REG_3, 32),		/* ah */
	BPF_MOV32_REG(BPF_REG_1, BPF_REG_1),		/* al */
	BPF_MOV64_REG(BPF_REG_4, BPF_REG_2),
	BPF_ALU64_IMM(BPF_RSH, BPF_REG_4, 32),		/* bh */
	BPF_MOV32_REG(BPF_REG_2, BPF_REG_2),		/* bl */
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_REG(BPF_MUL, BPF_REG_0, BPF_REG_2),	/* al*bl */
	BPF_ALU64_REG(BPF_MUL, BPF_REG_1, BPF_REG_4),	/* al*bh */
	BPF_ALU64_REG(BPF_MUL, BPF_REG_2, BPF_REG_3),	/* ah*bl */
	BPF_ALU64_REG(BPF_MUL, BPF_REG_3, BPF_REG_4),	/* ah*bh */
	BPF_MOV64_REG(BPF_REG_4, BPF_REG_0),
	BPF_ALU64_IMM(BPF_RSH, BPF_REG_4, 32),
	BPF_MOV32_REG(BPF_REG_5, BPF_REG_1),
	BPF_ALU64_REG(BPF_ADD, BPF_REG_4, BPF_REG_5),
	BPF_MOV32_REG(BPF_REG_5, BPF_REG_2),
	BPF_ALU64_REG(BPF_ADD, BPF_REG_4, BPF_REG_5),	/* m */
	BPF_MOV32_REG(BPF_REG_0, BPF_REG_0),
	BPF_MOV64_REG(BPF_REG_5, BPF_REG_4),
	BPF_ALU64_IMM(BPF_LSH, BPF_REG_5, 32),
	BPF_ALU64_REG(BPF_OR, BPF_REG_0, BPF_REG_5),	/* the low half */
	BPF_ALU64_IMM(BPF_RSH, BPF_REG_4, 32),		/* the carry */
	BPF_ALU64_IMM(BPF_RSH, BPF_REG_1, 32),
	BPF_ALU64_REG(BPF_ADD, BPF_REG_4, BPF_REG_1),
	BPF_ALU64_IMM(BPF_RSH, BPF_REG_2, 32),
	BPF_ALU64_REG(BPF_ADD, BPF_REG_4, BPF_REG_2),
	BPF_ALU64_REG(BPF_ADD, BPF_REG_4, BPF_REG_3),	/* the high half */
	BPF_ALU64_REG(BPF_XOR, BPF_REG_0, BPF_REG_4),
};

#if INSN_HAVE_EMITTERS
int insn_emit_mulhi64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_mulhi(e, buf, false);
}

int insn_emit_smulhi64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_mulhi(e, buf, true);
}
#endif

static const struct bpf_kfunc_body insn_mulhi_table[] = {
	INSN_BODY(mulhi64, VERIFY, 21),
	INSN_BODY(smulhi64, VERIFY, 21),
	INSN_BODY(mulfold64, VERIFY, 24),
};

INSN_FAMILY_DEFINE(mulhi);
