// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the big-endian store family (tests/progs/store_be.bpf.c).
 *
 * usage: store_be check MODE OBJ [--jit]  results, xlated shapes, figures;
 *                                         MODE native|body|call|stock
 *        store_be nojit OBJ               load must fail: no JIT, no bodies
 *        store_be bad MODE OBJ            refused stores (refusals.c)
 *
 * Every result is the memory after the program against the same stores
 * done here with htobe16/32/64(); the bytes around them must be unchanged.
 * MODE call: 6.12 refuses the untyped pointer argument of a plain kfunc
 * call, so there every program is checked to be refused.
 */
#include <endian.h>

#include "common.h"
#include "store_be.h"

#define PREFIX "bpf_insn_store_be"

struct sbe_store {
	int bits, off;
};

static const struct sbe_store pkt_stores[] = {
#define STORE(i, bits, off) [i] = { bits, off },
	SBE_PKT_STORES(STORE)
}, map_stores[] = {
	SBE_MAP_STORES(STORE)
}, stack_stores[] = {
	SBE_STACK_STORES(STORE)
}, ctx_stores[] = {
	SBE_CTX_STORES(STORE)
};

#define NSTORES(a) ((int)ARRAY_SIZE(a))

/* the body's byte swap */
static int sbe_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU | BPF_END | BPF_TO_BE);
}

/* the low @bits of @v, big-endian at @p, as C stores them */
static void store_be(__u8 *p, int bits, __u64 v)
{
	__u16 v16 = htobe16(v);
	__u32 v32 = htobe32(v);
	__u64 v64 = htobe64(v);

	memcpy(p, bits == 16 ? (void *)&v16 : bits == 32 ? (void *)&v32 : (void *)&v64,
	       bits / 8);
}

/* the @n stores @s of values @v into @mem, in order */
static void model(__u8 *mem, const struct sbe_store *s, int n, const __u64 *v)
{
	for (int i = 0; i < n; i++)
		store_be(mem + s[i].off, s[i].bits, v[i]);
}

static void fill(void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((__u8 *)p)[i] = xorshift() >> 56;
}

/* @got against @want, @n bytes: TEST line @name at the first difference */
static int compare(const char *name, const void *got, const void *want, size_t n,
		   const __u64 *v)
{
	const __u8 *g = got, *w = want;

	for (size_t i = 0; i < n; i++) {
		if (g[i] == w[i])
			continue;
		test_line(name, 0, "byte %zu is 0x%02x, want 0x%02x (v 0x%llx 0x%llx 0x%llx 0x%llx)",
			  i, g[i], w[i], (unsigned long long)v[0], (unsigned long long)v[1],
			  (unsigned long long)v[2], (unsigned long long)v[3]);
		return 1;
	}
	return 0;
}

/* store_be_pkt: the values from the packet, the stores into it */
static int run_pkt(const char *name, int fd)
{
	struct sbe_pkt p, q, w;
	__u32 ret;
	int err;

	fill(&p, sizeof(p));
	w = p;
	model(w.out, pkt_stores, NSTORES(pkt_stores), p.v);
	err = run_prog(fd, 0, &p, sizeof(p), &q, &ret);
	if (err || ret != 2) {
		test_line(name, 0, "test_run: %s, ret %u", strerror(-err), ret);
		return 1;
	}
	return compare(name, &q, &w, sizeof(q), p.v);
}

/*
 * store_be_alias: the packet's address big-endian at 8 and as it is at
 * 16; the low half of the first 8 bytes big-endian at 25
 */
static int run_alias(const char *name, int fd)
{
	__u8 p[SBE_ALIAS_SIZE], q[SBE_ALIAS_SIZE], w[SBE_ALIAS_SIZE];
	__u64 addr, first, v[SBE_NV] = { 0 };
	__u32 ret;
	int err;

	fill(p, sizeof(p));
	err = run_prog(fd, 0, p, sizeof(p), q, &ret);
	if (err || ret != 2) {
		test_line(name, 0, "test_run: %s, ret %u", strerror(-err), ret);
		return 1;
	}
	memcpy(&addr, q + 16, sizeof(addr));
	memcpy(&first, p, sizeof(first));
	memcpy(w, p, sizeof(w));
	store_be(w + 8, 64, addr);
	memcpy(w + 16, &addr, sizeof(addr));
	store_be(w + 25, 32, first);
	v[0] = addr;
	v[1] = first;
	return compare(name, q, w, sizeof(q), v);
}

/* the syscall programs: the map's value, the stack copy, the context */
static int run_ctx(const char *name, int fd, const char *prog, struct bpf_map *map)
{
	struct sbe_value b, got;
	struct sbe_ctx c, w;
	__u32 ret;
	int err, key = 0;

	fill(&c, sizeof(c));
	fill(&b, sizeof(b));
	w = c;
	if (map)
		bpf_map__update_elem(map, &key, sizeof(key), &b, sizeof(b), 0);
	err = run_prog(fd, 1, &c, sizeof(c), NULL, &ret);
	if (err || ret) {
		test_line(name, 0, "test_run: %s, ret %u", strerror(-err), ret);
		return 1;
	}
	if (map) {
		bpf_map__lookup_elem(map, &key, sizeof(key), &got, sizeof(got), 0);
		model(b.b, map_stores, NSTORES(map_stores), c.v);
		return compare(name, &got, &b, sizeof(b), c.v) ||
		       compare(name, &c, &w, sizeof(c), c.v);
	}
	if (!strcmp(prog, "store_be_stack")) {
		memcpy(w.out, w.in, sizeof(w.out));
		model(w.out, stack_stores, NSTORES(stack_stores), w.v);
	} else {
		for (int i = 0; i < NSTORES(ctx_stores); i++) {
			model((__u8 *)&w.head, &ctx_stores[i], 1, &w.v[i]);
			w.snap[i] = w.head;
		}
	}
	return compare(name, &c, &w, sizeof(c), w.v);
}

/*
 * store_be_fastcall: the three spill and fill pairs go with native code
 * and stay with the body; R0, R4 and R5 come through either way
 */
static int check_fastcall(const char *prefix, int fd, const char *mode)
{
	int want = pairs_go(mode, PREFIX "64") ? 0 : 3, pairs = stack_pairs(fd);
	char name[96];

	snprintf(name, sizeof(name), "%s.xlated.store_be_fastcall", prefix);
	test_line(name, pairs == want, "%d spill and fill pairs, want %d", pairs, want);
	snprintf(name, sizeof(name), "%s.store_be_fastcall", prefix);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		__u64 p[2] = { xorshift(), input(k) }, q[2], w[2] = { 0, p[1] };
		__u32 ret;
		int err = run_prog(fd, 0, p, sizeof(p), q, &ret);

		store_be((__u8 *)w, 64, p[1]);
		if (err || ret != SBE_FC_R0 + SBE_FC_R4 + SBE_FC_R5 || memcmp(q, w, sizeof(q))) {
			test_line(name, 0, "v 0x%llx: returned %#x, stored 0x%llx (want %#x, 0x%llx)%s%s",
				  (unsigned long long)p[1], ret, (unsigned long long)q[0],
				  SBE_FC_R0 + SBE_FC_R4 + SBE_FC_R5, (unsigned long long)w[0],
				  err ? ", test_run: " : "", err ? strerror(-err) : "");
			return 1 + (pairs != want);
		}
	}
	test_line(name, 1, NULL);
	return pairs != want;
}

/* one program over NINPUTS random inputs, after its xlated shape */
static int check_prog(const char *prefix, struct bpf_object *obj, const char *prog,
		      const char *want_mode, int ncalls)
{
	struct bpf_map *map = bpf_object__find_map_by_name(obj, "sbe_map");
	int fd = prog_fd(obj, prog), fails = 0;
	char name[96];

	snprintf(name, sizeof(name), "%s.xlated.%s", prefix, prog);
	if (check_shape(name, family_mode(want_mode, PREFIX), fd, ncalls, PREFIX, sbe_marker))
		return 1;
	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; !fails && k < NINPUTS; k++)
		fails = !strcmp(prog, "store_be_pkt") ? run_pkt(name, fd) :
			!strcmp(prog, "store_be_alias") ? run_alias(name, fd) :
			run_ctx(name, fd, prog, strcmp(prog, "store_be_map") ? NULL : map);
	if (!fails)
		test_line(name, 1, NULL);
	return fails;
}

/* the loops write n words, from w[0] on, and stop at the packet's end */
static int check_be_loop(const char *prefix, int fd, const char *prog)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct sbe_loop_pkt p, q, w;
		__u32 n = k % (SBE_LOOP_MAX + 1), ret;
		/* short packets too (from 16 bytes, the least XDP takes) */
		__u32 size = k % 5 ? sizeof(p) : 16 + 8 * (n / 2);
		__u64 x;

		fill(&p, sizeof(p));
		p.x = (input(k) & ~0xffffffffull) | n;
		w = p;
		x = p.x;
		for (__u32 i = 0; i < n && 8 + 8 * (i + 1) <= size; i++) {
			store_be((__u8 *)&w.w[i], 64, x);
			x = x * 31 + i;
		}
		w.x = x;
		memset(&q, 0, sizeof(q));
		if (run_prog(fd, 0, &p, size, &q, &ret) || ret != 2 ||
		    memcmp(&q, &w, size)) {
			test_line(name, 0, "n=%u size=%u: x 0x%llx, want 0x%llx%s", n, size,
				  (unsigned long long)q.x, (unsigned long long)w.x,
				  q.x == w.x ? ", the words differ" : "");
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/*
 * The programs that call the kfunc, refused as plain calls (store_be_idiom
 * has no call); store_be_wrapper too where the kernel has the series and
 * the bodies are off (MODE call), as on a kernel without the series
 * (stock) insn_store_be64() falls back to C.
 */
static const char *const as_call[] = {
	"store_be_pkt", "store_be_map", "store_be_stack", "store_be_ctx", "store_be_alias",
	"store_be_fastcall", "store_be_loop", "store_be_wrapper",
};

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "store_be_loop", "store_be_idiom",
					     "store_be_wrapper" };
	int fails;
	struct bpf_object *obj;
	char prefix[64];

	fails = check_untyped_call("store_be", mode, path, as_call, ARRAY_SIZE(as_call),
				   check_be_loop);
	if (fails >= 0)
		return fails;
	fails = 0;
	obj = load_mode("store_be", mode, path, NULL, prefix);
	if (!obj)
		return 1;
	fails += check_prog(prefix, obj, "store_be_pkt", mode, NSTORES(pkt_stores));
	fails += check_prog(prefix, obj, "store_be_map", mode, NSTORES(map_stores));
	fails += check_prog(prefix, obj, "store_be_stack", mode, NSTORES(stack_stores));
	fails += check_prog(prefix, obj, "store_be_alias", mode, 2);
	fails += stat_jit(prefix, obj, "store_be_alias", jit);
	fails += check_fastcall(prefix, prog_fd(obj, "store_be_fastcall"), mode);
	fails += stat_jit(prefix, obj, "store_be_fastcall", jit);
	/* a context pointer keeps the body even where native code could go */
	fails += check_prog(prefix, obj, "store_be_ctx", "body", NSTORES(ctx_stores));
	for (int i = 0; i < 3; i++) {
		fails += check_be_loop(prefix, prog_fd(obj, loops[i]), loops[i]);
		fails += stat_jit(prefix, obj, loops[i], jit);
	}
	bpf_object__close(obj);
	return fails;
}

/* the stores to refuse ("bad") are refusals.c's */
int store_be_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "store_be", .check = cmd_check, .nojit = "store_be_pkt", .bad = 1,
	};

	return loader_main(&cmds, argc, argv);
}
