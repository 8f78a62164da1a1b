// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the address arithmetic family (tests/progs/lea.bpf.c).
 *
 * usage: lea check MODE OBJ [--jit]  results, xlated shapes, verifier
 *                                    knowledge, figures; MODE
 *                                    native|body|call|stock
 *        lea nojit OBJ               load must fail: no JIT, no bodies
 *        lea bad MODE OBJ            bad constants refused, with reasons
 *
 * MODE call: 6.12 refuses every call of a kfunc with two constant
 * arguments, so there the programs are checked to be refused.  The checks
 * are common.c's family_check().
 */
#include "common.h"
#include "lea.h"

static const struct { __u32 shift; __s32 disp; } cases[LEA_NCASES] = {
#define CASE(i, s, d) [i] = { s, d },
	LEA_CASES(CASE)
};

/* the body's "r4 s>>= 32" */
static int lea_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU64 | BPF_ARSH | BPF_K) && i->dst_reg == 4 &&
	       i->imm == 32;
}

static __u64 lea(__u64 base, __u64 index, __u32 shift, __s32 disp)
{
	return base + (index << shift) + (__s64)disp;
}

/* base and index */
static void lea_inputs(unsigned int k, __u64 *in)
{
	in[0] = input(k);
	in[1] = input(k * 7 + 3);
}

/* lea_all's cases, then lea_alias's */
static void lea_want(const __u64 *in, __u64 *w)
{
	__u64 b = in[0], x = in[1];

	for (int i = 0; i < LEA_NCASES; i++)
		w[i] = lea(b, x, cases[i].shift, cases[i].disp);
	w[LEA_NCASES] = lea(b, x, LEA_ALIAS_SHIFT0, LEA_ALIAS_DISP0);
	w[LEA_NCASES + 1] = lea(b, x, LEA_ALIAS_SHIFT1, LEA_ALIAS_DISP1);
	w[LEA_NCASES + 2] = lea(b, b, LEA_ALIAS_SHIFT2, LEA_ALIAS_DISP2);
	w[LEA_NCASES + 3] = lea(b, x, LEA_ALIAS_SHIFT3, LEA_ALIAS_DISP3);
}

/* lea_map_read reads the table at the result, unchecked */
static unsigned int lea_slot(__u64 x)
{
	return lea(0, x & 7, 3, LEA_KDISP) / 8;
}

static __u64 lea_loop(__u64 x, __u32 n)
{
	for (__u32 i = 0; i < n; i++)
		x = lea(x, x >> LEA_LOOP_RSH, LEA_LOOP_SHIFT, LEA_LOOP_DISP);
	return x;
}

_Static_assert(LEA_NALIAS == 4, "lea_want() has four aliases");
_Static_assert(sizeof(struct lea_ctx) == (2 + LEA_NCASES + LEA_NALIAS) * 8,
	       "lea_ctx: base, index, results");
_Static_assert(sizeof(struct lea_pkt) == sizeof(struct loop_pkt), "lea_pkt is a loop_pkt");

static const struct family lea_family = {
	.name = "lea", .marker = lea_marker, .map = "lea_map_read", .map_name = "lea_map",
	.nin = 2, .ncases = LEA_NCASES, .nalias = LEA_NALIAS, .case_word = "case",
	.inputs = lea_inputs, .want = lea_want, .slot = lea_slot,
	.map_pass = "reads a map value at offset 8 to 64 without a check",
	.loop_max = LEA_LOOP_MAX, .loop = lea_loop,
};

int lea_main(int argc, char **argv)
{
	return family_main(&lea_family, argc, argv);
}
