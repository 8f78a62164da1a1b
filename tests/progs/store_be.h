/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by store_be.bpf.c, store_be_bad.bpf.c and tests/prog_tests/store_be.c.
 *
 * X(index, bits, off): the low BITS of v[index] stored big-endian at
 * out + off, in this order.  Each store leaves its own bytes, the offsets
 * are odd where the memory allows, and the last store of each program ends
 * at the edge of what its bounds check or object allows.
 */
#ifndef _STORE_BE_H
#define _STORE_BE_H

/* packet: out[] is 32 bytes, one check covers the whole packet */
#define SBE_PKT_STORES(X)	X(0, 16, 1) X(1, 32, 3) X(2, 64, 7) X(3, 64, 24)
/* map value: 16 bytes */
#define SBE_MAP_STORES(X)	X(0, 32, 1) X(1, 16, 5) X(2, 64, 8)
/* stack: 16 bytes; the verifier wants stack accesses aligned */
#define SBE_STACK_STORES(X)	X(0, 64, 0) X(1, 32, 8) X(2, 16, 12) X(3, 16, 14)
/* context: only at offset 0 (the verifier refuses a moved ctx pointer) */
#define SBE_CTX_STORES(X)	X(0, 16, 0) X(1, 32, 0) X(2, 64, 0)
#define SBE_NV 4

struct sbe_pkt {
	__u64 v[SBE_NV];
	__u8 out[32];
};

/* the syscall programs' context */
struct sbe_ctx {
	__u64 head;		/* what the context stores write */
	__u64 v[SBE_NV];
	__u8 in[16];		/* stack: the buffer before the stores */
	__u8 out[16];		/* stack: after them */
	__u64 snap[3];		/* context: head after each store */
};

/* aligned, so that copies of it move words, not bytes */
struct sbe_value {
	__u8 b[16];
} __attribute__((aligned(8)));

/*
 * store_be_alias: p and v in one register (the packet's address, stored
 * big-endian at 8 and as it is at 16), and v in R0, the register of the
 * result a void kfunc does not have (the first 8 bytes' low half,
 * big-endian at 25)
 */
#define SBE_ALIAS_SIZE 64

/*
 * store_be_fastcall: a 16-byte packet, the u64 at 8 stored big-endian at
 * 0; R0, R4 and R5 hold these across the call, and it returns their sum
 */
#define SBE_FC_R0 0x1000
#define SBE_FC_R4 0x20000
#define SBE_FC_R5 0x300000

/*
 * the loop programs: from x, n = its low 32 bits, store x big-endian into
 * the next word and go on with x * 31 + i, n words at most
 */
#define SBE_LOOP_MAX 64

struct sbe_loop_pkt {
	__u64 x;		/* in: x; out: the last x */
	__u64 w[SBE_LOOP_MAX];
};

#endif /* _STORE_BE_H */
