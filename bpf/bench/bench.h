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

/* the packet: a 64-bit seed, then BENCH_BYTES bytes */
#define BENCH_PKT_LEN	(8 + BENCH_BYTES)

/* return value: both halves of the accumulator */
#define BENCH_FOLD(acc)	((unsigned int)((acc) ^ ((acc) >> 32)))

#endif /* _BENCH_H */
