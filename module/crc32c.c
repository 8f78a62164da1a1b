// SPDX-License-Identifier: GPL-2.0
/*
 * CRC32C steps: the CRC (Castagnoli, reflected, polynomial 0x82f63b78) of
 * @crc followed by the 1, 2, 4 or 8 bytes of @v, least significant first,
 * without the inversions before and after: what the x86 crc32 and arm64
 * crc32c instructions compute, so the caller inverts, as __crc32c_le()'s
 * callers do.
 *
 * A CRC is linear over GF(2): the step of n bits is (crc >> n) xor the
 * sum of one constant per set bit of the n low bits of crc ^ v (for
 * n < 32; for 32 and 64 every bit of crc is in the sum).  The constant
 * of bit b is the CRC of that bit alone after n steps, which is the
 * constant of bit 64 - n + b after 64 steps (the first 64 - n steps only
 * shift it down to b): one table of 64 constants serves every width.
 *
 * Each bit then costs five instructions without a branch: copy, shift
 * the bit down, keep it, multiply the constant by it, xor that into the
 * result.  The bodies are 43, 83, 162 and 323 instructions, that many
 * verifier steps a call; the verifier tracks the result exactly when crc
 * and v are known.  Native code is one
 * instruction (x86-64: crc32, SSE4.2; arm64: crc32c, FEAT_CRC32).
 */
#include <linux/btf.h>
#include <linux/build_bug.h>
#include <linux/crc32.h>

#include <asm/byteorder.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc u32 bpf_insn_crc32c_u8(u32 crc, u8 v)
{
	return __crc32c_le(crc, &v, 1);
}

__bpf_kfunc u32 bpf_insn_crc32c_u16(u32 crc, u16 v)
{
	__le16 le = cpu_to_le16(v);

	return __crc32c_le(crc, (const u8 *)&le, sizeof(le));
}

__bpf_kfunc u32 bpf_insn_crc32c_u32(u32 crc, u32 v)
{
	__le32 le = cpu_to_le32(v);

	return __crc32c_le(crc, (const u8 *)&le, sizeof(le));
}

__bpf_kfunc u32 bpf_insn_crc32c_u64(u32 crc, u64 v)
{
	__le64 le = cpu_to_le64(v);

	return __crc32c_le(crc, (const u8 *)&le, sizeof(le));
}

__bpf_kfunc_end_defs();

/*
 * w0 ^= K if bit b of R2 is set (R3 is scratch): the bit times K, five
 * instructions from index at + 5 * b of the body.  Not the shorter-looking
 * mask (the bit shifted to the top, an arithmetic shift down, and K): the
 * verifier forks its state at an AND of a value it knows only as -1 or 0,
 * and 64 forks without a join in between would be 2^64 paths.  A bit of 0
 * or 1 times K is one state, known to be 0 to K.
 */
#define CRC32C_BIT(at, b, K)						\
	[(at) + 5 * (b)] = BPF_MOV64_REG(BPF_REG_3, BPF_REG_2),		\
	[(at) + 5 * (b) + 1] = BPF_ALU64_IMM(BPF_RSH, BPF_REG_3, b),	\
	[(at) + 5 * (b) + 2] = BPF_ALU32_IMM(BPF_AND, BPF_REG_3, 1),	\
	[(at) + 5 * (b) + 3] = BPF_ALU32_IMM(BPF_MUL, BPF_REG_3, K),	\
	[(at) + 5 * (b) + 4] = BPF_ALU32_REG(BPF_XOR, BPF_REG_0, BPF_REG_3)

/*
 * Each body: R2 = crc ^ v and w0 = crc >> n (0 for n >= 32), then bit b
 * of n with its constant, the CRC of bit 64 - n + b after 64 steps; the
 * bits of R2 above n are never read.
 */
static const struct bpf_insn crc32c_u8_body[] = {
	BPF_ALU64_REG(BPF_XOR, BPF_REG_2, BPF_REG_1),
	BPF_MOV32_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU32_IMM(BPF_RSH, BPF_REG_0, 8),
	CRC32C_BIT(3, 0, 0xf26b8303),
	CRC32C_BIT(3, 1, 0xe13b70f7),
	CRC32C_BIT(3, 2, 0xc79a971f),
	CRC32C_BIT(3, 3, 0x8ad958cf),
	CRC32C_BIT(3, 4, 0x105ec76f),
	CRC32C_BIT(3, 5, 0x20bd8ede),
	CRC32C_BIT(3, 6, 0x417b1dbc),
	CRC32C_BIT(3, 7, 0x82f63b78),
};

static const struct bpf_insn crc32c_u16_body[] = {
	BPF_ALU64_REG(BPF_XOR, BPF_REG_2, BPF_REG_1),
	BPF_MOV32_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU32_IMM(BPF_RSH, BPF_REG_0, 16),
	CRC32C_BIT(3, 0, 0x13a29877),
	CRC32C_BIT(3, 1, 0x274530ee),
	CRC32C_BIT(3, 2, 0x4e8a61dc),
	CRC32C_BIT(3, 3, 0x9d14c3b8),
	CRC32C_BIT(3, 4, 0x3fc5f181),
	CRC32C_BIT(3, 5, 0x7f8be302),
	CRC32C_BIT(3, 6, 0xff17c604),
	CRC32C_BIT(3, 7, 0xfbc3faf9),
	CRC32C_BIT(3, 8, 0xf26b8303),
	CRC32C_BIT(3, 9, 0xe13b70f7),
	CRC32C_BIT(3, 10, 0xc79a971f),
	CRC32C_BIT(3, 11, 0x8ad958cf),
	CRC32C_BIT(3, 12, 0x105ec76f),
	CRC32C_BIT(3, 13, 0x20bd8ede),
	CRC32C_BIT(3, 14, 0x417b1dbc),
	CRC32C_BIT(3, 15, 0x82f63b78),
};

static const struct bpf_insn crc32c_u32_body[] = {
	BPF_ALU64_REG(BPF_XOR, BPF_REG_2, BPF_REG_1),
	BPF_MOV32_IMM(BPF_REG_0, 0),
	CRC32C_BIT(2, 0, 0xdd45aab8),
	CRC32C_BIT(2, 1, 0xbf672381),
	CRC32C_BIT(2, 2, 0x7b2231f3),
	CRC32C_BIT(2, 3, 0xf64463e6),
	CRC32C_BIT(2, 4, 0xe964b13d),
	CRC32C_BIT(2, 5, 0xd725148b),
	CRC32C_BIT(2, 6, 0xaba65fe7),
	CRC32C_BIT(2, 7, 0x52a0c93f),
	CRC32C_BIT(2, 8, 0xa541927e),
	CRC32C_BIT(2, 9, 0x4f6f520d),
	CRC32C_BIT(2, 10, 0x9edea41a),
	CRC32C_BIT(2, 11, 0x38513ec5),
	CRC32C_BIT(2, 12, 0x70a27d8a),
	CRC32C_BIT(2, 13, 0xe144fb14),
	CRC32C_BIT(2, 14, 0xc76580d9),
	CRC32C_BIT(2, 15, 0x8b277743),
	CRC32C_BIT(2, 16, 0x13a29877),
	CRC32C_BIT(2, 17, 0x274530ee),
	CRC32C_BIT(2, 18, 0x4e8a61dc),
	CRC32C_BIT(2, 19, 0x9d14c3b8),
	CRC32C_BIT(2, 20, 0x3fc5f181),
	CRC32C_BIT(2, 21, 0x7f8be302),
	CRC32C_BIT(2, 22, 0xff17c604),
	CRC32C_BIT(2, 23, 0xfbc3faf9),
	CRC32C_BIT(2, 24, 0xf26b8303),
	CRC32C_BIT(2, 25, 0xe13b70f7),
	CRC32C_BIT(2, 26, 0xc79a971f),
	CRC32C_BIT(2, 27, 0x8ad958cf),
	CRC32C_BIT(2, 28, 0x105ec76f),
	CRC32C_BIT(2, 29, 0x20bd8ede),
	CRC32C_BIT(2, 30, 0x417b1dbc),
	CRC32C_BIT(2, 31, 0x82f63b78),
};

/* crc's upper half may be anything: a u32 argument is 32 bits */
static const struct bpf_insn crc32c_u64_body[] = {
	BPF_MOV32_REG(BPF_REG_1, BPF_REG_1),
	BPF_ALU64_REG(BPF_XOR, BPF_REG_2, BPF_REG_1),
	BPF_MOV32_IMM(BPF_REG_0, 0),
	CRC32C_BIT(3, 0, 0x493c7d27),
	CRC32C_BIT(3, 1, 0x9278fa4e),
	CRC32C_BIT(3, 2, 0x211d826d),
	CRC32C_BIT(3, 3, 0x423b04da),
	CRC32C_BIT(3, 4, 0x847609b4),
	CRC32C_BIT(3, 5, 0x0d006599),
	CRC32C_BIT(3, 6, 0x1a00cb32),
	CRC32C_BIT(3, 7, 0x34019664),
	CRC32C_BIT(3, 8, 0x68032cc8),
	CRC32C_BIT(3, 9, 0xd0065990),
	CRC32C_BIT(3, 10, 0xa5e0c5d1),
	CRC32C_BIT(3, 11, 0x4e2dfd53),
	CRC32C_BIT(3, 12, 0x9c5bfaa6),
	CRC32C_BIT(3, 13, 0x3d5b83bd),
	CRC32C_BIT(3, 14, 0x7ab7077a),
	CRC32C_BIT(3, 15, 0xf56e0ef4),
	CRC32C_BIT(3, 16, 0xef306b19),
	CRC32C_BIT(3, 17, 0xdb8ca0c3),
	CRC32C_BIT(3, 18, 0xb2f53777),
	CRC32C_BIT(3, 19, 0x6006181f),
	CRC32C_BIT(3, 20, 0xc00c303e),
	CRC32C_BIT(3, 21, 0x85f4168d),
	CRC32C_BIT(3, 22, 0x0e045beb),
	CRC32C_BIT(3, 23, 0x1c08b7d6),
	CRC32C_BIT(3, 24, 0x38116fac),
	CRC32C_BIT(3, 25, 0x7022df58),
	CRC32C_BIT(3, 26, 0xe045beb0),
	CRC32C_BIT(3, 27, 0xc5670b91),
	CRC32C_BIT(3, 28, 0x8f2261d3),
	CRC32C_BIT(3, 29, 0x1ba8b557),
	CRC32C_BIT(3, 30, 0x37516aae),
	CRC32C_BIT(3, 31, 0x6ea2d55c),
	CRC32C_BIT(3, 32, 0xdd45aab8),
	CRC32C_BIT(3, 33, 0xbf672381),
	CRC32C_BIT(3, 34, 0x7b2231f3),
	CRC32C_BIT(3, 35, 0xf64463e6),
	CRC32C_BIT(3, 36, 0xe964b13d),
	CRC32C_BIT(3, 37, 0xd725148b),
	CRC32C_BIT(3, 38, 0xaba65fe7),
	CRC32C_BIT(3, 39, 0x52a0c93f),
	CRC32C_BIT(3, 40, 0xa541927e),
	CRC32C_BIT(3, 41, 0x4f6f520d),
	CRC32C_BIT(3, 42, 0x9edea41a),
	CRC32C_BIT(3, 43, 0x38513ec5),
	CRC32C_BIT(3, 44, 0x70a27d8a),
	CRC32C_BIT(3, 45, 0xe144fb14),
	CRC32C_BIT(3, 46, 0xc76580d9),
	CRC32C_BIT(3, 47, 0x8b277743),
	CRC32C_BIT(3, 48, 0x13a29877),
	CRC32C_BIT(3, 49, 0x274530ee),
	CRC32C_BIT(3, 50, 0x4e8a61dc),
	CRC32C_BIT(3, 51, 0x9d14c3b8),
	CRC32C_BIT(3, 52, 0x3fc5f181),
	CRC32C_BIT(3, 53, 0x7f8be302),
	CRC32C_BIT(3, 54, 0xff17c604),
	CRC32C_BIT(3, 55, 0xfbc3faf9),
	CRC32C_BIT(3, 56, 0xf26b8303),
	CRC32C_BIT(3, 57, 0xe13b70f7),
	CRC32C_BIT(3, 58, 0xc79a971f),
	CRC32C_BIT(3, 59, 0x8ad958cf),
	CRC32C_BIT(3, 60, 0x105ec76f),
	CRC32C_BIT(3, 61, 0x20bd8ede),
	CRC32C_BIT(3, 62, 0x417b1dbc),
	CRC32C_BIT(3, 63, 0x82f63b78),
};

/* the lengths the header comment gives, 3 (2) instructions and 5 a bit */
static_assert(ARRAY_SIZE(crc32c_u8_body) == 43 && ARRAY_SIZE(crc32c_u16_body) == 83 &&
	      ARRAY_SIZE(crc32c_u32_body) == 162 && ARRAY_SIZE(crc32c_u64_body) == 323);

#if INSN_HAVE_EMITTERS
int insn_emit_crc32c_u8(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_crc32c(e, buf, 1);
}

int insn_emit_crc32c_u16(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_crc32c(e, buf, 2);
}

int insn_emit_crc32c_u32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_crc32c(e, buf, 4);
}

int insn_emit_crc32c_u64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_crc32c(e, buf, 8);
}

/* one instruction where the CPU has it; the module's status says if not */
static const char *crc32c_lacks(const struct bpf_kfunc_body *b)
{
	return b->emit ? insn_crc32c_lacks() : NULL;
}
#else
#define crc32c_lacks	NULL
#endif

static const struct bpf_kfunc_body insn_crc32c_table[] = {
	INSN_BODY(crc32c_u8, VERIFY, 16, .mem_args = INSN_MEM_ARGS_CRC32C),
	INSN_BODY(crc32c_u16, VERIFY, 16, .mem_args = INSN_MEM_ARGS_CRC32C),
	INSN_BODY(crc32c_u32, VERIFY, 16, .mem_args = INSN_MEM_ARGS_CRC32C),
	INSN_BODY(crc32c_u64, VERIFY, 16, .mem_args = INSN_MEM_ARGS_CRC32C),
};

INSN_FAMILY_DEFINE(crc32c, .lacks = crc32c_lacks);
