// SPDX-License-Identifier: GPL-2.0
/*
 * Conditional select: cond ? a : b, without a branch in native code.
 *
 * The body branches, so the verifier follows both paths and knows the
 * result is one of the two operands: after off = select(c, 4, 8) a packet
 * access at data + off needs one bounds check, against data + 8.
 */
#include <linux/btf.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc u64 bpf_insn_select64(u64 cond, u64 a, u64 b)
{
	return cond ? a : b;
}

__bpf_kfunc_end_defs();

static const struct bpf_insn select64_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_2),		/* a */
	BPF_JMP_IMM(BPF_JNE, BPF_REG_1, 0, 1),		/* cond: keep a */
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_3),		/* b */
};

static const struct bpf_kfunc_body insn_select_table[] = {
	INSN_BODY(select64, VERIFY, 10),
};

INSN_FAMILY_DEFINE(select);
