// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the big-endian load family (tests/progs/load_be.bpf.c).
 *
 * usage: load_be check MODE OBJ [--jit]  results, xlated shapes, figures;
 *                                        MODE native|body|call
 *        load_be nojit OBJ               load must fail: no JIT, no bodies
 *        load_be bad MODE OBJ            loads out of bounds are refused
 *
 * MODE call: 6.12 refuses the untyped pointer argument of a plain kfunc
 * call, so there every program is checked to be refused.
 */
#include "common.h"
#include "load_be.h"

#define PREFIX "bpf_insn_load_be"

struct lbe_load {
	int bits, off;
};

static const struct lbe_load pkt_loads[] = {
#define LOAD(i, bits, off) [i] = { bits, off },
	LBE_PKT_LOADS(LOAD)
}, map_loads[] = {
	LBE_MAP_LOADS(LOAD)
}, stack_loads[] = {
	LBE_STACK_LOADS(LOAD)
}, ctx_loads[] = {
	LBE_CTX_LOADS(LOAD)
};

/* the body's byte swap */
static int lbe_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU | BPF_END | BPF_TO_BE);
}

static __u64 be(const __u8 *p, int bits)
{
	__u64 v = 0;

	for (int i = 0; i < bits / 8; i++)
		v = v << 8 | p[i];
	return v;
}

static void fill(__u8 *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = xorshift() >> 56;
}

/* out[] against the loads from in[]; TEST line on a mismatch */
static int compare(const char *name, const __u64 *out, const __u8 *in,
		   const struct lbe_load *l, int n)
{
	for (int i = 0; i < n; i++) {
		__u64 w = be(in + l[i].off, l[i].bits);

		if (out[i] != w) {
			test_line(name, 0, "load_be%d(p, %d) = 0x%llx, want 0x%llx",
				  l[i].bits, l[i].off, (unsigned long long)out[i],
				  (unsigned long long)w);
			return 1;
		}
	}
	return 0;
}

#define NLOADS(a) ((int)(sizeof(a) / sizeof(a[0])))

/* one program over NINPUTS random inputs; map programs read lbe_map */
static int check_prog(const char *prefix, struct bpf_object *obj, const char *prog,
		      const char *want_mode, int ncalls)
{
	int fd = prog_fd(obj, prog), key = 0;
	struct bpf_map *map = bpf_object__find_map_by_name(obj, "lbe_map");
	char name[96];

	snprintf(name, sizeof(name), "%s.xlated.%s", prefix, prog);
	if (check_shape(name, family_mode(want_mode, PREFIX), fd, ncalls, PREFIX, lbe_marker))
		return 1;
	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct lbe_pkt p, q;
		struct lbe_ctx c = {};
		__u32 ret;
		int err;

		if (!strcmp(prog, "load_be_pkt") || !strcmp(prog, "load_be_alias")) {
			fill((__u8 *)&p, sizeof(p));
			err = run_prog(fd, 0, &p, sizeof(p), &q, &ret);
			if (err || ret != 2) {
				test_line(name, 0, "test_run: %s, ret %u", strerror(-err), ret);
				return 1;
			}
			if (!strcmp(prog, "load_be_pkt")) {
				if (compare(name, q.out, p.in, pkt_loads, NLOADS(pkt_loads)))
					return 1;
				continue;
			}
			/* load_be_alias: be32 at 2 into out[0], be64 at 9 into out[1] */
			if (q.out[0] != be(p.in + 2, 32) || q.out[1] != be(p.in + 9, 64)) {
				test_line(name, 0, "got 0x%llx 0x%llx",
					  (unsigned long long)q.out[0],
					  (unsigned long long)q.out[1]);
				return 1;
			}
			continue;
		}
		fill(c.in, sizeof(c.in));
		if (!strcmp(prog, "load_be_map"))
			bpf_map__update_elem(map, &key, sizeof(key), c.in, sizeof(c.in), 0);
		err = run_prog(fd, 1, &c, sizeof(c), NULL, &ret);
		if (err || ret) {
			test_line(name, 0, "test_run: %s, ret %u", strerror(-err), ret);
			return 1;
		}
		if (!strcmp(prog, "load_be_ctx") ?
		    compare(name, c.out, c.in, ctx_loads, NLOADS(ctx_loads)) :
		    !strcmp(prog, "load_be_map") ?
		    compare(name, c.out, c.in, map_loads, NLOADS(map_loads)) :
		    compare(name, c.out, c.in, stack_loads, NLOADS(stack_loads)))
			return 1;
	}
	test_line(name, 1, NULL);
	return 0;
}

/* the loops read n words, from x on, and stop at the packet's end */
static int check_be_loop(const char *prefix, int fd, const char *prog)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct lbe_loop_pkt p, q;
		__u32 n = k % (LBE_LOOP_MAX + 1), ret;
		/* short packets too (from 16 bytes, the least XDP takes): the
		 * loop stops at their end
		 */
		__u32 size = k % 5 ? sizeof(p) : 16 + 8 * (n / 2);
		__u64 w = 0;

		fill((__u8 *)&p, sizeof(p));
		p.x = n;
		for (__u32 i = 0; i < n && 8 + 8 * (i + 1) <= size; i++)
			w = w * 31 + be((__u8 *)&p.w[i], 64);
		if (run_prog(fd, 0, &p, size, &q, &ret) || ret != 2 || q.x != w) {
			test_line(name, 0, "n=%u size=%u: got 0x%llx want 0x%llx",
				  n, size, (unsigned long long)q.x,
				  (unsigned long long)w);
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/*
 * The programs that call the kfunc, refused as plain calls (load_be_idiom
 * has no call); load_be_wrapper too where the kernel has the series and
 * the bodies are off (MODE call), as on a kernel without the series
 * (stock) insn_load_be64() falls back to C.
 */
static const char *const as_call[] = {
	"load_be_pkt", "load_be_map", "load_be_stack", "load_be_ctx", "load_be_alias",
	"load_be_loop", "load_be_wrapper",
};

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "load_be_loop", "load_be_idiom", "load_be_wrapper" };
	int fails;
	struct bpf_object *obj;
	char prefix[64];

	fails = check_untyped_call("load_be", mode, path, as_call, ARRAY_SIZE(as_call),
				   check_be_loop);
	if (fails >= 0)
		return fails;
	fails = 0;
	obj = load_mode("load_be", mode, path, NULL, prefix);
	if (!obj)
		return 1;
	fails += check_prog(prefix, obj, "load_be_pkt", mode, NLOADS(pkt_loads));
	fails += check_prog(prefix, obj, "load_be_map", mode, NLOADS(map_loads));
	fails += check_prog(prefix, obj, "load_be_stack", mode, NLOADS(stack_loads));
	fails += check_prog(prefix, obj, "load_be_alias", mode, 2);
	fails += stat_jit(prefix, obj, "load_be_alias", jit);
	/* a context pointer keeps the body even where native code could go */
	fails += check_prog(prefix, obj, "load_be_ctx", "body", NLOADS(ctx_loads));
	for (int i = 0; i < 3; i++) {
		fails += check_be_loop(prefix, prog_fd(obj, loops[i]), loops[i]);
		fails += stat_jit(prefix, obj, loops[i], jit);
	}
	bpf_object__close(obj);
	return fails;
}

/* the loads out of bounds to refuse ("bad") are refusals.c's */
int load_be_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "load_be", .check = cmd_check, .nojit = "load_be_pkt", .bad = 1,
	};

	return loader_main(&cmds, argc, argv);
}
