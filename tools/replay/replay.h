/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The replay tool (make bench): JIT images from the x86-64 guest run on this
 * CPU.  Shared by replay.c (loading, relinking, timing), kstubs.c (the kernel
 * functions the images call, in user space) and cref.c (the C versions).
 */
#ifndef _REPLAY_H
#define _REPLAY_H

#include <stdint.h>

/* The head of the kernel's struct xdp_buff, all an XDP program reads here. */
struct replay_ctx {
	void *data;
	void *data_end;
	void *data_meta;
	void *data_hard_start;
};

/*
 * The fake per-CPU area of the one CPU replay has: %gs points at it, so a
 * per-CPU offset (the address of a per-CPU symbol) plus this_cpu_off, which
 * holds the area's own address, lands in it.
 */
#define PCPU_AREA_SIZE	(16ul << 20)
#define PCPU_PPTR_OFF	(12ul << 20)	/* PERCPU_ARRAY values live here */

struct replay_kernel {
	uint64_t this_cpu_off;	/* per-CPU offset of this_cpu_off */
	uint64_t cpu_number;	/* per-CPU offset of pcpu_hot.cpu_number */
	uint64_t runqueues;	/* per-CPU offset of runqueues */
	uint64_t rq_cpu;	/* offsetof(struct rq, cpu) */
};
extern struct replay_kernel rk;

/* kstubs.c: a kernel function the images may call, by name, or NULL */
void *kstub_lookup(const char *name);

/*
 * cref.c: the C versions of bpf/bench/bench.bpf.c, by op name, or NULL;
 * built for the baseline x86-64 ISA and for this CPU (mk/bench.mk); with
 * alt, an op's second C version (NULL for most)
 */
typedef uint64_t (*bench_fn)(const struct replay_ctx *ctx);
bench_fn cref_lookup_base(const char *op, int alt);
bench_fn cref_lookup_host(const char *op, int alt);
bench_fn cref_lookup_gcc(const char *op, int alt);

#endif /* _REPLAY_H */
