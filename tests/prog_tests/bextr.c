// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the bit-field extract family (tests/progs/bextr.bpf.c).
 *
 * usage: bextr check MODE OBJ [--jit]  results, xlated shapes, verifier
 *                                      knowledge, figures; MODE
 *                                      native|body|call
 *        bextr nojit OBJ               load must fail: no JIT, no bodies
 *        bextr bad MODE OBJ            bad constants refused, with reasons
 *
 * MODE call: 6.12 refuses every call of a kfunc with two constant
 * arguments, so there the programs are checked to be refused.
 */
#include "common.h"
#include "bextr.h"

#define PREFIX "bpf_insn_bextr64"

static const struct { __u32 start, len; } pairs[BX_NPAIRS] = {
#define PAIR(i, s, l) [i] = { s, l },
	BX_PAIRS(PAIR)
};

/* the body's "r4 -= r3" */
static int bx_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU64 | BPF_SUB | BPF_X) && i->dst_reg == 4 &&
	       i->src_reg == 3;
}

static __u64 bextr(__u64 x, __u32 start, __u32 len)
{
	x >>= start;
	return len < 64 ? x & ((1ull << len) - 1) : x;
}

/* bextr_all and bextr_alias on every input */
static int check_all(const char *prefix, int all, int alias)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.bextr_all", prefix);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct bx_ctx c = { .x = input(k) };
		__u64 w[BX_NPAIRS + 2], *g = c.r;

		if (run_prog(all, 1, &c, sizeof(c), NULL, NULL) ||
		    run_prog(alias, 1, &c, sizeof(c), NULL, NULL)) {
			test_line(name, 0, "test_run: %s", strerror(errno));
			return 1;
		}
		for (int i = 0; i < BX_NPAIRS; i++)
			w[i] = bextr(c.x, pairs[i].start, pairs[i].len);
		w[BX_NPAIRS] = bextr(c.x, BX_ALIAS0_START, BX_ALIAS0_LEN);
		w[BX_NPAIRS + 1] = bextr(c.x, BX_ALIAS1_START, BX_ALIAS1_LEN);
		for (int i = 0; i < BX_NPAIRS + 2; i++) {
			if (g[i] == w[i])
				continue;
			test_line(name, 0, "%s %d: bextr(0x%llx) = 0x%llx, want 0x%llx",
				  i < BX_NPAIRS ? "pair" : "alias", i,
				  (unsigned long long)c.x, (unsigned long long)g[i],
				  (unsigned long long)w[i]);
			return 1;
		}
	}
	test_line(name, 1, "%d pairs and 2 bindings", BX_NPAIRS);
	return 0;
}

static int check_loop(const char *prefix, int fd, const char *prog)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct bx_pkt p = { .x = input(k), .n = k % (BX_LOOP_MAX + 1) }, q;
		__u64 w = p.x;
		__u32 ret;

		for (__u32 i = 0; i < p.n; i++)
			w = w * BX_MUL + bextr(w, BX_LOOP_START, BX_LOOP_LEN);
		if (run_prog(fd, 0, &p, sizeof(p), &q, &ret) || ret != 2 || q.x != w) {
			test_line(name, 0, "x=0x%llx n=%u: got 0x%llx want 0x%llx",
				  (unsigned long long)p.x, p.n, (unsigned long long)q.x,
				  (unsigned long long)w);
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/* bextr_map indexes its table with the result, unchecked */
static int check_map(const char *prefix, const char *mode, const char *path)
{
	struct bpf_object *obj;
	struct bx_table t;
	char name[96];
	int fd, fails, key = 0;

	obj = load_obj(path, "bextr_map", NULL, 0);
	snprintf(name, sizeof(name), "%s.load.bextr_map", prefix);
	test_line(name, !!obj, obj ? NULL : "%s", strerror(errno));
	if (!obj)
		return 1;
	fd = prog_fd(obj, "bextr_map");
	snprintf(name, sizeof(name), "%s.xlated.bextr_map", prefix);
	fails = check_shape(name, mode, fd, 1, PREFIX, bx_marker);
	for (int i = 0; i < 1 << BX_KLEN; i++)
		t.slot[i] = xorshift();
	bpf_map__update_elem(bpf_object__find_map_by_name(obj, "bx_map"), &key,
			     sizeof(key), &t, sizeof(t), 0);
	snprintf(name, sizeof(name), "%s.bextr_map", prefix);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct bx_kctx c = { .x = input(k) };
		__u64 w = t.slot[bextr(c.x, BX_KSTART, BX_KLEN)];

		if (run_prog(fd, 1, &c, sizeof(c), NULL, NULL) || c.out != w) {
			test_line(name, 0, "x=0x%llx: got 0x%llx want 0x%llx",
				  (unsigned long long)c.x, (unsigned long long)c.out,
				  (unsigned long long)w);
			bpf_object__close(obj);
			return fails + 1;
		}
	}
	test_line(name, 1, "indexes a table of %d without a check", 1 << BX_KLEN);
	bpf_object__close(obj);
	return fails;
}

/*
 * As a plain call 6.12 takes one constant argument per kfunc call: every
 * program calling bpf_insn_bextr64() is refused.
 */
#define BX_PLAIN_MSG "only one constant argument permitted"
/* without the series the result is any scalar: too far for the table */
#define BX_STOCK_MAP_MSG "math between map_value pointer and register with unbounded min value"

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "bextr_loop", "bextr_idiom", "bextr_wrapper" };
	static const struct refusal all[] = {
		{ "bextr_all", BX_PLAIN_MSG, NULL },
		{ "bextr_alias", BX_PLAIN_MSG, NULL },
		{ "bextr_map", BX_PLAIN_MSG, NULL },
		{ "bextr_loop", BX_PLAIN_MSG, NULL },
		{ "bextr_wrapper", BX_PLAIN_MSG, NULL },
	};
	struct bpf_object *obj;
	char prefix[64], name[96];
	int fails = 0;

	if (!strcmp(mode, "call"))
		return check_refusals("bextr.call", mode, path, all);
	/*
	 * stock: a kernel without the series.  There start is an ordinary
	 * argument (6.12 takes one constant per kfunc), so the programs load
	 * as plain calls and compute the same; the one that needs the
	 * verifier to know the result's range is refused.
	 */
	if (!strcmp(mode, "stock")) {
		fails = check_refused("bextr.stock.refused.bextr_map", path, "bextr_map",
				      BX_STOCK_MAP_MSG);
		obj = load_except(path, "bextr_map");
		test_line("bextr.stock.load", !!obj, obj ? NULL : "%s", strerror(errno));
		if (!obj)
			return fails + 1;
		fails += check_all("bextr.stock", prog_fd(obj, "bextr_all"),
				   prog_fd(obj, "bextr_alias"));
		fails += check_shape("bextr.stock.xlated", "call", prog_fd(obj, "bextr_all"),
				     BX_NPAIRS, PREFIX, bx_marker);
		for (int i = 0; i < 3; i++)
			fails += check_loop("bextr.stock", prog_fd(obj, loops[i]), loops[i]);
		bpf_object__close(obj);
		return fails;
	}
	obj = load_except(path, "bextr_map");
	snprintf(prefix, sizeof(prefix), "bextr.%s", mode);
	snprintf(name, sizeof(name), "%s.load", prefix);
	test_line(name, !!obj, obj ? NULL : "%s", strerror(errno));
	if (!obj)
		return 1;
	fails += check_all(prefix, prog_fd(obj, "bextr_all"), prog_fd(obj, "bextr_alias"));
	snprintf(name, sizeof(name), "%s.xlated", prefix);
	fails += check_shape(name, mode, prog_fd(obj, "bextr_all"), BX_NPAIRS,
			     PREFIX, bx_marker);
	snprintf(name, sizeof(name), "%s.xlated.bextr_alias", prefix);
	fails += check_shape(name, mode, prog_fd(obj, "bextr_alias"), 2,
			     PREFIX, bx_marker);
	for (int i = 0; i < 3; i++) {
		fails += check_loop(prefix, prog_fd(obj, loops[i]), loops[i]);
		fails += stat_jit(prefix, obj, loops[i], jit);
	}
	bpf_object__close(obj);
	return fails + check_map(prefix, mode, path);
}

/* constants the body cannot take, a field wider than its table */
static int cmd_bad(const char *mode, const char *path)
{
	static const struct refusal bad[] = {
		{ "bad_start", "kfunc bpf_insn_bextr64: start must be below 64", BX_PLAIN_MSG },
		{ "bad_len0", "kfunc bpf_insn_bextr64: len must be 1 to 64 - start", BX_PLAIN_MSG },
		{ "bad_len", "kfunc bpf_insn_bextr64: len must be 1 to 64 - start", BX_PLAIN_MSG },
		{ "bad_nonconst", "R3 must be a known constant", BX_PLAIN_MSG },
		{ "bad_wide", "invalid access to map value", BX_PLAIN_MSG },
	};
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "bextr.%s", mode);
	return check_refusals(prefix, mode, path, bad);
}

int bextr_main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "check"))
		return cmd_check(argv[2], argv[3], argc > 4 && !strcmp(argv[4], "--jit"));
	if (argc == 3 && !strcmp(argv[1], "nojit"))
		return check_nojit("bextr.nojit.refused", argv[2], "bextr_all");
	if (argc == 4 && !strcmp(argv[1], "bad"))
		return cmd_bad(argv[2], argv[3]);
	fprintf(stderr, "usage: see tests/prog_tests/bextr.c\n");
	return 2;
}
