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

/* "misuse.MODE.GROUP.refused.PROG" for set "misuse.GROUP" of refusals.c: -1 if none */
static int refused(const char *group, const char *mode, const char *path)
{
	char prefix[64], set[64];

	snprintf(prefix, sizeof(prefix), "misuse.%s.%s", mode, group);
	snprintf(set, sizeof(set), "misuse.%s", group);
	return check_refusal_set(prefix, mode, path, set);
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
	int fails;

	if (argc != 4)
		goto usage;
	fails = refused(argv[1], argv[2], argv[3]);
	if (fails >= 0 && !strcmp(argv[1], "progtype"))
		fails += progtype_xdp(argv[2], argv[3]) + progtype_any(argv[2], argv[3]);
	if (fails >= 0)
		return !!fails;
usage:
	fprintf(stderr, "usage: see tests/prog_tests/misuse.c\n");
	return 2;
}
