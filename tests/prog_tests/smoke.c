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
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/types.h>

#include "loaders.h"
#include "smoke.h"

#define NRANDOM 64

static const __u32 counts[SMOKE_NCOUNTS] = {
#define COUNT(i, n) [i] = n,
	SMOKE_COUNTS(COUNT)
};

static const __u64 edges[] = {
	0, 1, 0x8000000000000000ull, ~0ull, 0x0123456789abcdefull,
	0x00000000ffffffffull, 0xffffffff00000000ull, 0x8000000180000001ull,
};

static __u64 rol64(__u64 x, __u32 n) { n &= 63; return n ? x << n | x >> (64 - n) : x; }
static __u64 ror64(__u64 x, __u32 n) { n &= 63; return n ? x >> n | x << (64 - n) : x; }
static __u32 rol32(__u32 x, __u32 n) { n &= 31; return n ? x << n | x >> (32 - n) : x; }
static __u32 ror32(__u32 x, __u32 n) { n &= 31; return n ? x >> n | x << (32 - n) : x; }

static __u64 rng = 0x9e3779b97f4a7c15ull;

static __u64 xorshift(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static __u64 input(int i)
{
	int nedges = sizeof(edges) / sizeof(edges[0]);

	return i < nedges ? edges[i] : xorshift();
}

enum { ROL64, ROR64, ROL32, ROR32, NOPS };
static const char *const opname[NOPS] = { "rol64", "ror64", "rol32", "ror32" };

static __u64 got(const struct smoke_ctx *c, int op, int i)
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

/* One TEST line per kfunc; the first mismatch is the reason. */
static int test_rotate(struct bpf_program *prog)
{
	char why[NOPS][160] = { { 0 } };
	int ninputs = 8 + NRANDOM, fails = 0;

	for (int k = 0; k < ninputs; k++) {
		struct smoke_ctx c = { .x = input(k) };
		/* syscall programs write back into ctx_in; no ctx_out */
		LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &c,
			    .ctx_size_in = sizeof(c));
		__u64 x = c.x;

		if (bpf_prog_test_run_opts(bpf_program__fd(prog), &opts)) {
			printf("TEST smoke.syscall FAIL test_run: %s\n", strerror(errno));
			return 1;
		}
		for (int op = 0; op < NOPS; op++)
			for (int i = 0; i < SMOKE_NCOUNTS; i++) {
				__u64 g = got(&c, op, i), w = want(x, op, counts[i]);

				if (g != w && !why[op][0])
					snprintf(why[op], sizeof(why[op]),
						 "%s(0x%llx, %u) = 0x%llx, want 0x%llx",
						 opname[op], (unsigned long long)x, counts[i],
						 (unsigned long long)g, (unsigned long long)w);
			}
	}
	for (int op = 0; op < NOPS; op++) {
		printf("TEST smoke.%s %s%s%s\n", opname[op],
		       why[op][0] ? "FAIL" : "PASS", why[op][0] ? " " : "", why[op]);
		fails += !!why[op][0];
	}
	return fails;
}

/* XDP: the input is the first 8 bytes of the packet, rotated in place. */
static int test_xdp(struct bpf_program *prog, int demo)
{
	unsigned char pkt[64], out[64];

	for (int k = 0; k < (demo ? 1 : 8 + NRANDOM); k++) {
		__u64 x = input(demo ? 4 : k), y, w = rol64(x, SMOKE_XDP_COUNT);
		LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt,
			    .data_size_in = sizeof(pkt), .data_out = out,
			    .data_size_out = sizeof(out), .repeat = 1);

		memset(pkt, 0, sizeof(pkt));
		memcpy(pkt, &x, sizeof(x));
		if (bpf_prog_test_run_opts(bpf_program__fd(prog), &opts)) {
			printf("TEST smoke.xdp FAIL test_run: %s\n", strerror(errno));
			return 1;
		}
		memcpy(&y, out, sizeof(y));
		if (demo)
			printf("RESULT bpf_insn_rol64(0x%016llx, %d) = 0x%016llx (C: 0x%016llx)\n",
			       (unsigned long long)x, SMOKE_XDP_COUNT,
			       (unsigned long long)y, (unsigned long long)w);
		if (opts.retval != 2 /* XDP_PASS */ || y != w) {
			printf("TEST smoke.xdp FAIL x=0x%llx: retval %u, got 0x%llx, want 0x%llx\n",
			       (unsigned long long)x, opts.retval,
			       (unsigned long long)y, (unsigned long long)w);
			return 1;
		}
	}
	printf("TEST smoke.xdp PASS\n");
	return 0;
}

/* Print the JIT image as "JIT name hex" lines of 32 bytes. */
static int dump_jit(struct bpf_program *prog)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	const char *name = bpf_program__name(prog);
	unsigned char *img;
	__u64 addr = 0;
	int fd = bpf_program__fd(prog);

	if (bpf_prog_get_info_by_fd(fd, &info, &len) || !info.jited_prog_len) {
		printf("TEST smoke.jit_dump FAIL no JIT image (%s)\n",
		       info.jited_prog_len ? strerror(errno) : "not jited");
		return 1;
	}
	img = calloc(1, info.jited_prog_len);
	if (!img)
		return 1;
	len = info.jited_prog_len;
	memset(&info, 0, sizeof(info));
	info.jited_prog_len = len;
	info.jited_prog_insns = (__u64)(unsigned long)img;
	info.nr_jited_ksyms = 1;	/* the main program's address */
	info.jited_ksyms = (__u64)(unsigned long)&addr;
	len = sizeof(info);
	if (bpf_prog_get_info_by_fd(fd, &info, &len)) {
		printf("TEST smoke.jit_dump FAIL get_info: %s\n", strerror(errno));
		free(img);
		return 1;
	}
	for (__u32 i = 0; i < info.jited_prog_len; i++)
		printf("%s%02x%s", i % 32 ? "" : "JIT ", img[i],
		       i % 32 == 31 || i + 1 == info.jited_prog_len ? "\n" : "");
	/* "JIT-END name len addr" closes the image: the host checks it is whole */
	printf("JIT-END %s %u 0x%llx\n", name, info.jited_prog_len,
	       (unsigned long long)addr);
	printf("TEST smoke.jit_dump PASS\n");
	free(img);
	return 0;
}

int smoke_main(int argc, char **argv)
{
	int demo = argc > 2 && !strcmp(argv[2], "--demo"), fails = 0;
	struct bpf_program *rot, *xdp;
	struct bpf_object *obj;

	if (argc < 2) {
		fprintf(stderr, "usage: %s OBJ [--demo]\n", argv[0]);
		return 2;
	}
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj || bpf_object__load(obj)) {
		printf("TEST smoke.load FAIL %s\n", strerror(errno));
		return 1;
	}
	printf("TEST smoke.load PASS\n");
	rot = bpf_object__find_program_by_name(obj, "smoke_rotate");
	xdp = bpf_object__find_program_by_name(obj, "smoke_xdp");
	if (!demo)
		fails += test_rotate(rot);
	fails += test_xdp(xdp, demo);
	fails += dump_jit(xdp);
	bpf_object__close(obj);
	return fails ? 1 : 0;
}
