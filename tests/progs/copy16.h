/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by copy16.bpf.c, copy16_bad.bpf.c and tests/prog_tests/copy16.c.
 *
 * X(dst, src): the 16 bytes at p + src copied to p + dst as memmove()
 * copies them, in this order.  Overlaps both ways, one onto itself, odd
 * offsets where the memory allows; the last copy of each program ends at
 * the edge of what its bounds check or object allows.
 */
#ifndef _COPY16_H
#define _COPY16_H

/* packet: 64 bytes, one check covers them */
#define C16_PKT_SIZE 64
#define C16_PKT_COPIES(X)	X(0, 16) X(33, 40) X(41, 33) X(5, 5) X(48, 47)
/* map value: 32 bytes */
#define C16_MAP_COPIES(X)	X(0, 16) X(15, 8) X(3, 9) X(16, 15)
/* stack: 32 bytes; the verifier wants 8-byte stack accesses 8-byte aligned */
#define C16_STACK_COPIES(X)	X(0, 16) X(8, 0) X(16, 8) X(0, 8)

/* the syscall programs' context */
struct c16_ctx {
	__u8 head[16];		/* what the context copies read and write */
	__u8 in[32];		/* stack: the buffer before the copies */
	__u8 out[32];		/* stack: after them */
};

/* aligned, so that copies of it move words, not bytes */
struct c16_value {
	__u8 b[32];
} __attribute__((aligned(8)));

/*
 * copy16_mixed (packet, map value, read-only map value, stack): into the
 * stack buffer b from packet + 3 and from value + 1, into value + 16 from
 * b, into packet + 48 from b + 16, into packet + 20 from value + 5, into
 * b + 8 from the read-only value + 7 (read-only memory may be a source);
 * then the program stores b at packet + 0
 */

/*
 * copy16_alias: dst and src in one register (the packet's first 16 bytes
 * onto themselves), then dst = p + 8 from src = p, the registers bound to
 * the program's own
 */
#define C16_ALIAS_SIZE 32

/*
 * copy16_fastcall: a 32-byte packet, its 16 bytes at 16 copied to 0; R0,
 * R3, R4 and R5 hold these across the call, and it returns their sum
 */
#define C16_FC_R0 0x1000
#define C16_FC_R3 0x20000
#define C16_FC_R4 0x300000
#define C16_FC_R5 0x4000000

/*
 * the loop programs: n (the low 32 bits of x) times, the 16 bytes at
 * q + 8 to q, q one word further each time: the words move down one
 * place, overlapping copy after overlapping copy.  x: how many it made.
 */
#define C16_LOOP_MAX 64

struct c16_loop_pkt {
	__u64 x;
	__u64 w[C16_LOOP_MAX + 2];
};

#endif /* _COPY16_H */
