// SPDX-License-Identifier: GPL-2.0
/*
 * Bit-field extract: bits [start, start + len) of x, for constant start and
 * len with start < 64 and 1 <= len <= 64 - start; the verifier refuses
 * other constants (check_const).
 *
 * The body shifts the field down, then left and right by 64 - len, which
 * clears the bits above it and also works for len 64 (shift by 0).  The
 * shifts are by known constants, so the verifier knows the result is below
 * 2^len and it can index an array of 2^len entries without another check.
 * 64 - len is 64 minus R3, not -R3 + 64: the verifier of 6.12 forgets what
 * it knows of a register on BPF_NEG.
 */
#include <linux/btf.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

/*
 * As a plain call (no bodies) the constants are not checked: a start past
 * 63 gives 0 and the field ends at bit 63.
 */
__bpf_kfunc u64 bpf_insn_bextr64(u64 x, u32 INSN_K2(start), u32 len__k)
{
	u32 from = INSN_K2(start);

	if (from > 63 || !len__k)
		return 0;
	x >>= from;
	if (len__k >= 64 - from)
		return x;
	return x & ((1ULL << len__k) - 1);
}

__bpf_kfunc_end_defs();

static const struct bpf_insn bextr64_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_REG(BPF_RSH, BPF_REG_0, BPF_REG_2),	/* field at bit 0 */
	BPF_MOV64_IMM(BPF_REG_4, 64),
	BPF_ALU64_REG(BPF_SUB, BPF_REG_4, BPF_REG_3),	/* 64 - len */
	BPF_ALU64_REG(BPF_LSH, BPF_REG_0, BPF_REG_4),	/* drop the bits above */
	BPF_ALU64_REG(BPF_RSH, BPF_REG_0, BPF_REG_4),
};

/* imm[1] is start, imm[2] is len */
static const char *bextr64_check(const u32 *imm)
{
	if (imm[1] > 63)
		return "start must be below 64";
	if (!imm[2] || imm[2] > 64 - imm[1])
		return "len must be 1 to 64 - start";
	return NULL;
}

static const struct bpf_kfunc_body insn_bextr_table[] = {
	INSN_BODY(bextr64, VERIFY, 11, .check_const = bextr64_check),
};

INSN_FAMILY_DEFINE(bextr);
