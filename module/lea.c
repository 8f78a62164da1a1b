// SPDX-License-Identifier: GPL-2.0
/*
 * Address arithmetic: base + (index << shift) + disp, for a constant shift
 * of 0 to 3 (the x86 scales 1, 2, 4 and 8) and a constant 32-bit disp,
 * sign-extended; the verifier refuses other shifts (check_const).
 *
 * A __k argument reaches the body zero-extended from 32 bits (the verifier
 * takes no constant above U32_MAX), so the body sign-extends disp itself
 * with a shift left and an arithmetic shift right by 32.  All its shifts
 * are by known constants, so the verifier tracks the result's range.
 */
#include <linux/btf.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

/*
 * As a plain call (no bodies) the constants are not checked: the shift is
 * taken modulo 64.
 */
__bpf_kfunc u64 bpf_insn_lea64(u64 base, u64 index, u32 INSN_K2(shift), u32 disp__k)
{
	return base + (index << (INSN_K2(shift) & 63)) + (s64)(s32)disp__k;
}

__bpf_kfunc_end_defs();

static const struct bpf_insn lea64_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_2),
	BPF_ALU64_REG(BPF_LSH, BPF_REG_0, BPF_REG_3),	/* index << shift */
	BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_1),	/* + base */
	BPF_ALU64_IMM(BPF_LSH, BPF_REG_4, 32),
	BPF_ALU64_IMM(BPF_ARSH, BPF_REG_4, 32),		/* (s32)disp */
	BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_4),
};

/* imm[2] is shift, imm[3] is disp (any 32 bits) */
static const char *lea64_check(const u32 *imm)
{
	if (imm[2] > 3)
		return "shift must be 0 to 3";
	return NULL;
}

/* x86: 8 bytes (lea with SIB and disp32); arm64: 16 (movn; movk; add; add) */
static const struct bpf_kfunc_body insn_lea_table[] = {
	INSN_BODY(lea64, VERIFY, 16, .check_const = lea64_check),
};

INSN_FAMILY_DEFINE(lea);
