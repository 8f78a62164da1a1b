// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the rotate family (tests/progs/rotate.bpf.c).
 *
 * usage: rotate check MODE OBJ [--jit]  results, xlated shape and figures;
 *                                       MODE native|body|call says what the
 *                                       module and sysctls were set to
 *        rotate nojit OBJ               load must fail: no JIT, no bodies
 *        rotate bad MODE OBJ            programs to refuse must be refused
 *        rotate pin OBJ PATH            pin rotate_all at PATH
 *        rotate pinned LABEL PATH       results of a pinned rotate_all
 */
#include "common.h"
#include "rotate.h"

static const __u32 counts[ROT_NCOUNTS] = {
#define COUNT(i, n) [i] = n,
	ROT_COUNTS(COUNT)
};

enum { ROL64, ROR64, ROL32, ROR32, NOPS };
static const char *const opname[NOPS] = { "rol64", "ror64", "rol32", "ror32" };

static __u64 got(const struct rot_ctx *c, int op, int i)
{
	switch (op) {
	case ROL64: return c->rol64[i];
	case ROR64: return c->ror64[i];
	case ROL32: return c->rol32[i];
	default: return c->ror32[i];
	}
}

static __u64 want(__u64 x, int op, __u32 n)
{
	switch (op) {
	case ROL64: return rol64(x, n);
	case ROR64: return ror64(x, n);
	case ROL32: return rol32((__u32)x, n);
	default: return ror32((__u32)x, n);
	}
}

/* rotate_all on every input: one TEST line per kfunc */
static int check_all(const char *prefix, int fd)
{
	char why[NOPS][160] = { { 0 } }, name[96];
	int fails = 0;

	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct rot_ctx c = { .x = input(k) };
		LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &c,
			    .ctx_size_in = sizeof(c));
		__u64 x = c.x;

		if (bpf_prog_test_run_opts(fd, &opts)) {
			snprintf(name, sizeof(name), "%s.run", prefix);
			test_line(name, 0, "test_run: %s", strerror(errno));
			return 1;
		}
		for (int op = 0; op < NOPS; op++)
			for (int i = 0; i < ROT_NCOUNTS; i++) {
				__u64 g = got(&c, op, i), w = want(x, op, counts[i]);

				if (g != w && !why[op][0])
					snprintf(why[op], sizeof(why[op]),
						 "%s(0x%llx, %u) = 0x%llx, want 0x%llx",
						 opname[op], (unsigned long long)x, counts[i],
						 (unsigned long long)g, (unsigned long long)w);
			}
	}
	for (int op = 0; op < NOPS; op++) {
		snprintf(name, sizeof(name), "%s.%s", prefix, opname[op]);
		test_line(name, !why[op][0], "%s", why[op]);
		fails += !!why[op][0];
	}
	return fails;
}

/* a loop program: x rotated n times, n in [0, ROT_LOOP_MAX] */
static int check_loop(const char *prefix, struct bpf_object *obj, const char *prog)
{
	int fd = bpf_program__fd(bpf_object__find_program_by_name(obj, prog));
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct rot_pkt p = { .x = input(k), .n = k % (ROT_LOOP_MAX + 1) }, q;
		__u64 w = p.x;
		LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = &p,
			    .data_size_in = sizeof(p), .data_out = &q,
			    .data_size_out = sizeof(q), .repeat = 1);

		for (__u32 i = 0; i < p.n; i++)
			w = rol64(w, ROT_LOOP_COUNT);
		if (bpf_prog_test_run_opts(fd, &opts) || opts.retval != 2 || q.x != w) {
			test_line(name, 0, "x=0x%llx n=%u: got 0x%llx want 0x%llx (%s)",
				  (unsigned long long)p.x, p.n, (unsigned long long)q.x,
				  (unsigned long long)w, strerror(errno));
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

/*
 * What the xlated program shows: kfunc calls (marked ones carry native
 * code), the body's neg, and the call targets by kernel symbol.
 */
static int check_xlated(const char *prefix, const char *mode, int fd)
{
	unsigned long long base = ksym_addr("__bpf_call_base");
	unsigned long long rol = ksym_addr("bpf_insn_rol64");
	int calls = 0, marked = 0, bodies = 0, named = 0, ok;
	struct bpf_prog_info info;
	struct bpf_insn *insn = NULL;
	char name[96];

	snprintf(name, sizeof(name), "%s.xlated", prefix);
	if (prog_xlated(fd, &info, &insn)) {
		test_line(name, 0, "no xlated program: %s", strerror(errno));
		return 1;
	}
	for (__u32 i = 0; i < info.xlated_prog_len / sizeof(*insn); i++) {
		if (insn[i].code == (BPF_JMP | BPF_CALL) &&
		    insn[i].src_reg == BPF_PSEUDO_KFUNC_CALL) {
			calls++;
			marked += insn[i].dst_reg == 1;
			named += base + (long long)insn[i].imm == rol;
		}
		/*
		 * "r3 -= r2", the rotate bodies' w - n: a register operation,
		 * so constant blinding leaves it as it is
		 */
		if ((insn[i].code == (BPF_ALU64 | BPF_SUB | BPF_X) ||
		     insn[i].code == (BPF_ALU | BPF_SUB | BPF_X)) &&
		    insn[i].dst_reg == 3 && insn[i].src_reg == 2)
			bodies++;
	}
	free(insn);
	if (!strcmp(mode, "native"))
		ok = calls == 4 * ROT_NCOUNTS && marked == calls && !bodies &&
		     named == ROT_NCOUNTS;
	else if (!strcmp(mode, "body"))
		ok = !calls && bodies == 4 * ROT_NCOUNTS;
	else
		ok = calls == 4 * ROT_NCOUNTS && !marked && !bodies &&
		     named == ROT_NCOUNTS;
	test_line(name, ok, "%d kfunc calls (%d for native code, %d to bpf_insn_rol64), %d bodies",
		  calls, marked, named, bodies);
	return !ok;
}

static int cmd_check(const char *mode, const char *path, int jit)
{
	static const char *const loops[] = { "rotate_loop", "rotate_idiom", "rotate_wrapper" };
	struct bpf_object *obj = load_obj(path, NULL, NULL, 0);
	char prefix[64], name[96];
	int fails = 0, all;

	snprintf(prefix, sizeof(prefix), "rotate.%s", mode);
	snprintf(name, sizeof(name), "%s.load", prefix);
	test_line(name, !!obj, obj ? NULL : "%s", strerror(errno));
	if (!obj)
		return 1;
	all = bpf_program__fd(bpf_object__find_program_by_name(obj, "rotate_all"));
	fails += check_all(prefix, all);
	fails += check_xlated(prefix, mode, all);
	for (int i = 0; i < 3; i++) {
		int fd = bpf_program__fd(bpf_object__find_program_by_name(obj, loops[i]));

		fails += check_loop(prefix, obj, loops[i]);
		snprintf(name, sizeof(name), "%s.%s", prefix, loops[i]);
		prog_stat(name, fd);
		/* native images keep the program's name; others get the mode */
		snprintf(name, sizeof(name), "%s%s%s", loops[i],
			 strcmp(mode, "native") ? "_" : "", strcmp(mode, "native") ? mode : "");
		if (jit && dump_jit(name, fd)) {
			test_line(name, 0, "no JIT image");
			fails++;
		}
	}
	bpf_object__close(obj);
	return fails;
}

/*
 * Programs to refuse.  Two constants on two paths are fine for a plain call
 * (MODE call), but not for a body: its native code is emitted for one.
 */
static int cmd_bad(const char *mode, const char *path)
{
	static const struct refusal bad[] = {
		{ "bad_nonconst", "R2 must be a known constant", NULL },
		{ "bad_twoconsts", "R2 must be the same constant on every path", LOADS_AS_CALL },
	};
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "rotate.%s", mode);
	return check_refusals(prefix, mode, path, bad);
}

static int cmd_pin(const char *path, const char *pin)
{
	struct bpf_object *obj = load_obj(path, "rotate_all", NULL, 0);
	int err;

	if (!obj) {
		printf("pin: cannot load %s: %s\n", path, strerror(errno));
		return 1;
	}
	err = bpf_program__pin(bpf_object__find_program_by_name(obj, "rotate_all"), pin);
	bpf_object__close(obj);
	return !!err;
}

static int cmd_pinned(const char *label, const char *pin)
{
	char prefix[64];
	int fd = bpf_obj_get(pin);

	snprintf(prefix, sizeof(prefix), "rotate.pinned.%s", label);
	if (fd < 0) {
		test_line(prefix, 0, "bpf_obj_get %s: %s", pin, strerror(errno));
		return 1;
	}
	return check_all(prefix, fd);
}

int rotate_main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "check"))
		return cmd_check(argv[2], argv[3], argc > 4 && !strcmp(argv[4], "--jit"));
	if (argc == 3 && !strcmp(argv[1], "nojit"))
		return check_nojit("rotate.nojit.refused", argv[2], "rotate_all");
	if (argc == 4 && !strcmp(argv[1], "bad"))
		return cmd_bad(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "pin"))
		return cmd_pin(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "pinned"))
		return cmd_pinned(argv[2], argv[3]);
	fprintf(stderr, "usage: see tests/prog_tests/rotate.c\n");
	return 2;
}
