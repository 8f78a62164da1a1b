/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by select.bpf.c, select_bad.bpf.c and tests/prog_tests/select.c.
 */
#ifndef _SELECT_H
#define _SELECT_H

/*
 * select_all: each result r[i] with the registers bound differently, so
 * the emitter sees every aliasing of its result with its operands.
 * X(index, want): the reference, from c, a and b.
 */
#define SEL_CASES(X)							\
	X(0, c ? a : b)		/* args moved in, result in R0 */	\
	X(1, c ? a : b)		/* result register is a's */		\
	X(2, c ? a : b)		/* result register is b's */		\
	X(3, c ? a : b)		/* result register is cond's */		\
	X(4, c ? c : b)		/* a is cond, result there too */	\
	X(5, b)			/* a is b, result there too */		\
	X(6, c)			/* all one register */			\
	X(7, c ? a : b)		/* args loaded in place */
#define SEL_NCASES 8

struct sel_ctx {
	__u64 c, a, b;
	__u64 r[SEL_NCASES];
};

/* the loop programs: Collatz steps, x = x & 1 ? 3 * x + 1 : x / 2 */
#define SEL_LOOP_MAX 64

struct sel_pkt {
	__u64 x;
	__u32 n;
	__u32 pad;
};

/*
 * select_pkt: w = the word at 4 (c != 0) or 8 (c == 0) after one bounds
 * check against 12 bytes, written over c.
 */
struct sel_kpkt {
	__u32 c;
	__u32 w4;
	__u32 w8;
	__u32 pad;	/* XDP test runs want an Ethernet header's length */
};

#endif /* _SELECT_H */
