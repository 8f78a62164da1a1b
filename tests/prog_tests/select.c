// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the select family (tests/progs/select.bpf.c).
 *
 * usage: select check MODE OBJ [--jit]  results, xlated shapes, verifier
 *                                       knowledge, figures; MODE
 *                                       native|body|call
 *        select nojit OBJ               load must fail: no JIT, no bodies
 */
#include "common.h"
#include "select.h"

#define PREFIX "bpf_insn_select64"

/* the body's "r0 = r3" (its jump on an immediate changes under blinding) */
static int sel_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU64 | BPF_MOV | BPF_X) && !i->dst_reg &&
	       i->src_reg == 3 && !i->off;
}

static __u64 sel_want(int i, __u64 c, __u64 a, __u64 b)
{
	switch (i) {
#define WANT(i, w) case i: return w;
	SEL_CASES(WANT)
	}
	return 0;
}

/* select_all on every input, c zero for a third of them */
static int check_all(const char *prefix, int fd)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.select_all", prefix);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct sel_ctx c = {
			.c = k % 3 ? input(k) : 0, .a = input(k + 1), .b = xorshift(),
		};

		if (run_prog(fd, 1, &c, sizeof(c), NULL, NULL)) {
			test_line(name, 0, "test_run: %s", strerror(errno));
			return 1;
		}
		for (int i = 0; i < SEL_NCASES; i++) {
			__u64 w = sel_want(i, c.c, c.a, c.b);

			if (c.r[i] == w)
				continue;
			test_line(name, 0, "case %d: select(0x%llx, 0x%llx, 0x%llx) = 0x%llx, want 0x%llx",
				  i, (unsigned long long)c.c, (unsigned long long)c.a,
				  (unsigned long long)c.b, (unsigned long long)c.r[i],
				  (unsigned long long)w);
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/* select_pkt reads the word at 4 or 8 after one bounds check */
static int check_pkt(const char *prefix, int fd)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.select_pkt", prefix);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct sel_kpkt p = { .c = k % 2 ? input(k) | 1 : 0,
				      .w4 = xorshift(), .w8 = xorshift() }, q;
		__u32 ret, w = p.c ? p.w4 : p.w8;

		if (run_prog(fd, 0, &p, sizeof(p), &q, &ret) || ret != 2 || q.c != w) {
			test_line(name, 0, "c=0x%x: got 0x%x want 0x%x (ret %u, %s)",
				  p.c, q.c, w, ret, strerror(errno));
			return 1;
		}
	}
	test_line(name, 1, "loads with one bounds check");
	return 0;
}

static __u64 collatz(__u64 x, __u32 n)
{
	while (n--)
		x = x & 1 ? 3 * x + 1 : x >> 1;
	return x;
}

_Static_assert(sizeof(struct sel_pkt) == sizeof(struct loop_pkt), "sel_pkt is a loop_pkt");

/* select_pkt: loads, runs right and has the mode's shape; refused as a call */
static int check_knowledge(const char *prefix, const char *mode, const char *path)
{
	struct bpf_object *obj;
	char name[96];
	int fails;

	snprintf(name, sizeof(name), "%s.refused.select_pkt", prefix);
	if (!strcmp(mode, "call"))
		return check_refused(name, path, "select_pkt", "pkt pointer");
	obj = load_obj(path, "select_pkt", NULL, 0);
	snprintf(name, sizeof(name), "%s.load.select_pkt", prefix);
	if (load_line(name, obj))
		return 1;
	snprintf(name, sizeof(name), "%s.xlated.select_pkt", prefix);
	fails = check_shape(name, mode, prog_fd(obj, "select_pkt"), 1, PREFIX, sel_marker);
	fails += check_pkt(prefix, prog_fd(obj, "select_pkt"));
	bpf_object__close(obj);
	return fails;
}

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "select_loop", "select_idiom", "select_wrapper" };
	char prefix[64], name[96];
	struct bpf_object *obj = load_mode("select", mode, path, "select_pkt", prefix);
	int fails = 0;

	if (!obj)
		return 1;
	fails += check_all(prefix, prog_fd(obj, "select_all"));
	snprintf(name, sizeof(name), "%s.xlated", prefix);
	fails += check_shape(name, mode, prog_fd(obj, "select_all"), SEL_NCASES,
			     PREFIX, sel_marker);
	fails += stat_jit(prefix, obj, "select_all", jit);
	fails += check_loops(prefix, obj, loops, SEL_LOOP_MAX, collatz, jit);
	bpf_object__close(obj);
	return fails + check_knowledge(prefix, mode, path);
}

int select_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "select", .check = cmd_check, .nojit = "select_all",
	};

	return loader_main(&cmds, argc, argv);
}
