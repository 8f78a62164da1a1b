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
 * loop here).  CREF_LOOKUP names each build's lookup, which also gives
 * the few ops with a second C version theirs (row C-alt, from the baseline
 * build: a CRC32C byte table, a chase without prefetch, a copy in general
 * registers only).  replay copies each
 * function as it copies the JIT images, to the same page offsets, so the
 * C loops move with the images (tools/replay/replay.c).
 */
#include <endian.h>
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

/*
 * The hashes of bench.bpf.c, rotates as the kernel's rol64() and rol32();
 * inlined (__always_inline of glibc's sys/cdefs.h), so that replay's
 * copy of c_NAME is all of the hash.
 */
static inline uint64_t rol64(uint64_t x, unsigned int n)
{
	return x << n | x >> (64 - n);
}

static inline uint32_t rol32(uint32_t x, unsigned int n)
{
	return x << n | x >> (32 - n);
}

static inline uint64_t get64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static inline uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

#define XXH_P1	0x9e3779b185ebca87ull
#define XXH_P2	0xc2b2ae3d27d4eb4full
#define XXH_P3	0x165667b19e3779f9ull
#define XXH_P4	0x85ebca77c2b2ae63ull
#define XXH_P5	0x27d4eb2f165667c5ull

static inline uint64_t xxh_round(uint64_t acc, uint64_t lane)
{
	return rol64(acc + lane * XXH_P2, 31) * XXH_P1;
}

static inline uint64_t xxh_merge(uint64_t h, uint64_t v)
{
	return (h ^ xxh_round(0, v)) * XXH_P1 + XXH_P4;
}

/* XXH64 of len bytes, as the kernel's xxh64() does it */
static __always_inline uint64_t xxh64(const unsigned char *p, size_t len, uint64_t seed)
{
	const unsigned char *end = p + len;
	uint64_t h;

	if (len >= 32) {
		uint64_t v1 = seed + XXH_P1 + XXH_P2, v2 = seed + XXH_P2;
		uint64_t v3 = seed, v4 = seed - XXH_P1;

		do {
			v1 = xxh_round(v1, get64(p));
			v2 = xxh_round(v2, get64(p + 8));
			v3 = xxh_round(v3, get64(p + 16));
			v4 = xxh_round(v4, get64(p + 24));
			p += 32;
		} while (p + 32 <= end);
		h = rol64(v1, 1) + rol64(v2, 7) + rol64(v3, 12) + rol64(v4, 18);
		h = xxh_merge(h, v1);
		h = xxh_merge(h, v2);
		h = xxh_merge(h, v3);
		h = xxh_merge(h, v4);
	} else {
		h = seed + XXH_P5;
	}
	h += len;
	for (; p + 8 <= end; p += 8)
		h = rol64(h ^ xxh_round(0, get64(p)), 27) * XXH_P1 + XXH_P4;
	if (p + 4 <= end) {
		h = rol64(h ^ get32(p) * XXH_P1, 23) * XXH_P2 + XXH_P3;
		p += 4;
	}
	for (; p < end; p++)
		h = rol64(h ^ *p * XXH_P5, 11) * XXH_P1;
	h ^= h >> 33;
	h *= XXH_P2;
	h ^= h >> 29;
	h *= XXH_P3;
	return h ^ h >> 32;
}

static uint64_t c_xxh64(const struct replay_ctx *ctx)
{
	PKT(ctx, seed, b);
	uint64_t h;

	h = xxh64(b, BENCH_HASH_LEN, seed);
	return BENCH_FOLD(h);
}

/* SipHash-2-4 of len bytes with key (k0, k1), as the kernel's siphash() */
#define SIPROUND(v0, v1, v2, v3)					\
do {									\
	v0 += v1; v1 = rol64(v1, 13) ^ v0; v0 = rol64(v0, 32);		\
	v2 += v3; v3 = rol64(v3, 16) ^ v2;				\
	v0 += v3; v3 = rol64(v3, 21) ^ v0;				\
	v2 += v1; v1 = rol64(v1, 17) ^ v2; v2 = rol64(v2, 32);		\
} while (0)

static __always_inline uint64_t siphash(const unsigned char *p, size_t len,
					uint64_t k0, uint64_t k1)
{
	uint64_t v0 = k0 ^ 0x736f6d6570736575ull, v1 = k1 ^ 0x646f72616e646f6dull;
	uint64_t v2 = k0 ^ 0x6c7967656e657261ull, v3 = k1 ^ 0x7465646279746573ull;
	const unsigned char *end = p + (len & ~7ul);
	uint64_t m, last = (uint64_t)len << 56;

	for (; p < end; p += 8) {
		m = get64(p);
		v3 ^= m;
		SIPROUND(v0, v1, v2, v3);
		SIPROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	for (size_t i = 0; i < (len & 7); i++)
		last |= (uint64_t)p[i] << (8 * i);
	v3 ^= last;
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	v0 ^= last;
	v2 ^= 0xff;
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	return v0 ^ v1 ^ v2 ^ v3;
}

static uint64_t c_siphash(const struct replay_ctx *ctx)
{
	PKT(ctx, seed, b);
	uint64_t h;

	h = siphash(b, BENCH_HASH_LEN, seed, ~seed);
	return BENCH_FOLD(h);
}

/* jhash(key, 16, initval) of include/linux/jhash.h, per flow key */
#define JHASH_INITVAL	0xdeadbeef

#define jhash_mix(a, b, c)				\
do {							\
	a -= c;  a ^= rol32(c, 4);  c += b;		\
	b -= a;  b ^= rol32(a, 6);  a += c;		\
	c -= b;  c ^= rol32(b, 8);  b += a;		\
	a -= c;  a ^= rol32(c, 16); c += b;		\
	b -= a;  b ^= rol32(a, 19); a += c;		\
	c -= b;  c ^= rol32(b, 4);  b += a;		\
} while (0)

#define jhash_final(a, b, c)				\
do {							\
	c ^= b; c -= rol32(b, 14);			\
	a ^= c; a -= rol32(c, 11);			\
	b ^= a; b -= rol32(a, 25);			\
	c ^= b; c -= rol32(b, 16);			\
	a ^= c; a -= rol32(c, 4);			\
	b ^= a; b -= rol32(a, 14);			\
	c ^= b; c -= rol32(b, 24);			\
} while (0)

static __always_inline uint32_t jhash16(const unsigned char *k, uint32_t initval)
{
	uint32_t a, b, c;

	a = b = c = JHASH_INITVAL + BENCH_FLOW_KEY + initval;
	a += get32(k);
	b += get32(k + 4);
	c += get32(k + 8);
	jhash_mix(a, b, c);
	a += get32(k + 12);
	jhash_final(a, b, c);
	return c;
}

static uint64_t c_jhash(const struct replay_ctx *ctx)
{
	PKT(ctx, seed, b);
	uint32_t h = 0;

	for (int i = 0; i < BENCH_FLOWS; i++)
		h ^= jhash16(b + i * BENCH_FLOW_KEY, seed);
	return h;
}

/*
 * CRC32C of each 64-byte buffer, ~0 in, inverted out, the CRCs xored:
 * with the crc32 instruction, as the kernel's x86 CRC32C (crc32c-intel)
 * does it whatever the kernel's baseline, hence SSE4.2 for this function
 * in the baseline build too.  The eight steps unrolled, as clang unrolls
 * them in bench.bpf.c (gcc -O2 keeps the loop: 2.4 times as slow here,
 * each step waiting on the last through the loop's branch).  The
 * alternative (C-alt) a byte table (Sarwate's), what C without the
 * instruction does, in a loop.
 */
static __attribute__((target("sse4.2"))) uint64_t c_crc32c(const struct replay_ctx *ctx)
{
	PKT(ctx, seed, b);
	uint32_t crc, h = 0;

	(void)seed;
	for (int i = 0; i < BENCH_CRC_BUFS; i++, b += BENCH_CRC_BUF) {
		crc = ~0u;
#pragma GCC unroll 8
		for (int j = 0; j < BENCH_CRC_BUF; j += 8)
			crc = __builtin_ia32_crc32di(crc, get64(b + j));
		h ^= ~crc;
	}
	return h;
}

static uint32_t crc32c_table[256];

__attribute__((constructor)) static void crc32c_table_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = c >> 1 ^ (0x82f63b78 & -(c & 1));
		crc32c_table[i] = c;
	}
}

static uint64_t c_crc32c_table(const struct replay_ctx *ctx)
{
	PKT(ctx, seed, b);
	uint32_t crc, h = 0;

	(void)seed;
	for (int i = 0; i < BENCH_CRC_BUFS; i++, b += BENCH_CRC_BUF) {
		crc = ~0u;
		for (int j = 0; j < BENCH_CRC_BUF; j++)
			crc = crc32c_table[(crc ^ b[j]) & 0xff] ^ crc >> 8;
		h ^= ~crc;
	}
	return h;
}

/*
 * Pointer chase: the list of bench.bpf.c, built the same way (before
 * main: the programs build theirs on their first run), chased with
 * prefetch(), the kernel's __builtin_prefetch(), of the node BENCH_CHASE_AHEAD
 * hops on; the alternative (C-alt) without it.  Each has its list, as
 * each image has its map: one variant's runs leave nothing in the cache
 * for another's.
 */
struct chase_node {
	uint32_t next, ahead;
	uint64_t val;
	uint64_t pad[6];
} __attribute__((aligned(64)));

#define CHASE_MASK	(BENCH_CHASE_NODES - 1)
static struct chase_node chase[BENCH_CHASE_NODES], chase_none[BENCH_CHASE_NODES];

static void chase_build(struct chase_node *chase)
{
	for (uint32_t k = 0; k < BENCH_CHASE_NODES; k++) {
		uint32_t a = k;

		for (int d = 0; d < BENCH_CHASE_AHEAD; d++)
			a = (a * BENCH_CHASE_A + BENCH_CHASE_C) & CHASE_MASK;
		chase[k].next = (k * BENCH_CHASE_A + BENCH_CHASE_C) & CHASE_MASK;
		chase[k].ahead = a;
		chase[k].val = k * BENCH_MUL;
	}
}

__attribute__((constructor)) static void chase_init(void)
{
	chase_build(chase);
	chase_build(chase_none);
}

#define C_CHASE(name, chase, prefetch)					\
static uint64_t name(const struct replay_ctx *ctx)			\
{									\
	PKT(ctx, acc, b);						\
	const struct chase_node *n;					\
	uint16_t first;							\
	uint32_t k;							\
									\
	memcpy(&first, b, 2);						\
	k = first;							\
	for (uint32_t i = 0; i < BENCH_N; i++) {			\
		n = &chase[k & CHASE_MASK];				\
		prefetch;						\
		acc = acc * BENCH_MUL + n->val;				\
		k = n->next;						\
	}								\
	return BENCH_FOLD(acc);						\
}
C_CHASE(c_prefetch, chase, __builtin_prefetch(&chase[n->ahead & CHASE_MASK]))
C_CHASE(c_prefetch_none, chase_none, (void)0)

/*
 * 16-byte copy: memcpy(d, s, 16), which user-space C makes one 16-byte
 * SSE load and store; the alternative (C-alt) the same built as the
 * kernel builds its C, general registers only (-mno-sse and the like):
 * two 8-byte loads and stores, as the native code.
 */
static uint64_t copy_out[BENCH_COPY_RECS * 2];

#define C_COPY16(name, ...)						\
static __VA_ARGS__ uint64_t name(const struct replay_ctx *ctx)		\
{									\
	PKT(ctx, acc, b);						\
									\
	for (uint32_t r = 0; r < BENCH_COPY_PASSES; r++)		\
		for (uint32_t k = 0; k < BENCH_COPY_RECS; k++)		\
			memcpy(&copy_out[((k + r) & (BENCH_COPY_RECS - 1)) * 2], \
			       b + k * 16, 16);				\
	for (uint32_t k = 0; k < BENCH_COPY_RECS * 2; k++)		\
		acc += copy_out[k] * (k + 1);				\
	return BENCH_FOLD(acc);						\
}
C_COPY16(c_copy16)
C_COPY16(c_copy16_gpr, __attribute__((target("general-regs-only"))))

/* encapsulation header write: bench.bpf.c's encap_*, htobe*() stores */
static uint64_t encap_hdr[BENCH_ENCAP_SLOTS * 2];

static uint64_t c_encap(const struct replay_ctx *ctx)
{
	PKT(ctx, acc, b);

	(void)b;
	for (uint32_t i = 0; i < BENCH_N; i++) {
		unsigned char *h = (unsigned char *)&encap_hdr[(i & (BENCH_ENCAP_SLOTS - 1)) * 2];
		uint64_t v = acc ^ i;
		uint16_t len = htobe16(v + 20), id = htobe16(i);
		uint32_t vni = htobe32((uint32_t)v << 8);
		uint64_t w = htobe64(v);

		memcpy(h, &len, 2);
		memcpy(h + 2, &id, 2);
		memcpy(h + 4, &vni, 4);
		memcpy(h + 8, &w, 8);
	}
	for (uint32_t k = 0; k < BENCH_ENCAP_SLOTS * 2; k++)
		acc += encap_hdr[k] * (k + 1);
	return BENCH_FOLD(acc);
}

struct cref {
	const char *op;
	bench_fn fn;
};

static const struct cref crefs[] = {
	{ "rol", c_rol },
	{ "bextr", c_bextr },
	{ "lea", c_lea },
	{ "load_be", c_load_be },
	{ "select", c_select },
	{ "log2", c_log2 },
	{ "bitscan", c_bitscan },
	{ "scanand", c_bitscan },
	{ "mum", c_mum },
	{ "mumhi", c_mum },
	{ "for", c_for },
	{ "bpf_loop", c_bpf_loop },
	{ "glob_arr_inc", c_glob_arr_inc },
	{ "arr_inc", c_arr_inc },
	{ "this_cpu", c_this_cpu },
	{ "xxh64", c_xxh64 },
	{ "siphash", c_siphash },
	{ "jhash", c_jhash },
	{ "crc32c", c_crc32c },
	{ "crcidx", c_crc32c },
	{ "prefetch", c_prefetch },
	{ "copy16", c_copy16 },
	{ "encap", c_encap },
};

/* the second C version of a few ops: the C-alt row */
static const struct cref cref_alts[] = {
	{ "crc32c", c_crc32c_table },
	{ "prefetch", c_prefetch_none },
	{ "copy16", c_copy16_gpr },
};

/* the C version of @op, or with @alt its second one (C-alt) */
bench_fn CREF_LOOKUP(const char *op, int alt)
{
	const struct cref *t = alt ? cref_alts : crefs;
	size_t n = alt ? sizeof(cref_alts) / sizeof(cref_alts[0]) :
			 sizeof(crefs) / sizeof(crefs[0]);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].op, op))
			return t[i].fn;
	return NULL;
}
