// SPDX-License-Identifier: GPL-2.0
/*
 * Bit counts: population count, leading and trailing zeros, of 64 and of
 * 32 bits.  Leading and trailing zeros are defined at 0: the width.  And
 * the step of a scan over the set bits: x & (x - 1), x with its lowest
 * set bit cleared (x86 BMI1's blsr), which a loop of ctz calls needs
 * after each one.
 *
 * The verifier knows each count's result is at most the width, so the
 * result can index an array of width + 1 entries without a check:
 *   - popcount is the SWAR sequence.  A body cannot load a 64-bit
 *     constant, so the 64-bit masks are 0x0101010101010101, built from
 *     32 bits, times 0x55, 0x33 and 0x0f;
 *   - ctz is the popcount of the trailing zeros made ones, ~x & (x - 1),
 *     which is all 64 (32) bits for 0;
 *   - clz is a binary search without branches, down to a nibble whose
 *     log2 is read from a table in a 32-bit constant.  clz64 branches on
 *     0 and on its upper half (a step more would not fit the body), so
 *     the verifier follows three paths;
 *   - blsr is the expression itself, three instructions.
 */
#include <linux/bitops.h>
#include <linux/btf.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc u32 bpf_insn_popcnt64(u64 x)
{
	return hweight64(x);
}

__bpf_kfunc u32 bpf_insn_popcnt32(u32 x)
{
	return hweight32(x);
}

__bpf_kfunc u32 bpf_insn_clz64(u64 x)
{
	return 64 - fls64(x);
}

__bpf_kfunc u32 bpf_insn_clz32(u32 x)
{
	return 32 - fls(x);
}

__bpf_kfunc u32 bpf_insn_ctz64(u64 x)
{
	return x ? __ffs64(x) : 64;
}

__bpf_kfunc u32 bpf_insn_ctz32(u32 x)
{
	return x ? __ffs(x) : 32;
}

__bpf_kfunc u64 bpf_insn_blsr64(u64 x)
{
	return x & (x - 1);
}

__bpf_kfunc u32 bpf_insn_blsr32(u32 x)
{
	return x & (x - 1);
}

__bpf_kfunc_end_defs();

/*
 * The bodies below each run instructions of their own, given with a
 * comma after each (the varargs, which may be empty), then a common part.
 */

/*
 * R0 = popcount(R1), 64 bits: the SWAR sequence, its masks from
 * 0x0101010101010101 in R5.  Then R0 = min(R0, 64) for the verifier,
 * which knows the count only as 0 to 255: the counts are never above
 * 64, and it follows the fall-through first, which holds every count
 * that can be, so the branch to R0 = 64 is pruned where the two join.
 */
#define POPCNT64_BODY(...)						\
	{								\
		__VA_ARGS__						\
		BPF_MOV64_IMM(BPF_REG_5, 0x01010101),			\
		BPF_MOV64_REG(BPF_REG_2, BPF_REG_5),			\
		BPF_ALU64_IMM(BPF_LSH, BPF_REG_2, 32),			\
		BPF_ALU64_REG(BPF_OR, BPF_REG_5, BPF_REG_2),		\
		BPF_MOV64_REG(BPF_REG_4, BPF_REG_5),			\
		BPF_ALU64_IMM(BPF_MUL, BPF_REG_4, 0x55),		\
		BPF_MOV64_REG(BPF_REG_3, BPF_REG_1),			\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_3, 1),			\
		BPF_ALU64_REG(BPF_AND, BPF_REG_3, BPF_REG_4),		\
		BPF_ALU64_REG(BPF_SUB, BPF_REG_1, BPF_REG_3),	/* per 2 bits */ \
		BPF_MOV64_REG(BPF_REG_4, BPF_REG_5),			\
		BPF_ALU64_IMM(BPF_MUL, BPF_REG_4, 0x33),		\
		BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),			\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_0, 2),			\
		BPF_ALU64_REG(BPF_AND, BPF_REG_0, BPF_REG_4),		\
		BPF_ALU64_REG(BPF_AND, BPF_REG_1, BPF_REG_4),		\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_1),	/* per nibble */ \
		BPF_MOV64_REG(BPF_REG_1, BPF_REG_0),			\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_1, 4),			\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_1),		\
		BPF_MOV64_REG(BPF_REG_4, BPF_REG_5),			\
		BPF_ALU64_IMM(BPF_MUL, BPF_REG_4, 0x0f),		\
		BPF_ALU64_REG(BPF_AND, BPF_REG_0, BPF_REG_4),	/* per byte */ \
		BPF_ALU64_REG(BPF_MUL, BPF_REG_0, BPF_REG_5),		\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_0, 56),	/* their sum */	\
		BPF_JMP_IMM(BPF_JGT, BPF_REG_0, 64, 1),			\
		BPF_JMP_A(1),						\
		BPF_MOV64_IMM(BPF_REG_0, 64),				\
	}

/* w0 = popcount(w1), 32 bits, and at most 32 as above */
#define POPCNT32_BODY(...)						\
	{								\
		__VA_ARGS__						\
		BPF_MOV32_REG(BPF_REG_2, BPF_REG_1),			\
		BPF_ALU32_IMM(BPF_RSH, BPF_REG_2, 1),			\
		BPF_ALU32_IMM(BPF_AND, BPF_REG_2, 0x55555555),		\
		BPF_ALU32_REG(BPF_SUB, BPF_REG_1, BPF_REG_2),		\
		BPF_MOV32_REG(BPF_REG_0, BPF_REG_1),			\
		BPF_ALU32_IMM(BPF_RSH, BPF_REG_0, 2),			\
		BPF_ALU32_IMM(BPF_AND, BPF_REG_0, 0x33333333),		\
		BPF_ALU32_IMM(BPF_AND, BPF_REG_1, 0x33333333),		\
		BPF_ALU32_REG(BPF_ADD, BPF_REG_0, BPF_REG_1),		\
		BPF_MOV32_REG(BPF_REG_1, BPF_REG_0),			\
		BPF_ALU32_IMM(BPF_RSH, BPF_REG_1, 4),			\
		BPF_ALU32_REG(BPF_ADD, BPF_REG_0, BPF_REG_1),		\
		BPF_ALU32_IMM(BPF_AND, BPF_REG_0, 0x0f0f0f0f),		\
		BPF_ALU32_IMM(BPF_MUL, BPF_REG_0, 0x01010101),		\
		BPF_ALU32_IMM(BPF_RSH, BPF_REG_0, 24),			\
		BPF_JMP_IMM(BPF_JGT, BPF_REG_0, 32, 1),			\
		BPF_JMP_A(1),						\
		BPF_MOV64_IMM(BPF_REG_0, 32),				\
	}

/* log2 of 0 (as 0) to 15, 2 bits each: 0, 0, 1, 1, 2 (4 times), 3 (8 times) */
#define CLZ_LOG2_TABLE	0xffffaa50

/*
 * R0 -= log2(R1) for R1 < 2^32.  Three steps each make R1 < 2^2k into
 * R1 < 2^k: shift R1 down by k if it is at least 2^k, and take the
 * shift from R0; (2^k - 1) - R1 is negative exactly then.  The log2 of
 * the nibble left is read from CLZ_LOG2_TABLE.
 */
#define CLZ_BODY(...)							\
	{								\
		__VA_ARGS__						\
		BPF_MOV64_IMM(BPF_REG_2, 0xffff),			\
		BPF_ALU64_REG(BPF_SUB, BPF_REG_2, BPF_REG_1),		\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_2, 63),			\
		BPF_ALU64_IMM(BPF_LSH, BPF_REG_2, 4),			\
		BPF_ALU64_REG(BPF_RSH, BPF_REG_1, BPF_REG_2),		\
		BPF_ALU64_REG(BPF_SUB, BPF_REG_0, BPF_REG_2),		\
		BPF_MOV64_IMM(BPF_REG_2, 0xff),				\
		BPF_ALU64_REG(BPF_SUB, BPF_REG_2, BPF_REG_1),		\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_2, 63),			\
		BPF_ALU64_IMM(BPF_LSH, BPF_REG_2, 3),			\
		BPF_ALU64_REG(BPF_RSH, BPF_REG_1, BPF_REG_2),		\
		BPF_ALU64_REG(BPF_SUB, BPF_REG_0, BPF_REG_2),		\
		BPF_MOV64_IMM(BPF_REG_2, 0xf),				\
		BPF_ALU64_REG(BPF_SUB, BPF_REG_2, BPF_REG_1),		\
		BPF_ALU64_IMM(BPF_RSH, BPF_REG_2, 63),			\
		BPF_ALU64_IMM(BPF_LSH, BPF_REG_2, 2),			\
		BPF_ALU64_REG(BPF_RSH, BPF_REG_1, BPF_REG_2),		\
		BPF_ALU64_REG(BPF_SUB, BPF_REG_0, BPF_REG_2),		\
		BPF_ALU64_IMM(BPF_LSH, BPF_REG_1, 1),			\
		BPF_MOV32_IMM(BPF_REG_2, CLZ_LOG2_TABLE),		\
		BPF_ALU64_REG(BPF_RSH, BPF_REG_2, BPF_REG_1),		\
		BPF_ALU64_IMM(BPF_AND, BPF_REG_2, 3),			\
		BPF_ALU64_REG(BPF_SUB, BPF_REG_0, BPF_REG_2),		\
	}

static const struct bpf_insn popcnt64_body[] = POPCNT64_BODY();
static const struct bpf_insn popcnt32_body[] = POPCNT32_BODY();

/*
 * 63 - log2(x), and 64 on the path of x == 0; the upper half, where it
 * is not 0, is shifted down with a branch (there is no room for a step)
 */
static const struct bpf_insn clz64_body[] = CLZ_BODY(
	BPF_MOV64_IMM(BPF_REG_0, 64),
	BPF_JMP_IMM(BPF_JEQ, BPF_REG_1, 0, 29),		/* to the end */
	BPF_MOV64_IMM(BPF_REG_0, 63),
	BPF_MOV64_REG(BPF_REG_2, BPF_REG_1),
	BPF_ALU64_IMM(BPF_RSH, BPF_REG_2, 32),
	BPF_JMP_IMM(BPF_JEQ, BPF_REG_2, 0, 2),
	BPF_MOV64_REG(BPF_REG_1, BPF_REG_2),
	BPF_ALU64_IMM(BPF_SUB, BPF_REG_0, 32),
);

/* 31 - log2(x), plus one for x == 0: (x - 1) >> 63 */
static const struct bpf_insn clz32_body[] = CLZ_BODY(
	BPF_MOV32_REG(BPF_REG_1, BPF_REG_1),
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_IMM(BPF_ADD, BPF_REG_0, -1),
	BPF_ALU64_IMM(BPF_RSH, BPF_REG_0, 63),
	BPF_ALU64_IMM(BPF_ADD, BPF_REG_0, 31),
);

/* the popcount of ~x & (x - 1): the trailing zeros made ones */
static const struct bpf_insn ctz64_body[] = POPCNT64_BODY(
	BPF_MOV64_REG(BPF_REG_2, BPF_REG_1),
	BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, -1),
	BPF_ALU64_IMM(BPF_XOR, BPF_REG_1, -1),
	BPF_ALU64_REG(BPF_AND, BPF_REG_1, BPF_REG_2),
);

static const struct bpf_insn ctz32_body[] = POPCNT32_BODY(
	BPF_MOV32_REG(BPF_REG_2, BPF_REG_1),
	BPF_ALU32_IMM(BPF_ADD, BPF_REG_2, -1),
	BPF_ALU32_IMM(BPF_XOR, BPF_REG_1, -1),
	BPF_ALU32_REG(BPF_AND, BPF_REG_1, BPF_REG_2),
);

/* x & (x - 1): 0 for 0, as blsr gives it */
static const struct bpf_insn blsr64_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_IMM(BPF_ADD, BPF_REG_0, -1),
	BPF_ALU64_REG(BPF_AND, BPF_REG_0, BPF_REG_1),
};

static const struct bpf_insn blsr32_body[] = {
	BPF_MOV32_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU32_IMM(BPF_ADD, BPF_REG_0, -1),
	BPF_ALU32_REG(BPF_AND, BPF_REG_0, BPF_REG_1),
};

#if INSN_HAVE_EMITTERS
int insn_emit_popcnt64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_popcnt(e, buf, true);
}

int insn_emit_popcnt32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_popcnt(e, buf, false);
}

int insn_emit_clz64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_clz(e, buf, true);
}

int insn_emit_clz32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_clz(e, buf, false);
}

int insn_emit_ctz64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_ctz(e, buf, true);
}

int insn_emit_ctz32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_ctz(e, buf, false);
}

int insn_emit_blsr64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_blsr(e, buf, true);
}

int insn_emit_blsr32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_blsr(e, buf, false);
}

/*
 * Popcount is one instruction only where the CPU has it (x86 POPCNT,
 * arm64 FEAT_CSSC); elsewhere its emitter declines and the body stays,
 * which the module's status says.
 */
static const char *bitcount_lacks(const struct bpf_kfunc_body *b)
{
	return b->insns == popcnt64_body || b->insns == popcnt32_body ?
	       insn_popcnt_lacks() : NULL;
}
#else
#define bitcount_lacks	NULL
#endif

static const struct bpf_kfunc_body insn_bitcount_table[] = {
	INSN_BODY(popcnt64, VERIFY, 5),
	INSN_BODY(popcnt32, VERIFY, 5),
	INSN_BODY(clz64, VERIFY, 18),
	INSN_BODY(clz32, VERIFY, 18),
	INSN_BODY(ctz64, VERIFY, 14),
	INSN_BODY(ctz32, VERIFY, 14),
	INSN_BODY(blsr64, VERIFY, 8),
	INSN_BODY(blsr32, VERIFY, 8),
};

INSN_FAMILY_DEFINE(bitcount, .lacks = bitcount_lacks);
