// SPDX-License-Identifier: GPL-2.0
/*
 * replay: time the x86-64 JIT images of make bench on this CPU.
 *
 *   replay [-r ROUNDS] [-o OUTDIR] [-t] JITDIR GUESTLOG
 *
 * JITDIR is what tools/jit-disasm.sh made of the guest's log (NAME.bin,
 * "images": name length address); GUESTLOG has the BENCH/BRES/BMAP/BKERN/
 * KSYM lines of tests/prog_tests/bench.c and tests/guest/bench.sh.
 *
 * Each image is copied into executable memory and relinked: a call or jump
 * that leaves it goes through a trampoline to the user-space build of its
 * target (kstubs.c), found by the guest's kernel symbols; a 64-bit map
 * address becomes a buffer of the map's size (an array's values, or for a
 * PERCPU_ARRAY a bpf_array whose value pointers all lead into the fake
 * per-CPU area); the limit a BPF_PROBE_MEM load compares the address with
 * (it must be above user space in the kernel) becomes 0.  %gs points at a
 * fake per-CPU area (arch_prctl) whose this_cpu_off holds the area's own
 * address.  Any other reference out of the image is an error.
 *
 * Every image is first run on the guest's packets and must return what the
 * guest's BPF_PROG_TEST_RUN returned; the C versions (cref.c) too.  Then all
 * variants are timed interleaved, ROUNDS rounds, and each reported by its
 * median ns per operation, min and max, and ratios to the plain-BPF idiom
 * and to C: a table on stdout, OUTDIR/bench.csv, OUTDIR/bench.dat (for
 * gnuplot), and the targets as TARGET lines.  A result that differs
 * makes the exit status 1.  -t (make check): only the result checks, as
 * TEST lines.
 */
#define _GNU_SOURCE
#include <asm/prctl.h>
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "replay.h"
#include "bench.h"

#define MAX_IMAGES	64
#define MAX_MAPS	8
#define MAX_FUNCS	8
#define MAX_KSYMS	256
#define TRAMP_SIZE	13	/* movabs $target, %r11; jmp *%r11 */

struct replay_kernel rk;

struct bmap {
	unsigned int id, src, off, type, value_size, max_entries;
	void *buf;	/* replay's buffer for the map */
};

struct image {
	char name[64], op[48], variant[16];
	int refused;
	char why[160];
	unsigned int verified, xlated, jited, load_us;
	int has_res[2];
	uint32_t res[2];		/* rand, same */
	struct bmap maps[MAX_MAPS];
	int nmaps;
	uint64_t kaddr;
	size_t len;
	/* its functions (one unless it has subprograms): address, length */
	int nfunc;
	uint64_t fkaddr[MAX_FUNCS];
	size_t flen[MAX_FUNCS], foff[MAX_FUNCS];
	unsigned char *code;		/* executable copy */
	int loop_insns, loop_bytes;	/* static size of the loop */
};

static struct image img[MAX_IMAGES];
static int nimg;

static struct {
	uint64_t addr;
	char name[64];
} ksym[MAX_KSYMS];
static int nksym;

/*
 * The guest's packets, rand and same, and for timing NPKT random packets
 * in turn (the first is the guest's), so that no branch predictor learns
 * the conditions of select from one run to the next.
 */
#define NPKT 64
static unsigned char pkt_same[BENCH_PKT_LEN], pkt_rand[NPKT][BENCH_PKT_LEN];
static const char *const pkt_name[2] = { "rand", "same" };
static unsigned char *pcpu_area;

static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "replay: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

static struct image *image_by_name(const char *name, int create)
{
	for (int i = 0; i < nimg; i++)
		if (!strcmp(img[i].name, name))
			return &img[i];
	if (!create)
		return NULL;
	if (nimg == MAX_IMAGES)
		die("more than %d images", MAX_IMAGES);
	snprintf(img[nimg].name, sizeof(img[nimg].name), "%s", name);
	return &img[nimg++];
}

/* the packets of tests/prog_tests/bench.c: same seed, same generator */
static void make_packets(void)
{
	uint64_t seed = 0x0123456789abcdefull, s = 0x9e3779b97f4a7c15ull;

	memcpy(pkt_same, &seed, 8);
	memset(pkt_same + 8, 1, BENCH_BYTES);
	for (int k = 0; k < NPKT; k++) {
		memcpy(pkt_rand[k], &seed, 8);
		for (int i = 8; i < BENCH_PKT_LEN; i++) {
			s ^= s << 13;
			s ^= s >> 7;
			s ^= s << 17;
			pkt_rand[k][i] = s >> 56;
		}
	}
}

static void read_guest_log(const char *path)
{
	char line[512], name[64], a[64], b[160];
	FILE *f = fopen(path, "r");
	unsigned long long v;
	struct image *im;
	long off;

	if (!f)
		die("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = 0;
		if (sscanf(line, "BENCH %63s refused %159[^\n]", name, b) == 2) {
			im = image_by_name(name, 1);
			im->refused = 1;
			snprintf(im->why, sizeof(im->why), "%s", b);
		} else if (sscanf(line, "BENCH %63s %15s verified=%llu", name, a, &v) == 3) {
			im = image_by_name(name, 1);
			sscanf(line, "BENCH %*s %15s verified=%u xlated=%u jited=%u load_us=%u",
			       im->variant, &im->verified, &im->xlated, &im->jited,
			       &im->load_us);
		} else if (sscanf(line, "BRES %63s %63s %llx", name, a, &v) == 3) {
			int k = !strcmp(a, "same");

			im = image_by_name(name, 1);
			im->has_res[k] = 1;
			im->res[k] = v;
		} else if (!strncmp(line, "BMAP ", 5)) {
			struct bmap m;
			int k;

			if (sscanf(line, "BMAP %63s %d %u %u %u %u %u %u", name, &k,
				   &m.id, &m.src, &m.off, &m.type, &m.value_size,
				   &m.max_entries) != 8)
				die("bad line: %s", line);
			im = image_by_name(name, 1);
			if (k != im->nmaps || k >= MAX_MAPS)
				die("%s: map %d out of order", name, k);
			im->maps[im->nmaps++] = m;
		} else if (!strncmp(line, "BFUNC ", 6)) {
			unsigned long long fa;
			size_t fl;
			int k;

			if (sscanf(line, "BFUNC %63s %d %llx %zu", name, &k, &fa, &fl) != 4)
				die("bad line: %s", line);
			im = image_by_name(name, 1);
			if (k != im->nfunc || k >= MAX_FUNCS)
				die("%s: function %d out of order", name, k);
			im->foff[k] = k ? im->foff[k - 1] + im->flen[k - 1] : 0;
			im->fkaddr[k] = fa;
			im->flen[k] = fl;
			im->nfunc++;
		} else if (sscanf(line, "BKERN %63s %ld", a, &off) == 2) {
			if (off < 0)
				die("guest found no %s", a);
			if (!strcmp(a, "rq.cpu"))
				rk.rq_cpu = off;
			else if (!strcmp(a, "pcpu_hot.cpu_number"))
				rk.cpu_number = off;	/* plus pcpu_hot, below */
		} else if (sscanf(line, "KSYM %llx %*s %63s", &v, name) == 2) {
			if (nksym == MAX_KSYMS)
				die("more than %d KSYM lines", MAX_KSYMS);
			ksym[nksym].addr = v;
			snprintf(ksym[nksym++].name, sizeof(ksym[0].name), "%s", name);
		}
	}
	fclose(f);
}

static uint64_t ksym_addr(const char *name)
{
	for (int i = 0; i < nksym; i++)
		if (!strcmp(ksym[i].name, name))
			return ksym[i].addr;
	die("guest listed no kernel symbol %s", name);
}

static const char *ksym_name(uint64_t addr)
{
	for (int i = 0; i < nksym; i++)
		if (ksym[i].addr == addr)
			return ksym[i].name;
	return NULL;
}

/* %gs: a fake per-CPU area for CPU 0 whose this_cpu_off is the area */
static void setup_percpu(void)
{
	rk.this_cpu_off = ksym_addr("this_cpu_off");
	rk.cpu_number += ksym_addr("pcpu_hot");
	rk.runqueues = ksym_addr("runqueues");
	pcpu_area = mmap(NULL, PCPU_AREA_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pcpu_area == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	if (rk.this_cpu_off + 8 > PCPU_PPTR_OFF || rk.cpu_number + 4 > PCPU_PPTR_OFF ||
	    rk.runqueues + rk.rq_cpu + 4 > PCPU_PPTR_OFF)
		die("per-CPU symbols beyond the fake area");
	*(uint64_t *)(pcpu_area + rk.this_cpu_off) = (uintptr_t)pcpu_area;
	if (syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)pcpu_area))
		die("arch_prctl(ARCH_SET_GS): %s", strerror(errno));
}

/*
 * A buffer standing for the map behind a 64-bit map address, one per map
 * of each image.
 */
static uint64_t map_buffer(struct image *im, struct bmap *m)
{
	size_t size = (size_t)m->value_size * m->max_entries + 4096;
	uint64_t *buf = NULL;

	for (struct bmap *o = im->maps; o < m && !buf; o++)
		if (o->id == m->id)
			buf = o->buf;
	if (!buf)
		buf = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			   -1, 0);
	if (buf == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	m->buf = buf;
	switch (m->type) {
	case 2:	/* BPF_MAP_TYPE_ARRAY: its values, zero as the guest's were */
		if (m->src != 2)	/* BPF_PSEUDO_MAP_VALUE */
			die("%s: array map %u used by pointer", im->name, m->id);
		return (uintptr_t)buf + m->off;
	case 6:	/* BPF_MAP_TYPE_PERCPU_ARRAY: a bpf_array for the inlined lookup */
		if (m->src != 1)	/* BPF_PSEUDO_MAP_FD */
			die("%s: per-CPU map %u used by value", im->name, m->id);
		for (size_t i = 0; i < size / 8; i++)
			buf[i] = PCPU_PPTR_OFF;
		return (uintptr_t)buf;
	}
	die("%s: map %u of type %u", im->name, m->id, m->type);
}

/* bytes in objdump's "xx xx xx   " column */
static size_t nbytes(const char *col)
{
	size_t n = 0;

	for (; *col; col++)
		n += *col != ' ' && (col[1] == ' ' || !col[1]);
	return n;
}

static void put64(unsigned char *p, uint64_t v) { memcpy(p, &v, 8); }
static void put32(unsigned char *p, uint32_t v) { memcpy(p, &v, 4); }

/* the loop: the widest span from a backward jump's target to the jump */
static void note_loop(struct image *im, uint64_t at, uint64_t target,
		      uint64_t *lo, uint64_t *hi)
{
	if (target <= at && target >= im->kaddr) {
		if (!*lo || target < *lo)
			*lo = target;
		if (at > *hi)
			*hi = at;
	}
}

/* objdump of function @f of @im, at its kernel address */
static void disasm_cmd(char *cmd, size_t size, const struct image *im, int f,
		       const char *jitdir)
{
	snprintf(cmd, size,
		 "objdump -D -b binary -m i386:x86-64 --insn-width=16 --adjust-vma=0x%llx "
		 "--start-address=0x%llx --stop-address=0x%llx %s/%s.bin",
		 (unsigned long long)(im->fkaddr[f] - im->foff[f]),
		 (unsigned long long)im->fkaddr[f],
		 (unsigned long long)(im->fkaddr[f] + im->flen[f]), jitdir, im->name);
}

/*
 * A call or jump at @at (@n bytes, kernel address @a) of function @f to @t:
 * within @f it stays; to another function of the image it goes where that
 * function was placed; out of the image through a trampoline (at
 * @im->code + im->len, *@ntramp used) to the user-space version of its
 * target.
 */
static void relink_branch(struct image *im, int f, uint64_t a, size_t at, size_t n,
			  uint64_t t, const char *text, int *ntramp)
{
	unsigned char *to, *tr;
	const char *sym;
	int32_t rel;
	void *fn;
	int j;

	for (j = 0; j < im->nfunc; j++)
		if (t >= im->fkaddr[j] && t < im->fkaddr[j] + im->flen[j])
			break;
	if (j == f)
		return;
	memcpy(&rel, im->code + at + n - 4, 4);
	if (n < 5 || a + n + rel != t)
		die("%s+%zx: out-of-function branch without rel32: %s", im->name, at, text);
	if (j < im->nfunc) {
		to = im->code + im->foff[j] + (t - im->fkaddr[j]);
	} else {
		sym = ksym_name(t);
		fn = sym ? kstub_lookup(sym) : NULL;
		if (!fn)
			die("%s+%zx: call to %s (0x%llx) has no user-space version",
			    im->name, at, sym ? sym : "an unlisted address",
			    (unsigned long long)t);
		if (*ntramp == 64)
			die("%s: too many calls out", im->name);
		to = tr = im->code + im->len + (*ntramp)++ * TRAMP_SIZE;
		tr[0] = 0x49; tr[1] = 0xbb;			/* movabs $fn, %r11 */
		put64(tr + 2, (uintptr_t)fn);
		tr[10] = 0x41; tr[11] = 0xff; tr[12] = 0xe3;	/* jmp *%r11 */
	}
	put32(im->code + at + n - 4, (uint32_t)(to - (im->code + at + n)));
}

/*
 * movabs $@t at @at (@n bytes): a kernel address is the next map the guest
 * listed (*@nmov used); the limit of a BPF_PROBE_MEM load becomes 0.
 */
static void relink_movabs(struct image *im, size_t at, size_t n, uint64_t t, int *nmov)
{
	/* the kernel half, with 4- or 5-level page tables */
	if (t >= 0xff00000000000000ull) {
		if (*nmov >= im->nmaps)
			die("%s+%zx: kernel address 0x%llx is not a map the guest listed",
			    im->name, at, (unsigned long long)t);
		put64(im->code + at + n - 8, map_buffer(im, &im->maps[(*nmov)++]));
	} else if ((t >= 0x7fffffff0000ull && t < 0x800000100000ull) ||
		   (t >= 0xfffffffffff0000ull && t < 0x100000000100000ull)) {
		/* BPF_PROBE_MEM loads only above TASK_SIZE_MAX */
		put64(im->code + at + n - 8, 0);
	}
}

/*
 * Disassemble @im at its kernel address, copy it into executable memory
 * and relink it: calls between its functions to where they are placed,
 * calls out of it through trampolines.
 */
static void relink(struct image *im, const char *jitdir)
{
	char cmd[1024], line[512];
	int nmov = 0, ntramp = 0;
	uint64_t lo = 0, hi = 0;
	FILE *p;

	im->code = mmap(NULL, im->len + 64 * TRAMP_SIZE, PROT_READ | PROT_WRITE | PROT_EXEC,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (im->code == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	snprintf(cmd, sizeof(cmd), "%s/%s.bin", jitdir, im->name);
	p = fopen(cmd, "rb");
	if (!p || fread(im->code, 1, im->len, p) != im->len)
		die("%s: cannot read %zu bytes", cmd, im->len);
	fclose(p);

	/* each function at its own kernel address */
	for (int f = 0; f < im->nfunc; f++) {
		disasm_cmd(cmd, sizeof(cmd), im, f, jitdir);
		p = popen(cmd, "r");
		if (!p)
			die("%s: %s", cmd, strerror(errno));
		while (fgets(line, sizeof(line), p)) {
			unsigned long long a, t;
			char bytes[128], text[256];
			const char *op;
			size_t n, at;

			if (sscanf(line, " %llx:\t%127[0-9a-f ]\t%255[^\n]", &a, bytes, text) != 3)
				continue;
			n = nbytes(bytes);
			at = im->foff[f] + (a - im->fkaddr[f]);
			if (a < im->fkaddr[f] || at + n > im->foff[f] + im->flen[f])
				die("%s: disassembly past function %d", im->name, f);
			if (strstr(text, "(%rip)"))
				die("%s+%zx: rip-relative operand: %s", im->name, at, text);
			op = strchr(text, ' ') ? strchr(text, ' ') : "";
			if ((!strncmp(text, "call", 4) || text[0] == 'j') &&
			    sscanf(op, " 0x%llx", &t) == 1) {
				if (!f)
					note_loop(im, a, t, &lo, &hi);
				relink_branch(im, f, a, at, n, t, text, &ntramp);
			} else if (!strncmp(text, "movabs $0x", 10) &&
				   sscanf(text + 7, "$0x%llx", &t) == 1) {
				relink_movabs(im, at, n, t, &nmov);
			}
		}
		if (pclose(p))
			die("%s failed", cmd);
	}
	if (nmov != im->nmaps)
		die("%s: %d map addresses in the image, guest listed %d",
		    im->name, nmov, im->nmaps);

	/* loop size: count again over [lo, hi] */
	im->loop_bytes = hi >= lo && lo ? 0 : -1;
	if (lo) {
		disasm_cmd(cmd, sizeof(cmd), im, 0, jitdir);
		p = popen(cmd, "r");
		while (p && fgets(line, sizeof(line), p)) {
			unsigned long long a;
			char bytes[128];

			if (sscanf(line, " %llx:\t%127[0-9a-f ]\t", &a, bytes) == 2 &&
			    a >= lo && a <= hi) {
				im->loop_insns++;
				im->loop_bytes += nbytes(bytes);
			}
		}
		if (p)
			pclose(p);
	}
}

static void read_images(const char *jitdir)
{
	char path[512], name[64];
	unsigned long long addr;
	size_t len;
	FILE *f;

	snprintf(path, sizeof(path), "%s/images", jitdir);
	f = fopen(path, "r");
	if (!f)
		die("%s: %s", path, strerror(errno));
	while (fscanf(f, "%63s %zu %llx", name, &len, &addr) == 3) {
		struct image *im = image_by_name(name, 0);

		if (!im)
			die("image %s has no BENCH line", name);
		im->kaddr = addr;
		im->len = len;
		if (!im->nfunc) {
			im->nfunc = 1;
			im->fkaddr[0] = addr;
			im->flen[0] = len;
		}
		if (im->fkaddr[0] != addr ||
		    im->foff[im->nfunc - 1] + im->flen[im->nfunc - 1] != len)
			die("%s: its functions do not make up the image", name);
	}
	fclose(f);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* one timed thing: an image or a C version, on one packet */
struct variant {
	const char *op, *variant, *packet;
	struct image *im;		/* NULL for C */
	bench_fn fn;
	struct replay_ctx ctx[NPKT];
	double *ns;			/* per round, ns per operation */
	double med, min, max;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int test_mode;

/* run once and compare with the guest's result for the same program */
static int check(struct variant *v, uint32_t want)
{
	uint32_t got = (uint32_t)v->fn(&v->ctx[0]);

	if (test_mode)
		printf("TEST replay.%s.%s.%s %s replay 0x%x, guest 0x%x\n", v->op,
		       v->variant, v->packet, got == want ? "PASS" : "FAIL", got, want);
	if (got == want)
		return 0;
	fprintf(stderr, "MISMATCH %s.%s on %s: replay 0x%x, guest 0x%x\n",
		v->op, v->variant, v->packet, got, want);
	return 1;
}

static struct variant *find(struct variant *var, int nvar, const char *op,
			    const char *variant, const char *packet)
{
	for (int i = 0; i < nvar; i++)
		if (!strcmp(var[i].op, op) && !strcmp(var[i].variant, variant) &&
		    !strcmp(var[i].packet, packet))
			return &var[i];
	return NULL;
}

/* the targets, each a ratio of medians from this run */
static void targets(struct variant *var, int nvar)
{
	static const struct {
		const char *what, *op, *packet, *num, *den;
		double bound;	/* > 0: ratio at most; < 0: at least -bound */
	} t[] = {
		{ "rotate native/C", "rol", "rand", "native", "C", 1.10 },
		{ "bit-field extract native/C", "bextr", "rand", "native", "C", 1.10 },
		{ "big-endian load native/C", "load_be", "rand", "native", "C", 1.10 },
		{ "select unpredictable idiom/native", "select", "rand", "idiom", "native", -2.0 },
		{ "bpf_for() call/inlined native", "for", "rand", "call", "native", -1.8 },
		{ "bpf_for() call/inlined body", "for", "rand", "call", "body", -1.8 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct variant *a = find(var, nvar, t[i].op, t[i].num, t[i].packet);
		struct variant *b = find(var, nvar, t[i].op, t[i].den, t[i].packet);
		double r;

		if (!a || !b) {
			printf("TARGET %-36s not measured\n", t[i].what);
			continue;
		}
		r = a->med / b->med;
		printf("TARGET %-36s %6.2f  %s %.2f  %s\n", t[i].what, r,
		       t[i].bound > 0 ? "<=" : ">=", t[i].bound > 0 ? t[i].bound : -t[i].bound,
		       (t[i].bound > 0 ? r <= t[i].bound : r >= -t[i].bound) ? "met" : "MISSED");
	}
}

int main(int argc, char **argv)
{
	static struct variant var[2 * MAX_IMAGES + 32];
	const char *outdir = ".";
	int rounds = 300, reps = 20, nvar = 0, bad = 0, c;
	char path[512];
	cpu_set_t cpus;
	FILE *csv, *dat;

	while ((c = getopt(argc, argv, "r:o:t")) != -1) {
		if (c == 'r')
			rounds = atoi(optarg);
		else if (c == 'o')
			outdir = optarg;
		else if (c == 't')
			test_mode = 1;
		else
			return 2;
	}
	if (argc - optind != 2 || rounds < 1) {
		fprintf(stderr, "usage: replay [-r ROUNDS] [-o OUTDIR] [-t] JITDIR GUESTLOG\n");
		return 2;
	}
	/* one CPU for the whole run, as the guest's programs ran on CPU 0 */
	CPU_ZERO(&cpus);
	CPU_SET(sched_getcpu(), &cpus);
	sched_setaffinity(0, sizeof(cpus), &cpus);

	make_packets();
	read_guest_log(argv[optind + 1]);
	read_images(argv[optind]);
	setup_percpu();

	/* the C version of each op, then its images, idiom first */
	static const char *const order[] = { "idiom", "call", "body", "native" };
	for (int i = 0; i < nimg; i++) {
		char *dot = strrchr(img[i].name, '.');

		snprintf(img[i].op, sizeof(img[i].op), "%.*s",
			 (int)(dot - img[i].name), img[i].name);
		snprintf(img[i].variant, sizeof(img[i].variant), "%s", dot + 1);
	}
	for (int i = 0; i < nimg; i++) {
		const char *op = img[i].op;
		int first = 1;

		for (int j = 0; j < i; j++)
			first &= !!strcmp(img[j].op, op);
		if (!first)
			continue;
		for (int k = 0; k < 2; k++) {
			/* the packets differ only for select */
			if (k && strcmp(op, "select"))
				continue;
			for (int o = -1; o < 4; o++) {
				struct variant *v = &var[nvar];
				struct image *im = NULL;

				if (o >= 0) {
					snprintf(path, sizeof(path), "%s.%s", op, order[o]);
					im = image_by_name(path, 0);
					if (!im || im->refused || !im->len)
						continue;
					if (!im->code)
						relink(im, argv[optind]);
				}
				v->op = op;
				v->variant = o < 0 ? "C" : order[o];
				v->packet = pkt_name[k];
				v->im = im;
				v->fn = im ? (bench_fn)(void *)im->code : cref_lookup(op);
				if (!v->fn)
					die("no C version of %s", op);
				for (int j = 0; j < NPKT; j++) {
					unsigned char *d = k ? pkt_same : pkt_rand[j];

					v->ctx[j].data = d;
					v->ctx[j].data_end = d + BENCH_PKT_LEN;
				}
				v->ns = calloc(rounds, sizeof(double));
				nvar++;
			}
		}
	}

	/*
	 * Results first: each image and each C version must return what the
	 * guest returned (for C, the first image of its op loaded there).
	 */
	for (int i = 0; i < nvar; i++) {
		struct variant *v = &var[i];
		int k = !strcmp(v->packet, "same");

		if (v->im) {
			if (!v->im->has_res[k])
				die("%s: no guest result on %s", v->im->name, v->packet);
			bad |= check(v, v->im->res[k]);
		} else {
			for (int j = i + 1; j < nvar && var[j].op == v->op; j++)
				if (var[j].packet == v->packet) {
					bad |= check(v, var[j].im->res[k]);
					break;
				}
		}
	}
	if (test_mode)
		return bad;

	/* interleaved: every round times every variant, in a rotating order */
	for (int r = 0; r < rounds; r++)
		for (int j = 0; j < nvar; j++) {
			struct variant *v = &var[(j + r) % nvar];
			uint64_t t0, sink = 0;

			t0 = now_ns();
			for (int k = 0; k < reps; k++)
				sink += v->fn(&v->ctx[(r * reps + k) % NPKT]);
			v->ns[r] = (double)(now_ns() - t0) / ((double)reps * BENCH_N);
			__asm__ volatile("" : : "r"(sink));
		}
	for (int i = 0; i < nvar; i++) {
		qsort(var[i].ns, rounds, sizeof(double), cmp_double);
		var[i].med = var[i].ns[rounds / 2];
		var[i].min = var[i].ns[0];
		var[i].max = var[i].ns[rounds - 1];
	}

	snprintf(path, sizeof(path), "%s/bench.csv", outdir);
	csv = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/bench.dat", outdir);
	dat = fopen(path, "w");
	if (!csv || !dat)
		die("%s: %s", outdir, strerror(errno));
	fprintf(csv, "op,packet,variant,ns_per_op_median,ns_min,ns_max,vs_idiom,vs_c,"
		"mops_per_s,loop_insns,loop_bytes,jited_bytes,verified_insns,load_us\n");
	fprintf(dat, "# op C idiom call body native (median ns/op, ? = none)\n");
	printf("%-18s %-7s %-6s %8s %8s %8s %8s %8s %6s %6s %6s %8s %8s\n", "op", "variant",
	       "packet", "ns/op", "min", "max", "x idiom", "x C", "loop", "bytes",
	       "jited", "verified", "load_ms");
	for (int i = 0; i < nvar; i++) {
		struct variant *v = &var[i], *cv = NULL, *iv = NULL;

		for (int j = 0; j < nvar; j++)
			if (var[j].op == v->op && var[j].packet == v->packet) {
				if (!strcmp(var[j].variant, "C"))
					cv = &var[j];
				else if (!strcmp(var[j].variant, "idiom"))
					iv = &var[j];
			}
		printf("%-18s %-7s %-6s %8.3f %8.3f %8.3f %8.2f %8.2f", v->op, v->variant,
		       v->packet, v->med, v->min, v->max, iv ? v->med / iv->med : 0,
		       cv ? v->med / cv->med : 0);
		if (v->im)
			printf(" %6d %6d %6u %8u %8.1f\n", v->im->loop_insns, v->im->loop_bytes,
			       v->im->jited, v->im->verified, v->im->load_us / 1000.0);
		else
			printf(" %6s %6s %6s %8s %8s\n", "-", "-", "-", "-", "-");
		fprintf(csv, "%s,%s,%s,%.4f,%.4f,%.4f,%.3f,%.3f,%.1f", v->op, v->packet,
			v->variant, v->med, v->min, v->max, iv ? v->med / iv->med : 0,
			cv ? v->med / cv->med : 0, 1000.0 / v->med);
		if (v->im)
			fprintf(csv, ",%d,%d,%u,%u,%u\n", v->im->loop_insns, v->im->loop_bytes,
				v->im->jited, v->im->verified, v->im->load_us);
		else
			fprintf(csv, ",,,,,\n");
		/* one gnuplot row per op and packet, at its C version */
		if (!strcmp(v->variant, "C")) {
			fprintf(dat, "%s%s%s", v->op, strcmp(v->op, "select") ? "" : "/",
				strcmp(v->op, "select") ? "" : v->packet);
			for (int o = -1; o < 4; o++) {
				struct variant *w = NULL;

				for (int j = 0; j < nvar; j++)
					if (var[j].op == v->op && var[j].packet == v->packet &&
					    !strcmp(var[j].variant, o < 0 ? "C" : order[o]))
						w = &var[j];
				if (w)
					fprintf(dat, " %.4f", w->med);
				else
					fprintf(dat, " ?");
			}
			fputc('\n', dat);
		}
	}
	for (int i = 0; i < nimg; i++)
		if (img[i].refused)
			printf("%-18s %-7s refused by the verifier: %s\n", img[i].op,
			       img[i].variant, img[i].why);
	fclose(csv);
	fclose(dat);
	targets(var, nvar);
	return bad;
}
