// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the per-CPU kfuncs (bpf/tests/percpu.bpf.c): on each
 * CPU, in turn, what the kfuncs read equals what the helpers and the
 * kernel's runqueues say; misuse is refused.
 *
 * usage: percpu check MODE OBJ    MODE native|body|interp
 *        percpu call OBJ          plain kfunc calls: the pointer kfuncs
 *                                 are refused
 *
 * bpf_insn_cpu_id() and bpf_insn_per_cpu_ptr() have bodies only where
 * kernel addresses fit 32-bit BPF constants (x86-64, see module/percpu.c).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/utsname.h>
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
	/* native images go to the host's shape check */
	if (!strcmp(mode, "native") && dump_jit(prog, fd))
		fails++;
	bpf_object__close(obj);
	return fails || ncpus < 2;
}

/* misuse, refused with the helpers' messages */
static int refused(const char *mode, const char *path)
{
	static const char *const bad[][2] = {
		{ "percpu_unchecked", "invalid mem access" },
		{ "percpu_notpcpu", "expected=percpu_ptr_" },
	};
	static char log[65536];
	int fails = 0;

	for (int i = 0; i < 2; i++) {
		struct bpf_object *obj;
		char name[96];
		int ok;

		log[0] = 0;
		obj = load_obj(path, bad[i][0], log, sizeof(log));
		ok = !obj && strstr(log, bad[i][1]);
		snprintf(name, sizeof(name), "percpu.%s.refused.%s", mode, bad[i][0]);
		test_line(name, ok, "%s", obj ? "loaded" : log);
		fails += !ok;
		bpf_object__close(obj);
	}
	return fails;
}

static int check(const char *mode, const char *path)
{
	static const char *const progs[] = { "percpu_this", "percpu_id", "percpu_per" };
	struct utsname u;
	int fails = 0;

	uname(&u);
	for (int i = 0; i < 3; i++) {
		char name[96];

		if (i && strcmp(u.machine, "x86_64")) {
			snprintf(name, sizeof(name), "percpu.%s.%s", mode, progs[i]);
			printf("TEST %s SKIP no body on %s: it needs kernel addresses as 32-bit constants\n",
			       name, u.machine);
			continue;
		}
		fails += check_prog(mode, path, progs[i]);
	}
	if (!strcmp(u.machine, "x86_64"))
		fails += refused(mode, path);
	return fails;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && !strcmp(argv[1], "check"))
		return check(argv[2], argv[3]) ? 1 : 0;
	if (argc == 3 && !strcmp(argv[1], "call")) {
		struct bpf_object *obj = load_obj(argv[2], "percpu_this", NULL, 0);
		int ok = !obj;

		test_line("percpu.call.refused", ok, ok ? "void * kfunc, as a plain call" :
			  "loaded as plain calls");
		bpf_object__close(obj);
		return !ok;
	}
	fprintf(stderr, "usage: see tests/vm/percpu.c\n");
	return 2;
}
