// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the prefetch family (tests/progs/prefetch.bpf.c).
 *
 * usage: prefetch check MODE OBJ [--jit]  results, xlated shapes, figures;
 *                                         MODE native|body|call|stock
 *        prefetch nojit OBJ               load must fail: no JIT, no bodies
 *        prefetch bad MODE OBJ            refused prefetches (refusals.c)
 *
 * A prefetch changes nothing: every program must leave its memory as it
 * was and compute what it would without one.  The xlated program shows
 * each site as a call kept for native code or as the body (a one-byte
 * load); arm64 keeps the body where prfm cannot hold the offset.  MODE
 * call: 6.12 refuses the untyped pointer argument of a plain kfunc call,
 * so there every program is checked to be refused.
 */
#include "common.h"
#include "prefetch.h"

#define PREFIX "bpf_insn_prefetch"
#ifdef __aarch64__
#define IS_ARM64 1
#else
#define IS_ARM64 0
#endif

#define OFF(off) off,
static const __u32 pkt_offs[] = { PF_PKT_OFFS(OFF) }, map_offs[] = { PF_MAP_OFFS(OFF) },
	stack_offs[] = { PF_STACK_OFFS(OFF) }, far_offs[] = { PF_FAR_OFFS(OFF) },
	one_off[] = { 0 };

/* the body's load: r0 = *(u8 *)(r1 + 0), after r1 += r2 */
static int pf_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_LDX | BPF_MEM | BPF_B) && i->dst_reg == BPF_REG_0 &&
	       i->src_reg == BPF_REG_1 && !i->off;
}

/* does this arch's emitter take @off (module/ARCH/prefetch.c)? */
static int emits(__u32 off)
{
	/* arm64's prfm: the unsigned 12-bit immediate, scaled by 8 */
	return IS_ARM64 ? off % 8 == 0 && off / 8 < 4096 : 1;
}

/*
 * TEST @name: in MODE native each site whose offset the emitter takes is
 * a call kept for native code and every other one its body; in MODE body
 * (and @ctx: a context pointer) every site is its body
 */
static int check_sites(const char *name, const char *mode, int fd, const __u32 *offs,
		       int n, int ctx)
{
	int native = 0, ok;
	struct xshape s;

	/* where the emitter declines an offset, the JIT copies the kfunc if it can */
	for (int i = 0; !ctx && !strcmp(mode, "native") && i < n; i++)
		native += native_here(PREFIX) &&
			  (copied_here(PREFIX) || emits(offs[i]) || copy_fallback(PREFIX));
	if (xlated_shape(fd, PREFIX, pf_marker, &s)) {
		test_line(name, 0, "no xlated program: %s", strerror(errno));
		return 1;
	}
	ok = s.calls == native && s.marked == native && s.named == native &&
	     s.bodies == n - native;
	test_line(name, ok, "%d kfunc calls (%d for native code, %d to %s), %d bodies; want %d and %d",
		  s.calls, s.marked, s.named, PREFIX, s.bodies, native, n - native);
	return !ok;
}

static void fill(void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((__u8 *)p)[i] = xorshift() >> 56;
}

/* prefetch_pkt: the packet comes back as it went; a short one is dropped */
static int run_pkt(int fd, unsigned int k, char *why, size_t len)
{
	__u8 p[PF_PKT_SIZE + 8], q[PF_PKT_SIZE + 8];
	__u32 size = k % 4 ? PF_PKT_SIZE + k % 9 : PF_PKT_SIZE - 1 - k % 40, ret;
	int err;

	fill(p, sizeof(p));
	memset(q, 0, sizeof(q));
	err = run_prog(fd, 0, p, size, q, &ret);
	if (err || ret != (size < PF_PKT_SIZE ? 1 : 2) || memcmp(p, q, size)) {
		snprintf(why, len, "size %u: test_run %s, ret %u%s", size, strerror(-err), ret,
			 memcmp(p, q, size) ? ", the packet changed" : "");
		return 1;
	}
	return 0;
}

/* the map programs: the value comes back as it went */
static int run_map(int fd, struct bpf_map *map, size_t size, char *why, size_t len)
{
	static __u8 v[PF_FAR_SIZE], got[PF_FAR_SIZE];
	struct pf_ctx c;
	__u32 ret;
	int err, key = 0;

	fill(v, size);
	fill(&c, sizeof(c));
	if (bpf_map__update_elem(map, &key, sizeof(key), v, size, 0)) {
		snprintf(why, len, "map update: %s", strerror(errno));
		return 1;
	}
	err = run_prog(fd, 1, &c, sizeof(c), NULL, &ret);
	bpf_map__lookup_elem(map, &key, sizeof(key), got, size, 0);
	if (err || ret || memcmp(v, got, size)) {
		snprintf(why, len, "test_run %s, ret %u%s", strerror(-err), ret,
			 memcmp(v, got, size) ? ", the value changed" : "");
		return 1;
	}
	return 0;
}

/* prefetch_stack, prefetch_ctx: out[] is in[] (stack), sum their words */
static int run_ctx(int fd, int stack, char *why, size_t len)
{
	struct pf_ctx c, w;
	__u64 lo, hi;
	__u32 ret;
	int err;

	fill(&c, sizeof(c));
	w = c;
	memcpy(&lo, c.in, 8);
	memcpy(&hi, c.in + 8, 8);
	w.sum = lo + hi;
	if (stack)
		memcpy(w.out, w.in, sizeof(w.out));
	err = run_prog(fd, 1, &c, sizeof(c), NULL, &ret);
	if (err || ret || memcmp(&c, &w, sizeof(c))) {
		snprintf(why, len, "test_run %s, ret %u, sum 0x%llx want 0x%llx%s", strerror(-err),
			 ret, (unsigned long long)c.sum, (unsigned long long)w.sum,
			 memcmp(c.out, w.out, sizeof(c.out)) ? ", out[] differs" : "");
		return 1;
	}
	return 0;
}

struct prog {
	const char *name;	/* the program's */
	const __u32 *offs;	/* its prefetches' offsets */
	int n;
	const char *map;	/* the map it prefetches from, or NULL */
	size_t size;		/* of that map's value */
	int ctx;		/* prefetches through the context: the body stays */
};

static const struct prog progs[] = {
	{ .name = "prefetch_pkt", .offs = pkt_offs, .n = ARRAY_SIZE(pkt_offs) },
	{ .name = "prefetch_map", .offs = map_offs, .n = ARRAY_SIZE(map_offs),
	  .map = "pf_map", .size = sizeof(struct pf_value) },
	{ .name = "prefetch_far", .offs = far_offs, .n = ARRAY_SIZE(far_offs),
	  .map = "pf_far_map", .size = sizeof(struct pf_far) },
	{ .name = "prefetch_stack", .offs = stack_offs, .n = ARRAY_SIZE(stack_offs) },
	{ .name = "prefetch_ctx", .offs = one_off, .n = 1, .ctx = 1 },
};

/* one program, its shape, then NINPUTS random inputs */
static int check_prog(const char *prefix, struct bpf_object *obj, const struct prog *pr,
		      const char *mode)
{
	int fd = prog_fd(obj, pr->name);
	char name[96], why[256] = "";

	snprintf(name, sizeof(name), "%s.xlated.%s", prefix, pr->name);
	if (check_sites(name, mode, fd, pr->offs, pr->n, pr->ctx))
		return 1;
	snprintf(name, sizeof(name), "%s.%s", prefix, pr->name);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		int bad = !strcmp(pr->name, "prefetch_pkt") ? run_pkt(fd, k, why, sizeof(why)) :
			  pr->map ? run_map(fd, bpf_object__find_map_by_name(obj, pr->map),
					    pr->size, why, sizeof(why)) :
			  run_ctx(fd, !pr->ctx, why, sizeof(why));

		if (bad) {
			test_line(name, 0, "%s", why);
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/*
 * prefetch_fastcall(_odd): the four spill and fill pairs go with native
 * code and stay with the body (which writes R0), also where this arch's
 * emitter declines the offset; R0, R3, R4 and R5 come through either way
 */
static int check_fastcall(const char *prefix, struct bpf_object *obj, const char *prog,
			  __u32 off, const char *mode)
{
	const __u32 sum = PF_FC_R0 + PF_FC_R3 + PF_FC_R4 + PF_FC_R5;
	int fd = prog_fd(obj, prog), pairs = stack_pairs(fd), want, fails;
	char name[96];

	/* the emitter's code lets them go; a copy (no emitter here) keeps them */
	want = pairs_go(mode, PREFIX) && emits(off) ? 0 : 4;
	snprintf(name, sizeof(name), "%s.xlated.%s", prefix, prog);
	fails = check_sites(name, mode, fd, &off, 1, 0);
	snprintf(name, sizeof(name), "%s.xlated.%s.pairs", prefix, prog);
	test_line(name, pairs == want, "%d spill and fill pairs, want %d", pairs, want);
	fails += pairs != want;
	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		__u64 p[2] = { input(k), xorshift() }, q[2];
		__u32 ret;
		int err = run_prog(fd, 0, p, sizeof(p), q, &ret);

		if (err || ret != sum || memcmp(p, q, sizeof(q))) {
			test_line(name, 0, "returned %#x (want %#x)%s%s%s", ret, sum,
				  memcmp(p, q, sizeof(q)) ? ", the packet changed" : "",
				  err ? ", test_run: " : "", err ? strerror(-err) : "");
			return fails + 1;
		}
	}
	test_line(name, 1, NULL);
	return fails;
}

/* the loops add n words from w[0] on, and stop at the packet's end */
static int check_pf_loop(const char *prefix, int fd, const char *prog)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct pf_loop_pkt p, q;
		__u32 n = k % (PF_LOOP_MAX + 1), ret;
		/* short packets too (from 16 bytes, the least XDP takes) */
		__u32 size = k % 5 ? sizeof(p) : 16 + 8 * (n / 2);
		__u64 x = 0;

		fill(&p, sizeof(p));
		p.x = (input(k) & ~0xffffffffull) | n;
		for (__u32 i = 0; i < n && 8 + 8 * (i + 1) <= size; i++)
			x = x * 31 + p.w[i];
		memset(&q, 0, sizeof(q));
		if (run_prog(fd, 0, &p, size, &q, &ret) || ret != 2 || q.x != x ||
		    memcmp(q.w, p.w, size - 8)) {
			test_line(name, 0, "n=%u size=%u: x 0x%llx, want 0x%llx%s", n, size,
				  (unsigned long long)q.x, (unsigned long long)x,
				  q.x == x ? ", the words changed" : "");
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/*
 * The programs that call the kfunc, refused as plain calls
 * (prefetch_idiom has none); prefetch_wrapper too where the kernel has the
 * series and the bodies are off (MODE call), as on a kernel without the
 * series (stock) insn_prefetch() falls back to the one-byte load.
 */
static const char *const as_call[] = {
	"prefetch_pkt", "prefetch_map", "prefetch_far", "prefetch_stack", "prefetch_ctx",
	"prefetch_fastcall", "prefetch_fastcall_odd", "prefetch_loop", "prefetch_wrapper",
};

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "prefetch_loop", "prefetch_idiom",
					     "prefetch_wrapper" };
	static const char *const dumped[] = { "prefetch_pkt", "prefetch_far",
					      "prefetch_fastcall", "prefetch_fastcall_odd" };
	int fails;
	struct bpf_object *obj;
	char prefix[64];

	fails = check_untyped_call("prefetch", mode, path, as_call, ARRAY_SIZE(as_call),
				   check_pf_loop);
	if (fails >= 0)
		return fails;
	fails = 0;
	obj = load_mode("prefetch", mode, path, NULL, prefix);
	if (!obj)
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(progs); i++)
		fails += check_prog(prefix, obj, &progs[i], mode);
	fails += check_fastcall(prefix, obj, "prefetch_fastcall", PF_FC_OFF, mode);
	fails += check_fastcall(prefix, obj, "prefetch_fastcall_odd", PF_FC_ODD_OFF, mode);
	for (size_t i = 0; i < ARRAY_SIZE(dumped); i++)
		fails += stat_jit(prefix, obj, dumped[i], jit);
	for (int i = 0; i < 3; i++) {
		fails += check_pf_loop(prefix, prog_fd(obj, loops[i]), loops[i]);
		fails += stat_jit(prefix, obj, loops[i], jit);
	}
	bpf_object__close(obj);
	return fails;
}

/* the prefetches to refuse ("bad") are refusals.c's */
int prefetch_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "prefetch", .check = cmd_check, .nojit = "prefetch_pkt", .bad = 1,
	};

	return loader_main(&cmds, argc, argv);
}
