/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by bench.bpf.c, the guest loader (tests/prog_tests/bench.c) and the
 * replay tool's C versions (tools/replay/cref.c): the packet layout and the
 * loop length.  Each program runs BENCH_N dependent operations on input
 * from the packet and returns a fold of the result, so nothing is dead.
 */
#ifndef _BENCH_H
#define _BENCH_H

#define BENCH_N		1000	/* operations per run */
#define BENCH_BYTES	2048	/* bytes after the seed: conditions, load data */

/*
 * The hashes (xxh64, siphash, jhash) run once over the first
 * BENCH_HASH_LEN of those bytes; jhash as a load balancer's flow hash,
 * one 16-byte key after the other.  Their figures are per byte hashed.
 */
#define BENCH_HASH_LEN	1500
#define BENCH_FLOW_KEY	16
#define BENCH_FLOWS	(BENCH_HASH_LEN / BENCH_FLOW_KEY)

/*
 * CRC32C (crc32c): the CRC32C (~0 in, inverted out) of each 64-byte buffer
 * of those bytes, one 64-bit step per 8 bytes, the CRCs xored together;
 * figures per buffer.
 */
#define BENCH_CRC_BUF	64
#define BENCH_CRC_BUFS	(BENCH_BYTES / BENCH_CRC_BUF)

/*
 * Pointer chase (prefetch): BENCH_N hops along a list threaded through
 * BENCH_CHASE_NODES 64-byte nodes (2 MiB: past L2), in an order no
 * hardware prefetcher follows; each node also knows the node
 * BENCH_CHASE_AHEAD hops on (a jump pointer), which the loop prefetches.
 * The first node comes from the packet.
 */
#define BENCH_CHASE_NODES	32768
#define BENCH_CHASE_AHEAD	16
/* the list: next(k) = k * A + C mod NODES, one cycle through all (Hull-Dobell) */
#define BENCH_CHASE_A		0x9e3779b5u	/* A % 4 == 1 */
#define BENCH_CHASE_C		0x7f4a7c15u	/* odd */
#define BENCH_CHASE_READY	0x600dc0deu

/*
 * 16-byte copy (copy16): BENCH_COPY_RECS records of 16 bytes from the
 * packet into a global array, BENCH_COPY_PASSES times, each pass one slot
 * further round; figures per record copied.
 */
#define BENCH_COPY_RECS		64
#define BENCH_COPY_PASSES	16

/*
 * Encapsulation header write (encap): BENCH_N 16-byte headers into a ring
 * of BENCH_ENCAP_SLOTS slots; figures per header.
 */
#define BENCH_ENCAP_SLOTS	64

/* the packet: a 64-bit seed, then BENCH_BYTES bytes */
#define BENCH_PKT_LEN	(8 + BENCH_BYTES)

/* return value: both halves of the accumulator */
#define BENCH_FOLD(acc)	((unsigned int)((acc) ^ ((acc) >> 32)))

#endif /* _BENCH_H */
