// SPDX-License-Identifier: GPL-2.0
/*
 * Rotate kfuncs: the count is taken modulo the operand width, as the x86
 * rol/ror and arm64 ror instructions do.
 *
 * The bodies rotate by the count in R2 (a known constant, so the verifier
 * knows the result exactly when it knows x): x << n | x >> ((w - n) & (w - 1)).
 * w - n is a subtraction, not a neg: the verifier loses known values
 * through BPF_NEG.
 */
#include <linux/bitops.h>
#include <linux/btf.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc u64 bpf_insn_rol64(u64 x, u32 n__k)
{
	return rol64(x, n__k & 63);
}

__bpf_kfunc u64 bpf_insn_ror64(u64 x, u32 n__k)
{
	return ror64(x, n__k & 63);
}

__bpf_kfunc u32 bpf_insn_rol32(u32 x, u32 n__k)
{
	return rol32(x, n__k & 31);
}

__bpf_kfunc u32 bpf_insn_ror32(u32 x, u32 n__k)
{
	return ror32(x, n__k & 31);
}

__bpf_kfunc_end_defs();

/* ALU is ALU64 or ALU32 of width W; FIRST shifts x by n, SECOND by the rest */
#define ROTATE_BODY(ALU, W, FIRST, SECOND)				\
	{								\
		BPF_##ALU##_IMM(BPF_AND, BPF_REG_2, W - 1),		\
		BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),			\
		BPF_##ALU##_REG(FIRST, BPF_REG_0, BPF_REG_2),		\
		BPF_MOV64_IMM(BPF_REG_3, W),				\
		BPF_##ALU##_REG(BPF_SUB, BPF_REG_3, BPF_REG_2),		\
		BPF_##ALU##_IMM(BPF_AND, BPF_REG_3, W - 1),		\
		BPF_##ALU##_REG(SECOND, BPF_REG_1, BPF_REG_3),		\
		BPF_##ALU##_REG(BPF_OR, BPF_REG_0, BPF_REG_1),		\
	}

static const struct bpf_insn rol64_body[] =
	ROTATE_BODY(ALU64, 64, BPF_LSH, BPF_RSH);
static const struct bpf_insn ror64_body[] =
	ROTATE_BODY(ALU64, 64, BPF_RSH, BPF_LSH);
static const struct bpf_insn rol32_body[] =
	ROTATE_BODY(ALU32, 32, BPF_LSH, BPF_RSH);
static const struct bpf_insn ror32_body[] =
	ROTATE_BODY(ALU32, 32, BPF_RSH, BPF_LSH);

#if INSN_HAVE_EMITTERS
int insn_emit_rol64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_rotate(e, buf, true, true);
}

int insn_emit_ror64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_rotate(e, buf, true, false);
}

int insn_emit_rol32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_rotate(e, buf, false, true);
}

int insn_emit_ror32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_rotate(e, buf, false, false);
}
#endif

static const struct bpf_kfunc_body insn_rotate_table[] = {
	INSN_BODY(rol64, VERIFY, 8),
	INSN_BODY(ror64, VERIFY, 8),
	INSN_BODY(rol32, VERIFY, 8),
	INSN_BODY(ror32, VERIFY, 8),
};

INSN_FAMILY_DEFINE(rotate);
