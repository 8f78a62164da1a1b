// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for tests/progs/smoke.bpf.o: loads it (which needs the module's
 * kfuncs), runs its programs with BPF_PROG_TEST_RUN on edge and random
 * inputs, compares with C, and prints the JIT image of the XDP program as
 * hex for the host to disassemble.
 *
 * usage: smoke OBJ [--demo]
 * output: "TEST name PASS|FAIL|SKIP [reason]" lines; the JIT image as "JIT hex"
 * lines closed by "JIT-END name len address".
 */
#include "common.h"
#include "smoke.h"

static const __u32 counts[SMOKE_NCOUNTS] = {
#define COUNT(i, n) [i] = n,
	SMOKE_COUNTS(COUNT)
};

_Static_assert(sizeof(struct smoke_ctx) == ROT_CTX_SIZE(SMOKE_NCOUNTS),
	       "smoke_ctx as common.h's rotate context");

/* XDP: the input is the first 8 bytes of the packet, rotated in place. */
static int test_xdp(int fd, int demo)
{
	unsigned char pkt[64], out[64];

	for (unsigned int k = 0; k < (demo ? 1 : NINPUTS); k++) {
		__u64 x = input(demo ? 4 : k), y, w = rol64(x, SMOKE_XDP_COUNT);
		__u32 ret = 0;

		memset(pkt, 0, sizeof(pkt));
		memcpy(pkt, &x, sizeof(x));
		if (run_prog(fd, 0, pkt, sizeof(pkt), out, &ret)) {
			test_line("smoke.xdp", 0, "test_run: %s", strerror(errno));
			return 1;
		}
		memcpy(&y, out, sizeof(y));
		if (demo)
			printf("RESULT bpf_insn_rol64(0x%016llx, %d) = 0x%016llx (C: 0x%016llx)\n",
			       (unsigned long long)x, SMOKE_XDP_COUNT,
			       (unsigned long long)y, (unsigned long long)w);
		if (ret != 2 /* XDP_PASS */ || y != w) {
			test_line("smoke.xdp", 0, "x=0x%llx: retval %u, got 0x%llx, want 0x%llx",
				  (unsigned long long)x, ret,
				  (unsigned long long)y, (unsigned long long)w);
			return 1;
		}
	}
	test_line("smoke.xdp", 1, NULL);
	return 0;
}

int smoke_main(int argc, char **argv)
{
	int demo = argc > 2 && !strcmp(argv[2], "--demo"), fails = 0, err;
	struct bpf_object *obj;

	if (argc < 2) {
		fprintf(stderr, "usage: %s OBJ [--demo]\n", argv[0]);
		return 2;
	}
	obj = load_obj(argv[1], NULL, NULL, 0);
	if (load_line("smoke.load", obj))
		return 1;
	if (!demo)
		fails += check_rotations("smoke", "smoke.syscall", prog_fd(obj, "smoke_rotate"),
					 counts, SMOKE_NCOUNTS);
	fails += test_xdp(prog_fd(obj, "smoke_xdp"), demo);
	err = dump_jit("smoke_xdp", prog_fd(obj, "smoke_xdp"));
	test_line("smoke.jit_dump", !err, err ? "no JIT image: %s" : NULL, strerror(-err));
	fails += !!err;
	bpf_object__close(obj);
	return fails ? 1 : 0;
}
