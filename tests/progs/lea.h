/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by lea.bpf.c, lea_bad.bpf.c and tests/prog_tests/lea.c.
 */
#ifndef _LEA_H
#define _LEA_H

/*
 * X(index, shift, disp): every shift, each with displacements at the
 * edges of x86 disp8/disp32 and arm64 imm12/movz/movn
 */
#define LEA_CASES(X)							\
	X(0, 0, 0) X(1, 1, 1) X(2, 2, -1) X(3, 3, 127) X(4, 0, 128)	\
	X(5, 1, -128) X(6, 2, -129) X(7, 3, 2147483647)			\
	X(8, 0, -2147483647 - 1) X(9, 1, 4096) X(10, 2, -4096)		\
	X(11, 3, 0x12345678) X(12, 3, -65537) X(13, 0, 0) X(14, 1, 4095)\
	X(15, 2, 0x7ff000)
#define LEA_NCASES 16

/*
 * lea_alias: the result in base's register, in index's, base and index in
 * one register, the result in another one
 */
#define LEA_ALIAS_SHIFT0 3
#define LEA_ALIAS_DISP0 -129
#define LEA_ALIAS_SHIFT1 1
#define LEA_ALIAS_DISP1 305419896
#define LEA_ALIAS_SHIFT2 2
#define LEA_ALIAS_DISP2 -2147483648
#define LEA_ALIAS_SHIFT3 0
#define LEA_ALIAS_DISP3 127
#define LEA_NALIAS 4

struct lea_ctx {
	__u64 base;
	__u64 index;
	__u64 r[LEA_NCASES];
	__u64 alias[LEA_NALIAS];
};

/* lea_map: slot[(x & 7) + 1] through lea(0, x & 7, 3, LEA_KDISP) */
#define LEA_KDISP 8

struct lea_table {
	__u64 slot[9];
};

struct lea_kctx {
	__u64 x;
	__u64 out;
};

/* the loop programs: x = lea(x, x >> LEA_LOOP_RSH, LEA_LOOP_SHIFT, LEA_LOOP_DISP) */
#define LEA_LOOP_RSH 29
#define LEA_LOOP_SHIFT 3
#define LEA_LOOP_DISP 1000
#define LEA_LOOP_MAX 64

struct lea_pkt {
	__u64 x;
	__u32 n;
	__u32 pad;
};

#endif /* _LEA_H */
