// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the per-CPU kfuncs (tests/progs/percpu.bpf.c): on each
 * CPU, in turn, what the kfuncs read equals what the helpers and the
 * kernel's runqueues say; misuse is refused.
 *
 * usage: percpu check MODE OBJ    MODE native|body|interp
 *        percpu kptr MODE OBJ     writes through a per-CPU kptr, read
 *                                 back on each CPU through every way
 *        percpu call OBJ          plain kfunc calls: the pointer kfuncs
 *                                 are refused
 */
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>

#include "common.h"
#include "percpu.h"

static int on_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* what program @prog must give when run on @cpu */
static int expected(const char *prog, const char *mode, const struct pcpu_ctx *c,
		    int cpu, int ncpus)
{
	int interp = !strcmp(mode, "interp"), ok = c->cpu == cpu;

	if (!strcmp(prog, "percpu_id"))
		return ok && c->cpu_id == cpu;
	/*
	 * The interpreter reads rq->cpu (a BTF pointer load) as 0, through
	 * the helper just the same: there the kfuncs must agree with the
	 * helper and give NULL exactly past the CPUs.
	 */
	if (!strcmp(prog, "percpu_this"))
		return ok && c->this_rq_cpu == c->helper_rq_cpu &&
		       (interp || c->helper_rq_cpu == cpu);
	ok = c->nulls == 1;
	for (int i = 0; i < PCPU_MAX; i++)
		ok &= interp ? (c->rq_cpu[i] == -1) == (i >= ncpus) :
			       c->rq_cpu[i] == (i < ncpus ? i : -1);
	return ok;
}

/*
 * Where per_cpu_ptr's body stays (modes body and interp), the index is
 * masked past its bounds check as array_index_nospec() masks it: the
 * body's r4 s>>= 63.  The program has no other arithmetic shift.
 */
static int body_masks_index(int fd, const char *mode)
{
	struct bpf_prog_info info;
	struct bpf_insn *insn;
	char name[96];
	int n = 0, err = prog_xlated(fd, &info, &insn);

	for (__u32 i = 0; !err && i < info.xlated_prog_len / sizeof(*insn); i++)
		n += insn[i].code == (BPF_ALU64 | BPF_ARSH | BPF_K) && insn[i].imm == 63;
	free(insn);
	snprintf(name, sizeof(name), "percpu.%s.percpu_per.nospec", mode);
	test_line(name, !err && n > 0, "%d index masks in the xlated program%s", n,
		  err ? " (no xlated program)" : "");
	return err || !n;
}

static int check_prog(const char *mode, const char *path, const char *prog)
{
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN), fd, fails = 0;
	struct bpf_object *obj = load_obj(path, prog, NULL, 0);
	char name[96];

	snprintf(name, sizeof(name), "percpu.%s.%s.load", mode, prog);
	test_line(name, !!obj, obj ? NULL : "%s", strerror(errno));
	if (!obj)
		return 1;
	fd = bpf_program__fd(bpf_object__find_program_by_name(obj, prog));
	for (int cpu = 0; cpu < ncpus && cpu < PCPU_MAX; cpu++) {
		struct pcpu_ctx c;
		LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &c, .ctx_size_in = sizeof(c));
		int ok;

		memset(&c, 0xff, sizeof(c));
		snprintf(name, sizeof(name), "percpu.%s.%s.cpu%d", mode, prog, cpu);
		if (on_cpu(cpu) || bpf_prog_test_run_opts(fd, &opts)) {
			test_line(name, 0, "cannot run on CPU %d: %s", cpu, strerror(errno));
			fails++;
			continue;
		}
		ok = expected(prog, mode, &c, cpu, ncpus);
		test_line(name, ok, "cpu %d id %d this_rq %d helper_rq %d per_cpu[0..2] %d %d %d nulls %d",
			  c.cpu, c.cpu_id, c.this_rq_cpu, c.helper_rq_cpu,
			  c.rq_cpu[0], c.rq_cpu[1], c.rq_cpu[2], c.nulls);
		fails += !ok;
	}
	snprintf(name, sizeof(name), "percpu.%s.%s.cpus", mode, prog);
	test_line(name, ncpus >= 2, "%d CPUs online", ncpus);
	snprintf(name, sizeof(name), "percpu.%s.%s", mode, prog);
	prog_stat(name, fd);
	/* (nopcpu: per_cpu_ptr's native code needs no per-CPU move) */
	if (!strcmp(prog, "percpu_per") &&
	    (!strcmp(mode, "body") || !strcmp(mode, "interp")))
		fails += body_masks_index(fd, mode);
	/* native images go to the host's shape check */
	if (!strcmp(mode, "native") && dump_jit(prog, fd))
		fails++;
	bpf_object__close(obj);
	return fails || ncpus < 2;
}

/* misuse, refused with the helpers' messages (refusals.c) */
static int refused(const char *mode, const char *path)
{
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "percpu.%s", mode);
	return check_refusal_set(prefix, mode, path, "percpu");
}

static int check(const char *mode, const char *path)
{
	static const char *const progs[] = { "percpu_this", "percpu_id", "percpu_per" };
	int fails = 0;

	for (int i = 0; i < 3; i++)
		fails += check_prog(mode, path, progs[i]);
	return fails + refused(mode, path);
}

/* the per-CPU kptr tests: write through one way, read through all */

static const char *const way_name[PCPU_WAYS] = {
	[PCPU_INSN_THIS] = "insn_this",
	[PCPU_HELPER_THIS] = "helper_this",
	[PCPU_INSN_PER] = "insn_per",
	[PCPU_HELPER_PER] = "helper_per",
};

/*
 * Run XDP program @fd on @cpu with @pkt as the packet; its return value
 * into *@ret.  BPF_F_TEST_RUN_ON_CPU would do this for raw_tp programs
 * only, which the test kernels lack (no CONFIG_BPF_EVENTS); XDP's test run
 * stays on the caller's CPU, so the caller is pinned there.  The program
 * reports where it ran, and that is checked too.
 */
static int run_on(int fd, int cpu, void *pkt, __u32 size, __u32 *ret)
{
	char buf[64];	/* XDP test runs want at least an Ethernet header */
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = buf, .data_size_in = sizeof(buf));

	memset(buf, 0, sizeof(buf));
	memcpy(buf, pkt, size < sizeof(buf) ? size : sizeof(buf));
	if (on_cpu(cpu) || bpf_prog_test_run_opts(fd, &opts))
		return -errno;
	*ret = opts.retval;
	return 0;
}

static int set_jit(const char *val)
{
	FILE *f = fopen("/proc/sys/net/core/bpf_jit_enable", "w");
	int err;

	if (!f)
		return -errno;
	err = fputs(val, f) < 0;
	return fclose(f) || err ? -EIO : 0;
}

/*
 * Object A holds the maps and kptr_new, which calls bpf_percpu_obj_new(),
 * a kfunc without a body: that needs the JIT, so in the interpreter's
 * mode it is loaded with the JIT on.  Object B, from the same file, has
 * the programs under test and shares A's maps.
 */
static struct bpf_object *kptr_setup(const char *mode, const char *path,
				     char *log, size_t logsz)
{
	int interp = !strcmp(mode, "interp");
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	struct bpf_object *obj;

	log[0] = 0;
	if (interp && set_jit("1"))
		return NULL;
	obj = load_obj(path, "kptr_new", log, logsz);
	if (interp && set_jit("0")) {
		bpf_object__close(obj);
		return NULL;
	}
	if (!obj)
		return NULL;
	if (bpf_prog_test_run_opts(prog_fd(obj, "kptr_new"), &opts) || opts.retval) {
		snprintf(log, logsz, "kptr_new: %s, returned %u", strerror(errno), opts.retval);
		bpf_object__close(obj);
		return NULL;
	}
	return obj;
}

static struct bpf_object *kptr_load(struct bpf_object *a, const char *path,
				    char *log, size_t logsz)
{
	static const char *const maps[] = { "kptr_map", "seen" };
	static const char *const progs[] = { "kptr_write", "kptr_read" };
	struct bpf_object *obj = open_progs(path, progs, ARRAY_SIZE(progs), log, logsz);

	for (int i = 0; obj && i < 2; i++)
		if (bpf_map__reuse_fd(bpf_object__find_map_by_name(obj, maps[i]),
				      bpf_map__fd(bpf_object__find_map_by_name(a, maps[i])))) {
			bpf_object__close(obj);
			return NULL;
		}
	return load_opened(obj);
}

/*
 * Write base + cpu into each CPU's copy through @way (the *_THIS ways on
 * each CPU in turn, the *_PER ways from the last CPU for all of them),
 * read every CPU's copy back on that CPU through all four ways, and
 * compare, per CPU, with what the kernel's per-CPU array got.  Each way
 * writes each copy once, so after way w every copy counts w + 1 writes
 * more than @before: bpf_percpu_obj_new() does not zero an object its
 * allocator reuses (one an earlier mode freed), so the count starts where
 * kptr_writes_now() found it.
 */
static int kptr_way(const char *mode, struct bpf_object *obj, int seen_fd,
		    int way, int ncpus, const __u32 *before)
{
	int wfd = prog_fd(obj, "kptr_write"), rfd = prog_fd(obj, "kptr_read");
	struct pcpu_kptr_args args = { .base = (__u64)(way + 1) << 40 | 0x5a5a0000, .way = way };
	int per = way == PCPU_INSN_PER || way == PCPU_HELPER_PER, fails = 0, zero = 0;
	struct pcpu_seen *s = calloc(ncpus, sizeof(*s));
	char name[96];
	__u32 ret = XDP_PASS;
	int err = 0;

	if (!s)
		return 1;
	for (int cpu = per ? ncpus - 1 : 0; cpu < ncpus && !err && ret == XDP_PASS; cpu++)
		err = run_on(wfd, cpu, &args, sizeof(args), &ret);
	for (int cpu = 0; cpu < ncpus && !err && ret == XDP_PASS; cpu++)
		err = run_on(rfd, cpu, &args, sizeof(args), &ret);
	if (!err && ret == XDP_PASS && bpf_map_lookup_elem(seen_fd, &zero, s))
		err = -errno;
	for (int cpu = 0; cpu < ncpus && cpu < PCPU_MAX; cpu++) {
		__u64 want = args.base + cpu;
		int ok = !err && ret == XDP_PASS && s[cpu].cpu == (__u32)cpu &&
			 s[cpu].cpu_id == (__u32)cpu && s[cpu].obj_cpu == (__u32)cpu &&
			 s[cpu].same == 1 && s[cpu].writes == before[cpu] + way + 1;

		for (int w = 0; w < PCPU_WAYS; w++)
			ok &= s[cpu].val[w] == want;
		snprintf(name, sizeof(name), "percpu.%s.kptr.%s.cpu%d", mode, way_name[way], cpu);
		if (err || ret != XDP_PASS)
			test_line(name, 0, "run: %s, returned %u", strerror(-err), ret);
		else
			test_line(name, ok, "want %#llx: read %#llx %#llx %#llx %#llx, cpu %u id %u obj.cpu %u same %u writes %u",
				  (unsigned long long)want,
				  (unsigned long long)s[cpu].val[0], (unsigned long long)s[cpu].val[1],
				  (unsigned long long)s[cpu].val[2], (unsigned long long)s[cpu].val[3],
				  s[cpu].cpu, s[cpu].cpu_id, s[cpu].obj_cpu, s[cpu].same, s[cpu].writes);
		fails += !ok;
	}
	free(s);
	return fails;
}

/* each CPU's write count before the test's writes, into @before */
static int kptr_writes_now(struct bpf_object *obj, int seen_fd, int ncpus, __u32 *before)
{
	struct pcpu_seen *s = calloc(ncpus, sizeof(*s));
	__u32 ret = XDP_PASS;
	int err = s ? 0 : -ENOMEM, zero = 0;

	for (int cpu = 0; cpu < ncpus && !err && ret == XDP_PASS; cpu++)
		err = run_on(prog_fd(obj, "kptr_read"), cpu, &zero, sizeof(zero), &ret);
	if (!err && ret != XDP_PASS)
		err = -EINVAL;
	if (!err && bpf_map_lookup_elem(seen_fd, &zero, s))
		err = -errno;
	for (int cpu = 0; !err && cpu < ncpus && cpu < PCPU_MAX; cpu++)
		before[cpu] = s[cpu].writes;
	free(s);
	return err;
}

static int kptr(const char *mode, const char *path)
{
	static char log[65536];
	int ncpus = libbpf_num_possible_cpus(), online = sysconf(_SC_NPROCESSORS_ONLN);
	struct bpf_object *a, *b = NULL;
	int fails = 0, fd;
	char name[96];

	snprintf(name, sizeof(name), "percpu.%s.kptr.load", mode);
	a = kptr_setup(mode, path, log, sizeof(log));
	if (a)
		b = kptr_load(a, path, log, sizeof(log));
	test_line(name, !!b, "%s", b ? "" : log);
	if (!b) {
		bpf_object__close(a);
		return 1;
	}
	snprintf(name, sizeof(name), "percpu.%s.kptr.cpus", mode);
	test_line(name, ncpus >= 2 && ncpus == online, "%d possible, %d online", ncpus, online);
	fails += ncpus < 2 || ncpus != online;
	fd = bpf_map__fd(bpf_object__find_map_by_name(a, "seen"));
	snprintf(name, sizeof(name), "percpu.%s.kptr.before", mode);
	{
		__u32 before[PCPU_MAX] = {};
		int err = kptr_writes_now(b, fd, ncpus, before);

		test_line(name, !err, "%s", err ? strerror(-err) : "");
		fails += !!err;
		for (int way = 0; !err && way < PCPU_WAYS; way++)
			fails += kptr_way(mode, b, fd, way, ncpus, before);
	}
	if (!strcmp(mode, "native")) {
		fails += !!dump_jit("kptr_write", prog_fd(b, "kptr_write"));
		fails += !!dump_jit("kptr_read", prog_fd(b, "kptr_read"));
	}
	snprintf(name, sizeof(name), "percpu.%s.kptr_write", mode);
	prog_stat(name, prog_fd(b, "kptr_write"));
	snprintf(name, sizeof(name), "percpu.%s.kptr_read", mode);
	prog_stat(name, prog_fd(b, "kptr_read"));
	bpf_object__close(b);
	bpf_object__close(a);
	return fails;
}

int percpu_main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "check"))
		return check(argv[2], argv[3]) ? 1 : 0;
	if (argc == 4 && !strcmp(argv[1], "kptr"))
		return kptr(argv[2], argv[3]) ? 1 : 0;
	if (argc == 3 && !strcmp(argv[1], "call")) {
		/* 6.12 refuses a per-CPU pointer as a plain kfunc's void * argument */
		static char log[1 << 16];
		struct bpf_object *obj = load_obj(argv[2], "percpu_this", log, sizeof(log));
		char *line = obj ? NULL :
			     log_line(log, "bpf_insn_this_cpu_ptr args#0 pointer type");
		int ok = !!line;

		size_t n = strlen(log);

		test_line("percpu.call.refused", ok, "%s%s", line ? line : obj ?
			  "loaded as plain calls" : "refused for another reason: ",
			  line || obj ? "" : log + (n > 300 ? n - 300 : 0));
		bpf_object__close(obj);
		return !ok;
	}
	fprintf(stderr, "usage: see tests/prog_tests/percpu.c\n");
	return 2;
}
