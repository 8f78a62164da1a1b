/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by smoke.bpf.c and its loader tests/prog_tests/smoke.c: the context of the
 * SEC("syscall") program and the rotate counts it is compiled with.  The
 * counts must be constants in the BPF program (n__k), so the list is an
 * X-macro expanded once per count.
 */
#ifndef _SMOKE_H
#define _SMOKE_H

/* X(index, count): edge counts, counts past the width, a plain one */
#define SMOKE_COUNTS(X)							\
	X(0, 0) X(1, 1) X(2, 13) X(3, 31) X(4, 32) X(5, 63) X(6, 64) X(7, 100)
#define SMOKE_NCOUNTS 8

/* count of the XDP program, which rotates the first 8 packet bytes */
#define SMOKE_XDP_COUNT 13

struct smoke_ctx {
	__u64 x;
	__u64 rol64[SMOKE_NCOUNTS];
	__u64 ror64[SMOKE_NCOUNTS];
	__u32 rol32[SMOKE_NCOUNTS];
	__u32 ror32[SMOKE_NCOUNTS];
};

#endif /* _SMOKE_H */
