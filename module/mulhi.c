// SPDX-License-Identifier: GPL-2.0
/*
 * Wide multiply: the upper 64 bits of the 128-bit product of a and b,
 * unsigned (mulhi64) or signed (smulhi64), as wyhash- and xxh3-style
 * hashes fold it.
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
};

INSN_FAMILY_DEFINE(mulhi);
