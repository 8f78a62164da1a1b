// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the address arithmetic family (tests/progs/lea.bpf.c).
 *
 * usage: lea check MODE OBJ [--jit]  results, xlated shapes, verifier
 *                                    knowledge, figures; MODE
 *                                    native|body|call|stock
 *        lea nojit OBJ               load must fail: no JIT, no bodies
 *        lea bad MODE OBJ            bad constants refused, with reasons
 *
 * MODE call: 6.12 refuses every call of a kfunc with two constant
 * arguments, so there the programs are checked to be refused.
 */
#include "common.h"
#include "lea.h"

#define PREFIX "bpf_insn_lea64"

static const struct { __u32 shift; __s32 disp; } cases[LEA_NCASES] = {
#define CASE(i, s, d) [i] = { s, d },
	LEA_CASES(CASE)
};

/* the body's "r4 s>>= 32" */
static int lea_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU64 | BPF_ARSH | BPF_K) && i->dst_reg == 4 &&
	       i->imm == 32;
}

static __u64 lea(__u64 base, __u64 index, __u32 shift, __s32 disp)
{
	return base + (index << shift) + (__s64)disp;
}

/* lea_all and lea_alias on every input */
static int check_all(const char *prefix, int all, int alias)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.lea_all", prefix);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct lea_ctx c = { .base = input(k), .index = input(k * 7 + 3) };
		__u64 w[LEA_NCASES + LEA_NALIAS], *g = c.r;
		__u64 b = c.base, x = c.index;

		if (run_prog(all, 1, &c, sizeof(c), NULL, NULL) ||
		    run_prog(alias, 1, &c, sizeof(c), NULL, NULL)) {
			test_line(name, 0, "test_run: %s", strerror(errno));
			return 1;
		}
		for (int i = 0; i < LEA_NCASES; i++)
			w[i] = lea(b, x, cases[i].shift, cases[i].disp);
		w[LEA_NCASES] = lea(b, x, LEA_ALIAS_SHIFT0, LEA_ALIAS_DISP0);
		w[LEA_NCASES + 1] = lea(b, x, LEA_ALIAS_SHIFT1, LEA_ALIAS_DISP1);
		w[LEA_NCASES + 2] = lea(b, b, LEA_ALIAS_SHIFT2, LEA_ALIAS_DISP2);
		w[LEA_NCASES + 3] = lea(b, x, LEA_ALIAS_SHIFT3, LEA_ALIAS_DISP3);
		if (c.base != b || c.index != x) {
			test_line(name, 0, "lea_alias lost its operands: 0x%llx 0x%llx",
				  (unsigned long long)c.base, (unsigned long long)c.index);
			return 1;
		}
		for (int i = 0; i < LEA_NCASES + LEA_NALIAS; i++) {
			if (g[i] == w[i])
				continue;
			test_line(name, 0, "%s %d: lea(0x%llx, 0x%llx) = 0x%llx, want 0x%llx",
				  i < LEA_NCASES ? "case" : "alias", i,
				  (unsigned long long)b, (unsigned long long)x,
				  (unsigned long long)g[i], (unsigned long long)w[i]);
			return 1;
		}
	}
	test_line(name, 1, "%d cases and %d bindings", LEA_NCASES, LEA_NALIAS);
	return 0;
}

static int check_loop(const char *prefix, int fd, const char *prog)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct lea_pkt p = { .x = input(k), .n = k % (LEA_LOOP_MAX + 1) }, q;
		__u64 w = p.x;
		__u32 ret;

		for (__u32 i = 0; i < p.n; i++)
			w = lea(w, w >> LEA_LOOP_RSH, LEA_LOOP_SHIFT, LEA_LOOP_DISP);
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

/* lea_map_read reads the table at the result, unchecked */
static int check_map(const char *prefix, const char *mode, const char *path)
{
	struct bpf_object *obj;
	struct lea_table t;
	char name[96];
	int fd, fails, key = 0;

	obj = load_obj(path, "lea_map_read", NULL, 0);
	snprintf(name, sizeof(name), "%s.load.lea_map_read", prefix);
	test_line(name, !!obj, obj ? NULL : "%s", strerror(errno));
	if (!obj)
		return 1;
	fd = prog_fd(obj, "lea_map_read");
	snprintf(name, sizeof(name), "%s.xlated.lea_map_read", prefix);
	fails = check_shape(name, mode, fd, 1, PREFIX, lea_marker);
	for (int i = 0; i < 9; i++)
		t.slot[i] = xorshift();
	bpf_map__update_elem(bpf_object__find_map_by_name(obj, "lea_map"), &key,
			     sizeof(key), &t, sizeof(t), 0);
	snprintf(name, sizeof(name), "%s.lea_map_read", prefix);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct lea_kctx c = { .x = input(k) };
		__u64 w = t.slot[lea(0, c.x & 7, 3, LEA_KDISP) / 8];

		if (run_prog(fd, 1, &c, sizeof(c), NULL, NULL) || c.out != w) {
			test_line(name, 0, "x=0x%llx: got 0x%llx want 0x%llx",
				  (unsigned long long)c.x, (unsigned long long)c.out,
				  (unsigned long long)w);
			bpf_object__close(obj);
			return fails + 1;
		}
	}
	test_line(name, 1, "reads a map value at offset 8 to 64 without a check");
	bpf_object__close(obj);
	return fails;
}

/*
 * As a plain call 6.12 takes one constant argument per kfunc call: every
 * program calling bpf_insn_lea64() with a constant shift is refused.
 */
#define LEA_PLAIN_MSG "only one constant argument permitted"
/* without the series the result is any scalar: too far for the map value */
#define LEA_STOCK_MAP_MSG "math between map_value pointer and register with unbounded min value"

static int check_stock(const char *path)
{
	static const char *const loops[] = { "lea_loop", "lea_idiom", "lea_wrapper" };
	struct bpf_object *obj;
	int fails;

	/*
	 * A kernel without the series: there shift is an ordinary argument
	 * (6.12 takes one constant per kfunc), so the programs load as plain
	 * calls and compute the same; the one that needs the verifier to know
	 * the result's range is refused.
	 */
	fails = check_refused("lea.stock.refused.lea_map_read", path, "lea_map_read",
			      LEA_STOCK_MAP_MSG);
	obj = load_except(path, "lea_map_read");
	test_line("lea.stock.load", !!obj, obj ? NULL : "%s", strerror(errno));
	if (!obj)
		return fails + 1;
	fails += check_all("lea.stock", prog_fd(obj, "lea_all"), prog_fd(obj, "lea_alias"));
	fails += check_shape("lea.stock.xlated", "call", prog_fd(obj, "lea_all"),
			     LEA_NCASES, PREFIX, lea_marker);
	for (int i = 0; i < 3; i++)
		fails += check_loop("lea.stock", prog_fd(obj, loops[i]), loops[i]);
	bpf_object__close(obj);
	return fails;
}

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "lea_loop", "lea_idiom", "lea_wrapper" };
	static const struct refusal all[] = {
		{ "lea_all", LEA_PLAIN_MSG, NULL },
		{ "lea_alias", LEA_PLAIN_MSG, NULL },
		{ "lea_map_read", LEA_PLAIN_MSG, NULL },
		{ "lea_loop", LEA_PLAIN_MSG, NULL },
		{ "lea_wrapper", LEA_PLAIN_MSG, NULL },
	};
	struct bpf_object *obj;
	char prefix[64], name[96];
	int fails = 0;

	if (!strcmp(mode, "call"))
		return check_refusals("lea.call", mode, path, all);
	if (!strcmp(mode, "stock"))
		return check_stock(path);
	obj = load_except(path, "lea_map_read");
	snprintf(prefix, sizeof(prefix), "lea.%s", mode);
	snprintf(name, sizeof(name), "%s.load", prefix);
	test_line(name, !!obj, obj ? NULL : "%s", strerror(errno));
	if (!obj)
		return 1;
	fails += check_all(prefix, prog_fd(obj, "lea_all"), prog_fd(obj, "lea_alias"));
	snprintf(name, sizeof(name), "%s.xlated", prefix);
	fails += check_shape(name, mode, prog_fd(obj, "lea_all"), LEA_NCASES,
			     PREFIX, lea_marker);
	snprintf(name, sizeof(name), "%s.xlated.lea_alias", prefix);
	fails += check_shape(name, mode, prog_fd(obj, "lea_alias"), LEA_NALIAS,
			     PREFIX, lea_marker);
	for (int i = 0; i < 3; i++) {
		fails += check_loop(prefix, prog_fd(obj, loops[i]), loops[i]);
		fails += stat_jit(prefix, obj, loops[i], jit);
	}
	bpf_object__close(obj);
	return fails + check_map(prefix, mode, path);
}

/* shifts the body cannot take, non-constants, a read past the value */
static int cmd_bad(const char *mode, const char *path)
{
	/* as plain calls the first constant is checked before the second */
	static const struct refusal bad[] = {
		{ "bad_shift4", "kfunc bpf_insn_lea64: shift must be 0 to 3", LEA_PLAIN_MSG },
		{ "bad_shift", "kfunc bpf_insn_lea64: shift must be 0 to 3", LEA_PLAIN_MSG },
		{ "bad_nonconst", "R3 must be a known constant", NULL },
		{ "bad_nonconst_disp", "R4 must be a known constant", LEA_PLAIN_MSG },
		{ "bad_wide", "invalid access to map value", LEA_PLAIN_MSG },
	};
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "lea.%s", mode);
	return check_refusals(prefix, mode, path, bad);
}

int lea_main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "check"))
		return cmd_check(argv[2], argv[3], argc > 4 && !strcmp(argv[4], "--jit"));
	if (argc == 3 && !strcmp(argv[1], "nojit"))
		return check_nojit("lea.nojit.refused", argv[2], "lea_all");
	if (argc == 4 && !strcmp(argv[1], "bad"))
		return cmd_bad(argv[2], argv[3]);
	fprintf(stderr, "usage: see tests/prog_tests/lea.c\n");
	return 2;
}
