/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by bitcount.bpf.c, bitcount_bad.bpf.c and
 * tests/prog_tests/bitcount.c.
 */
#ifndef _BITCOUNT_H
#define _BITCOUNT_H

/*
 * X(index, op): the kfuncs bpf_insn_<op>, in the order of their results;
 * the first BC_NCOUNTS are the counts, whose range the verifier knows
 */
#define BC_OPS(X)							\
	X(0, popcnt64) X(1, popcnt32) X(2, clz64) X(3, clz32)		\
	X(4, ctz64) X(5, ctz32) X(6, blsr64) X(7, blsr32)
#define BC_NOPS 8
#define BC_NCOUNTS 6

/*
 * bitcount_all: r[i] = op i of x; bitcount_alias: alias[2i] with the
 * result in the operand's register, alias[2i + 1] in another one
 */
struct bc_ctx {
	__u64 x;
	__u64 r[BC_NOPS];
	__u64 alias[2 * BC_NOPS];
};

/*
 * bitcount_range: out[i] = the slot of op i of x in a table of width + 1
 * slots (65, or 33 for the 32-bit ops), read without a check
 */
struct bc_tab64 {
	__u64 slot[65];
};

struct bc_tab32 {
	__u64 slot[33];
};

struct bc_kctx {
	__u64 x;
	__u64 out[BC_NCOUNTS];
};

/* the loop programs: x = x * BC_MUL + clz64(x) */
#define BC_MUL 0x9e3779b97f4a7c15ull
#define BC_LOOP_MAX 64

struct bc_pkt {
	__u64 x;
	__u32 n;
	__u32 pad;
};

/* the one-call programs cost_<op> and cost_none, for the verifier's count */
struct bc_cctx {
	__u64 x;
	__u64 out;
};

#endif /* _BITCOUNT_H */
