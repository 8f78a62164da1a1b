/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by prefetch.bpf.c, prefetch_bad.bpf.c and tests/prog_tests/prefetch.c.
 *
 * X(off): a prefetch of p + off, in this order.  The last one of each
 * program is of the last byte its bounds check or object allows.  arm64's
 * prfm takes offsets of 8 * (0 to 4095): the others keep the body there.
 */
#ifndef _PREFETCH_H
#define _PREFETCH_H

/* packet: 64 bytes, one check covers them */
#define PF_PKT_SIZE 64
#define PF_PKT_OFFS(X)		X(0) X(5) X(8) X(40) X(63)
/* map value: 16 bytes */
#define PF_MAP_OFFS(X)		X(0) X(7) X(8) X(15)
/* stack: 16 bytes (one-byte loads need no alignment there) */
#define PF_STACK_OFFS(X)	X(0) X(9) X(15)
/* a big map value: around 8 * 4095, the last offset prfm holds */
#define PF_FAR_SIZE 40000
#define PF_FAR_OFFS(X)		X(3) X(32760) X(32761) X(32768) X(PF_FAR_SIZE - 1)

/* the syscall programs' context */
struct pf_ctx {
	__u8 in[16];		/* stack: the buffer before the prefetches */
	__u8 out[16];		/* stack: after them */
	__u64 sum;		/* the words of in[] added, after the prefetches */
};

/* aligned, so that copies of it move words, not bytes */
struct pf_value {
	__u8 b[16];
} __attribute__((aligned(8)));

struct pf_far {
	__u8 b[PF_FAR_SIZE];
};

/*
 * prefetch_fastcall: a 16-byte packet, a prefetch of its byte 8 (5:
 * prefetch_fastcall_odd); R0, R3, R4 and R5 hold these across the call,
 * and it returns their sum
 */
#define PF_FC_OFF 8
#define PF_FC_ODD_OFF 5
#define PF_FC_R0 0x1000
#define PF_FC_R3 0x20000
#define PF_FC_R4 0x300000
#define PF_FC_R5 0x4000000

/*
 * the loop programs: x = x * 31 + the next u64 of the packet, n of them
 * (n: the low 32 bits of x), each prefetched first
 */
#define PF_LOOP_MAX 64

struct pf_loop_pkt {
	__u64 x;		/* in: n (low 32 bits) and the start; out: x */
	__u64 w[PF_LOOP_MAX];
};

#endif /* _PREFETCH_H */
