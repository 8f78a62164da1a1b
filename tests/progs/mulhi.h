/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by mulhi.bpf.c and tests/prog_tests/mulhi.c.
 */
#ifndef _MULHI_H
#define _MULHI_H

/*
 * mulhi_alias, per kfunc: X(index, a, b) the operands of result i, from
 * the context's a and b: the result in a's register, in b's, a and b in
 * one register with the result there and elsewhere, the operands
 * swapped, in place (the result in R0), a in R3 with the result there,
 * b in R3 (x86-64: R0 is rax, R3 is rdx, which mul and mulx use)
 */
#define MH_ALIAS(X)							\
	X(0, a, b) X(1, a, b) X(2, a, a) X(3, a, a) X(4, b, a)		\
	X(5, a, b) X(6, a, b) X(7, a, b)
#define MH_NALIAS 8

/*
 * mulhi_all: r[0] mulhi64(a, b), r[1] smulhi64(a, b), r[2] mulfold64(a, b);
 * then the aliases
 */
#define MH_NKFUNCS 3
struct mh_ctx {
	__u64 a, b;
	__u64 r[MH_NKFUNCS];
	__u64 alias[MH_NKFUNCS * MH_NALIAS];	/* mulhi64's, smulhi64's, mulfold64's */
};

/*
 * the loop programs: x ^= MH_P0; x = x * MH_P1 ^ mulhi64(x, MH_P1), and
 * the same as x = mulfold64(x, MH_P1)
 */
#define MH_P0 0xa0761d6478bd642full
#define MH_P1 0xe7037ed1a0b428dbull
#define MH_LOOP_MAX 64

struct mh_pkt {
	__u64 x;
	__u32 n;
	__u32 pad;
};

/* the one-call programs cost_<kfunc> and cost_none */
struct mh_cctx {
	__u64 a, b;
	__u64 out;
};

#endif /* _MULHI_H */
