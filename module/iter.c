// SPDX-License-Identifier: GPL-2.0
/*
 * Bodies for the kernel's numeric iterator kfuncs, so that every bpf_for()
 * loop is inlined while the module is loaded.  The verifier checks the calls
 * as calls (it tracks the iterator state) and the bodies replace them in its
 * fixups (BPF_KFUNC_BODY_AFTER).
 *
 * struct bpf_iter_num_kern { int cur; int end; } lives on the BPF stack; the
 * bodies compute exactly what kernel/bpf/bpf_iter.c does, in 32-bit
 * arithmetic and without sign-extending moves (some JITs lack them):
 *
 * new(it, start, end): start > end: -EINVAL; end - start > BPF_MAX_LOOPS:
 *   -E2BIG (both zero the state); else cur = start - 1, end = end, 0.
 *   With start <= end, end - start fits a u32, so an unsigned compare of
 *   the 32-bit difference is the kernel's s64 compare.
 * next(it): if (int)(cur + 1) >= end (signed, cur + 1 wraps as in the
 *   kernel): zero the state, NULL; else ++cur, &cur.
 * destroy(it): nothing; the verifier forgets the slot, so the kernel's
 *   zeroing is not observable.
 */
#include <linux/bpf.h>
#include <linux/filter.h>

#include "emit.h"
#include "insn_kfuncs.h"

/* bpf_verifier.h; not visible to modules */
#define INSN_BPF_MAX_LOOPS	(8 * 1024 * 1024)

static const struct bpf_insn iter_new_body[] = {
	BPF_JMP32_REG(BPF_JSGT, BPF_REG_2, BPF_REG_3, 8),	/* start > end */
	BPF_MOV32_REG(BPF_REG_0, BPF_REG_3),
	BPF_ALU32_REG(BPF_SUB, BPF_REG_0, BPF_REG_2),		/* end - start */
	BPF_JMP32_IMM(BPF_JGT, BPF_REG_0, INSN_BPF_MAX_LOOPS, 7),
	BPF_ALU32_IMM(BPF_ADD, BPF_REG_2, -1),
	BPF_STX_MEM(BPF_W, BPF_REG_1, BPF_REG_2, 0),		/* cur = start - 1 */
	BPF_STX_MEM(BPF_W, BPF_REG_1, BPF_REG_3, 4),		/* end */
	BPF_MOV64_IMM(BPF_REG_0, 0),
	BPF_JMP_A(4),
	BPF_MOV64_IMM(BPF_REG_0, -EINVAL),
	BPF_JMP_A(1),
	BPF_MOV64_IMM(BPF_REG_0, -E2BIG),
	BPF_ST_MEM(BPF_DW, BPF_REG_1, 0, 0),			/* cur = end = 0 */
};

static const struct bpf_insn iter_next_body[] = {
	BPF_LDX_MEM(BPF_W, BPF_REG_2, BPF_REG_1, 0),		/* cur */
	BPF_ALU32_IMM(BPF_ADD, BPF_REG_2, 1),
	BPF_LDX_MEM(BPF_W, BPF_REG_3, BPF_REG_1, 4),		/* end */
	BPF_JMP32_REG(BPF_JSGE, BPF_REG_2, BPF_REG_3, 3),
	BPF_STX_MEM(BPF_W, BPF_REG_1, BPF_REG_2, 0),		/* ++cur */
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),			/* &cur */
	BPF_JMP_A(2),
	BPF_ST_MEM(BPF_DW, BPF_REG_1, 0, 0),			/* cur = end = 0 */
	BPF_MOV64_IMM(BPF_REG_0, 0),				/* NULL */
};

static const struct bpf_insn iter_destroy_body[] = {
	BPF_JMP_A(0),
};

static const struct bpf_kfunc_body insn_iter_table[] = {
	INSN_BODY_OF("bpf_iter_num_new", iter_new_body, AFTER, 0, NULL),
	INSN_BODY_OF("bpf_iter_num_next", iter_next_body, AFTER, 48, INSN_EMIT(iter_next)),
	INSN_BODY_OF("bpf_iter_num_destroy", iter_destroy_body, AFTER, 0, NULL),
};

INSN_FAMILY_DEFINE(iter);
