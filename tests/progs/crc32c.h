/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by crc32c.bpf.c, crc32c_bad.bpf.c and tests/prog_tests/crc32c.c.
 */
#ifndef _CRC32C_H
#define _CRC32C_H

/* the kfuncs in order: the 1, 2, 4 and 8 byte steps */
#define CC_NOPS 4

/*
 * crc32c_alias, per kfunc: X(index, crc, v) the operands of result i,
 * from the context's crc and v: the result in crc's register, in v's
 * (x86-64 then copies v to a scratch register), crc and v in one
 * register with the result there and elsewhere, the operands swapped,
 * in place (the result in R0)
 */
#define CC_ALIAS(X)							\
	X(0, crc, v) X(1, crc, v) X(2, crc, crc) X(3, crc, crc)		\
	X(4, v, crc) X(5, crc, v)
#define CC_NALIAS 6

/* crc32c_all: r[i] the step of kfunc i of (crc, v); then the aliases */
struct cc_ctx {
	__u64 crc, v;
	__u64 r[CC_NOPS];
	__u64 alias[CC_NOPS * CC_NALIAS];
};

/*
 * the loop programs: x = x * CC_MUL ^ crc32c_u64((u32)x, x), n times; the
 * buffer programs: the CRC32C (~0 in, inverted out) of CC_BUF bytes
 */
#define CC_MUL 0x9e3779b97f4a7c15ull
#define CC_LOOP_MAX 64
#define CC_BUF 64

struct cc_pkt {
	__u64 x;
	__u32 n;
	__u32 pad;
};

struct cc_bpkt {
	union {
		__u8 buf[CC_BUF];
		__u64 w[CC_BUF / 8];	/* the words the programs load */
	};
	__u32 crc;
	__u32 pad;
};

/* the one-call programs cost_<kfunc> and cost_none */
struct cc_cctx {
	__u64 crc, v;
	__u64 out;
};

/*
 * crc32c_known: steps of constants, which the verifier computes exactly
 * through the bodies (so a check against the right value is dead code):
 * CRC32C("123456789") is 0xe3069283, the standard check value
 */
#define CC_CHECK 0xe3069283u

#endif /* _CRC32C_H */
