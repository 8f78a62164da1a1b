// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader of tests/guest/stress.sh: programs loaded, run and freed in
 * a loop while the script loads and unloads the module and switches its
 * parameters, so verification races registration and unregistration.
 *
 * usage: stress churn STOP ITER_OBJ ROTATE_OBJ
 *
 * Runs until the file STOP exists (at most ten minutes).  Each round
 * loads tests/progs/iter.bpf.o (the kernel's iterator kfuncs: bodies from
 * the module when it is there, plain calls when not, so it must always
 * load) and the loops of tests/progs/rotate.bpf.o (the module's kfunc: it
 * loads only while the module is there, and the wrapper's fallback to C
 * may lose the race with an unload, so a refusal is only counted), runs
 * them once against C and frees them.  Prints a STAT line with the counts
 * and one TEST line: every load of the iterator object worked and every
 * result was right.
 */
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "iter.h"
#include "rotate.h"

#define MAX_SECONDS 600

struct counts {
	unsigned int rounds, iter_loads, rot_loads, rot_refused, runs;
};

static char why[256];

static int fail(const char *fmt, ...)
{
	va_list ap;

	if (why[0])
		return 1;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return 1;
}

/* iter_sum on a packet holding n: the sum of 0..n-1 */
static int run_iter(struct bpf_object *obj, __u32 n, struct counts *c)
{
	__u32 in[4] = { n }, out[4] = { 0 }, want = 0, ret = 0;
	int err;

	for (__u32 i = 0; i < n; i++)
		want += i;
	err = run_prog(prog_fd(obj, "iter_sum"), 0, in, sizeof(in), out, &ret);
	if (err)
		return fail("round %u: iter_sum test run: %s", c->rounds, strerror(-err));
	c->runs++;
	if (ret != 2 || out[0] != want)
		return fail("round %u: iter_sum(%u) = %u (retval %u), want %u",
			    c->rounds, n, out[0], ret, want);
	return 0;
}

/* rotate_loop and rotate_wrapper: x rotated left by ROT_LOOP_COUNT n times */
static int run_rotate(struct bpf_object *obj, __u64 x, __u32 n, struct counts *c)
{
	static const char *const progs[] = { "rotate_loop", "rotate_wrapper" };
	__u64 want = x;
	__u32 ret = 0;
	int err;

	for (__u32 i = 0; i < n; i++)
		want = rol64(want, ROT_LOOP_COUNT);
	for (int i = 0; i < 2; i++) {
		struct rot_pkt p = { .x = x, .n = n }, q;

		err = run_prog(prog_fd(obj, progs[i]), 0, &p, sizeof(p), &q, &ret);
		if (err)
			return fail("round %u: %s test run: %s", c->rounds, progs[i],
				    strerror(-err));
		c->runs++;
		if (ret != 2 || q.x != want)
			return fail("round %u: %s(0x%llx, n=%u) = 0x%llx (retval %u), want 0x%llx",
				    c->rounds, progs[i], (unsigned long long)x, n,
				    (unsigned long long)q.x, ret, (unsigned long long)want);
	}
	return 0;
}

/* the rotate loops only: rotate_all needs the module to load at all */
static struct bpf_object *load_rotate(const char *path)
{
	static const char *const progs[] = { "rotate_loop", "rotate_wrapper" };

	return load_opened(open_progs(path, progs, ARRAY_SIZE(progs), NULL, 0));
}

static int cmd_churn(const char *stop, const char *iter_path, const char *rot_path)
{
	struct timespec pause = { 0, 50 * 1000 * 1000 };
	struct counts c = {};
	time_t end = time(NULL) + MAX_SECONDS;
	struct bpf_object *obj;

	/* libbpf's messages for the refused loads are expected: keep them out */
	libbpf_set_print(NULL);
	while (!why[0] && access(stop, F_OK)) {
		if (time(NULL) > end) {
			fail("%s did not appear within %d s", stop, MAX_SECONDS);
			break;
		}
		c.rounds++;
		obj = bpf_object__open_file(iter_path, NULL);
		if (!obj || bpf_object__load(obj)) {
			fail("round %u: %s does not load: %s", c.rounds, iter_path,
			     strerror(errno));
			bpf_object__close(obj);
			break;
		}
		c.iter_loads++;
		run_iter(obj, (__u32)(xorshift() % 3000), &c);
		bpf_object__close(obj);

		obj = load_rotate(rot_path);
		if (obj) {
			c.rot_loads++;
			run_rotate(obj, xorshift(), (__u32)(xorshift() % (ROT_LOOP_MAX + 1)), &c);
			bpf_object__close(obj);
		} else {
			c.rot_refused++;
		}
		/* room for the deferred frees, so an rmmod can get through */
		nanosleep(&pause, NULL);
	}
	printf("STAT stress.churn rounds=%u iter_loads=%u rotate_loads=%u rotate_refused=%u runs=%u\n",
	       c.rounds, c.iter_loads, c.rot_loads, c.rot_refused, c.runs);
	if (!why[0] && !c.rounds)
		fail("no round ran");
	/* the module's kfuncs loaded at least once: else nothing raced its unload */
	if (!why[0] && !c.rot_loads)
		fail("%s never loaded in %u rounds", rot_path, c.rounds);
	if (why[0])
		test_line("stress.churn", 0, "%s", why);
	else
		test_line("stress.churn", 1, "%u rounds, %u runs", c.rounds, c.runs);
	return !!why[0];
}

int stress_main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "churn"))
		return cmd_churn(argv[2], argv[3], argv[4]);
	fprintf(stderr, "usage: see tests/prog_tests/stress.c\n");
	return 2;
}
