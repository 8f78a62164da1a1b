// SPDX-License-Identifier: GPL-2.0
/*
 * The programs of bpf/bench/bench.bpf.c written in C, as the kernel's own C
 * would do them, compiled in their own file (no inlining into the timing
 * loop): the C rows of make bench, and a second check of the guest's
 * results.  Per-CPU data is reached through %gs as this_cpu_ptr() and
 * raw_smp_processor_id() do.
 *
 * mk/bench.mk builds this file twice, with -fno-strict-aliasing as the
 * kernel builds its C: for the baseline x86-64 ISA with gcc ("C", no BMI
 * or MOVBE, what a distro kernel may assume) and for this CPU with
 * clang -march=native ("C-host", what the best compiler makes of the same
 * loop here).  CREF_LOOKUP names each build's lookup.  replay copies each
 * function as it copies the JIT images, to the same page offsets, so the
 * C loops move with the images (tools/replay/replay.c).
 */
#include <string.h>

#include "replay.h"
#include "bench.h"

#ifndef CREF_LOOKUP
#define CREF_LOOKUP cref_lookup_base
#endif

#define PKT(ctx, acc, b)						\
	const unsigned char *b = (const unsigned char *)(ctx)->data + 8;	\
	const unsigned char *end = (ctx)->data_end;			\
	uint64_t acc;							\
									\
	if ((const unsigned char *)(ctx)->data + BENCH_PKT_LEN > end)	\
		return 0;	/* XDP_ABORTED */			\
	memcpy(&acc, (ctx)->data, 8)

#define GS_READ(type, off) (*(volatile type __seg_gs *)(uintptr_t)(off))

static uint64_t c_rol(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);
	uint64_t x;

	(void)b;
	for (uint32_t i = 0; i < BENCH_N; i++) {
		x = acc ^ i;
		acc = x << 13 | x >> 51;
	}
	return BENCH_FOLD(acc);
}

static uint64_t c_bextr(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);
	uint64_t x;

	(void)b;
	for (uint32_t i = 0; i < BENCH_N; i++) {
		x = acc ^ i;
		acc = x + ((x >> 13) & 0x1ffff);
	}
	return BENCH_FOLD(acc);
}

static uint64_t c_lea(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);

	(void)b;
	for (uint32_t i = 0; i < BENCH_N; i++)
		acc = acc + ((acc ^ i) << 3) + 16;
	return BENCH_FOLD(acc);
}

static uint64_t c_load_be(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);
	const unsigned char *p;
	uint64_t v;

	for (uint32_t i = 0; i < BENCH_N; i++) {
		p = b + ((acc ^ i) & 31);
		if (p + 8 > end)
			break;
		memcpy(&v, p, 8);
		acc += __builtin_bswap64(v);
	}
	return BENCH_FOLD(acc);
}

static uint64_t c_select(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);

	for (uint32_t i = 0; i < BENCH_N; i++)
		acc = (b[i & (BENCH_BYTES - 1)] & 1) ? acc + i : acc ^ i;
	return BENCH_FOLD(acc);
}

static uint64_t c_for(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);

	(void)b;
	for (int i = 0; i < BENCH_N; i++)
		acc = (acc ^ (uint64_t)(int64_t)i) + 1;
	return BENCH_FOLD(acc);
}

static uint64_t c_bpf_loop(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);

	(void)b;
	for (uint64_t i = 0; i < BENCH_N; i++)
		acc = (acc ^ i) + 1;
	return BENCH_FOLD(acc);
}

/* log2 histogram: the bucket is the bit length of x, never 0 */
#define LOG2_SLOTS	65
#define BENCH_MUL	0x9e3779b97f4a7c15ull
static uint64_t log2_hist[LOG2_SLOTS];

static uint64_t c_log2(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);
	uint64_t x;
	uint32_t slot;

	(void)b;
	for (uint32_t i = 0; i < BENCH_N; i++) {
		x = (acc >> (acc & 63)) | 1;
		slot = 64 - __builtin_clzll(x);
		log2_hist[slot]++;
		acc = acc * BENCH_MUL + slot;
	}
	return BENCH_FOLD(acc);
}

/* bitmap scan: each set bit's position, lowest first, as found */
static uint64_t c_bitscan(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);
	uint64_t w = acc | 1ull << 63;

	(void)b;
	for (uint32_t i = 0; i < BENCH_N; i++) {
		if (!w)
			w = (acc * BENCH_MUL + i) | 1ull << 63;
		acc += __builtin_ctzll(w);
		w &= w - 1;
	}
	return BENCH_FOLD(acc);
}

/* 128-bit multiply hash: wyhash's mix, both halves of the product */
static uint64_t c_mum(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);
	unsigned __int128 r;
	uint64_t x, y;

	(void)b;
	for (uint32_t i = 0; i < BENCH_N; i++) {
		x = acc ^ 0xa0761d6478bd642full;
		y = i ^ 0xe7037ed1a0b428dbull;
		r = (unsigned __int128)x * y;
		acc = (uint64_t)r ^ (uint64_t)(r >> 64);
	}
	return BENCH_FOLD(acc);
}

/* struct counter of bench.bpf.c: a cache line */
struct counter {
	uint64_t n;
	uint64_t pad[7];
};

#define NCPU 64
static struct counter glob_arr[NCPU];

static uint64_t c_glob_arr_inc(const struct replay_ctx *ctx)
{
	uint32_t cpu = GS_READ(uint32_t, rk.cpu_number) & (NCPU - 1);
	uint64_t start = glob_arr[cpu].n;

	(void)ctx;
	for (uint32_t i = 0; i < BENCH_N; i++)
		glob_arr[GS_READ(uint32_t, rk.cpu_number) & (NCPU - 1)].n++;
	return glob_arr[cpu].n - start;
}

/*
 * The PERCPU_ARRAY of arr_inc: its bpf_array's value pointers (per-CPU
 * offsets; the counter lives in the fake per-CPU area, beside the image's
 * own), and the lookup as 6.12's percpu_array_map_gen_lookup() inlines it
 * into the program: the key read from the stack, compared with
 * max_entries (an immediate there, 1), the pointer loaded from pptrs[],
 * this CPU's offset added from %gs.  Nothing here lets the compiler hoist
 * that out of the loop that a BPF program would not: the key is read
 * through a volatile as the image reads it from its stack, and the
 * counter's store may alias pptrs[] (-fno-strict-aliasing), so pptrs[0]
 * is loaded again each time as the image loads it.
 */
#define ARR_MAX_ENTRIES 1
static uintptr_t arr_pptrs[ARR_MAX_ENTRIES] = { PCPU_PPTR_OFF + 0x1000 };

static inline struct counter *arr_lookup(const uint32_t *key)
{
	uint32_t k = *(const volatile uint32_t *)key;

	if (k >= ARR_MAX_ENTRIES)
		return NULL;
	return (struct counter *)(arr_pptrs[k] + GS_READ(uint64_t, rk.this_cpu_off));
}

static uint64_t c_arr_inc(const struct replay_ctx *ctx)
{
	struct counter *c;
	uint32_t key = 0;
	uint64_t start;

	(void)ctx;
	c = arr_lookup(&key);
	if (!c)
		return 0;	/* XDP_ABORTED */
	start = c->n;
	for (uint32_t i = 0; i < BENCH_N; i++) {
		c = arr_lookup(&key);
		if (c)
			c->n++;
	}
	return c ? c->n - start : 0;
}

static uint64_t c_this_cpu(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);
	const char *rq;

	(void)b;
	for (uint32_t i = 0; i < BENCH_N; i++) {
		rq = (const char *)(uintptr_t)(rk.runqueues +
					       GS_READ(uint64_t, rk.this_cpu_off));
		acc = (acc ^ i) + *(const int *)(rq + rk.rq_cpu);
	}
	return BENCH_FOLD(acc);
}

static const struct {
	const char *op;
	bench_fn fn;
} crefs[] = {
	{ "rol", c_rol },
	{ "bextr", c_bextr },
	{ "lea", c_lea },
	{ "load_be", c_load_be },
	{ "select", c_select },
	{ "log2", c_log2 },
	{ "bitscan", c_bitscan },
	{ "mum", c_mum },
	{ "for", c_for },
	{ "bpf_loop", c_bpf_loop },
	{ "glob_arr_inc", c_glob_arr_inc },
	{ "arr_inc", c_arr_inc },
	{ "this_cpu", c_this_cpu },
};

bench_fn CREF_LOOKUP(const char *op)
{
	for (size_t i = 0; i < sizeof(crefs) / sizeof(crefs[0]); i++)
		if (!strcmp(crefs[i].op, op))
			return crefs[i].fn;
	return NULL;
}
