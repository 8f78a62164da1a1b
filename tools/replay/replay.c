// SPDX-License-Identifier: GPL-2.0
/*
 * replay: time the x86-64 JIT images of make bench on this CPU.
 *
 *   replay [-r ROUNDS] [-p PROCS] [-P PLACEMENTS] [-o OUTDIR] [-t] JITDIR GUESTLOG
 *
 * JITDIR is what tools/jit-disasm.sh made of the guest's log (NAME.bin,
 * "images": name length address); GUESTLOG has the BENCH/BRES/BMAP/BKERN/
 * KSYM lines of tests/prog_tests/bench.c and tests/guest/bench.sh.
 *
 * Each image is disassembled once and its references out of itself noted;
 * then it is copied into executable memory within 2 GiB of this program's
 * text, each of its functions at a page offset of the placement (below),
 * and relinked: a call or jump that leaves it becomes a direct rel32 call
 * or jump to the user-space build of its target (kstubs.c and the module's
 * kfuncs, built with the kernel's code-generation flags: mk/bench.mk),
 * found by the guest's kernel symbols, as the kernel's JIT emits it; a
 * 64-bit map address becomes a buffer of the map's size (an array's values,
 * or for a PERCPU_ARRAY a bpf_array whose value pointers all lead into the
 * fake per-CPU area); the limit a BPF_PROBE_MEM load compares the address
 * with (it must be above user space in the kernel) becomes 0.  %gs points
 * at a fake per-CPU area (arch_prctl) whose this_cpu_off holds the area's
 * own address.  Any other reference out of the image is an error.
 *
 * The C versions (cref.c, in three builds: baseline x86-64 "C", and for
 * this CPU "C-host" and gcc's "C-gcc") are copied and placed the same
 * way, their calls and rip-relative operands relinked, so that their
 * loops move with the placement as the images' do.
 *
 * Placements (-P, default r8): "rN" is N draws of where the kernel could
 * have put the function: an image at one of the offsets in its
 * 64-byte chunk bpf_jit_binary_pack_alloc() chooses among (8 + 4j bytes
 * in, 4 to 14 of them: jit_starts()), as at each load; C as linked, moved
 * by a multiple of 16 bytes within its 64-byte line (a build's choice:
 * functions are 16-byte aligned); the PROCS x N draws spread evenly over
 * the choices (draw_among()), each process its share.
 * "k" is the page offset the kernel had the function at (for C: where the
 * linker put it), "k+N" that plus N bytes, a number that offset from the
 * page start.  Every variant runs at every placement; the first is the
 * one the table's "@" column shows.
 *
 * Every placed image is first run on the guest's packets and must return
 * what the guest's BPF_PROG_TEST_RUN returned; the C versions too.  Then
 * PROCS child processes (-p, default 4), one after the other, each with
 * its own copies at other addresses, time all variants at all placements
 * interleaved, ROUNDS rounds; each child reports the median ns per
 * operation (per byte for the hashes) of every variant at every
 * placement.  A figure is the mean of those PROCS x placements medians
 * (mean(): what the code costs over the places it may land), with their
 * range (min-max); a ratio (to the plain-BPF idiom, to C, the
 * targets) the ratio of figures, a target's spread the range of the
 * per-process, per-placement ratios.
 * Output: a table on stdout, OUTDIR/bench.csv, OUTDIR/bench.dat (for
 * gnuplot), the issue's targets as TARGET lines saying met or missed.  A
 * result that differs makes the exit status 1.  -t (make check): only the
 * result checks, at every placement, as TEST lines.
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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "replay.h"
#include "bench.h"
#include "build-flags.h"	/* mk/bench.mk: how the callees and C were built */

#define MAX_IMAGES	128
#define MAX_MAPS	8
#define MAX_FUNCS	8
#define MAX_KSYMS	256
#define MAX_FIX		64
#define MAX_PLACE	16
#define MAX_PROC	16
#define PAGE		4096ul

struct replay_kernel rk;

struct bmap {
	unsigned int id, src, off, type, value_size, max_entries;
	void *buf;	/* replay's buffer for the map */
};

/*
 * A reference out of a function that placing it must fix: a rel32 (branch
 * or rip-relative operand) or a 64-bit immediate, at @pos in the @n-byte
 * instruction at @at (offset in the code) of function @f.
 */
struct fixup {
	size_t at;
	int f;
	unsigned int n, pos;
	int abs64;
	int to_f;		/* >= 0: into function to_f, at home address @to */
	uint64_t to;		/* else the target, or the 64-bit value */
};

/* code to place: a JIT image (its functions back to back) or a C function */
struct code {
	char name[64];
	int nfunc;
	uint64_t home[MAX_FUNCS];	/* kernel address; for C, link address */
	size_t flen[MAX_FUNCS], foff[MAX_FUNCS], len;
	int insns;			/* instructions, all functions */
	int jit;			/* a JIT image, not C */
	int nex[MAX_FUNCS];		/* an image's exception table entries */
	unsigned char *bytes;
	struct fixup fix[MAX_FIX];
	int nfix;
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
	struct code c;
	int scanned;
	int loop_insns, loop_bytes;	/* static size of the loop */
};

static struct image img[MAX_IMAGES];
static int nimg;

static struct {
	uint64_t addr;
	char name[64];
} ksym[MAX_KSYMS];
static int nksym;

/* what the guest's kernel said of its mitigations (BVULN lines, boot log) */
#define MAX_VULN 4
static char vuln[MAX_VULN][160];
static int nvuln;

/*
 * where the code goes: the page offset of its home address, or none, plus
 * delta; or (draw) where the kernel could have put it (place_offset())
 */
static struct placement {
	int from_home, delta, draw, slot;
	char name[16];
} place[MAX_PLACE];
static int nplace;

/*
 * The guest's packets, rand and same, and for timing NPKT random packets
 * in turn (the first is the guest's), so that no branch predictor learns
 * the conditions of select from one run to the next.
 */
#define NPKT 64
static unsigned char pkt_same[BENCH_PKT_LEN], pkt_rand[NPKT][BENCH_PKT_LEN];
static const char *const pkt_name[2] = { "rand", "same" };
static unsigned char *pcpu_area;
static char self_exe[512];

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
			if (k != im->c.nfunc || k >= MAX_FUNCS)
				die("%s: function %d out of order", name, k);
			im->c.foff[k] = k ? im->c.foff[k - 1] + im->c.flen[k - 1] : 0;
			im->c.home[k] = fa;
			im->c.flen[k] = fl;
			im->c.nfunc++;
		} else if (sscanf(line, "BKERN %63s %ld", a, &off) == 2) {
			if (off < 0)
				die("guest found no %s", a);
			if (!strcmp(a, "rq.cpu"))
				rk.rq_cpu = off;
			else if (!strcmp(a, "pcpu_hot.cpu_number"))
				rk.cpu_number = off;	/* plus pcpu_hot, below */
		} else if (!strncmp(line, "BVULN ", 6) || strstr(line, "active return thunk:")) {
			const char *t = line[0] == 'B' ? line + 6 : strstr(line, "active");

			if (nvuln < MAX_VULN)
				snprintf(vuln[nvuln++], sizeof(vuln[0]), "%.159s", t);
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
static void note_loop(uint64_t home, uint64_t at, uint64_t target, uint64_t *lo, uint64_t *hi)
{
	if (target <= at && target >= home) {
		if (!*lo || target < *lo)
			*lo = target;
		if (at > *hi)
			*hi = at;
	}
}

/*
 * objdump of function @f of @c: of an image (@jitdir/NAME.bin, at its
 * kernel address), or of this program (@jitdir NULL, at its link address:
 * replay is linked -no-pie, so that is where it runs).
 */
static FILE *disasm(const struct code *c, int f, const char *jitdir)
{
	char cmd[1024];
	FILE *p;

	if (jitdir)
		snprintf(cmd, sizeof(cmd),
			 "objdump -D -b binary -m i386:x86-64 --insn-width=16 --adjust-vma=0x%llx "
			 "--start-address=0x%llx --stop-address=0x%llx %s/%s.bin",
			 (unsigned long long)(c->home[f] - c->foff[f]),
			 (unsigned long long)c->home[f],
			 (unsigned long long)(c->home[f] + c->flen[f]), jitdir, c->name);
	else
		snprintf(cmd, sizeof(cmd),
			 "objdump -d --insn-width=16 --start-address=0x%llx --stop-address=0x%llx %s",
			 (unsigned long long)c->home[f],
			 (unsigned long long)(c->home[f] + c->flen[f]), self_exe);
	p = popen(cmd, "r");
	if (!p)
		die("%s: %s", cmd, strerror(errno));
	return p;
}

static struct fixup *add_fixup(struct code *c, int f, size_t at, unsigned int n,
			       unsigned int pos, uint64_t to)
{
	struct fixup *x;

	if (c->nfix == MAX_FIX)
		die("%s: more than %d references out", c->name, MAX_FIX);
	x = &c->fix[c->nfix++];
	*x = (struct fixup){ .at = at, .f = f, .n = n, .pos = pos, .to_f = -1, .to = to };
	return x;
}

/*
 * A 64-bit immediate @t in an image: a kernel address is the next map the
 * guest listed (*@nmov used); the limit of a BPF_PROBE_MEM load becomes 0.
 */
static void image_movabs(struct image *im, int f, size_t at, size_t n, uint64_t t, int *nmov)
{
	/* the kernel half, with 4- or 5-level page tables */
	if (t >= 0xff00000000000000ull) {
		if (*nmov >= im->nmaps)
			die("%s+%zx: kernel address 0x%llx is not a map the guest listed",
			    im->name, at, (unsigned long long)t);
		add_fixup(&im->c, f, at, n, n - 8,
			  map_buffer(im, &im->maps[(*nmov)++]))->abs64 = 1;
	} else if ((t >= (1ull << 47) - 0x10000 && t < (1ull << 47) + 0x1000000) ||
		   (t >= (1ull << 56) - 0x10000 && t < (1ull << 56) + 0x1000000)) {
		/*
		 * BPF_PROBE_MEM loads only above user space: 6.12 compares the
		 * address minus VSYSCALL_ADDR with TASK_SIZE_MAX + PAGE_SIZE -
		 * VSYSCALL_ADDR, 2^47 or 2^56 plus 0xa00000; each such load has
		 * an extable entry
		 */
		add_fixup(&im->c, f, at, n, n - 8, 0)->abs64 = 1;
		im->c.nex[f]++;
	}
}

/*
 * Disassemble function @f of @c and note what placing it must fix: a call
 * or jump out of the function (to another function of the image, or for
 * an image to the user-space version of its kernel target), and for C a
 * rip-relative operand (an image has none); for an image @im, its map
 * addresses and the size of its loop.
 */
static void scan(struct code *c, int f, const char *jitdir, struct image *im, int *nmov)
{
	uint64_t lo = 0, hi = 0;
	char line[512];
	FILE *p = disasm(c, f, jitdir);

	while (fgets(line, sizeof(line), p)) {
		unsigned long long a, t;
		char bytes[128], text[256];
		const char *op, *hash;
		size_t n, at;
		int32_t rel;
		int j;

		if (sscanf(line, " %llx:\t%127[0-9a-f ]\t%255[^\n]", &a, bytes, text) != 3)
			continue;
		n = nbytes(bytes);
		c->insns++;
		at = c->foff[f] + (a - c->home[f]);
		if (a < c->home[f] || at + n > c->foff[f] + c->flen[f])
			die("%s: disassembly past function %d", c->name, f);
		op = strchr(text, ' ') ? strchr(text, ' ') : "";
		if (strstr(text, "(%rip)")) {
			unsigned int pos = 0, found = 0;

			hash = strchr(text, '#');
			if (im || !hash || sscanf(hash + 1, " %llx", &t) != 1)
				die("%s+%zx: rip-relative operand: %s", c->name, at, text);
			/*
			 * the disp32: where the bytes say target - next insn
			 * (an immediate may follow it); one place only
			 */
			rel = (int32_t)(t - (a + n));
			for (unsigned int q = 1; q + 4 <= n; q++)
				if (!memcmp(c->bytes + at + q, &rel, 4)) {
					pos = q;
					found++;
				}
			if (found != 1)
				die("%s+%zx: %s disp32 in %s", c->name, at, found ? "ambiguous" : "no",
				    text);
			add_fixup(c, f, at, n, pos, t);
		} else if ((!strncmp(text, "call", 4) || text[0] == 'j') &&
			   sscanf(op, " %llx", &t) == 1) {
			if (t >= c->home[f] && t < c->home[f] + c->flen[f]) {
				if (im && !f)
					note_loop(c->home[f], a, t, &lo, &hi);
				continue;
			}
			memcpy(&rel, c->bytes + at + n - 4, 4);
			if (n < 5 || a + n + rel != t)
				die("%s+%zx: out-of-function branch without rel32: %s",
				    c->name, at, text);
			for (j = 0; j < c->nfunc; j++)
				if (t >= c->home[j] && t < c->home[j] + c->flen[j])
					break;
			if (j < c->nfunc) {
				add_fixup(c, f, at, n, n - 4, t)->to_f = j;
			} else if (im) {
				const char *sym = ksym_name(t);
				void *fn = sym ? kstub_lookup(sym) : NULL;

				if (!fn)
					die("%s+%zx: call to %s (0x%llx) has no user-space version",
					    c->name, at, sym ? sym : "an unlisted address", t);
				add_fixup(c, f, at, n, n - 4, (uintptr_t)fn);
			} else {
				add_fixup(c, f, at, n, n - 4, t);
			}
		} else if (im && !strncmp(text, "movabs $0x", 10) &&
			   sscanf(text + 7, "$0x%llx", &t) == 1) {
			image_movabs(im, f, at, n, t, nmov);
		}
	}
	if (pclose(p))
		die("objdump of %s failed", c->name);

	/* loop size: count again over [lo, hi] */
	if (!im || f)
		return;
	im->loop_bytes = lo ? 0 : -1;
	if (lo) {
		p = disasm(c, 0, jitdir);
		while (fgets(line, sizeof(line), p)) {
			unsigned long long a;
			char bytes[128];

			if (sscanf(line, " %llx:\t%127[0-9a-f ]\t", &a, bytes) == 2 &&
			    a >= lo && a <= hi) {
				im->loop_insns++;
				im->loop_bytes += nbytes(bytes);
			}
		}
		pclose(p);
	}
}

/*
 * Where the kernel puts an image: bpf_int_jit_compile() asks
 * bpf_jit_binary_pack_alloc() for the code rounded up to 4 bytes plus
 * its exception table (12 bytes an entry), alignment 4; that takes
 * 64-byte chunks for the header (8 bytes), the code and 16 bytes more,
 * and starts the code at a random multiple of 4 below the hole: the
 * chunks' bytes past the header and code, at most 56.  So a function
 * starts 8 + 4j bytes into a 64-byte chunk, j uniform below the count
 * this returns (4 to 14).
 */
#define CHUNK	64
#define JIT_HDR	8	/* sizeof(struct bpf_binary_header) */
static unsigned int jit_starts(const struct code *c, int f)
{
	size_t len = ((c->flen[f] + 3) & ~3ul) + 12 * c->nex[f];
	size_t size = (len + JIT_HDR + 16 + CHUNK - 1) & ~(CHUNK - 1ul);
	size_t hole = size - (len + JIT_HDR);

	return (hole < CHUNK - JIT_HDR ? hole : CHUNK - JIT_HDR) / 4;
}

/*
 * The draws: not random but spread evenly, so that a few dozen stand for
 * the kernel's uniform choice.  Draw @slot of this process is number
 * draw_first + @slot of draw_all (every process's together); it takes the
 * midpoint of its share of the @n choices, so each choice gets
 * draw_all / @n draws, give or take one.
 */
static int ndraw, draw_first, draw_all = 1;
static unsigned int draw_among(int slot, unsigned int n)
{
	unsigned int i = draw_first + slot;

	return (unsigned int)(((2ull * i + 1) * n) / (2ull * draw_all));
}

/*
 * The page offset of function @f of @c at placement @pl.  A draw puts an
 * image function where the kernel could have (jit_starts()) in the chunk
 * the guest's was in, and a C function, at the alignment the linker gave
 * it, at one of the 16-byte steps of its 64-byte line (gcc and clang
 * align functions to 16 bytes); a JIT image lands anywhere its allocator
 * draws at each load, a C function wherever the build put it.
 */
static size_t place_offset(const struct code *c, int f, const struct placement *pl)
{
	size_t home = c->home[f] & (PAGE - 1), line = home & ~(CHUNK - 1ul);

	if (!pl->draw)
		return (pl->from_home ? home : 0) + pl->delta;
	if (c->jit)
		return line + JIT_HDR + 4 * draw_among(pl->slot, jit_starts(c, f));
	return line + (home & 15) + 16 * draw_among(pl->slot, 4);
}

/* read @im's bytes and note its references out, once */
static void scan_image(struct image *im, const char *jitdir)
{
	char path[512];
	int nmov = 0;
	FILE *p;

	if (im->scanned)
		return;
	im->scanned = 1;
	snprintf(im->c.name, sizeof(im->c.name), "%s", im->name);
	im->c.bytes = malloc(im->c.len);
	snprintf(path, sizeof(path), "%s/%s.bin", jitdir, im->name);
	p = fopen(path, "rb");
	if (!im->c.bytes || !p || fread(im->c.bytes, 1, im->c.len, p) != im->c.len)
		die("%s: cannot read %zu bytes", path, im->c.len);
	fclose(p);
	for (int f = 0; f < im->c.nfunc; f++)
		scan(&im->c, f, jitdir, im, &nmov);
	if (nmov != im->nmaps)
		die("%s: %d map addresses in the image, guest listed %d",
		    im->name, nmov, im->nmaps);
	/* the guest's own placement must be one the model of it can draw */
	for (int f = 0; f < im->c.nfunc; f++) {
		unsigned int at = im->c.home[f] & (CHUNK - 1);

		if (at < JIT_HDR || (at - JIT_HDR) % 4 ||
		    (at - JIT_HDR) / 4 >= jit_starts(&im->c, f))
			die("%s: function %d at 0x%llx, %u bytes into its 64-byte chunk, where "
			    "the model of bpf_jit_binary_pack_alloc() puts none (%u bytes, "
			    "%d extable entries)", im->name, f,
			    (unsigned long long)im->c.home[f], at, (unsigned int)im->c.flen[f],
			    im->c.nex[f]);
	}
}

/* a C function of this program as code to place: its size from nm -S */
static struct code *scan_c(bench_fn fn, const char *name)
{
	struct code *c = calloc(1, sizeof(*c));
	unsigned long long a, size;
	char cmd[600], line[512];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "nm -S --defined-only %s", self_exe);
	p = popen(cmd, "r");
	while (p && fgets(line, sizeof(line), p))
		if (sscanf(line, "%llx %llx", &a, &size) == 2 && a == (uintptr_t)fn)
			c->len = size;
	if (!p || pclose(p) || !c->len)
		die("%s: no size of %s in %s", cmd, name, self_exe);
	snprintf(c->name, sizeof(c->name), "%.63s", name);
	c->nfunc = 1;
	c->home[0] = (uintptr_t)fn;
	c->flen[0] = c->len;
	c->bytes = malloc(c->len);
	memcpy(c->bytes, (const void *)fn, c->len);
	scan(c, 0, NULL, NULL, NULL);
	return c;
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
		struct code *c;

		if (!im)
			die("image %s has no BENCH line", name);
		c = &im->c;
		c->len = len;
		c->jit = 1;
		if (!c->nfunc) {
			c->nfunc = 1;
			c->home[0] = addr;
			c->flen[0] = len;
		}
		if (c->home[0] != addr || c->foff[c->nfunc - 1] + c->flen[c->nfunc - 1] != len)
			die("%s: its functions do not make up the image", name);
	}
	fclose(f);
}

/*
 * Executable memory within rel32 reach of this program's text and data,
 * where the callees and the C versions' data are: from *next_hint up.
 */
static uintptr_t next_hint;

static unsigned char *map_near(size_t size)
{
	extern char _end[];

	for (int tries = 0; tries < 100000; tries++) {
		void *p = mmap((void *)next_hint, size, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

		next_hint += size;
		if (p != MAP_FAILED && p != (void *)(next_hint - size))
			munmap(p, size);	/* a kernel without FIXED_NOREPLACE */
		else if (p != MAP_FAILED)
			return p;
		else if (errno != EEXIST)
			die("mmap: %s", strerror(errno));
		if (next_hint - (uintptr_t)_end > (1ul << 30))
			break;
	}
	die("no free memory within 1 GiB of replay's text");
}

/*
 * the pages function @f of @c gets: two, as every function had when none
 * was longer than a page, and one more for each whole page of it (the
 * CRC32C bodies make an image of over 8 KiB); place_code() still checks
 * that the placement's offset and the function fit
 */
static size_t func_span(const struct code *c, int f)
{
	return (2 + c->flen[f] / PAGE) * PAGE;
}

/*
 * Copy @c to fresh memory, function f at the page offset @pl gives it in
 * its own pages (func_span()), apply its fixups, and make it executable;
 * its entry.
 */
static bench_fn place_code(const struct code *c, const struct placement *pl)
{
	size_t size = PAGE, base[MAX_FUNCS];
	unsigned char *m, *at[MAX_FUNCS];

	for (int f = 0; f < c->nfunc; f++) {
		base[f] = size - PAGE;
		size += func_span(c, f);
	}
	m = map_near(size);
	for (int f = 0; f < c->nfunc; f++) {
		size_t off = place_offset(c, f, pl);

		if (off + c->flen[f] > func_span(c, f))
			die("%s: placement %s past its pages", c->name, pl->name);
		at[f] = m + base[f] + off;
		memcpy(at[f], c->bytes + c->foff[f], c->flen[f]);
	}
	for (int i = 0; i < c->nfix; i++) {
		const struct fixup *x = &c->fix[i];
		unsigned char *site = at[x->f] + (x->at - c->foff[x->f]);
		uint64_t to = x->to;
		int64_t d;

		if (x->abs64) {
			put64(site + x->pos, to);
			continue;
		}
		if (x->to_f >= 0)
			to = (uintptr_t)at[x->to_f] + (to - c->home[x->to_f]);
		d = (int64_t)(to - (uintptr_t)(site + x->n));
		if (d != (int32_t)d)
			die("%s+%zx: target 0x%llx out of rel32 reach", c->name, x->at,
			    (unsigned long long)to);
		put32(site + x->pos, (uint32_t)d);
	}
	if (mprotect(m, size, PROT_READ | PROT_EXEC))
		die("mprotect: %s", strerror(errno));
	return (bench_fn)(void *)at[0];
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
	int units;			/* per run: operations, or bytes hashed */
	struct image *im;		/* NULL for C */
	const struct code *code;
	bench_fn fn[MAX_PLACE];		/* this process's copies */
	struct replay_ctx ctx[NPKT];
	double med[MAX_PROC * MAX_PLACE];	/* per process and placement */
	double mid, lo, hi, first;	/* over those; median at placement 0 */
	double at[MAX_PLACE];		/* median over processes per placement */
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* median of @n values (sorted in place), lowest and highest */
static double median(double *v, int n, double *lo, double *hi)
{
	qsort(v, n, sizeof(double), cmp_double);
	if (lo)
		*lo = v[0];
	if (hi)
		*hi = v[n - 1];
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * mean of @n values, lowest and highest: a figure over placements, each a
 * median over rounds.  Where code lands can slow a loop by half or more,
 * so times over placements have two or more modes, whose median jumps
 * from one to the other with a draw more or less; the mean is what a
 * program costs over the loads that place it.
 */
static double mean(const double *v, int n, double *lo, double *hi)
{
	double sum = 0;

	*lo = *hi = v[0];
	for (int i = 0; i < n; i++) {
		sum += v[i];
		*lo = v[i] < *lo ? v[i] : *lo;
		*hi = v[i] > *hi ? v[i] : *hi;
	}
	return sum / n;
}

static int test_mode;

/*
 * run each placement once and compare with the guest's result @want; and
 * that with @ref, what the op's first image (the idiom) returned in the
 * guest, @ref_name: all variants compute the same, and a variant whose
 * own code is wrong (an emitter's, a body's) returns the same wrong value
 * in the guest and here, so only the comparison with the others (and
 * through the idiom with C) shows it
 */
static int check(struct variant *v, uint32_t want, uint32_t ref, const char *ref_name)
{
	uint32_t got = 0;
	int bad = -1, differs = want != ref;

	for (int k = 0; k < nplace && bad < 0; k++) {
		got = (uint32_t)v->fn[k](&v->ctx[0]);
		if (got != want)
			bad = k;
	}
	if (test_mode)
		printf("TEST replay.%s.%s.%s %s replay 0x%x%s%s, guest 0x%x%s%s\n", v->op,
		       v->variant, v->packet, bad < 0 && !differs ? "PASS" : "FAIL", got,
		       bad < 0 ? " at every placement" : " at ", bad < 0 ? "" : place[bad].name,
		       want, differs ? ", not as in the guest " : "", differs ? ref_name : "");
	if (differs)
		fprintf(stderr, "MISMATCH %s.%s on %s: guest 0x%x, %s 0x%x in the guest\n",
			v->op, v->variant, v->packet, want, ref_name, ref);
	if (bad >= 0)
		fprintf(stderr, "MISMATCH %s.%s on %s at %s: replay 0x%x, guest 0x%x\n",
			v->op, v->variant, v->packet, place[bad].name, got, want);
	return bad >= 0 || differs;
}

/* place every variant at every placement, in this process */
static void place_all(struct variant *var, int nvar)
{
	for (int i = 0; i < nvar; i++)
		for (int k = 0; k < nplace; k++)
			var[i].fn[k] = place_code(var[i].code, &place[k]);
}

/* the result checks: each image, and each C version, as the guest's */
static int check_all(struct variant *var, int nvar)
{
	int bad = 0;

	for (int i = 0; i < nvar; i++) {
		struct variant *v = &var[i];
		int k = !strcmp(v->packet, "same");
		const struct image *first = NULL;

		/* the first image of its op loaded there (the variants are grouped by op) */
		for (int j = 0; j < nvar && !first; j++)
			if (var[j].op == v->op && var[j].packet == v->packet && var[j].im)
				first = var[j].im;
		if (!first)
			continue;
		if (!first->has_res[k] || (v->im && !v->im->has_res[k]))
			die("%s: no guest result on %s", (v->im ? v->im : first)->name, v->packet);
		/* C: as that image in the guest; an image: as itself and as that one */
		bad |= check(v, v->im ? v->im->res[k] : first->res[k], first->res[k], first->name);
	}
	return bad;
}

/*
 * An op whose data is far beyond L2 (the chase's 2 MiB lists, one per
 * variant): timed in rounds of its own, after the others.  Among the
 * others its walks would evict the packets the next sample reads; and
 * timed variant by variant, each placement would run right after the
 * same variant's previous one on the same packets, that is over the
 * paths just walked, warm, while the first placement's walk follows
 * another variant's.  Its samples go placement by placement instead, so
 * that each follows another variant's walk through another list.
 */
static int op_cold(const char *op)
{
	return !strcmp(op, "prefetch");
}

/*
 * One timing process, number @proc: its own copies (at other addresses
 * than the other processes'), the checks again, then @rounds rounds, each
 * timing every variant at every placement in a rotating order, 20 calls
 * each, and as many rounds of the cold ops' (op_cold()); the median ns per
 * unit of each (operation, or byte hashed) writes to @fd.
 */
static void time_child(struct variant *var, int nvar, int rounds, int proc, int fd)
{
	extern char _end[];
	int ne = nvar * nplace, reps = 20, n[2] = { 0, 0 };
	double *ns = calloc((size_t)ne * rounds, sizeof(double));
	int *seq = calloc(ne, sizeof(int));

	next_hint = (((uintptr_t)_end + (64ul << 20)) & ~((2ul << 20) - 1)) +
		    (proc + 1) * (32ul << 20) + proc * 5 * PAGE;
	draw_first = proc * ndraw;	/* each process its share of the draws */
	place_all(var, nvar);
	if (!ns || !seq || check_all(var, nvar))
		exit(1);
	/* the others variant by variant, then the cold ones placement by placement */
	for (int e = 0; e < ne; e++)
		if (!op_cold(var[e / nplace].op))
			seq[n[0]++] = e;
	for (int k = 0; k < nplace; k++)
		for (int i = 0; i < nvar; i++)
			if (op_cold(var[i].op))
				seq[n[0] + n[1]++] = i * nplace + k;
	for (int g = 0; g < 2; g++)
		for (int r = 0; r < rounds; r++)
			for (int j = 0; j < n[g]; j++) {
				int e = seq[(g ? n[0] : 0) + (j + r) % n[g]];
				struct variant *v = &var[e / nplace];
				bench_fn fn = v->fn[e % nplace];
				uint64_t t0, sink = 0;

				t0 = now_ns();
				for (int k = 0; k < reps; k++)
					sink += fn(&v->ctx[(r * reps + k) % NPKT]);
				ns[(size_t)e * rounds + r] =
					(double)(now_ns() - t0) / ((double)reps * v->units);
				__asm__ volatile("" : : "r"(sink));
			}
	for (int e = 0; e < ne; e++) {
		double m = median(ns + (size_t)e * rounds, rounds, NULL, NULL);

		if (write(fd, &m, sizeof(m)) != sizeof(m))
			exit(1);
	}
	exit(0);
}

/* run the timing processes one after the other and gather their medians */
static void time_all(struct variant *var, int nvar, int rounds, int nproc)
{
	draw_all = nproc * (ndraw ? ndraw : 1);
	for (int p = 0; p < nproc; p++) {
		int fds[2], status;
		pid_t pid;

		fflush(stdout);
		if (pipe(fds))
			die("pipe: %s", strerror(errno));
		pid = fork();
		if (pid < 0)
			die("fork: %s", strerror(errno));
		if (!pid) {
			close(fds[0]);
			time_child(var, nvar, rounds, p, fds[1]);
		}
		close(fds[1]);
		for (int i = 0; i < nvar; i++)
			for (int k = 0; k < nplace; k++) {
				double *m = &var[i].med[p * nplace + k];

				if (read(fds[0], m, sizeof(*m)) != sizeof(*m))
					die("timing process %d died", p);
			}
		close(fds[0]);
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			die("timing process %d failed", p);
	}
	for (int i = 0; i < nvar; i++) {
		struct variant *v = &var[i];
		double t[MAX_PROC * MAX_PLACE];

		memcpy(t, v->med, sizeof(double) * nproc * nplace);
		v->mid = mean(t, nproc * nplace, &v->lo, &v->hi);
		for (int k = 0; k < nplace; k++) {
			for (int p = 0; p < nproc; p++)
				t[p] = v->med[p * nplace + k];
			v->at[k] = median(t, nproc, NULL, NULL);
		}
		v->first = v->at[0];
	}
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

/*
 * @r printed with as many decimals as it takes for the printed number to
 * stand on the same side of @bound as @r itself: 1.797 against 1.8 does
 * not print as 1.80.
 */
static void print_ratio(double r, double bound)
{
	int prec = 3;
	char buf[32];

	for (; prec < 9; prec++) {
		snprintf(buf, sizeof(buf), "%.*f", prec, r);
		if ((atof(buf) >= bound) == (r >= bound) && (atof(buf) <= bound) == (r <= bound))
			break;
	}
	printf("%*.*f", prec + 3, prec, r);
}

/* " ratio" of @v to @base in @width columns, or "-" where the op has no @base */
static void table_ratio(const struct variant *v, const struct variant *base, int width)
{
	if (base)
		printf("%*.2f", width, v->mid / base->mid);
	else
		printf("%*s", width, "-");
}

/* ",ratio" of @v to @base, or an empty field */
static void csv_ratio(FILE *csv, const struct variant *v, const struct variant *base)
{
	if (base)
		fprintf(csv, ",%.3f", v->mid / base->mid);
	else
		fputc(',', csv);
}

/* the issue's targets, from this run's figures */
static void targets(struct variant *var, int nvar, int nproc)
{
	static const struct {
		const char *what, *op, *packet, *num, *den;
		double bound;	/* > 0: ratio at most; < 0: at least -bound */
	} t[] = {
		{ "rotate native/C", "rol", "rand", "native", "C", 1.10 },
		{ "rotate native/C-host", "rol", "rand", "native", "C-host", 1.10 },
		{ "bit-field extract native/C", "bextr", "rand", "native", "C", 1.10 },
		{ "bit-field extract native/C-host", "bextr", "rand", "native", "C-host", 1.10 },
		{ "big-endian load native/C", "load_be", "rand", "native", "C", 1.10 },
		{ "big-endian load native/C-host", "load_be", "rand", "native", "C-host", 1.10 },
		{ "log2 bucket native/C", "log2", "rand", "native", "C", 1.10 },
		{ "log2 bucket native/C-host", "log2", "rand", "native", "C-host", 1.10 },
		{ "bitmap scan native/C", "bitscan", "rand", "native", "C", 1.10 },
		{ "bitmap scan native/C-host", "bitscan", "rand", "native", "C-host", 1.10 },
		{ "128-bit mul hash native/C", "mum", "rand", "native", "C", 1.10 },
		{ "128-bit mul hash native/C-host", "mum", "rand", "native", "C-host", 1.10 },
		{ "select unpredictable idiom/native", "select", "rand", "idiom", "native", -2.0 },
		{ "select unpredictable mask/native", "select", "rand", "mask", "native", -2.0 },
		{ "bpf_for() call/inlined native", "for", "rand", "call", "native", -1.8 },
		{ "bpf_for() call/inlined body", "for", "rand", "call", "body", -1.8 },
		{ "XXH64 native/C", "xxh64", "rand", "native", "C", 1.15 },
		{ "XXH64 native clang-22/C", "xxh64", "rand", "clang22", "C", 1.15 },
		{ "CRC32C native/C", "crc32c", "rand", "native", "C", 1.10 },
		{ "CRC32C native clang-22/C", "crc32c", "rand", "clang22", "C", 1.10 },
		{ "CRC32C native/C-host", "crc32c", "rand", "native", "C-host", 1.10 },
		{ "encapsulation header native/C", "encap", "rand", "native", "C", 1.10 },
		{ "encapsulation header native/C-host", "encap", "rand", "native", "C-host", 1.10 },
		/* bit counts, multiply, CRC32C, stores: against gcc -O2 -march=native */
		{ "log2 bucket native/C-gcc", "log2", "rand", "native", "C-gcc", 1.10 },
		{ "bitmap scan native/C-gcc", "bitscan", "rand", "native", "C-gcc", 1.10 },
		{ "128-bit mul hash native/C-gcc", "mum", "rand", "native", "C-gcc", 1.10 },
		{ "128-bit mul hash, mulhi64 and BPF's multiply, native/C-gcc", "mumhi", "rand",
		  "native", "C-gcc", 1.10 },
		{ "CRC32C native/C-gcc", "crc32c", "rand", "native", "C-gcc", 1.10 },
		{ "encapsulation header native/C-gcc", "encap", "rand", "native", "C-gcc", 1.10 },
		/* the same built with clang-22: no spills across bpf_fastcall kfuncs */
		{ "log2 bucket native clang-22/C-gcc", "log2", "rand", "clang22", "C-gcc", 1.10 },
		{ "bitmap scan native clang-22/C-gcc", "bitscan", "rand", "clang22", "C-gcc", 1.10 },
		{ "128-bit mul hash native clang-22/C-gcc", "mum", "rand", "clang22", "C-gcc", 1.10 },
		{ "CRC32C native clang-22/C-gcc", "crc32c", "rand", "clang22", "C-gcc", 1.10 },
		{ "encapsulation header native clang-22/C-gcc", "encap", "rand", "clang22", "C-gcc",
		  1.10 },
	};
	int n = nproc * nplace;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct variant *a = find(var, nvar, t[i].op, t[i].num, t[i].packet);
		struct variant *b = find(var, nvar, t[i].op, t[i].den, t[i].packet);
		double bound = t[i].bound > 0 ? t[i].bound : -t[i].bound;
		double r, lo, hi, q[MAX_PROC * MAX_PLACE];
		int met, missed = 0;

		if (!a || !b) {
			printf("TARGET %-34s not measured\n", t[i].what);
			continue;
		}
		/* the figure: a's over b's; range and misses: each process and placement's */
		lo = hi = a->med[0] / b->med[0];
		for (int k = 0; k < n; k++) {
			q[k] = a->med[k] / b->med[k];
			missed += t[i].bound > 0 ? q[k] > bound : q[k] < bound;
			lo = q[k] < lo ? q[k] : lo;
			hi = q[k] > hi ? q[k] : hi;
		}
		r = a->mid / b->mid;
		met = t[i].bound > 0 ? r <= bound : r >= bound;
		printf("TARGET %-34s ", t[i].what);
		print_ratio(r, bound);
		printf("  range %.3f-%.3f  %s %.2f  %s  (missed in %d of %d process x placement runs)\n",
		       lo, hi, t[i].bound > 0 ? "<=" : ">=", bound, met ? "met" : "missed",
		       missed, n);
		/* and the median over the processes at each placement not drawn */
		if (ndraw == nplace)
			continue;
		printf("       %-34s  by placement:", "");
		for (int k = 0; k < nplace; k++) {
			if (place[k].draw)
				continue;
			for (int p = 0; p < nproc; p++)
				q[p] = a->med[p * nplace + k] / b->med[p * nplace + k];
			printf(" %s %.3f", place[k].name, median(q, nproc, NULL, NULL));
		}
		putchar('\n');
	}
}

/* "model name", family, model and stepping of the first CPU */
static void cpu_model(char *buf, size_t size)
{
	char line[256], name[128] = "unknown", fam[16] = "?", mod[16] = "?", step[16] = "?";
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (line[0] == '\n')
			break;
		line[strcspn(line, "\n")] = 0;
		sscanf(line, "model name : %127[^\n]", name);
		sscanf(line, "cpu family : %15s", fam);
		sscanf(line, "model : %15s", mod);
		sscanf(line, "stepping : %15s", step);
	}
	if (f)
		fclose(f);
	snprintf(buf, size, "%s (family %s model %s stepping %s)", name, fam, mod, step);
}

/*
 * The clock the loops ran at, as near as user space can tell: a chain of
 * dependent adds is one cycle each on every x86-64 core; best of 5.
 */
static double clock_ghz(void)
{
	double best = 1e9;

	for (int t = 0; t < 5; t++) {
		uint64_t t0 = now_ns(), x = 0;

		for (int i = 0; i < 100000; i++)
			__asm__ volatile(".rept 100\n\tadd %1, %0\n\t.endr" : "+r"(x) : "r"(1ul));
		if ((now_ns() - t0) / 1e7 < best)
			best = (now_ns() - t0) / 1e7;
	}
	return 1 / best;
}

/*
 * what one run of @op does: BENCH_N operations, a hash's bytes, CRC32C's
 * buffers or copy16's records
 */
static int op_units(const char *op)
{
	if (!strcmp(op, "xxh64") || !strcmp(op, "siphash"))
		return BENCH_HASH_LEN;
	if (!strcmp(op, "jhash"))
		return BENCH_FLOWS * BENCH_FLOW_KEY;
	if (!strcmp(op, "crc32c") || !strcmp(op, "crcidx"))
		return BENCH_CRC_BUFS;
	if (!strcmp(op, "copy16"))
		return BENCH_COPY_PASSES * BENCH_COPY_RECS;
	return BENCH_N;
}

/* -P: "k", "k+N", "N" or "rN" (N draws: place_offset()), comma-separated */
static void parse_placements(const char *spec)
{
	char *s = strdup(spec), *tok, *save = NULL;

	nplace = ndraw = 0;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		struct placement *pl = &place[nplace];

		if (tok[0] == 'r') {
			int n = tok[1] ? atoi(tok + 1) : 1;

			if (n < 1 || nplace + n > MAX_PLACE)
				die("placement %s: 1 to %d draws in all", tok, MAX_PLACE);
			for (int i = 0; i < n; i++, nplace++) {
				place[nplace] = (struct placement){ .draw = 1, .slot = ndraw++ };
				snprintf(place[nplace].name, sizeof(place[nplace].name), "r%d",
					 nplace + 1);
			}
			continue;
		}
		if (nplace == MAX_PLACE)
			die("more than %d placements", MAX_PLACE);
		*pl = (struct placement){ .from_home = tok[0] == 'k' };
		pl->delta = atoi(tok + (tok[0] == 'k') + (tok[0] == 'k' && tok[1] == '+'));
		if (pl->delta < 0 || pl->delta >= (int)PAGE)
			die("placement %s: 0 to 4095 bytes", tok);
		snprintf(pl->name, sizeof(pl->name), "%s", tok);
		nplace++;
	}
	free(s);
	if (!nplace)
		die("no placement");
}

/*
 * the variants of each op: its C versions, then its images, idiom first;
 * C-alt is an op's second C version, where it has one (cref.c); C-gcc is
 * C built by gcc for this CPU (REPLAY_C_GCC), the reference of the bit
 * count, multiply, CRC32C and store targets; clang22
 * is native from the programs built with clang-22 (bpf_fastcall); copy
 * is the compiled kfuncs copied in place of the calls (native=copy)
 */
static const char *const order[] = { "C", "C-host", "C-alt", "C-gcc", "idiom", "mask", "call",
				     "body", "native", "copy", "clang22" };
#define NORDER ((int)(sizeof(order) / sizeof(order[0])))
#define NC 4	/* the C versions, first in order[] */
/* the lookup of each C version in order[] (C-alt: the baseline build's second version) */
static bench_fn (*const c_lookup[NC])(const char *op, int alt) = {
	cref_lookup_base, cref_lookup_host, cref_lookup_base, cref_lookup_gcc
};

int main(int argc, char **argv)
{
	static struct variant var[3 * MAX_IMAGES + 64];
	const char *outdir = ".";
	int rounds = 300, nproc = 4, nvar = 0, bad = 0, missing = 0, c;
	char path[512], cpu[256];
	ssize_t len;
	cpu_set_t cpus;
	FILE *csv, *dat;

	parse_placements("r8");
	while ((c = getopt(argc, argv, "r:p:P:o:t")) != -1) {
		if (c == 'r')
			rounds = atoi(optarg);
		else if (c == 'p')
			nproc = atoi(optarg);
		else if (c == 'P')
			parse_placements(optarg);
		else if (c == 'o')
			outdir = optarg;
		else if (c == 't')
			test_mode = 1;
		else
			return 2;
	}
	if (argc - optind != 2 || rounds < 1 || nproc < 1 || nproc > MAX_PROC) {
		fprintf(stderr, "usage: replay [-r ROUNDS] [-p PROCS (1-%d)] [-P r8|k,k+16,...,0] "
			"[-o OUTDIR] [-t] JITDIR GUESTLOG\n", MAX_PROC);
		return 2;
	}
	len = readlink("/proc/self/exe", self_exe, sizeof(self_exe) - 1);
	if (len <= 0)
		die("/proc/self/exe: %s", strerror(errno));
	self_exe[len] = 0;
	/* one CPU for the whole run, as the guest's programs ran on CPU 0 */
	CPU_ZERO(&cpus);
	CPU_SET(sched_getcpu(), &cpus);
	sched_setaffinity(0, sizeof(cpus), &cpus);

	make_packets();
	read_guest_log(argv[optind + 1]);
	read_images(argv[optind]);
	setup_percpu();

	for (int i = 0; i < nimg; i++) {
		char *dot = strrchr(img[i].name, '.');

		snprintf(img[i].op, sizeof(img[i].op), "%.*s",
			 (int)(dot - img[i].name), img[i].name);
		snprintf(img[i].variant, sizeof(img[i].variant), "%s", dot + 1);
	}
	for (int i = 0; i < nimg; i++) {
		const struct code *cc[NC] = { NULL };
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
			for (int o = 0; o < NORDER; o++) {
				struct variant *v = &var[nvar];
				struct image *im = NULL;

				if (o >= NC) {
					snprintf(path, sizeof(path), "%s.%s", op, order[o]);
					im = image_by_name(path, 0);
					if (!im || im->refused)
						continue;
					if (!im->c.len) {
						/* the guest loaded it: its image must be here */
						if (!k)
							fprintf(test_mode ? stdout : stderr,
								"TEST replay.%s FAIL loaded in the guest, "
								"no JIT image in %s\n", path, argv[optind]);
						missing++;
						continue;
					}
					scan_image(im, argv[optind]);
					v->code = &im->c;
				} else {
					bench_fn fn = c_lookup[o](op, o == 2);

					if (!fn && o == 2)
						continue;
					if (!fn)
						die("no C version of %s", op);
					snprintf(path, sizeof(path), "c_%s (%s)", op, order[o]);
					if (!cc[o])
						cc[o] = scan_c(fn, path);
					v->code = cc[o];
				}
				v->op = op;
				v->units = op_units(op);
				v->variant = order[o];
				v->packet = pkt_name[k];
				v->im = im;
				for (int j = 0; j < NPKT; j++) {
					unsigned char *d = k ? pkt_same : pkt_rand[j];

					v->ctx[j].data = d;
					v->ctx[j].data_end = d + BENCH_PKT_LEN;
				}
				nvar++;
			}
		}
	}

	/*
	 * Results first, at every placement: each image and each C version
	 * must return what the guest returned.
	 */
	{
		extern char _end[];

		next_hint = ((uintptr_t)_end + (16ul << 20)) & ~(PAGE - 1);
	}
	draw_all = ndraw ? ndraw : 1;	/* the checks: this process's draws only */
	place_all(var, nvar);
	bad = check_all(var, nvar);
	if (test_mode && !nvar) {
		printf("TEST replay.images FAIL no program in %s\n", argv[optind + 1]);
		bad = 1;
	}
	if (test_mode || bad || missing)
		return bad || missing;

	cpu_model(cpu, sizeof(cpu));
	printf("# CPU: %s, from /proc/cpuinfo; clock about %.2f GHz while running "
	       "(a chain of 1-cycle adds)\n", cpu, clock_ghz());
	printf("# placements:");
	for (int k = 0; k < nplace; k++)
		printf(" %s", place[k].name);
	printf(" (k: the kernel's page offset; for C the linker's; rN: a draw of where the "
	       "kernel's\n#   allocator could put an image, 8 + 4j bytes into a 64-byte chunk "
	       "as bpf_jit_binary_pack_alloc(), and C\n#   at its alignment in 16-byte steps "
	       "through its 64-byte line); %d processes x %d placements, %d rounds each\n",
	       nproc, nplace, rounds);
	printf("# ns/op: mean of the %d per-process, per-placement medians; lo-hi: "
	       "their range; @%s: median over the processes at the first placement; "
	       "x: ratio of ns/op\n", nproc * nplace, place[0].name);
	printf("# xxh64, siphash: ns per byte of %d; jhash: per byte of %d %d-byte flow "
	       "keys; crc32c, crcidx: per %d-byte buffer; copy16: per 16-byte record; prefetch: per "
	       "hop; insns: instructions in the image (C: the function)\n",
	       BENCH_HASH_LEN, BENCH_FLOWS, BENCH_FLOW_KEY, BENCH_CRC_BUF);
	printf("# C: %s; C-host: %s; C-gcc: %s\n", REPLAY_C_BASE, REPLAY_C_HOST,
	       REPLAY_C_GCC);
	printf("# C-alt (built as C): crc32c a byte table; prefetch no prefetch; copy16 "
	       "general registers only\n");
	printf("# calls out of the images: direct rel32 to callees built with %s\n",
	       REPLAY_KFLAGS);
#ifdef REPLAY_RETHUNK
	printf("# MITIGATED: the images of the guest below, their jumps to its return thunk\n"
	       "#   and the callees' returns (-mfunction-return=thunk-extern) relinked to a\n"
	       "#   copy of srso_return_thunk (tools/replay/rethunk.S); C as in the table above\n");
	for (int i = 0; i < nvuln; i++)
		printf("#   guest %s\n", vuln[i]);
	for (const char *const *f = (const char *const[]){ "retbleed", "spec_rstack_overflow",
							    NULL }; *f; f++) {
		char line[256] = "unknown";
		FILE *v;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/vulnerabilities/%s", *f);
		v = fopen(path, "r");
		if (v && fgets(line, sizeof(line), v))
			line[strcspn(line, "\n")] = 0;
		if (v)
			fclose(v);
		printf("#   host %s: %s%s\n", *f, line,
		       strcmp(*f, "spec_rstack_overflow") || strstr(line, "Safe RET") ? "" :
		       "  (NOT the thunk copied: the mitigated figures do not model this host)");
	}
#endif
	fflush(stdout);
	time_all(var, nvar, rounds, nproc);

	snprintf(path, sizeof(path), "%s/bench.csv", outdir);
	csv = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/bench.dat", outdir);
	dat = fopen(path, "w");
	if (!csv || !dat)
		die("%s: %s", outdir, strerror(errno));
	fprintf(csv, "op,packet,variant,ns_per_op_mean,ns_lo,ns_hi,ns_first_placement,"
		"vs_idiom,vs_c,vs_c_host,mops_per_s,insns,loop_insns,loop_bytes,jited_bytes,"
		"verified_insns,load_us");
	for (int k = 0; k < nplace; k++)
		fprintf(csv, ",ns_at_%s", place[k].name);
	fputc('\n', csv);
	fprintf(dat, "# op, then median lo hi (ns/op, ? = none) of:");
	for (int o = 0; o < NORDER; o++)
		fprintf(dat, " %s", order[o]);
	fputc('\n', dat);
	snprintf(path, sizeof(path), "@%s", place[0].name);
	printf("%-13s %-7s %-4s %7s %7s %7s %7s %7s %6s %6s %5s %5s %5s %5s %8s %7s\n", "op",
	       "variant", "pkt", "ns/op", "lo", "hi", path, "x idiom", "x C", "x Chost",
	       "insns", "loop", "bytes", "jited", "verified", "load_ms");
	for (int i = 0; i < nvar; i++) {
		struct variant *v = &var[i];
		struct variant *cv = find(var, nvar, v->op, "C", v->packet);
		struct variant *hv = find(var, nvar, v->op, "C-host", v->packet);
		struct variant *iv = find(var, nvar, v->op, "idiom", v->packet);

		printf("%-13s %-7s %-4s %7.3f %7.3f %7.3f %7.3f", v->op,
		       v->variant, v->packet, v->mid, v->lo, v->hi, v->first);
		table_ratio(v, iv, 8);
		table_ratio(v, cv, 7);
		table_ratio(v, hv, 7);
		printf(" %5d", v->code->insns);
		if (v->im)
			printf(" %5d %5d %5u %8u %7.1f\n", v->im->loop_insns, v->im->loop_bytes,
			       v->im->jited, v->im->verified, v->im->load_us / 1000.0);
		else
			printf(" %5s %5s %5s %8s %7s\n", "-", "-", "-", "-", "-");
		fprintf(csv, "%s,%s,%s,%.4f,%.4f,%.4f,%.4f", v->op,
			v->packet, v->variant, v->mid, v->lo, v->hi, v->first);
		csv_ratio(csv, v, iv);
		csv_ratio(csv, v, cv);
		csv_ratio(csv, v, hv);
		fprintf(csv, ",%.1f", 1000.0 / v->mid);
		fprintf(csv, ",%d", v->code->insns);
		if (v->im)
			fprintf(csv, ",%d,%d,%u,%u,%u", v->im->loop_insns, v->im->loop_bytes,
				v->im->jited, v->im->verified, v->im->load_us);
		else
			fprintf(csv, ",,,,,");
		for (int k = 0; k < nplace; k++)
			fprintf(csv, ",%.4f", v->at[k]);
		fputc('\n', csv);
		/* one gnuplot row per op and packet, at its first C version */
		if (!strcmp(v->variant, "C")) {
			fprintf(dat, "%s%s%s", v->op, strcmp(v->op, "select") ? "" : "/",
				strcmp(v->op, "select") ? "" : v->packet);
			for (int o = 0; o < NORDER; o++) {
				struct variant *w = find(var, nvar, v->op, order[o], v->packet);

				if (w)
					fprintf(dat, " %.4f %.4f %.4f", w->mid, w->lo, w->hi);
				else
					fprintf(dat, " ? ? ?");
			}
			fputc('\n', dat);
		}
	}
	for (int i = 0; i < nimg; i++)
		if (img[i].refused)
			printf("%-13s %-7s refused by the verifier: %s\n", img[i].op,
			       img[i].variant, img[i].why);
	fclose(csv);
	fclose(dat);
	targets(var, nvar, nproc);
	return 0;
}
