// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the 16-byte copy family (tests/progs/copy16.bpf.c).
 *
 * usage: copy16 check MODE OBJ [--jit]  results, xlated shapes, figures;
 *                                       MODE native|body|call|stock
 *        copy16 nojit OBJ               load must fail: no JIT, no bodies
 *        copy16 bad MODE OBJ            refused copies (refusals.c)
 *
 * Every result is the memory after the program against the same copies
 * done here with memmove(); the bytes around them must be unchanged.
 * MODE call: 6.12 refuses the untyped pointer arguments of a plain kfunc
 * call, so there every program is checked to be refused.
 */
#include "common.h"
#include "copy16.h"

#define PREFIX "bpf_insn_copy16"

struct c16_copy {
	int dst, src;
};

static const struct c16_copy pkt_copies[] = {
#define COPY(dst, src) { dst, src },
	C16_PKT_COPIES(COPY)
}, map_copies[] = {
	C16_MAP_COPIES(COPY)
}, stack_copies[] = {
	C16_STACK_COPIES(COPY)
};

#define NCOPIES(a) ((int)ARRAY_SIZE(a))

/* the body's loads: r3 = *(u64 *)(r2 + 0); r4 = *(u64 *)(r2 + 8) */
static int c16_marker(const struct bpf_insn *i)
{
	/* a program's last insn is an exit, so i[1] is there after a load */
	return i->code == (BPF_LDX | BPF_MEM | BPF_DW) && i->dst_reg == BPF_REG_3 &&
	       i->src_reg == BPF_REG_2 && !i->off &&
	       i[1].code == (BPF_LDX | BPF_MEM | BPF_DW) && i[1].dst_reg == BPF_REG_4 &&
	       i[1].src_reg == BPF_REG_2 && i[1].off == 8;
}

/* the @n copies @c within @mem, as memmove() makes them */
static void model(__u8 *mem, const struct c16_copy *c, int n)
{
	for (int i = 0; i < n; i++)
		memmove(mem + c[i].dst, mem + c[i].src, 16);
}

static void fill(void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((__u8 *)p)[i] = xorshift() >> 56;
}

/* @got against @want, @n bytes: the first difference into @why */
static int differ(const char *what, const void *got, const void *want, size_t n, char *why,
		  size_t len)
{
	const __u8 *g = got, *w = want;

	for (size_t i = 0; i < n; i++)
		if (g[i] != w[i]) {
			snprintf(why, len, "%s byte %zu is 0x%02x, want 0x%02x", what, i, g[i], w[i]);
			return 1;
		}
	return 0;
}

/* copy16_pkt: the copies in the packet; a short one is dropped unchanged */
static int run_pkt(int fd, unsigned int k, char *why, size_t len)
{
	__u8 p[C16_PKT_SIZE + 8], q[C16_PKT_SIZE + 8], w[C16_PKT_SIZE + 8];
	__u32 size = k % 4 ? C16_PKT_SIZE + k % 9 : C16_PKT_SIZE - 1 - k % 40, ret;
	int err;

	fill(p, sizeof(p));
	memcpy(w, p, sizeof(w));
	if (size >= C16_PKT_SIZE)
		model(w, pkt_copies, NCOPIES(pkt_copies));
	err = run_prog(fd, 0, p, size, q, &ret);
	if (err || ret != (size < C16_PKT_SIZE ? 1 : 2)) {
		snprintf(why, len, "size %u: test_run %s, ret %u", size, strerror(-err), ret);
		return 1;
	}
	return differ("packet", q, w, size, why, len);
}

/* copy16_map: the copies in the map's value */
static int run_map(int fd, struct bpf_map *map, char *why, size_t len)
{
	struct c16_value v, got, w;
	struct c16_ctx c;
	__u32 ret;
	int err, key = 0;

	fill(&v, sizeof(v));
	w = v;
	model(w.b, map_copies, NCOPIES(map_copies));
	bpf_map__update_elem(map, &key, sizeof(key), &v, sizeof(v), 0);
	err = run_prog(fd, 1, &c, sizeof(c), NULL, &ret);
	if (err || ret) {
		snprintf(why, len, "test_run %s, ret %u", strerror(-err), ret);
		return 1;
	}
	bpf_map__lookup_elem(map, &key, sizeof(key), &got, sizeof(got), 0);
	return differ("value", &got, &w, sizeof(w), why, len);
}

/*
 * copy16_stack: the copies in the stack buffer from in[], to out[];
 * copy16_ctx: the head to the buffer, the buffer's second half to the head
 */
static int run_ctx(int fd, int stack, char *why, size_t len)
{
	struct c16_ctx c, w;
	__u32 ret;
	int err;

	fill(&c, sizeof(c));
	w = c;
	memcpy(w.out, w.in, sizeof(w.out));
	if (stack) {
		model(w.out, stack_copies, NCOPIES(stack_copies));
	} else {
		memmove(w.out, w.head, 16);
		memmove(w.head, w.out + 16, 16);
	}
	err = run_prog(fd, 1, &c, sizeof(c), NULL, &ret);
	if (err || ret) {
		snprintf(why, len, "test_run %s, ret %u", strerror(-err), ret);
		return 1;
	}
	return differ("context", &c, &w, sizeof(c), why, len);
}

/* copy16_mixed: see copy16.h */
static int run_mixed(int fd, struct bpf_map *map, struct bpf_map *rdonly, char *why,
		     size_t len)
{
	__u8 p[C16_PKT_SIZE], q[C16_PKT_SIZE], wp[C16_PKT_SIZE], b[32];
	struct c16_value v, r, got, w;
	__u32 ret;
	int err, key = 0;

	fill(p, sizeof(p));
	fill(&v, sizeof(v));
	fill(&r, sizeof(r));
	bpf_map__update_elem(map, &key, sizeof(key), &v, sizeof(v), 0);
	bpf_map__update_elem(rdonly, &key, sizeof(key), &r, sizeof(r), 0);
	memcpy(wp, p, sizeof(wp));
	w = v;
	memmove(b, wp + 3, 16);
	memmove(b + 16, w.b + 1, 16);
	memmove(w.b + 16, b, 16);
	memmove(wp + 48, b + 16, 16);
	memmove(wp + 20, w.b + 5, 16);
	memmove(b + 8, r.b + 7, 16);
	memcpy(wp, b, sizeof(b));
	err = run_prog(fd, 0, p, sizeof(p), q, &ret);
	if (err || ret != 2) {
		snprintf(why, len, "test_run %s, ret %u", strerror(-err), ret);
		return 1;
	}
	bpf_map__lookup_elem(map, &key, sizeof(key), &got, sizeof(got), 0);
	return differ("packet", q, wp, sizeof(wp), why, len) ||
	       differ("value", &got, &w, sizeof(w), why, len);
}

/* copy16_alias: the first 16 bytes onto themselves, then 16 from 0 to 8 */
static int run_alias(int fd, char *why, size_t len)
{
	__u8 p[C16_ALIAS_SIZE], q[C16_ALIAS_SIZE], w[C16_ALIAS_SIZE];
	__u32 ret;
	int err;

	fill(p, sizeof(p));
	memcpy(w, p, sizeof(w));
	memmove(w + 8, w, 16);
	err = run_prog(fd, 0, p, sizeof(p), q, &ret);
	if (err || ret != 2) {
		snprintf(why, len, "test_run %s, ret %u", strerror(-err), ret);
		return 1;
	}
	return differ("packet", q, w, sizeof(w), why, len);
}

/* one program, its shape, then NINPUTS random inputs */
static int check_prog(const char *prefix, struct bpf_object *obj, const char *prog,
		      const char *want_mode, int ncalls)
{
	struct bpf_map *map = bpf_object__find_map_by_name(obj, "c16_map"),
		       *rdonly = bpf_object__find_map_by_name(obj, "c16_rdonly");
	int fd = prog_fd(obj, prog);
	char name[96], why[256] = "";

	snprintf(name, sizeof(name), "%s.xlated.%s", prefix, prog);
	if (check_shape(name, family_mode(want_mode, PREFIX), fd, ncalls, PREFIX, c16_marker))
		return 1;
	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		int bad = !strcmp(prog, "copy16_pkt") ? run_pkt(fd, k, why, sizeof(why)) :
			  !strcmp(prog, "copy16_map") ? run_map(fd, map, why, sizeof(why)) :
			  !strcmp(prog, "copy16_mixed") ?
				run_mixed(fd, map, rdonly, why, sizeof(why)) :
			  !strcmp(prog, "copy16_alias") ? run_alias(fd, why, sizeof(why)) :
			  run_ctx(fd, !strcmp(prog, "copy16_stack"), why, sizeof(why));

		if (bad) {
			test_line(name, 0, "%s", why);
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/*
 * copy16_fastcall: the four spill and fill pairs go with native code and
 * stay with the body (which copies through R3 and R4); R0, R3, R4 and R5
 * come through either way, and the copy is made
 */
static int check_fastcall(const char *prefix, int fd, const char *mode)
{
	const __u32 sum = C16_FC_R0 + C16_FC_R3 + C16_FC_R4 + C16_FC_R5;
	int want = pairs_go(mode, PREFIX) ? 0 : 4, pairs = stack_pairs(fd), fails;
	char name[96];

	snprintf(name, sizeof(name), "%s.xlated.copy16_fastcall", prefix);
	fails = check_shape(name, family_mode(mode, PREFIX), fd, 1, PREFIX, c16_marker);
	snprintf(name, sizeof(name), "%s.xlated.copy16_fastcall.pairs", prefix);
	test_line(name, pairs == want, "%d spill and fill pairs, want %d", pairs, want);
	fails += pairs != want;
	snprintf(name, sizeof(name), "%s.copy16_fastcall", prefix);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		__u64 p[4] = { input(k), xorshift(), xorshift(), input(k) ^ 1 }, q[4];
		__u64 w[4] = { p[2], p[3], p[2], p[3] };
		__u32 ret;
		int err = run_prog(fd, 0, p, sizeof(p), q, &ret);

		if (err || ret != sum || memcmp(q, w, sizeof(q))) {
			test_line(name, 0, "returned %#x (want %#x)%s%s%s", ret, sum,
				  memcmp(q, w, sizeof(q)) ? ", the packet is wrong" : "",
				  err ? ", test_run: " : "", err ? strerror(-err) : "");
			return fails + 1;
		}
	}
	test_line(name, 1, NULL);
	return fails;
}

/* the loops move the words down, n copies at most, to the packet's end */
static int check_c16_loop(const char *prefix, int fd, const char *prog)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct c16_loop_pkt p, q, w;
		__u32 n = k % (C16_LOOP_MAX + 1), ret, i;
		/* short packets too (from 16 bytes, the least XDP takes) */
		__u32 size = k % 5 ? sizeof(p) : 16 + 8 * (n / 2);

		fill(&p, sizeof(p));
		p.x = (input(k) & ~0xffffffffull) | n;
		w = p;
		for (i = 0; i < n && 8 + 8 * i + 24 <= size; i++)
			memmove(&w.w[i], &w.w[i + 1], 16);
		w.x = i;
		memset(&q, 0, sizeof(q));
		if (run_prog(fd, 0, &p, size, &q, &ret) || ret != 2 || memcmp(&q, &w, size)) {
			test_line(name, 0, "n=%u size=%u: x %llu, want %llu%s", n, size,
				  (unsigned long long)q.x, (unsigned long long)w.x,
				  q.x == w.x ? ", the words differ" : "");
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/*
 * The programs that call the kfunc, refused as plain calls (copy16_idiom
 * has none); copy16_wrapper too where the kernel has the series and the
 * bodies are off (MODE call), as on a kernel without the series (stock)
 * insn_copy16() falls back to C.
 */
static const char *const as_call[] = {
	"copy16_pkt", "copy16_map", "copy16_stack", "copy16_mixed", "copy16_ctx",
	"copy16_alias", "copy16_fastcall", "copy16_loop", "copy16_wrapper",
};

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "copy16_loop", "copy16_idiom", "copy16_wrapper" };
	int fails;
	struct bpf_object *obj;
	char prefix[64];

	fails = check_untyped_call("copy16", mode, path, as_call, ARRAY_SIZE(as_call),
				   check_c16_loop);
	if (fails >= 0)
		return fails;
	fails = 0;
	obj = load_mode("copy16", mode, path, NULL, prefix);
	if (!obj)
		return 1;
	fails += check_prog(prefix, obj, "copy16_pkt", mode, NCOPIES(pkt_copies));
	fails += stat_jit(prefix, obj, "copy16_pkt", jit);
	fails += check_prog(prefix, obj, "copy16_map", mode, NCOPIES(map_copies));
	fails += check_prog(prefix, obj, "copy16_stack", mode, NCOPIES(stack_copies));
	fails += check_prog(prefix, obj, "copy16_mixed", mode, 6);
	fails += check_prog(prefix, obj, "copy16_alias", mode, 2);
	fails += stat_jit(prefix, obj, "copy16_alias", jit);
	fails += check_fastcall(prefix, prog_fd(obj, "copy16_fastcall"), mode);
	fails += stat_jit(prefix, obj, "copy16_fastcall", jit);
	/* a context pointer keeps the body even where native code could go */
	fails += check_prog(prefix, obj, "copy16_ctx", "body", 2);
	for (int i = 0; i < 3; i++) {
		fails += check_c16_loop(prefix, prog_fd(obj, loops[i]), loops[i]);
		fails += stat_jit(prefix, obj, loops[i], jit);
	}
	bpf_object__close(obj);
	return fails;
}

/* the copies to refuse ("bad") are refusals.c's */
int copy16_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "copy16", .check = cmd_check, .nojit = "copy16_pkt", .bad = 1,
	};

	return loader_main(&cmds, argc, argv);
}
