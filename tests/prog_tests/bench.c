// SPDX-License-Identifier: GPL-2.0
/*
 * Guest side of make bench (tests/guest/bench.sh): load the benchmark
 * programs of bpf/bench/bench.bpf.c as the module's parameters stand, run
 * each once on both benchmark packets, and print what the host's replay
 * (tools/replay/) needs and checks against:
 *
 *   BENCH name variant verified= xlated= jited= load_us=
 *   BRES name packet retval        test-run result for each packet
 *   BMAP name k map_id src off type value_size max_entries
 *                                  k-th map address the program loads
 *                                  (src: BPF_PSEUDO_MAP_FD or _VALUE)
 *   BKERN key value                struct layouts the C versions need
 *   BFUNC name i addr len          each function of a program with
 *                                  subprograms (the image is all of them)
 *   JIT ... / JIT-END name len addr   the image (tests/prog_tests/common.h)
 *
 * usage: bench VARIANT OBJ
 *   VARIANT idiom loads the NAME_idiom programs (and NAME_mask, the
 *   branch-free plain-BPF select, as variant mask), any other (call, body,
 *   native, copy: what the module's parameters make of the kfunc calls;
 *   clang22: native, OBJ built with clang-22, bpf_fastcall) the NAME_kfunc
 *   ones; the image is named OP.VARIANT.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "common.h"
#include "bench.h"
#include "insns.h"

/* packets: seed, then random bytes ("rand") or all ones ("same") */
static unsigned char pkt_rand[BENCH_PKT_LEN], pkt_same[BENCH_PKT_LEN];

static void make_packets(void)
{
	__u64 seed = 0x0123456789abcdefull;

	memcpy(pkt_rand, &seed, 8);
	memcpy(pkt_same, &seed, 8);
	for (int i = 8; i < BENCH_PKT_LEN; i++) {
		pkt_rand[i] = xorshift() >> 56;
		pkt_same[i] = 1;
	}
}

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* the map behind each map address the program loads, in insn order */
static int print_maps(const char *name, int fd)
{
	struct bpf_prog_info info;
	struct bpf_insn *insn = NULL;
	int k = 0, err = prog_xlated(fd, &info, &insn);

	for (__u32 i = 0; !err && i + 1 < info.xlated_prog_len / sizeof(*insn); i++) {
		struct bpf_map_info mi = {};
		__u32 len = sizeof(mi);
		int mfd;

		if (insn[i].code != (BPF_LD | BPF_IMM | BPF_DW))
			continue;
		i++;	/* the second half */
		if (insn[i - 1].src_reg != BPF_PSEUDO_MAP_FD &&
		    insn[i - 1].src_reg != BPF_PSEUDO_MAP_VALUE)
			continue;
		mfd = bpf_map_get_fd_by_id(insn[i - 1].imm);
		if (mfd < 0 || bpf_map_get_info_by_fd(mfd, &mi, &len)) {
			err = -errno;
			break;
		}
		close(mfd);
		printf("BMAP %s %d %u %u %u %u %u %u\n", name, k++, mi.id,
		       insn[i - 1].src_reg, insn[i].imm, mi.type, mi.value_size,
		       mi.max_entries);
	}
	free(insn);
	return err;
}

/* where each function of @fd's image lives, if it has more than one */
static int print_funcs(const char *name, int fd)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info), n;
	__u64 addr[16];
	__u32 flen[16];

	if (bpf_prog_get_info_by_fd(fd, &info, &len))
		return -errno;
	n = info.nr_jited_ksyms;
	if (n < 2)
		return 0;
	if (n > 16 || info.nr_jited_func_lens != n)
		return -E2BIG;
	memset(&info, 0, sizeof(info));
	info.nr_jited_ksyms = n;
	info.jited_ksyms = (__u64)(unsigned long)addr;
	info.nr_jited_func_lens = n;
	info.jited_func_lens = (__u64)(unsigned long)flen;
	len = sizeof(info);
	if (bpf_prog_get_info_by_fd(fd, &info, &len))
		return -errno;
	for (__u32 i = 0; i < n; i++)
		printf("BFUNC %s %u 0x%llx %u\n", name, i, (unsigned long long)addr[i], flen[i]);
	return 0;
}

/* the layouts the replay's C versions read per-CPU data with */
static int print_layouts(void)
{
	static const char *const want[][2] = {
		{ "rq", "cpu" },
#ifdef __x86_64__
		{ "pcpu_hot", "cpu_number" },	/* x86's CPU number */
#endif
	};
	int err = 0;

	for (unsigned int i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		int off = vmlinux_member_off(want[i][0], want[i][1]);

		if (off < 0)
			err = off;
		printf("BKERN %s.%s %d\n", want[i][0], want[i][1], off);
	}
	return err;
}

/*
 * The refusals 6.12 makes of the benchmark programs as plain kfunc calls
 * (bodies=0): the ops the module's bodies exist for.  Any other refusal,
 * and any of these that loads, fails.
 */
static const struct {
	const char *name, *why;
} bench_refusals[] = {
	/* two __k arguments: 6.12 takes one constant argument per call */
	{ "bextr.call", "only one constant argument permitted" },
	{ "lea.call", "only one constant argument permitted" },
	/* a void * argument to packet or stack memory: 6.12 wants a sized type */
	{ "copy16.call", "arg#0 pointer type UNKNOWN  must point to scalar" },
	{ "encap.call", "arg#0 pointer type UNKNOWN  must point to scalar" },
	{ "load_be.call", "arg#0 pointer type UNKNOWN  must point to scalar" },
	{ "prefetch.call", "arg#0 pointer type UNKNOWN  must point to scalar" },
	{ "this_cpu.call", "bpf_insn_this_cpu_ptr args#0 pointer type UNKNOWN  is not supported" },
	/* the bucket index from clz64() is unbounded without the body */
	{ "log2.call", "unbounded memory access" },
};

static const char *bench_refusal(const char *name)
{
	for (unsigned int i = 0; i < sizeof(bench_refusals) / sizeof(bench_refusals[0]); i++)
		if (!strcmp(bench_refusals[i].name, name))
			return bench_refusals[i].why;
	return NULL;
}

static int bench_prog(const char *path, const char *prog, const char *variant)
{
	static char log[1 << 16];
	char name[96], op[64];
	struct bpf_object *obj;
	const char *want;
	__u32 retval = 0, len;
	__u64 t0, t1;
	int fd, err = 0;

	snprintf(op, sizeof(op), "%.*s", (int)(strrchr(prog, '_') - prog), prog);
	snprintf(name, sizeof(name), "%s.%s", op, variant);
	want = bench_refusal(name);
	t0 = now_ns();
	obj = load_obj(path, prog, log, sizeof(log));
	t1 = now_ns();
	if (!obj) {
		/* the line before the "processed N insns" line says why */
		char *why = strstr(log, "\nprocessed ");
		int ok;

		if (why) {
			*why = 0;
			why = strrchr(log, '\n') ? strrchr(log, '\n') + 1 : log;
		}
		printf("BENCH %s refused %s\n", name, why ? why : "(no log)");
		ok = want && why && strstr(why, want);
		test_line(name, ok, "%s%s", ok ? "refused as 6.12 refuses it: " : "refused: ",
			  why ? why : "(no log)");
		return !ok;
	}
	if (want) {
		bpf_object__close(obj);
		test_line(name, 0, "loads, expected refused: %s", want);
		return 1;
	}
	fd = prog_fd(obj, prog);
	{
		struct bpf_prog_info info = {};

		len = sizeof(info);
		bpf_prog_get_info_by_fd(fd, &info, &len);
		printf("BENCH %s %s verified=%u xlated=%u jited=%u load_us=%llu\n",
		       name, variant, info.verified_insns, info.xlated_prog_len / 8,
		       info.jited_prog_len, (unsigned long long)(t1 - t0) / 1000);
	}
	if (!run_prog(fd, 0, pkt_rand, sizeof(pkt_rand), NULL, &retval))
		printf("BRES %s rand 0x%x\n", name, retval);
	else
		err = 1;
	if (!run_prog(fd, 0, pkt_same, sizeof(pkt_same), NULL, &retval))
		printf("BRES %s same 0x%x\n", name, retval);
	else
		err = 1;
	err |= print_maps(name, fd) != 0;
	err |= print_funcs(name, fd) != 0;
	err |= dump_jit(name, fd) != 0;
	bpf_object__close(obj);
	test_line(name, !err, "%s", err ? "test run, map list or JIT image failed" : "");
	return err;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

int bench_main(int argc, char **argv)
{
	const char *variant = argc > 2 ? argv[1] : NULL;
	const char *suffix;
	struct bpf_object *obj;
	struct bpf_program *p;
	cpu_set_t cpus;
	int rc = 0, progs = 0;

	if (!variant) {
		fprintf(stderr, "usage: bench idiom|call|body|native|clang22 OBJ\n");
		return 2;
	}
	/* on CPU 0, as the replay's per-CPU area stands for CPU 0 */
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	if (sched_setaffinity(0, sizeof(cpus), &cpus))
		perror("sched_setaffinity");
	make_packets();
	if (!strcmp(variant, "idiom") && print_layouts())
		rc = 1;
	suffix = strcmp(variant, "idiom") ? "_kfunc" : "_idiom";
	obj = bpf_object__open_file(argv[2], NULL);
	if (!obj) {
		test_line("bench.programs", 0, "cannot open %s: %s", argv[2], strerror(errno));
		return 1;
	}
	/*
	 * One object per program: each loads on its own, as a user's would.
	 * With the idioms, the other plain-BPF forms of an operation
	 * (NAME_mask: select without a branch) load too, as OP.mask.
	 */
	bpf_object__for_each_program(p, obj) {
		const char *n = bpf_program__name(p);

		if (has_suffix(n, suffix)) {
			rc |= bench_prog(argv[2], n, variant);
			progs++;
		} else if (!strcmp(variant, "idiom") && has_suffix(n, "_mask")) {
			rc |= bench_prog(argv[2], n, "mask");
		}
	}
	bpf_object__close(obj);
	if (!progs) {
		test_line("bench.programs", 0, "no program NAME%s in %s", suffix, argv[2]);
		rc = 1;
	}
	return rc;
}
