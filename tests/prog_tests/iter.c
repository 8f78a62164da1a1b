// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the numeric iterator (tests/progs/iter.bpf.c): the
 * programs' results against a C model of kernel/bpf/bpf_iter.c, and which
 * calls are left in the xlated program.
 *
 * usage: iter check MODE OBJ [--jit]   MODE native|body|call
 *        iter pin OBJ DIR              load the programs, pin them in DIR
 *        iter pinned LABEL DIR         results of the programs pinned there
 */
#include <limits.h>

#include "common.h"
#include "iter.h"

#define MAX_LOOPS (8 * 1024 * 1024)	/* BPF_MAX_LOOPS */

struct model {
	int cur, end;
};

static int model_new(struct model *s, int start, int end)
{
	if (start > end || (long long)end - start > MAX_LOOPS) {
		s->cur = s->end = 0;
		return start > end ? -EINVAL : -E2BIG;
	}
	s->cur = (int)((unsigned int)start - 1);	/* wraps, as in the kernel */
	s->end = end;
	return 0;
}

static int *model_next(struct model *s)
{
	if ((int)((unsigned int)s->cur + 1) >= s->end) {
		s->cur = s->end = 0;
		return NULL;
	}
	s->cur = (int)((unsigned int)s->cur + 1);	/* no signed overflow in C */
	return &s->cur;
}

static void model_range(struct iter_ctx *c)
{
	struct model s;
	int *v;

	c->ret_new = model_new(&s, c->start, c->end);
	ITER_RANGE_LOOP(c, v, model_next(&s));
}

/* [start, end) and a limit on the count; the rest is the program's to fill */
#define RANGE(s, e, l)	{ .start = (s), .end = (e), .limit = (l) }

static const struct iter_ctx ranges[] = {
	RANGE(0, 0, 100),			/* empty */
	RANGE(5, 3, 100),			/* start > end: -EINVAL */
	RANGE(7, 8, 100),			/* one */
	RANGE(-3, 4, 100),			/* across zero */
	RANGE(-10, -3, 100),			/* negative */
	RANGE(0, 1000, 10),			/* early exit */
	RANGE(0, MAX_LOOPS, 100),		/* the longest span */
	RANGE(0, MAX_LOOPS + 1, 100),		/* one more: -E2BIG */
	RANGE(-MAX_LOOPS / 2, MAX_LOOPS / 2, 5),
	RANGE(INT_MIN, INT_MIN + 5, 100),	/* cur starts at INT_MAX */
	RANGE(INT_MAX - 5, INT_MAX, 100),
	RANGE(INT_MIN, INT_MAX, 100),		/* -E2BIG */
	RANGE(INT_MAX, INT_MAX, 100),
};

/* outer, inner, where to break (-1: nowhere) */
#define NEST(o, i, b)	{ .outer = (o), .inner = (i), .brk = (b) }

static const struct nest_ctx nests[] = {
	NEST(3, 4, -1), NEST(0, 5, -1), NEST(5, 0, -1), NEST(5, 5, 2), NEST(10, 10, 9),
};

static int run(int fd, void *ctx, size_t size, __u32 *retval)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = ctx, .ctx_size_in = size);
	int err = bpf_prog_test_run_opts(fd, &opts);

	*retval = opts.retval;
	return err;
}

static int range_one(const void *arg, unsigned int i, char *why, size_t len)
{
	struct iter_ctx got = ranges[i], want = ranges[i];
	__u32 ret;

	model_range(&want);
	if (!run(*(const int *)arg, &got, sizeof(got), &ret) && !memcmp(&got, &want, sizeof(got)))
		return 0;
	snprintf(why, len, "[%d, %d) limit %d: new %d count %d first %d last %d sum %lld after %d; want %d %d %d %d %lld %d",
		 want.start, want.end, want.limit, got.ret_new, got.count,
		 got.first, got.last, got.sum, got.after, want.ret_new,
		 want.count, want.first, want.last, want.sum, want.after);
	return 1;
}

static int check_ranges(const char *prefix, int fd)
{
	char name[96], pass[32];

	snprintf(name, sizeof(name), "%s.range", prefix);
	snprintf(pass, sizeof(pass), "%zu ranges", ARRAY_SIZE(ranges));
	return check_cases(name, ARRAY_SIZE(ranges), &fd, pass, range_one);
}

static int nest_one(const void *arg, unsigned int k, char *why, size_t len)
{
	struct nest_ctx got = nests[k], want = nests[k];
	__u32 ret, wret = 0;

	for (int i = 0; i < want.outer && !wret; i++)
		for (int j = 0; j < want.inner; j++) {
			if (i == want.brk && j == want.brk) {
				wret = 1;
				break;
			}
			want.sum += i * 1000 + j;
			want.count++;
		}
	if (!run(*(const int *)arg, &got, sizeof(got), &ret) && ret == wret &&
	    got.sum == want.sum && got.count == want.count)
		return 0;
	snprintf(why, len, "%d x %d break %d: ret %u sum %lld count %d; want %u %lld %d",
		 want.outer, want.inner, want.brk, ret, got.sum, got.count,
		 wret, want.sum, want.count);
	return 1;
}

/* iter_sum on a packet holding n: the sum of 0..n-1 */
static int sum_one(const void *arg, unsigned int k, char *why, size_t len)
{
	/* XDP test runs need at least an Ethernet header's worth */
	__u32 n = k < 8 ? k : xorshift() % 5000, in[4] = { n }, out[4] = { 0 }, w = 0, ret = 0;
	int err = run_prog(*(const int *)arg, 0, in, sizeof(in), out, &ret);

	for (__u32 i = 0; i < n; i++)
		w += i;
	if (!err && ret == 2 && out[0] == w)
		return 0;
	snprintf(why, len, "n=%u: got %u want %u (%s)", n, out[0], w, strerror(-err));
	return 1;
}

/* a TEST line "PREFIX.WHAT" of @n cases of @one on program @fd */
static int check(const char *prefix, const char *what, int fd, unsigned int n,
		 int (*one)(const void *arg, unsigned int k, char *why, size_t len))
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, what);
	return check_cases(name, n, &fd, NULL, one);
}

/* iterator kfunc calls left in iter_range, and how many carry native code */
static int check_xlated(const char *prefix, const char *mode, int fd)
{
	struct bpf_insn *insn = NULL;
	struct bpf_prog_info info;
	int calls = 0, marked = 0, ok;
	char name[96];

	snprintf(name, sizeof(name), "%s.xlated", prefix);
	if (prog_xlated(fd, &info, &insn)) {
		test_line(name, 0, "no xlated program: %s", strerror(errno));
		return 1;
	}
	for (__u32 i = 0; i < info.xlated_prog_len / sizeof(*insn); i++)
		if (insn[i].code == (BPF_JMP | BPF_CALL) &&
		    insn[i].src_reg == BPF_PSEUDO_KFUNC_CALL) {
			calls++;
			marked += insn[i].dst_reg == 1;
		}
	free(insn);
	/* iter_range calls new, next twice, destroy; only next has native code */
	if (!strcmp(mode, "native"))
		ok = calls == 2 && marked == 2;
	else if (!strcmp(mode, "body"))
		ok = !calls;
	else
		ok = calls == 4 && !marked;
	test_line(name, ok, "%d kfunc calls left, %d for native code", calls, marked);
	return !ok;
}

/* Load the programs of @path and pin each as @dir/NAME. */
static int cmd_pin(const char *path, const char *dir)
{
	struct bpf_object *obj = load_obj(path, NULL, NULL, 0);
	int err;

	if (!obj) {
		printf("pin: cannot load %s: %s\n", path, strerror(errno));
		return 1;
	}
	err = bpf_object__pin_programs(obj, dir);
	if (err)
		printf("pin: %s in %s: %s\n", path, dir, strerror(-err));
	bpf_object__close(obj);
	return !!err;
}

/* The checks of cmd_check on programs pinned by cmd_pin. */
static int cmd_pinned(const char *label, const char *dir)
{
	static const char *const progs[] = { "iter_range", "iter_nested", "iter_sum" };
	int fd[3], fails = 0;
	char prefix[64], path[256];

	snprintf(prefix, sizeof(prefix), "iter.pinned.%s", label);
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, progs[i]);
		fd[i] = bpf_obj_get(path);
		if (fd[i] < 0) {
			test_line(prefix, 0, "bpf_obj_get %s: %s", path, strerror(errno));
			return 1;
		}
	}
	fails += check_ranges(prefix, fd[0]);
	fails += check(prefix, "nested", fd[1], ARRAY_SIZE(nests), nest_one);
	fails += check(prefix, "bpf_for_sum", fd[2], 40, sum_one);
	return fails ? 1 : 0;
}

static int cmd_check(const char *mode, const char *path, int jit)
{
	char prefix[64], name[96];
	struct bpf_object *obj = load_mode("iter", mode, path, NULL, prefix);
	int fails = 0, sum;

	if (!obj)
		return 1;
	fails += check_ranges(prefix, prog_fd(obj, "iter_range"));
	fails += check_xlated(prefix, mode, prog_fd(obj, "iter_range"));
	fails += check(prefix, "nested", prog_fd(obj, "iter_nested"), ARRAY_SIZE(nests), nest_one);
	sum = prog_fd(obj, "iter_sum");
	fails += check(prefix, "bpf_for_sum", sum, 40, sum_one);
	snprintf(name, sizeof(name), "%s.iter_sum", prefix);
	prog_stat(name, sum);
	if (jit && dump_jit("iter_sum", sum))
		fails++;
	bpf_object__close(obj);
	return fails ? 1 : 0;
}

int iter_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "iter", .check = cmd_check, .pin = cmd_pin, .pinned = cmd_pinned,
	};

	return loader_main(&cmds, argc, argv);
}
