/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by load_be.bpf.c, load_be_bad.bpf.c and tests/prog_tests/load_be.c.
 *
 * X(index, bits, off): out[index] = the big-endian BITS at in + off.  The
 * offsets are odd, and the last load of each program ends at the edge of
 * what its bounds check or object allows.
 */
#ifndef _LOAD_BE_H
#define _LOAD_BE_H

/* packet: in[] is 32 bytes, one check covers the whole packet */
#define LBE_PKT_LOADS(X)	X(0, 16, 1) X(1, 32, 3) X(2, 64, 5) X(3, 64, 24)
/* map value: 16 bytes */
#define LBE_MAP_LOADS(X)	X(0, 16, 14) X(1, 32, 1) X(2, 64, 3) X(3, 64, 8)
/* stack: 16 bytes; the verifier wants stack accesses aligned */
#define LBE_STACK_LOADS(X)	X(0, 16, 14) X(1, 32, 4) X(2, 64, 0) X(3, 64, 8)
/* context: only at offset 0 (the verifier refuses a moved ctx pointer) */
#define LBE_CTX_LOADS(X)	X(0, 16, 0) X(1, 32, 0) X(2, 64, 0)
#define LBE_NOUT 4

struct lbe_pkt {
	__u8 in[32];
	__u64 out[LBE_NOUT];
};

struct lbe_ctx {
	__u8 in[16];
	__u64 out[LBE_NOUT];
};

/* aligned, so that copies of it move words, not bytes */
struct lbe_value {
	__u8 in[16];
} __attribute__((aligned(8)));

/* the loop programs: x = x * 31 + the next big-endian u64, n of them */
#define LBE_LOOP_MAX 64

struct lbe_loop_pkt {
	__u64 x;		/* in: n (low 32 bits); out: x */
	__u64 w[LBE_LOOP_MAX];
};

#endif /* _LOAD_BE_H */
