// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the bit-field extract family (tests/progs/bextr.bpf.c).
 *
 * usage: bextr check MODE OBJ [--jit]  results, xlated shapes, verifier
 *                                      knowledge, figures; MODE
 *                                      native|body|call|stock
 *        bextr nojit OBJ               load must fail: no JIT, no bodies
 *        bextr bad MODE OBJ            bad constants refused, with reasons
 *
 * MODE call: 6.12 refuses every call of a kfunc with two constant
 * arguments, so there the programs are checked to be refused.  The checks
 * are common.c's family_check().
 */
#include "common.h"
#include "bextr.h"

static const struct { __u32 start, len; } pairs[BX_NPAIRS] = {
#define PAIR(i, s, l) [i] = { s, l },
	BX_PAIRS(PAIR)
};

/* the body's "r4 -= r3" */
static int bx_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU64 | BPF_SUB | BPF_X) && i->dst_reg == 4 &&
	       i->src_reg == 3;
}

static __u64 bextr(__u64 x, __u32 start, __u32 len)
{
	x >>= start;
	return len < 64 ? x & ((1ull << len) - 1) : x;
}

static void bx_inputs(unsigned int k, __u64 *in)
{
	in[0] = input(k);
}

/* bextr_all's pairs, then bextr_alias's two */
static void bx_want(const __u64 *in, __u64 *w)
{
	for (int i = 0; i < BX_NPAIRS; i++)
		w[i] = bextr(in[0], pairs[i].start, pairs[i].len);
	w[BX_NPAIRS] = bextr(in[0], BX_ALIAS0_START, BX_ALIAS0_LEN);
	w[BX_NPAIRS + 1] = bextr(in[0], BX_ALIAS1_START, BX_ALIAS1_LEN);
}

/* bextr_map indexes its table with the result, unchecked */
static unsigned int bx_slot(__u64 x)
{
	return bextr(x, BX_KSTART, BX_KLEN);
}

static __u64 bx_loop(__u64 x, __u32 n)
{
	for (__u32 i = 0; i < n; i++)
		x = x * BX_MUL + bextr(x, BX_LOOP_START, BX_LOOP_LEN);
	return x;
}

_Static_assert(sizeof(struct bx_ctx) == (1 + BX_NPAIRS + 2) * 8, "bx_ctx: x, results");
_Static_assert(sizeof(struct bx_table) == 16 * 8, "map_pass says 16");
_Static_assert(sizeof(struct bx_pkt) == sizeof(struct loop_pkt), "bx_pkt is a loop_pkt");

static const struct family bx = {
	.name = "bextr", .marker = bx_marker, .map = "bextr_map", .map_name = "bx_map",
	.nin = 1, .ncases = BX_NPAIRS, .nalias = 2, .case_word = "pair",
	.inputs = bx_inputs, .want = bx_want, .slot = bx_slot,
	.map_pass = "indexes a table of 16 without a check",
	.loop_max = BX_LOOP_MAX, .loop = bx_loop,
};

int bextr_main(int argc, char **argv)
{
	return family_main(&bx, argc, argv);
}
