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
 * cannot compile __builtin_ctzll() for BPF).
 */
#define SCAN_BODY(ctz)							\
	__u64 w = acc | 1ull << 63, t;					\
									\
	NO_UNROLL							\
	for (__u32 i = 0; i < BENCH_N; i++) {				\
		if (!w) {						\
			t = acc * BENCH_MUL + i;			\
			barrier_var(t);					\
			w = t | 1ull << 63;				\
		}							\
		acc += ctz;						\
		w &= w - 1;						\
	}								\
	return BENCH_FOLD(acc)

SEC("xdp")
int bitscan_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	SCAN_BODY(__insn_ctz64(w));
}

SEC("xdp")
int bitscan_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	SCAN_BODY(bpf_insn_ctz64(w));
}

/*
 * 128-bit multiply hash: wyhash's mix, the low and the high half of the
 * product of two words xored, chained through acc.  The idiom is the
 * product of the 32-bit halves (bpf/insn_kfuncs.h's fallback: BPF has no
 * 128-bit multiply).
 */
#define MUM_P0	0xa0761d6478bd642full
#define MUM_P1	0xe7037ed1a0b428dbull

#define MUM_BODY(mulhi)							\
	__u64 x, y;							\
									\
	NO_UNROLL							\
	for (__u32 i = 0; i < BENCH_N; i++) {				\
		x = acc ^ MUM_P0;					\
		y = i ^ MUM_P1;						\
		acc = x * y ^ mulhi(x, y);				\
	}								\
	return BENCH_FOLD(acc)

SEC("xdp")
int mum_idiom(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	MUM_BODY(__insn_mulhi64);
}

SEC("xdp")
int mum_kfunc(struct xdp_md *ctx)
{
	BENCH_PKT(ctx, acc, b);
	MUM_BODY(bpf_insn_mulhi64);
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

char LICENSE[] SEC("license") = "GPL";
