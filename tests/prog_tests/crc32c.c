// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the CRC32C family (tests/progs/crc32c.bpf.c).
 *
 * usage: crc32c check MODE OBJ [--jit]  results, xlated shapes and counts;
 *                                       MODE native|body|call
 *        crc32c nojit OBJ               load must fail: no JIT, no bodies
 *        crc32c bad MODE OBJ            checks against wrong CRCs refused
 *
 * The reference is a table CRC32C, byte at a time (as __crc32c_le() is
 * defined), not the bit-at-a-time loop of the bodies and the wrapper.
 * In MODE native the kfuncs without native code here (the module's
 * status says which: a CPU without SSE4.2 or FEAT_CRC32) keep their
 * bodies.
 */
#include "common.h"
#include "crc32c.h"

#define PREFIX "bpf_insn_"

static const char *const ops[CC_NOPS] = {
	"crc32c_u8", "crc32c_u16", "crc32c_u32", "crc32c_u64",
};

static __u32 cc_table[256];

static void cc_table_init(void)
{
	for (__u32 i = 0; i < 256; i++) {
		__u32 c = i;

		for (int k = 0; k < 8; k++)
			c = c >> 1 ^ (c & 1 ? 0x82f63b78 : 0);
		cc_table[i] = c;
	}
}

/* the CRC32C of crc followed by the @bytes low bytes of v, least significant first */
static __u32 cc_step(__u32 crc, __u64 v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		crc = crc >> 8 ^ cc_table[(crc ^ v >> 8 * i) & 0xff];
	return crc;
}

/* each body's first instruction, "r2 ^= r1", a register operation blinding keeps */
static int cc_marker(const struct bpf_insn *i)
{
	return i->code == (BPF_ALU64 | BPF_XOR | BPF_X) && i->dst_reg == 2 && i->src_reg == 1;
}

/* every pair of the common edge values, then random pairs */
#define CC_NINPUTS	(NEDGES * NEDGES + NINPUTS)

static int check_all(const char *prefix, int all, int alias)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.crc32c_all", prefix);
	for (unsigned int k = 0; k < CC_NINPUTS; k++) {
		struct cc_ctx c = { .crc = input(k / NEDGES), .v = input(k % NEDGES) };

		if (k >= NEDGES * NEDGES)
			c.v = xorshift();
		if (run_prog(all, 1, &c, sizeof(c), NULL, NULL) ||
		    run_prog(alias, 1, &c, sizeof(c), NULL, NULL)) {
			test_line(name, 0, "test_run: %s", strerror(errno));
			return 1;
		}
		/* r[0..3], then each kfunc's aliases, with CC_ALIAS's operands */
		for (int i = 0; i < CC_NOPS + CC_NOPS * CC_NALIAS; i++) {
			int f = i < CC_NOPS ? i : (i - CC_NOPS) / CC_NALIAS;
			int j = i < CC_NOPS ? 0 : (i - CC_NOPS) % CC_NALIAS;
			__u64 crc = c.crc, v = c.v;
			__u64 got = i < CC_NOPS ? c.r[i] : c.alias[i - CC_NOPS], w;

			switch (j) {
#define OPERANDS(n, x, y) case n: crc = c.x; v = c.y; break;
			CC_ALIAS(OPERANDS)
			}
			/* a u32 result: the upper half of the register is zero */
			w = cc_step(crc, v, 1 << f);
			if (got == w)
				continue;
			test_line(name, 0, "%s%s %d: (0x%llx, 0x%llx) = 0x%llx, want 0x%llx",
				  i < CC_NOPS ? "" : "alias ", ops[f], j,
				  (unsigned long long)crc, (unsigned long long)v,
				  (unsigned long long)got, (unsigned long long)w);
			return 1;
		}
	}
	test_line(name, 1, "%d kfuncs and %d bindings on %d pairs", CC_NOPS,
		  CC_NOPS * CC_NALIAS, CC_NINPUTS);
	return 0;
}

static __u64 cc_loop(__u64 x, __u32 n)
{
	for (__u32 i = 0; i < n; i++)
		x = x * CC_MUL ^ cc_step(x, x, 8);
	return x;
}

_Static_assert(sizeof(struct cc_pkt) == sizeof(struct loop_pkt), "cc_pkt is a loop_pkt");

/* the buffer programs against the table CRC of random buffers */
static int check_buf(const char *prefix, int fd, const char *prog)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct cc_bpkt p = {}, q = {};
		__u32 ret = 0, w = ~0u;
		int err;

		for (int i = 0; i < CC_BUF; i += 8) {
			__u64 r = xorshift();

			memcpy(&p.buf[i], &r, 8);
		}
		for (int i = 0; i < CC_BUF; i++)
			w = cc_step(w, p.buf[i], 1);
		w = ~w;
		err = run_prog(fd, 0, &p, sizeof(p), &q, &ret);
		if (err || ret != 2 || q.crc != w) {
			test_line(name, 0, "buffer %u: got 0x%x want 0x%x%s%s", k, q.crc, w,
				  err ? ", test_run: " : "", err ? strerror(-err) : "");
			return 1;
		}
	}
	test_line(name, 1, "%d random buffers of %d bytes", NINPUTS, CC_BUF);
	return 0;
}

/* "STAT PREFIX.cost.KFUNC": verified insns of a one-call program, and less cost_none's */
static void stat_costs(const char *prefix, struct bpf_object *obj)
{
	__u32 n[CC_NOPS + 1] = { 0 };
	char prog[32];

	for (int i = 0; i <= CC_NOPS; i++) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);

		snprintf(prog, sizeof(prog), "cost_%s", i ? ops[i - 1] : "none");
		if (bpf_prog_get_info_by_fd(prog_fd(obj, prog), &info, &len))
			return;
		n[i] = info.verified_insns;
	}
	for (int i = 1; i <= CC_NOPS; i++)
		printf("STAT %s.cost.%s verified_insns=%u call=%d\n", prefix, ops[i - 1],
		       n[i], (int)(n[i] - n[0]));
}

/* crc32c_known loads only where the verifier computes the CRC; it passes */
static int check_known(const char *prefix, const char *mode, const char *path)
{
	struct bpf_object *obj;
	char name[96];
	__u32 ret = 1;
	int fd, err;

	snprintf(name, sizeof(name), "%s.refused.crc32c_known", prefix);
	if (!strcmp(mode, "call"))
		return check_refused(name, path, "crc32c_known", "invalid mem access 'scalar'");
	obj = load_obj(path, "crc32c_known", NULL, 0);
	snprintf(name, sizeof(name), "%s.load.crc32c_known", prefix);
	if (load_line(name, obj))
		return 1;
	fd = prog_fd(obj, "crc32c_known");
	snprintf(name, sizeof(name), "%s.crc32c_known", prefix);
	prog_stat(name, fd);
	err = run_prog(fd, 1, NULL, 0, NULL, &ret);
	test_line(name, !err && !ret, "ret %u%s%s", ret, err ? ", test_run: " : "",
		  err ? strerror(errno) : "");
	bpf_object__close(obj);
	return err || ret;
}

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "crc32c_loop", "crc32c_idiom", "crc32c_wrapper" };
	static const char *const bufs[] = { "crc32c_buf", "crc32c_buf_idiom" };
	int native = native_count(PREFIX, ops, CC_NOPS);
	char prefix[64], name[96];
	struct bpf_object *obj = load_mode("crc32c", mode, path, "crc32c_known", prefix);
	int fails = 0, all, alias;

	if (!obj)
		return 1;
	cc_table_init();
	all = prog_fd(obj, "crc32c_all");
	alias = prog_fd(obj, "crc32c_alias");
	fails += check_all(prefix, all, alias);
	snprintf(name, sizeof(name), "%s.xlated", prefix);
	fails += check_shape_mixed(name, mode, all, CC_NOPS, native, PREFIX, cc_marker);
	snprintf(name, sizeof(name), "%s.xlated.crc32c_alias", prefix);
	fails += check_shape_mixed(name, mode, alias, CC_NOPS * CC_NALIAS,
				   CC_NALIAS * native, PREFIX, cc_marker);
	fails += stat_jit(prefix, obj, "crc32c_all", jit);
	fails += stat_jit(prefix, obj, "crc32c_alias", jit);
	fails += check_loops(prefix, obj, loops, CC_LOOP_MAX, cc_loop, jit);
	for (int i = 0; i < 2; i++) {
		fails += check_buf(prefix, prog_fd(obj, bufs[i]), bufs[i]);
		fails += stat_jit(prefix, obj, bufs[i], jit);
	}
	stat_costs(prefix, obj);
	bpf_object__close(obj);
	return fails + check_known(prefix, mode, path);
}

int crc32c_main(int argc, char **argv)
{
	static const struct loader_cmds cmds = {
		.name = "crc32c", .check = cmd_check, .nojit = "crc32c_all", .bad = 1,
	};

	return loader_main(&cmds, argc, argv);
}
