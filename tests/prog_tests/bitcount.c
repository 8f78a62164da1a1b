// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the bit count family (tests/progs/bitcount.bpf.c).
 *
 * usage: bitcount check MODE OBJ [--jit]  results, xlated shapes, verifier
 *                                         knowledge and counts; MODE
 *                                         native|body|call
 *        bitcount nojit OBJ               load must fail: no JIT, no bodies
 *        bitcount bad MODE OBJ            reads past the range refused
 *
 * In MODE native the kfuncs without native code here (the module's
 * status says which: popcount on arm64 without FEAT_CSSC) keep their
 * bodies.
 */
#include "common.h"
#include "bitcount.h"

#define PREFIX "bpf_insn_"

static const char *const ops[BC_NOPS] = {
#define NAME(i, op) [i] = #op,
	BC_OPS(NAME)
};

/* of the first @n kfuncs, how many get native code here */
static int bc_native(int n)
{
	return native_count(PREFIX, ops, n);
}

/* 2^k, 2^k - 1 (k < 64), then the common inputs */
#define BC_NINPUTS	(128 + NINPUTS)

static __u64 bc_input(unsigned int k)
{
	if (k < 64)
		return 1ull << k;
	if (k < 128)
		return (1ull << (k - 64)) - 1;
	return input(k - 128);
}

static __u64 bc_want(int i, __u64 x)
{
	__u32 w = x;

	switch (i) {
	case 0: return __builtin_popcountll(x);
	case 1: return __builtin_popcount(w);
	case 2: return x ? __builtin_clzll(x) : 64;
	case 3: return w ? __builtin_clz(w) : 32;
	case 4: return x ? __builtin_ctzll(x) : 64;
	case 5: return w ? __builtin_ctz(w) : 32;
	/* the lowest set bit, __builtin_ctz's, xor-ed out */
	case 6: return x ? x ^ 1ull << __builtin_ctzll(x) : 0;
	default: return w ? w ^ 1u << __builtin_ctz(w) : 0;
	}
}

/*
 * An insn of each body that constant blinding leaves as it is: "r0 *= r5"
 * of the 64-bit popcount (popcnt64, ctz64), "w1 -= w2" of the 32-bit one
 * (popcnt32, ctz32), "r2 >>= r1" of the clz table lookup, "r0 &= r1" and
 * "w0 &= w1" of blsr64 and blsr32
 */
static int bc_marker(const struct bpf_insn *i)
{
	return (i->code == (BPF_ALU64 | BPF_MUL | BPF_X) && i->dst_reg == 0 &&
		i->src_reg == 5) ||
	       ((i->code == (BPF_ALU64 | BPF_AND | BPF_X) ||
		 i->code == (BPF_ALU | BPF_AND | BPF_X)) && i->dst_reg == 0 &&
		i->src_reg == 1) ||
	       (i->code == (BPF_ALU | BPF_SUB | BPF_X) && i->dst_reg == 1 &&
		i->src_reg == 2) ||
	       (i->code == (BPF_ALU64 | BPF_RSH | BPF_X) && i->dst_reg == 2 &&
		i->src_reg == 1);
}

/*
 * bitcount_all and bitcount_alias on every input; bitcount_plain, the
 * header's C versions, and bitcount_wrappers, its portable wrappers, too
 */
static int check_all(const char *prefix, int all, int alias, int plain, int wrap)
{
	static const char *const group[] = { "", "alias ", "alias ", "plain BPF ", "wrapper " };
	char name[96];

	snprintf(name, sizeof(name), "%s.bitcount_all", prefix);
	for (unsigned int k = 0; k < BC_NINPUTS; k++) {
		struct bc_ctx c = { .x = bc_input(k) }, p = { .x = c.x }, w = { .x = c.x };

		if (run_prog(all, 1, &c, sizeof(c), NULL, NULL) ||
		    run_prog(alias, 1, &c, sizeof(c), NULL, NULL) ||
		    run_prog(plain, 1, &p, sizeof(p), NULL, NULL) ||
		    run_prog(wrap, 1, &w, sizeof(w), NULL, NULL)) {
			test_line(name, 0, "test_run: %s", strerror(errno));
			return 1;
		}
		for (int op = 0; op < BC_NOPS; op++) {
			const __u64 got[] = {
				c.r[op], c.alias[2 * op], c.alias[2 * op + 1], p.r[op], w.r[op],
			};
			__u64 want = bc_want(op, c.x);

			for (int g = 0; g < (int)ARRAY_SIZE(got); g++) {
				if (got[g] == want)
					continue;
				test_line(name, 0, "%s%s(0x%llx) = 0x%llx, want 0x%llx", group[g],
					  ops[op], (unsigned long long)c.x,
					  (unsigned long long)got[g], (unsigned long long)want);
				return 1;
			}
		}
	}
	test_line(name, 1, "%d kfuncs, %d bindings, the %d C versions and the %d wrappers "
		  "on %d inputs", BC_NOPS, 2 * BC_NOPS, BC_NOPS, BC_NOPS, BC_NINPUTS);
	return 0;
}

static __u64 clz_loop(__u64 x, __u32 n)
{
	for (__u32 i = 0; i < n; i++)
		x = x * BC_MUL + (x ? __builtin_clzll(x) : 64);
	return x;
}

_Static_assert(sizeof(struct bc_pkt) == sizeof(struct loop_pkt), "bc_pkt is a loop_pkt");

/* bitcount_range reads the slot of each count: random tables */
static int check_range(const char *prefix, const char *mode, const char *path)
{
	static __u64 t64[65], t32[33];
	struct bpf_object *obj;
	char name[96];
	int fd, fails, key = 0;

	snprintf(name, sizeof(name), "%s.refused.bitcount_range", prefix);
	if (!strcmp(mode, "call"))
		return check_refused(name, path, "bitcount_range", "unbounded memory access");
	obj = load_obj(path, "bitcount_range", NULL, 0);
	snprintf(name, sizeof(name), "%s.load.bitcount_range", prefix);
	if (load_line(name, obj))
		return 1;
	fd = prog_fd(obj, "bitcount_range");
	snprintf(name, sizeof(name), "%s.xlated.bitcount_range", prefix);
	fails = check_shape_mixed(name, mode, fd, BC_NCOUNTS, bc_native(BC_NCOUNTS), PREFIX,
				  bc_marker);
	snprintf(name, sizeof(name), "%s.bitcount_range", prefix);
	prog_stat(name, fd);
	for (int i = 0; i < 65; i++)
		t64[i] = xorshift();
	for (int i = 0; i < 33; i++)
		t32[i] = xorshift();
	bpf_map__update_elem(bpf_object__find_map_by_name(obj, "bc_tab64"), &key, sizeof(key),
			     t64, sizeof(t64), 0);
	bpf_map__update_elem(bpf_object__find_map_by_name(obj, "bc_tab32"), &key, sizeof(key),
			     t32, sizeof(t32), 0);
	for (unsigned int k = 0; k < BC_NINPUTS; k++) {
		struct bc_kctx c = { .x = bc_input(k) };

		if (run_prog(fd, 1, &c, sizeof(c), NULL, NULL)) {
			test_line(name, 0, "test_run: %s", strerror(errno));
			fails++;
			goto out;
		}
		for (int i = 0; i < BC_NCOUNTS; i++) {
			__u64 w = (i & 1 ? t32 : t64)[bc_want(i, c.x)];

			if (c.out[i] == w)
				continue;
			test_line(name, 0, "%s(0x%llx): got 0x%llx want 0x%llx", ops[i],
				  (unsigned long long)c.x, (unsigned long long)c.out[i],
				  (unsigned long long)w);
			fails++;
			goto out;
		}
	}
	test_line(name, 1, "counts index tables of width + 1 without a check");
out:
	bpf_object__close(obj);
	return fails;
}

/*
 * "STAT PREFIX.cost.OP": what each body costs the verifier, as the
 * verified insns of a one-call program less those of the same program
 * without the call
 */
static void stat_costs(const char *prefix, struct bpf_object *obj)
{
	struct bpf_prog_info info;
	__u32 len = sizeof(info), base;
	char prog[64];

	memset(&info, 0, sizeof(info));
	if (bpf_prog_get_info_by_fd(prog_fd(obj, "cost_none"), &info, &len))
		return;
	base = info.verified_insns;
	for (int i = 0; i < BC_NOPS; i++) {
		snprintf(prog, sizeof(prog), "cost_%s", ops[i]);
		memset(&info, 0, sizeof(info));
		len = sizeof(info);
		if (bpf_prog_get_info_by_fd(prog_fd(obj, prog), &info, &len))
			continue;
		printf("STAT %s.cost.%s verified_insns=%u call=%d\n", prefix, ops[i],
		       info.verified_insns, (int)(info.verified_insns - base));
	}
}

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = {
		"bitcount_loop", "bitcount_idiom", "bitcount_wrapper",
	};
	int native = bc_native(BC_NOPS);
	char prefix[64], name[96];
	struct bpf_object *obj = load_mode("bitcount", mode, path, "bitcount_range", prefix);
	int fails = 0, all, alias;

	if (!obj)
		return 1;
	all = prog_fd(obj, "bitcount_all");
	alias = prog_fd(obj, "bitcount_alias");
	fails += check_all(prefix, all, alias, prog_fd(obj, "bitcount_plain"),
			   prog_fd(obj, "bitcount_wrappers"));
	snprintf(name, sizeof(name), "%s.xlated", prefix);
	fails += check_shape_mixed(name, mode, all, BC_NOPS, native, PREFIX, bc_marker);
	snprintf(name, sizeof(name), "%s.xlated.bitcount_alias", prefix);
	fails += check_shape_mixed(name, mode, alias, 2 * BC_NOPS, 2 * native, PREFIX,
				   bc_marker);
	fails += stat_jit(prefix, obj, "bitcount_all", jit);
	fails += check_loops(prefix, obj, loops, BC_LOOP_MAX, clz_loop, jit);
	stat_costs(prefix, obj);
	bpf_object__close(obj);
	return fails + check_range(prefix, mode, path);
}

int bitcount_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "bitcount", .check = cmd_check, .nojit = "bitcount_all", .bad = 1,
	};

	return loader_main(&cmds, argc, argv);
}
