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

_Static_assert(sizeof(struct rot_ctx) == ROT_CTX_SIZE(ROT_NCOUNTS), "rot_ctx as common.h's");
_Static_assert(sizeof(struct rot_pkt) == sizeof(struct loop_pkt), "rot_pkt is a loop_pkt");

/* rotate_all on every input: one TEST line per kfunc */
static int check_all(const char *prefix, int fd)
{
	char name[96];

	snprintf(name, sizeof(name), "%s.run", prefix);
	return check_rotations(prefix, name, fd, counts, ROT_NCOUNTS);
}

/* a loop program: x rotated n times, n in [0, ROT_LOOP_MAX] */
static __u64 rot_loop(__u64 x, __u32 n)
{
	for (__u32 i = 0; i < n; i++)
		x = rol64(x, ROT_LOOP_COUNT);
	return x;
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
	char prefix[64], name[96];
	struct bpf_object *obj = load_mode("rotate", mode, path, NULL, prefix);
	int fails = 0, all;

	if (!obj)
		return 1;
	all = bpf_program__fd(bpf_object__find_program_by_name(obj, "rotate_all"));
	fails += check_all(prefix, all);
	fails += check_xlated(prefix, mode, all);
	for (int i = 0; i < 3; i++) {
		int fd = bpf_program__fd(bpf_object__find_program_by_name(obj, loops[i]));

		fails += check_loop(prefix, fd, loops[i], ROT_LOOP_MAX, rot_loop);
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
	static const struct loader_cmds cmds = {
		.name = "rotate", .check = cmd_check, .nojit = "rotate_all",
		
		.bad = 1 /* refusals.c's */, .pin = cmd_pin, .pinned = cmd_pinned,
	};

	return loader_main(&cmds, argc, argv);
}
