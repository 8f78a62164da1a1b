// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the wide multiply family (tests/progs/mulhi.bpf.c).
 *
 * usage: mulhi check MODE OBJ [--jit]  results, xlated shapes and counts;
 *                                      MODE native|body|call
 *        mulhi nojit OBJ               load must fail: no JIT, no bodies
 *
 * In MODE native the kfuncs without native code on this architecture
 * (the module's status says which, kfunc by kfunc) keep their bodies.
 */
#include "common.h"
#include "mulhi.h"

#define PREFIX "bpf_insn_"

static __u64 mulhi(__u64 a, __u64 b)
{
	return (__u64)(((unsigned __int128)a * b) >> 64);
}

static __u64 smulhi(__u64 a, __u64 b)
{
	return (__u64)(((__int128)(__s64)a * (__s64)b) >> 64);
}

static __u64 mulfold(__u64 a, __u64 b)
{
	unsigned __int128 r = (unsigned __int128)a * b;

	return (__u64)r ^ (__u64)(r >> 64);
}

/* the body's "r3 *= r4" (ah * bh), a register operation blinding keeps */
static int mh_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU64 | BPF_MUL | BPF_X) && i->dst_reg == 3 && i->src_reg == 4;
}

/* every pair of the common edge values, then random pairs */
#define MH_NINPUTS	(NEDGES * NEDGES + NINPUTS)

static const char *const name_of[MH_NKFUNCS] = { "mulhi64", "smulhi64", "mulfold64" };

static int check_all(const char *prefix, int all, int alias)
{
	__u64 (*const fn[MH_NKFUNCS])(__u64, __u64) = { mulhi, smulhi, mulfold };
	char name[96];

	snprintf(name, sizeof(name), "%s.mulhi_all", prefix);
	for (unsigned int k = 0; k < MH_NINPUTS; k++) {
		struct mh_ctx c = { .a = input(k / NEDGES), .b = input(k % NEDGES) };

		if (k >= NEDGES * NEDGES)
			c.b = xorshift();
		if (run_prog(all, 1, &c, sizeof(c), NULL, NULL) ||
		    run_prog(alias, 1, &c, sizeof(c), NULL, NULL)) {
			test_line(name, 0, "test_run: %s", strerror(errno));
			return 1;
		}
		/* r[], then each kfunc's aliases, with MH_ALIAS's operands */
		for (int i = 0; i < MH_NKFUNCS * (1 + MH_NALIAS); i++) {
			int k = i - MH_NKFUNCS;
			int f = k < 0 ? i : k / MH_NALIAS, j = k < 0 ? 0 : k % MH_NALIAS;
			__u64 a = c.a, b = c.b, got = k < 0 ? c.r[i] : c.alias[k], w;

			switch (j) {
#define OPERANDS(n, x, y) case n: a = c.x; b = c.y; break;
			MH_ALIAS(OPERANDS)
			}
			w = fn[f](a, b);
			if (got == w)
				continue;
			test_line(name, 0, "%s%s %d: (0x%llx, 0x%llx) = 0x%llx, want 0x%llx",
				  k < 0 ? "" : "alias ", name_of[f], j,
				  (unsigned long long)a, (unsigned long long)b,
				  (unsigned long long)got, (unsigned long long)w);
			return 1;
		}
	}
	test_line(name, 1, "%d kfuncs and %d bindings on %d pairs", MH_NKFUNCS,
		  MH_NKFUNCS * MH_NALIAS, MH_NINPUTS);
	return 0;
}

static __u64 mum_loop(__u64 x, __u32 n)
{
	for (__u32 i = 0; i < n; i++) {
		x ^= MH_P0;
		x = x * MH_P1 ^ mulhi(x, MH_P1);
	}
	return x;
}

_Static_assert(sizeof(struct mh_pkt) == sizeof(struct loop_pkt), "mh_pkt is a loop_pkt");

/* "STAT PREFIX.cost.KFUNC": verified insns of a one-call program, and less cost_none's */
static void stat_costs(const char *prefix, struct bpf_object *obj)
{
	static const char *const progs[] = {
		"cost_none", "cost_mulhi64", "cost_smulhi64", "cost_mulfold64",
	};
	__u32 n[ARRAY_SIZE(progs)] = { 0 };

	for (unsigned int i = 0; i < ARRAY_SIZE(progs); i++) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);

		if (bpf_prog_get_info_by_fd(prog_fd(obj, progs[i]), &info, &len))
			return;
		n[i] = info.verified_insns;
	}
	for (unsigned int i = 1; i < ARRAY_SIZE(progs); i++)
		printf("STAT %s.cost.%s verified_insns=%u call=%d\n", prefix, progs[i] + 5,
		       n[i], (int)(n[i] - n[0]));
}

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "mulhi_loop", "mulhi_idiom", "mulhi_wrapper" };
	static const char *const folds[] = { "mulfold_loop", "mulfold_idiom", "mulfold_wrapper" };
	int native = native_count(PREFIX, name_of, MH_NKFUNCS);
	char prefix[64], name[96];
	struct bpf_object *obj = load_mode("mulhi", mode, path, NULL, prefix);
	int fails = 0, all, alias;

	if (!obj)
		return 1;
	all = prog_fd(obj, "mulhi_all");
	alias = prog_fd(obj, "mulhi_alias");
	fails += check_all(prefix, all, alias);
	snprintf(name, sizeof(name), "%s.xlated", prefix);
	fails += check_shape_mixed(name, mode, all, MH_NKFUNCS, native, PREFIX, mh_marker);
	snprintf(name, sizeof(name), "%s.xlated.mulhi_alias", prefix);
	fails += check_shape_mixed(name, mode, alias, MH_NKFUNCS * MH_NALIAS, native * MH_NALIAS,
				   PREFIX, mh_marker);
	fails += stat_jit(prefix, obj, "mulhi_all", jit);
	fails += stat_jit(prefix, obj, "mulhi_alias", jit);
	fails += check_loops(prefix, obj, loops, MH_LOOP_MAX, mum_loop, jit);
	fails += check_loops(prefix, obj, folds, MH_LOOP_MAX, mum_loop, jit);
	stat_costs(prefix, obj);
	bpf_object__close(obj);
	return fails;
}

int mulhi_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "mulhi", .check = cmd_check, .nojit = "mulhi_all",
	};

	return loader_main(&cmds, argc, argv);
}
