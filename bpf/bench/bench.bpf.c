// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark programs (make bench): each runs BENCH_N dependent operations
 * on input from an XDP packet and returns the folded result.  For each
 * operation there is the idiom a compiler emits for plain BPF today
 * (NAME_idiom), for select also the branch-free form a careful author
 * writes (select_mask), and the kfunc (NAME_kfunc); the guest loads the kfunc
 * version three times, as a plain call (bodies=0), as the body (native=0)
 * and as native code.  The host replays the JIT images (tools/replay/).
 *
 * The loops are not unrolled, so one iteration is one operation plus the
 * loop's own compare and branch, as in the C versions.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "bench.h"

#define NO_UNROLL _Pragma("clang loop unroll(disable)")

/* the packet's seed and bytes, or return XDP_ABORTED from a short one */
#define BENCH_PKT(ctx, seed, bytes)					\
	void *data = (void *)(long)(ctx)->data;				\
	void *end = (void *)(long)(ctx)->data_end;			\
	__u8 *bytes __attribute__((unused)) = data + 8;		\
	__u64 seed;							\
									\
	if (data + BENCH_PKT_LEN > end)					\
		return XDP_ABORTED;					\
	seed = *(__u64 *)data

/* rotate: acc = rol(acc ^ i, 13) */
SEC("xdp")
int rol_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	__u64 x;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		x = acc ^ i;
		acc = x << 13 | x >> 51;
	}
	return BENCH_FOLD(acc);
}

SEC("xdp")
int rol_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++)
		acc = bpf_insn_rol64(acc ^ i, 13);
	return BENCH_FOLD(acc);
}

/* bit-field extract: x = acc ^ i; acc = x + bits [13, 30) of x */
SEC("xdp")
int bextr_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	__u64 x;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		x = acc ^ i;
		acc = x + ((x >> 13) & 0x1ffff);
	}
	return BENCH_FOLD(acc);
}

SEC("xdp")
int bextr_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	__u64 x;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		x = acc ^ i;
		acc = x + bpf_insn_bextr64(x, 13, 17);
	}
	return BENCH_FOLD(acc);
}

/* address arithmetic: acc = acc + ((acc ^ i) << 3) + 16 */
SEC("xdp")
int lea_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++)
		acc = acc + ((acc ^ i) << 3) + 16;
	return BENCH_FOLD(acc);
}

SEC("xdp")
int lea_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++)
		acc = bpf_insn_lea64(acc, acc ^ i, 3, 16);
	return BENCH_FOLD(acc);
}

/*
 * big-endian load: the address depends on the last result, so the loads
 * form a chain: acc += be64 at bytes + ((acc ^ i) & 31).  A packet pointer
 * plus a variable needs its own bounds check, as in any parser.
 */
SEC("xdp")
int load_be_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);

	__u8 *p;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		p = b + ((acc ^ i) & 31);
		if ((void *)(p + 8) > end)
			break;
		acc += __builtin_bswap64(*(__u64 *)p);
	}
	return BENCH_FOLD(acc);
}

SEC("xdp")
int load_be_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);

	__u8 *p;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		p = b + ((acc ^ i) & 31);
		if ((void *)(p + 8) > end)
			break;
		acc += bpf_insn_load_be64(p, 0);
	}
	return BENCH_FOLD(acc);
}

/*
 * select: the condition is bit 0 of packet byte i; random bytes make it
 * unpredictable, equal bytes predictable (same program, other packet).
 */
SEC("xdp")
int select_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++)
		acc = (b[i & (BENCH_BYTES - 1)] & 1) ? acc + i : acc ^ i;
	return BENCH_FOLD(acc);
}

/*
 * The same select as the best plain BPF can do it: no branch, a mask from
 * the condition.  BPF has no conditional move, but -(cond) is all ones or
 * zero, so b ^ ((a ^ b) & mask) picks a or b in four ALU instructions.
 * The barrier keeps clang from seeing the select again and emitting the
 * branch of select_idiom; it is the usual barrier_var() of BPF programs
 * and emits nothing.  The guest loads it with the idioms (tests/prog_tests/
 * bench.c: the _mask suffix), as select.mask.
 */
SEC("xdp")
int select_mask(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	__u64 mask, x, y;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		mask = -(__u64)(b[i & (BENCH_BYTES - 1)] & 1);
		asm volatile("" : "+r"(mask));
		x = acc + i;
		y = acc ^ i;
		acc = y ^ ((x ^ y) & mask);
	}
	return BENCH_FOLD(acc);
}

SEC("xdp")
int select_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++)
		acc = bpf_insn_select64(b[i & (BENCH_BYTES - 1)] & 1, acc + i, acc ^ i);
	return BENCH_FOLD(acc);
}

/*
 * log2 histogram (runqlat's): the bucket of x, its bit length (1 to 64:
 * x is never 0), counted in a global array of 65 slots; acc moves on by
 * a multiply and takes the bucket in.  The kfunc's count is known as 0
 * to 64, so 64 - clz64 indexes the slots unchecked.  The idiom is plain
 * BPF without a branch, bpf/insn_kfuncs.h's __insn_clz64() (the smeared
 * bits counted), and runqlat's clamp of the slot, as the verifier knows
 * that count only as 0 to 255.  runqlat's own log2l() (libbpf-tools'
 * bits.bpf.h: a compare and branch per halving, five per call) is not
 * in the table: in a loop of BENCH_N the verifier follows every path of
 * every iteration and gives up ("BPF program is too large", tried).
 */
#define LOG2_SLOTS	65
#define BENCH_MUL	0x9e3779b97f4a7c15ull

__u64 log2_hist[LOG2_SLOTS];

SEC("xdp")
int log2_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	__u64 x, slot;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		x = (acc >> (acc & 63)) | 1;
		slot = 64 - __insn_clz64(x);
		if (slot >= LOG2_SLOTS)
			slot = LOG2_SLOTS - 1;
		log2_hist[slot]++;
		acc = acc * BENCH_MUL + slot;
	}
	return BENCH_FOLD(acc);
}

SEC("xdp")
int log2_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	__u64 x;
	__u32 slot;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		x = (acc >> (acc & 63)) | 1;
		slot = 64 - bpf_insn_clz64(x);
		log2_hist[slot]++;
		acc = acc * BENCH_MUL + slot;
	}
	return BENCH_FOLD(acc);
}

/*
 * bitmap scan (for_each_set_bit()): the position of each set bit of a
 * word, lowest first, cleared as found; an empty word is refilled from
 * acc (bit 63 set: never 0); barrier_var() keeps that refill, one
 * iteration in 33, on its branch, where clang would otherwise compute
 * it in every iteration.  The idiom is bpf/insn_kfuncs.h's fallback
 * __insn_ctz64(), the popcount of the trailing zeros made ones (clang 14
 * cannot compile __builtin_ctzll() for BPF), and w & (w - 1).
 * bitscan_kfunc clears the bit with blsr64, one instruction as gcc's
 * blsr; scanand_kfunc with BPF's w & (w - 1), three (its idiom is
 * bitscan_idiom).
 */
#define SCAN_BODY(ctz, clear)						\
	__u64 w = acc | 1ull << 63, t;					\
									\
	NO_UNROLL							\
	for (__u32 i = 0; i < BENCH_N; i++) {				\
		if (!w) {						\
			t = acc * BENCH_MUL + i;			\
			barrier_var(t);					\
			w = t | 1ull << 63;				\
		}							\
		acc += ctz(w);						\
		w = clear(w);						\
	}								\
	return BENCH_FOLD(acc)

SEC("xdp")
int bitscan_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	SCAN_BODY(__insn_ctz64, __insn_blsr64);
}

SEC("xdp")
int bitscan_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	SCAN_BODY(bpf_insn_ctz64, bpf_insn_blsr64);
}

SEC("xdp")
int scanand_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	SCAN_BODY(bpf_insn_ctz64, __insn_blsr64);
}

/*
 * 128-bit multiply hash: wyhash's mix, the low and the high half of the
 * product of two words xored, chained through acc.  The idiom is the
 * product of the 32-bit halves (bpf/insn_kfuncs.h's fallback: BPF has no
 * 128-bit multiply).  mum_kfunc folds with mulfold64, one multiply;
 * mumhi_kfunc takes the high half with mulhi64 and the low one with
 * BPF's multiply, two multiplies on the hash's chain (its idiom is
 * mum_idiom).
 */
#define MUM_P0	0xa0761d6478bd642full
#define MUM_P1	0xe7037ed1a0b428dbull

#define MUM_BODY(MIX)							\
	__u64 x, y;							\
									\
	NO_UNROLL							\
	for (__u32 i = 0; i < BENCH_N; i++) {				\
		x = acc ^ MUM_P0;					\
		y = i ^ MUM_P1;						\
		acc = MIX(x, y);					\
	}								\
	return BENCH_FOLD(acc)

SEC("xdp")
int mum_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	MUM_BODY(__insn_mulfold64);
}

SEC("xdp")
int mum_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	MUM_BODY(bpf_insn_mulfold64);
}

#define MUM_MULHI(x, y)	((x) * (y) ^ bpf_insn_mulhi64(x, y))
SEC("xdp")
int mumhi_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	MUM_BODY(MUM_MULHI);
}

/*
 * bpf_for(): the kernel's numeric iterator, whose calls the module's
 * bodies inline (bodies=0 leaves the calls); the idiom is a bounded loop.
 */
SEC("xdp")
int for_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++)
		acc = (acc ^ i) + 1;
	return BENCH_FOLD(acc);
}

SEC("xdp")
int for_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	int i;

	bpf_for(i, 0, BENCH_N)
		acc = (acc ^ i) + 1;
	return BENCH_FOLD(acc);
}

/*
 * bpf_loop(), for seed 000's table: the same step in a callback, which
 * 6.12 inlines as a loop calling the callback as a subprogram.
 */
struct loop_ctx {
	__u64 acc;
};

static long loop_step(__u64 i, void *data)
{
	struct loop_ctx *c = data;

	c->acc = (c->acc ^ i) + 1;
	return 0;
}

SEC("xdp")
int bpf_loop_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);
	struct loop_ctx c = { .acc = seed };

	bpf_loop(BENCH_N, loop_step, &c, 0);
	return BENCH_FOLD(c.acc);
}

/*
 * Per-CPU counters (the shape of seed 003): a global array indexed by the
 * CPU id, a PERCPU_ARRAY lookup, each incremented BENCH_N times; each
 * returns how far its counter moved.  The CPU id comes from the helper
 * (which 6.12 inlines) or from bpf_insn_cpu_id().
 */
#define NCPU 64	/* power of two: the index is masked, not checked */

struct counter {
	__u64 n;
	__u64 pad[7];	/* a cache line each */
};

struct counter glob_arr[NCPU];

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct counter);
} pcpu_arr SEC(".maps");

SEC("xdp")
int glob_arr_inc_idiom(struct xdp_md *ctx)
{
	__u32 cpu = bpf_get_smp_processor_id() & (NCPU - 1);
	__u64 start = glob_arr[cpu].n;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++)
		glob_arr[bpf_get_smp_processor_id() & (NCPU - 1)].n++;
	return glob_arr[cpu].n - start;
}

SEC("xdp")
int glob_arr_inc_kfunc(struct xdp_md *ctx)
{
	__u32 cpu = bpf_insn_cpu_id() & (NCPU - 1);
	__u64 start = glob_arr[cpu].n;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++)
		glob_arr[bpf_insn_cpu_id() & (NCPU - 1)].n++;
	return glob_arr[cpu].n - start;
}

SEC("xdp")
int arr_inc_idiom(struct xdp_md *ctx)
{
	struct counter *c;
	__u32 key = 0;
	__u64 start;

	c = bpf_map_lookup_elem(&pcpu_arr, &key);
	if (!c)
		return XDP_ABORTED;
	start = c->n;
	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		c = bpf_map_lookup_elem(&pcpu_arr, &key);
		if (c)
			c->n++;
	}
	return c ? c->n - start : XDP_ABORTED;
}

/*
 * This CPU's runqueue through the helper and through the kfunc: BENCH_N
 * reads of rq->cpu, each through a fresh per-CPU pointer (kernel per-CPU
 * variables are read-only to BPF, so this one reads).
 */
extern const struct rq runqueues __ksym;

SEC("xdp")
int this_cpu_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	struct rq *rq;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		rq = bpf_this_cpu_ptr(&runqueues);
		acc = (acc ^ i) + rq->cpu;
	}
	return BENCH_FOLD(acc);
}

SEC("xdp")
int this_cpu_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	struct rq *rq;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_N; i++) {
		rq = bpf_insn_this_cpu_ptr(&runqueues);
		acc = (acc ^ i) + rq->cpu;
	}
	return BENCH_FOLD(acc);
}

/*
 * Hashes, where state is live across the rotates: XXH64 and SipHash-2-4
 * of BENCH_HASH_LEN bytes, and a load balancer's flow hash, jhash() of one
 * 16-byte key after the other (jhash_mix and jhash_final of the kernel's
 * include/linux/jhash.h).  The _idiom programs rotate with shifts and an
 * or, the _kfunc ones with the insn_rol64() and insn_rol32() wrappers.
 * The packet's length was checked once, and every offset is a constant in
 * each iteration the verifier walks, so the loads need no other check.
 */
static __always_inline __u64 hrol64(__u64 x, __u32 n, bool kf)
{
	return kf ? insn_rol64(x, n) : x << n | x >> (64 - n);
}

static __always_inline __u32 hrol32(__u32 x, __u32 n, bool kf)
{
	return kf ? insn_rol32(x, n) : x << n | x >> (32 - n);
}

/* XXH64 (the xxHash specification), seeded with the packet's seed */
#define XXH_P1	0x9e3779b185ebca87ull
#define XXH_P2	0xc2b2ae3d27d4eb4full
#define XXH_P3	0x165667b19e3779f9ull
#define XXH_P4	0x85ebca77c2b2ae63ull
#define XXH_P5	0x27d4eb2f165667c5ull

static __always_inline __u64 xxh_round(__u64 acc, __u64 lane, bool kf)
{
	return hrol64(acc + lane * XXH_P2, 31, kf) * XXH_P1;
}

static __always_inline __u64 xxh_merge(__u64 h, __u64 v, bool kf)
{
	return (h ^ xxh_round(0, v, kf)) * XXH_P1 + XXH_P4;
}

static __always_inline __u64 xxh64(const __u8 *p, __u64 seed, bool kf)
{
	__u64 v1 = seed + XXH_P1 + XXH_P2, v2 = seed + XXH_P2;
	__u64 v3 = seed, v4 = seed - XXH_P1, h;
	const __u64 *w;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_HASH_LEN / 32; i++, p += 32) {
		w = (const __u64 *)p;
		v1 = xxh_round(v1, w[0], kf);
		v2 = xxh_round(v2, w[1], kf);
		v3 = xxh_round(v3, w[2], kf);
		v4 = xxh_round(v4, w[3], kf);
	}
	h = hrol64(v1, 1, kf) + hrol64(v2, 7, kf) + hrol64(v3, 12, kf) +
	    hrol64(v4, 18, kf);
	h = xxh_merge(h, v1, kf);
	h = xxh_merge(h, v2, kf);
	h = xxh_merge(h, v3, kf);
	h = xxh_merge(h, v4, kf);
	h += BENCH_HASH_LEN;
	NO_UNROLL
	for (__u32 i = 0; i < BENCH_HASH_LEN % 32 / 8; i++, p += 8) {
		h ^= xxh_round(0, *(const __u64 *)p, kf);
		h = hrol64(h, 27, kf) * XXH_P1 + XXH_P4;
	}
	if (BENCH_HASH_LEN & 4) {
		h ^= *(const __u32 *)p * XXH_P1;
		h = hrol64(h, 23, kf) * XXH_P2 + XXH_P3;
		p += 4;
	}
	NO_UNROLL
	for (__u32 i = 0; i < BENCH_HASH_LEN % 4; i++, p++) {
		h ^= *p * XXH_P5;
		h = hrol64(h, 11, kf) * XXH_P1;
	}
	h ^= h >> 33;
	h *= XXH_P2;
	h ^= h >> 29;
	h *= XXH_P3;
	return h ^ h >> 32;
}

SEC("xdp")
int xxh64_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);
	__u64 h;

	h = xxh64(b, seed, false);
	return BENCH_FOLD(h);
}

SEC("xdp")
int xxh64_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);
	__u64 h;

	h = xxh64(b, seed, true);
	return BENCH_FOLD(h);
}

/* SipHash-2-4 (Aumasson and Bernstein), key (seed, ~seed) */
struct sip {
	__u64 v0, v1, v2, v3;
};

static __always_inline void sip_round(struct sip *s, bool kf)
{
	s->v0 += s->v1;
	s->v1 = hrol64(s->v1, 13, kf) ^ s->v0;
	s->v0 = hrol64(s->v0, 32, kf);
	s->v2 += s->v3;
	s->v3 = hrol64(s->v3, 16, kf) ^ s->v2;
	s->v0 += s->v3;
	s->v3 = hrol64(s->v3, 21, kf) ^ s->v0;
	s->v2 += s->v1;
	s->v1 = hrol64(s->v1, 17, kf) ^ s->v2;
	s->v2 = hrol64(s->v2, 32, kf);
}

static __always_inline void sip_word(struct sip *s, __u64 m, bool kf)
{
	s->v3 ^= m;
	sip_round(s, kf);
	sip_round(s, kf);
	s->v0 ^= m;
}

static __always_inline __u64 siphash(const __u8 *p, __u64 k0, __u64 k1, bool kf)
{
	struct sip s = {
		k0 ^ 0x736f6d6570736575ull, k1 ^ 0x646f72616e646f6dull,
		k0 ^ 0x6c7967656e657261ull, k1 ^ 0x7465646279746573ull,
	};
	__u64 last = (__u64)BENCH_HASH_LEN << 56;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_HASH_LEN / 8; i++, p += 8)
		sip_word(&s, *(const __u64 *)p, kf);
	/* the 1 to 7 bytes left, little-endian, under the length byte */
	for (__u32 i = 0; i < BENCH_HASH_LEN % 8; i++)
		last |= (__u64)p[i] << (8 * i);
	sip_word(&s, last, kf);
	s.v2 ^= 0xff;
	for (int r = 0; r < 4; r++)
		sip_round(&s, kf);
	return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

SEC("xdp")
int siphash_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);
	__u64 h;

	h = siphash(b, seed, ~seed, false);
	return BENCH_FOLD(h);
}

SEC("xdp")
int siphash_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);
	__u64 h;

	h = siphash(b, seed, ~seed, true);
	return BENCH_FOLD(h);
}

/*
 * jhash(key, 16, initval) of each flow key (jhash2(k, 4, initval) on its
 * words), initval from the seed as a load balancer's random seed; the
 * hashes are xored together, as independent as the packets' would be.
 */
#define JHASH_INITVAL	0xdeadbeef

#define jhash_mix(a, b, c, kf)						\
do {									\
	a -= c;  a ^= hrol32(c, 4, kf);  c += b;			\
	b -= a;  b ^= hrol32(a, 6, kf);  a += c;			\
	c -= b;  c ^= hrol32(b, 8, kf);  b += a;			\
	a -= c;  a ^= hrol32(c, 16, kf); c += b;			\
	b -= a;  b ^= hrol32(a, 19, kf); a += c;			\
	c -= b;  c ^= hrol32(b, 4, kf);  b += a;			\
} while (0)

#define jhash_final(a, b, c, kf)					\
do {									\
	c ^= b; c -= hrol32(b, 14, kf);					\
	a ^= c; a -= hrol32(c, 11, kf);					\
	b ^= a; b -= hrol32(a, 25, kf);					\
	c ^= b; c -= hrol32(b, 16, kf);					\
	a ^= c; a -= hrol32(c, 4, kf);					\
	b ^= a; b -= hrol32(a, 14, kf);					\
	c ^= b; c -= hrol32(b, 24, kf);					\
} while (0)

static __always_inline __u32 jhash_flows(const __u8 *p, __u32 initval, bool kf)
{
	__u32 a, b, c, h = 0;
	const __u32 *k;

	NO_UNROLL
	for (__u32 i = 0; i < BENCH_FLOWS; i++, p += BENCH_FLOW_KEY) {
		k = (const __u32 *)p;
		a = b = c = JHASH_INITVAL + BENCH_FLOW_KEY + initval;
		a += k[0];
		b += k[1];
		c += k[2];
		jhash_mix(a, b, c, kf);
		a += k[3];
		jhash_final(a, b, c, kf);
		h ^= c;
	}
	return h;
}

SEC("xdp")
int jhash_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);

	return jhash_flows(b, seed, false);
}

SEC("xdp")
int jhash_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);

	return jhash_flows(b, seed, true);
}

/*
 * CRC32C of each 64-byte buffer of the packet's bytes (iSCSI's, ext4's and
 * btrfs's checksum; ~0 in, inverted out), one 64-bit step per 8 bytes,
 * the CRCs xored together: the buffers are independent, as packets'
 * would be.  The idiom is bpf/insn_kfuncs.h's __insn_crc32c(), the bit at
 * a time loop plain BPF can do (BPF has no carry-less multiply, and a
 * byte table would be a map lookup per byte); the kfunc is the raw step,
 * x86's crc32.  clang unrolls the eight steps; the outer loop stays.
 *
 * The loop steps a pointer through the buffers, as gcc's does, and
 * counts them down: pin() is barrier_var(), without which clang 14 folds
 * the pointer back into the packet's start plus an offset and adds the
 * two for every buffer.  crcidx_kfunc is that loop (pin() does nothing),
 * so make bench shows what the two cost beside each other.  The count is
 * 64 bits wide: a __u32 one clang copies and zero-extends for its compare.
 */
static __always_inline __u32 crc32c_idiom_u64(__u32 crc, __u64 v)
{
	return __insn_crc32c(crc, v, 64);
}

#define NO_PIN(var) ((void)(var))

#define CRC_BODY(step, pin)						\
	__u32 crc, h = 0;						\
									\
	(void)seed;	/* a CRC32C starts from ~0 */			\
	NO_UNROLL							\
	for (__u64 i = 0; i < BENCH_CRC_BUFS; i++) {			\
		pin(b);							\
		crc = ~0u;						\
		for (__u32 j = 0; j < BENCH_CRC_BUF; j += 8)		\
			crc = step(crc, *(__u64 *)(b + j));		\
		h ^= ~crc;						\
		b += BENCH_CRC_BUF;					\
	}								\
	return h

SEC("xdp")
int crc32c_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);
	CRC_BODY(crc32c_idiom_u64, barrier_var);
}

SEC("xdp")
int crc32c_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);
	CRC_BODY(bpf_insn_crc32c_u64, barrier_var);
}

SEC("xdp")
int crcidx_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, seed, b);
	CRC_BODY(bpf_insn_crc32c_u64, NO_PIN);
}

/*
 * Pointer chase: BENCH_N hops along a list of 64-byte nodes in a global
 * array of 2 MiB (bench.h), acc taking in each node's value.  Each hop
 * waits for the node's load, so without a prefetch every hop costs a
 * miss; a prefetch of the node a jump pointer names, BENCH_CHASE_AHEAD
 * hops on, has it in L1 by the time the chase gets there.  The idiom has
 * no prefetch (BPF has none); the kfunc's body is a one-byte load of that
 * node, native code prefetcht0.  The list is built on the first run
 * (bpf_loop(), which 6.12 inlines), so the replay's zeroed map buffer
 * gets it too; the result depends only on the list and the first node.
 */
struct chase_node {
	__u32 next;		/* the next node */
	__u32 ahead;		/* BENCH_CHASE_AHEAD nodes on */
	__u64 val;
	__u64 pad[6];
} __attribute__((aligned(64)));

struct chase_node chase[BENCH_CHASE_NODES];
__u32 chase_ready;

#define CHASE_MASK	(BENCH_CHASE_NODES - 1)

static long chase_init(__u64 i, void *data)
{
	__u32 k = i & CHASE_MASK, a = k;

	for (int d = 0; d < BENCH_CHASE_AHEAD; d++)
		a = (a * BENCH_CHASE_A + BENCH_CHASE_C) & CHASE_MASK;
	chase[k].next = (k * BENCH_CHASE_A + BENCH_CHASE_C) & CHASE_MASK;
	chase[k].ahead = a;
	chase[k].val = k * BENCH_MUL;
	return 0;
}

static __always_inline void chase_build(void)
{
	if (chase_ready == BENCH_CHASE_READY)
		return;
	bpf_loop(BENCH_CHASE_NODES, chase_init, NULL, 0);
	chase_ready = BENCH_CHASE_READY;
}

#define CHASE_BODY(prefetch)						\
	struct chase_node *n;						\
	__u32 k = *(__u16 *)b;						\
									\
	chase_build();							\
	NO_UNROLL							\
	for (__u32 i = 0; i < BENCH_N; i++) {				\
		n = &chase[k & CHASE_MASK];				\
		prefetch;						\
		acc = acc * BENCH_MUL + n->val;				\
		k = n->next;						\
	}								\
	return BENCH_FOLD(acc)

SEC("xdp")
int prefetch_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	CHASE_BODY((void)0);
}

SEC("xdp")
int prefetch_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	CHASE_BODY(bpf_insn_prefetch(&chase[n->ahead & CHASE_MASK], 0));
}

/*
 * 16-byte copy: the packet's first BENCH_COPY_RECS 16-byte records into a
 * global array, BENCH_COPY_PASSES times, pass r putting record k in slot
 * k + r (mod the slots), so that every pass writes something else where
 * it writes; then the slots, each weighted by its place, summed: a record
 * in the wrong slot or half copied changes the result.  The idiom is
 * what a program writes today (bpf/insn_kfuncs.h's fallback: two 8-byte
 * loads, two stores); the offsets into the packet are constants in each
 * iteration the verifier walks.
 */
__u64 copy_out[BENCH_COPY_RECS * 2];

static __always_inline void copy16_plain(void *dst, const void *src)
{
	__u64 lo = ((const __u64 *)src)[0], hi = ((const __u64 *)src)[1];

	((__u64 *)dst)[0] = lo;
	((__u64 *)dst)[1] = hi;
}

#define COPY_BODY(copy)							\
	NO_UNROLL							\
	for (__u32 r = 0; r < BENCH_COPY_PASSES; r++) {			\
		NO_UNROLL						\
		for (__u32 k = 0; k < BENCH_COPY_RECS; k++)		\
			copy(&copy_out[((k + r) & (BENCH_COPY_RECS - 1)) * 2], \
			     b + k * 16);				\
	}								\
	NO_UNROLL							\
	for (__u32 k = 0; k < BENCH_COPY_RECS * 2; k++)			\
		acc += copy_out[k] * (k + 1);				\
	return BENCH_FOLD(acc)

SEC("xdp")
int copy16_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	COPY_BODY(copy16_plain);
}

SEC("xdp")
int copy16_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	COPY_BODY(bpf_insn_copy16);
}

/*
 * encapsulation header write (store_be): per packet, an outer header's
 * big-endian fields (a 16-bit length and id, a VXLAN-style 24-bit VNI
 * shifted up by 8, a 64-bit field) into that packet's 16-byte slot of a
 * ring of BENCH_ENCAP_SLOTS, from v = seed ^ i: no chain from one packet
 * to the next, so the stores are what is timed (a compiler cannot sink
 * them out of the loop either, as it could stores to one place).  Then
 * the slots, each weighted by its place, summed: a wrong or missing store
 * changes the result.  A global, not the packet: the replay runs every op
 * on one packet, which must stay as it came.  Figures per header.
 */
__u64 encap_hdr[BENCH_ENCAP_SLOTS * 2];

#define ENCAP_BODY(st16, st32, st64)					\
	NO_UNROLL							\
	for (__u32 i = 0; i < BENCH_N; i++) {				\
		void *h = &encap_hdr[(i & (BENCH_ENCAP_SLOTS - 1)) * 2]; \
		__u64 v = acc ^ i;					\
									\
		st16(h, 0, v + 20);					\
		st16(h, 2, i);						\
		st32(h, 4, (__u32)v << 8);				\
		st64(h, 8, v);						\
	}								\
	NO_UNROLL							\
	for (__u32 k = 0; k < BENCH_ENCAP_SLOTS * 2; k++)		\
		acc += encap_hdr[k] * (k + 1);				\
	return BENCH_FOLD(acc)

static __always_inline void encap_be16(void *p, __u32 off, __u64 v)
{
	*(__u16 *)(p + off) = __builtin_bswap16(v);
}

static __always_inline void encap_be32(void *p, __u32 off, __u64 v)
{
	*(__u32 *)(p + off) = __builtin_bswap32(v);
}

static __always_inline void encap_be64(void *p, __u32 off, __u64 v)
{
	*(__u64 *)(p + off) = __builtin_bswap64(v);
}

SEC("xdp")
int encap_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	ENCAP_BODY(encap_be16, encap_be32, encap_be64);
}

SEC("xdp")
int encap_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	ENCAP_BODY(bpf_insn_store_be16, bpf_insn_store_be32, bpf_insn_store_be64);
}

char LICENSE[] SEC("license") = "GPL";
