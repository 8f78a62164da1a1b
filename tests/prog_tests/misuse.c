// SPDX-License-Identifier: GPL-2.0
/*
 * Bad inputs from BPF programs, each refused at load with the verifier
 * message it deserves, and program types:
 *
 *   misuse konst MODE OBJ      bad __k and pointer arguments (konst_bad.bpf.c)
 *   misuse iter MODE OBJ       iterator misuse (iter_bad.bpf.c)
 *   misuse percpu MODE OBJ     per-CPU misuse (percpu_bad.bpf.c)
 *   misuse progtype MODE OBJ   kfuncs outside the program types they are
 *                              registered for; results where they are
 *                              (progtype.bpf.c, needs insn_fuzz_body.ko)
 *
 * MODE names the TEST lines (native, harden, call, ...).  Each refused
 * program is loaded alone and the line of the log with the expected words
 * is shown.  The guest log is checked for warnings by the host.
 */

#include "common.h"
#include "misuse.h"

static const struct refusal konst[] = {
	{ "load_be_nonconst", "kfunc bpf_insn_load_be32: R2 must be a known constant", NULL },
	{ "rol64_wide", "kfunc bpf_insn_rol64: R2 constant 4294967301 does not fit in 32 bits", NULL },
	{ "bextr64_wide", "kfunc bpf_insn_bextr64: R3 constant 4294967300 does not fit in 32 bits", NULL },
	{ "load_be_far", "math between map_value pointer and 536870912 is not allowed", NULL },
	{ "load_be_far_stack", "math between fp pointer and 2147483647 is not allowed", NULL },
	{ "load_be_scalar", "R1 invalid mem access 'scalar'", NULL },
	{ "rol64_pointer", "R0 pointer arithmetic with <<= operator prohibited", NULL },
};

static const struct refusal iter[] = {
	{ "next_without_new", "expected an initialized iter_num as arg #0", NULL },
	{ "destroy_twice", "expected an initialized iter_num as arg #0", NULL },
	{ "next_after_destroy", "expected an initialized iter_num as arg #0", NULL },
	{ "new_twice", "expected uninitialized iter_num as arg #0", NULL },
	{ "no_destroy", "Unreleased reference", NULL },
	{ "not_on_stack", "arg#0 expected pointer to an iterator on stack", NULL },
	{ "next_unchecked", "R0 invalid mem access 'scalar'", NULL },	/* NULL, drained */
};

static const struct refusal percpu[] = {
	{ "per_not_percpu", "R1 type=ctx expected=percpu_ptr_", NULL },
	{ "per_scalar", "R1 type=scalar expected=percpu_ptr_", NULL },
	{ "this_scalar", "R1 type=scalar expected=percpu_ptr_", NULL },
	{ "this_write", "only read is supported", NULL },
	{ "per_cpu_const", "invalid mem access 'ptr_or_null_'", NULL },
};

static const struct refusal progtype[] = {
	{ "add_socket", "calling kernel function bpf_insn_fuzz_xdp_add is not allowed", NULL },
	{ "sub_tc", "calling kernel function bpf_insn_fuzz_xdp_sub is not allowed", NULL },
	{ "add_syscall", "calling kernel function bpf_insn_fuzz_xdp_add is not allowed", NULL },
};

/* "misuse.MODE.GROUP.refused.PROG" for the @n rows of @rows */
static int refused(const char *group, const char *mode, const char *path,
		   const struct refusal *rows, size_t n)
{
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "misuse.%s.%s", mode, group);
	return check_refusal_rows(prefix, mode, path, rows, n);
}

/* an XDP program gets the results of the XDP-only kfuncs, body or not */
static int progtype_xdp(const char *mode, const char *path)
{
	struct mis_pkt in = { .a = 0x0123456789abcdefull }, out;
	struct bpf_object *obj = load_obj(path, "fuzz_xdp", NULL, 0);
	int fails = 0, i, fd;
	char name[128];

	snprintf(name, sizeof(name), "misuse.%s.progtype.fuzz_xdp", mode);
	if (!obj) {
		test_line(name, 0, "not loaded: %s", strerror(errno));
		return 1;
	}
	fd = prog_fd(obj, "fuzz_xdp");
	for (i = 0; i < (int)NINPUTS; i++) {
		in.a = input(i);
		in.b = input(NINPUTS - 1 - i);
		memset(&out, 0, sizeof(out));
		if (run_prog(fd, 0, &in, sizeof(in), &out, NULL) ||
		    out.sum != in.a + in.b || out.diff != in.a - in.b) {
			fails++;
			break;
		}
	}
	if (fails)
		test_line(name, 0, "a=%#llx b=%#llx: sum %#llx diff %#llx",
			  (unsigned long long)in.a, (unsigned long long)in.b,
			  (unsigned long long)out.sum, (unsigned long long)out.diff);
	else
		test_line(name, 1, "%d inputs: a + b by the verified body, a - b by the inlined one",
			  (int)NINPUTS);
	bpf_object__close(obj);
	return fails;
}

/* insn_kfuncs' kfuncs are registered for every program type */
static int progtype_any(const char *mode, const char *path)
{
	static const char *const progs[] = { "rol64_socket", "rol64_tc" };
	int fails = 0;

	for (int i = 0; i < 2; i++) {
		struct bpf_object *obj = load_obj(path, progs[i], NULL, 0);
		char name[128];

		snprintf(name, sizeof(name), "misuse.%s.progtype.%s", mode, progs[i]);
		test_line(name, !!obj, obj ? "loads" : "refused: %s", strerror(errno));
		fails += !obj;
		bpf_object__close(obj);
	}
	return fails;
}

int misuse_main(int argc, char **argv)
{
	const char *group = argv[1], *mode = argv[2], *path = argv[3];

	if (argc != 4)
		goto usage;
	if (!strcmp(group, "konst"))
		return !!refused(group, mode, path, konst, ARRAY_SIZE(konst));
	if (!strcmp(group, "iter"))
		return !!refused(group, mode, path, iter, ARRAY_SIZE(iter));
	if (!strcmp(group, "percpu"))
		return !!refused(group, mode, path, percpu, ARRAY_SIZE(percpu));
	if (!strcmp(group, "progtype"))
		return !!(refused(group, mode, path, progtype, ARRAY_SIZE(progtype)) +
			  progtype_xdp(mode, path) + progtype_any(mode, path));
usage:
	fprintf(stderr, "usage: see tests/prog_tests/misuse.c\n");
	return 2;
}
