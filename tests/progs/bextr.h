/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by bextr.bpf.c, bextr_bad.bpf.c and tests/prog_tests/bextr.c.
 */
#ifndef _BEXTR_H
#define _BEXTR_H

/* X(index, start, len): the edges (len 64, start 0, start 63), plain ones */
#define BX_PAIRS(X)							\
	X(0, 0, 64) X(1, 0, 1) X(2, 63, 1) X(3, 0, 32) X(4, 32, 32)	\
	X(5, 7, 13) X(6, 13, 51) X(7, 60, 4) X(8, 1, 63) X(9, 31, 2)	\
	X(10, 8, 8) X(11, 56, 8)
#define BX_NPAIRS 12

/* bextr_alias: result in the operand's register, and in another one */
#define BX_ALIAS0_START 5
#define BX_ALIAS0_LEN 11
#define BX_ALIAS1_START 60
#define BX_ALIAS1_LEN 4

struct bx_ctx {
	__u64 x;
	__u64 r[BX_NPAIRS];
	__u64 alias[2];
};

/* bextr_map: slot[bextr(x, BX_KSTART, BX_KLEN)] of a 2^BX_KLEN table */
#define BX_KSTART 3
#define BX_KLEN 4

struct bx_table {
	__u64 slot[1 << BX_KLEN];
};

struct bx_kctx {
	__u64 x;
	__u64 out;
};

/* the loop programs: x = x * BX_MUL + bextr(x, BX_LOOP_START, BX_LOOP_LEN) */
#define BX_LOOP_START 29
#define BX_LOOP_LEN 19
#define BX_MUL 0x9e3779b97f4a7c15ull
#define BX_LOOP_MAX 64

struct bx_pkt {
	__u64 x;
	__u32 n;
	__u32 pad;
};

#endif /* _BEXTR_H */
