/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the example programs in bpf/examples/ and their guest
 * loader (tests/prog_tests/examples.c): what each program leaves in its global
 * variables or maps, and the constants both sides use.
 */
#ifndef _INSN_EXAMPLES_H
#define _INSN_EXAMPLES_H

/* hash.bpf.c: XXH64 of the first HASH_MAX bytes of a packet */
#define HASH_MAX	256
#define HASH_SEED	0

#define XXH_PRIME64_1	0x9e3779b185ebca87ull
#define XXH_PRIME64_2	0xc2b2ae3d27d4eb4full
#define XXH_PRIME64_3	0x165667b19e3779f9ull
#define XXH_PRIME64_4	0x85ebca77c2b2ae63ull
#define XXH_PRIME64_5	0x27d4eb2f165667c5ull

/* parse.bpf.c: Ethernet, IPv4 (no options or one 4-byte option), UDP */
#define EX_ETH_HLEN	14
#define EX_ETH_P_IP	0x0800
#define EX_IPPROTO_UDP	17
#define EX_DISCARD_PORT	9	/* UDP to this port is dropped */

struct ex_flow {
	__u16 ethertype;
	__u16 tot_len;		/* IPv4 total length */
	__u32 saddr;		/* host order */
	__u32 daddr;
	__u16 sport;
	__u16 dport;
	__u16 udp_len;
	__u16 l4_off;		/* where the UDP header starts: 34 or 38 */
};

/* counter.bpf.c: one per-CPU slot of the cpu_stats map */
struct ex_cpu_stat {
	__u64 runs;		/* runs of the program on this CPU */
	__u32 cpu_id;		/* bpf_insn_cpu_id() */
	__s32 rq_cpu;		/* this CPU's runqueue: rq->cpu */
	__u32 nr_running;	/* this CPU's runqueue: rq->nr_running */
	__u32 pad;
};

#endif /* _INSN_EXAMPLES_H */
