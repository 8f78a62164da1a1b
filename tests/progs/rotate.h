/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by rotate.bpf.c, rotate_bad.bpf.c and tests/prog_tests/rotate.c: the
 * context of the SEC("syscall") programs and the counts they rotate by
 * (constants in the programs, so an X-macro expanded once per count).
 */
#ifndef _ROTATE_H
#define _ROTATE_H

/* X(index, count): edges, counts past the width, a plain one */
#define ROT_COUNTS(X)							\
	X(0, 0) X(1, 1) X(2, 13) X(3, 31) X(4, 32) X(5, 63) X(6, 64) X(7, 100)
#define ROT_NCOUNTS 8

/* the loop programs: x = rol64(x, ROT_LOOP_COUNT), n times */
#define ROT_LOOP_COUNT 13
#define ROT_LOOP_MAX 64

struct rot_ctx {
	__u64 x;
	__u64 rol64[ROT_NCOUNTS];
	__u64 ror64[ROT_NCOUNTS];
	__u32 rol32[ROT_NCOUNTS];
	__u32 ror32[ROT_NCOUNTS];
};

/* packet of the loop programs: x, then the iteration count */
struct rot_pkt {
	__u64 x;
	__u32 n;
	__u32 pad;
};

#endif /* _ROTATE_H */
