// SPDX-License-Identifier: GPL-2.0
/*
 * The host tier: every descriptor of every family table of the module,
 * compiled in user space, checked three ways on the same calls:
 *   - the kfunc's C code, called directly (the reference);
 *   - the BPF body, run by bpf_interp.c;
 *   - the native emitter's bytes, run between a generated prologue and
 *     epilogue (native.h), for every way the result and the register
 *     operands can share registers, with random registers for each way,
 *     in every combination of the CPU features the emitter asks about
 *     (boot_cpu_has(), cpu_have_named_feature(), cpus_have_cap(): the
 *     shim records them),
 *     each forced on or off.  A combination that turns on a feature this
 *     CPU lacks is emitted and checked but not run (a SKIP saying so).
 *     Code that may not touch memory (prefetch) runs once more with its
 *     pointers into an unmapped page.  Per-CPU code runs on per-CPU
 *     memory laid out as the kernel's: through %gs on x86-64
 *     (x86_percpu.c), through stand-ins for tpidr_el1 and sp_el0 on arm64
 *     (arm64_percpu.c, arm64_exec.c).
 *
 *   host_test [-n MULTIPLIER] [-s SEED]    (MULTIPLIER may be a fraction)
 *
 * prints "TEST host.<family>.<kfunc>.<what> PASS|FAIL|SKIP why" lines and
 * a closing count; exits 1 on any failure.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/percpu.h>

#include "bpf_interp.h"
#include "host.h"
#include "native.h"

/*
 * Per kfunc, times -n: inputs per set of constants for the body, at least
 * BODY_MIN runs; random register assignments per set of constants and
 * sharing pattern, at least ASSIGN_MIN in all; inputs per assignment.
 */
#define INPUTS_BODY	48
#define BODY_MIN	3000
#define ROUNDS		2
#define ASSIGN_MIN	120
#define INPUTS_NATIVE	12
#define MAX_ITEMS	(1 + NARGS)

struct family {
	const char *name;
	const struct insn_family *desc;
	const char *skip;	/* why the host tier does not build it */
};

static const struct family families[] = {
#define FAMILY(f)		{ #f, &insn_family_##f, NULL },
#define SKIP_FAMILY(f, why)	{ #f, NULL, why },
#include "host_families.h"	/* generated from module/families.h */
};

#include <asm/cpufeature.h>

#ifdef __x86_64__
#define ARCH_NAME	"x86"
#define BODY_NAME	"body"
#else
#define ARCH_NAME	"arm64"
#define BODY_NAME	"arm64-body"	/* the C reference built for arm64 */
#endif

static const char *const feature_name[HOST_NFEATURES] = {
	[X86_FEATURE_BMI1] = "BMI1", [X86_FEATURE_BMI2] = "BMI2",
	[X86_FEATURE_MOVBE] = "MOVBE", [X86_FEATURE_POPCNT] = "POPCNT",
	[X86_FEATURE_ABM] = "ABM", [X86_FEATURE_XMM4_2] = "SSE4_2",
	[HOST_FEATURE_CSSC] = "CSSC", [HOST_FEATURE_CRC32] = "CRC32",
	[HOST_FEATURE_VHE] = "VHE",
};

static double mult = 1;

/* n times the multiplier, at least 1 */
static int scaled(int n)
{
	return n * mult >= 1 ? (int)(n * mult) : 1;
}
static u64 rng_state = 0x9e3779b97f4a7c15ULL;
static unsigned long passed, failed, skipped;
static unsigned long body_runs, native_runs, assignments, declines, emits;
static char percpu_err[160];	/* why per-CPU memory could not be set up */

u64 rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* one TEST line: the first failure's story, and how many failed */
struct verdict {
	unsigned long runs, fails, declines;
	bool must_decline;	/* the state lacks a feature the code needs */
	char why[600];
};

static void fail(struct verdict *v, const char *fmt, ...)
{
	va_list ap;

	if (!v->fails++) {
		va_start(ap, fmt);
		vsnprintf(v->why, sizeof(v->why), fmt, ap);
		va_end(ap);
	}
}

static void report(const char *fam, const char *name, const char *what,
		   struct verdict *v, const char *pass_note)
{
	printf("TEST host.%s.%s.%s ", fam, name, what);
	if (v->fails) {
		failed++;
		printf("FAIL %lu failures in %lu runs, first: %s\n", v->fails, v->runs,
		       v->why);
	} else {
		passed++;
		printf("PASS %lu runs%s", v->runs, pass_note);
		if (v->declines)
			printf("; declined %lu times, as it %s: the body stays", v->declines,
			       v->must_decline ? "must without the feature" : "may");
		putchar('\n');
	}
}

static const char *short_name(const char *name)
{
	if (!strncmp(name, "bpf_insn_", 9))
		return name + 9;
	if (!strncmp(name, "bpf_iter_num_", 13))
		return name + 13;
	return name;
}

static int nargs_of(const struct kcase *k)
{
	int n = 0;

	while (n < NARGS && k->kind[n] != ARG_NONE)
		n++;
	return n;
}

/* a[] as the kfunc sees it: pointer arguments relocated into mem */
static void real_args(const struct kcase *k, const struct call *c, const u8 *mem,
		      u64 *a)
{
	int i;

	for (i = 0; i < NARGS; i++)
		a[i] = k->kind[i] == ARG_PTR ? (u64)mem + c->a[i] : c->a[i];
}

/* results compared as the ABI defines them (see enum ret_kind) */
static u64 normalize(const struct kcase *k, u64 r, const u8 *mem)
{
	switch (k->ret) {
	case RET_S32:
		return (u64)(s64)(s32)r;
	case RET_PTR:
		return r ? r - (u64)mem : ~0ULL;
	case RET_VOID:
		return 0;
	}
	return r;
}

/*
 * The shim's per-CPU layout (linux/percpu.h), which x86_percpu.c and
 * arm64_percpu.c map: five CPUs, the code on CPU 3, and past nr_cpu_ids
 * offsets no code may use
 */
unsigned int nr_cpu_ids = 5;
unsigned int host_this_cpu = 3;
unsigned long __per_cpu_offset[NR_CPUS] = {
	[5] = 0xbad0000000000005UL, 0xbad0000000000006UL, 0xbad0000000000007UL,
};

/*
 * What a per-CPU body may read (nr_cpu_ids, __per_cpu_offset[], this CPU's
 * copy of the CPU number the module's init found or made), and its
 * per-CPU address moves, on host_percpu_setup()'s memory
 */
static void host_percpu_interp(struct interp *vm)
{
	vm->percpu = true;
	vm->cpu_off = __per_cpu_offset[host_this_cpu];
	interp_allow(vm, &nr_cpu_ids, sizeof(nr_cpu_ids));
	interp_allow(vm, __per_cpu_offset, sizeof(__per_cpu_offset));
	interp_allow(vm, (void *)(insn_percpu.cpu_number + vm->cpu_off), sizeof(u32));
}

static u64 run_c(const struct kcase *k, const struct call *c, u8 *mem)
{
	u64 a[NARGS];

	memcpy(mem, c->mem, MEMSZ);
	real_args(k, c, mem, a);
	return normalize(k, k->c(a), mem);
}

static void describe(char *buf, size_t len, const struct kcase *k, const struct call *c)
{
	int i, n = 0;

	for (i = 0; i < nargs_of(k); i++)
		n += snprintf(buf + n, len - n, "%s%s%#llx", i ? ", " : "(",
			      k->kind[i] == ARG_PTR ? "mem+" : "", c->a[i]);
	snprintf(buf + n, len - n, ")");
}

static bool refused(const struct bpf_kfunc_body *b, const struct kcase *k,
		    const u32 *imm)
{
	return (b->check_const && b->check_const(imm)) ||
	       (k->refused && k->refused(imm));
}

static void set_consts(const struct kcase *k, struct call *c, const u32 *imm)
{
	int i;

	memcpy(c->imm, imm, sizeof(c->imm));
	for (i = 0; i < NARGS; i++)
		if (k->kind[i] == ARG_CONST)
			c->a[i] = imm[i];
}

static void new_call(const struct kcase *k, struct call *c, const u32 *imm, int n)
{
	memset(c, 0, sizeof(*c));
	set_consts(k, c, imm);
	k->input(c, n);
}

/* (a) the body against the C code, for every set of constants */
static enum interp_status test_body(const struct bpf_kfunc_body *b,
				    const struct kcase *k, struct verdict *v,
				    char *skip, size_t skiplen)
{
	static u8 cmem[MEMSZ], bmem[MEMSZ];
	u32 imm[NARGS];
	struct interp vm;
	struct call c;
	char args[200];
	int i, n, valid = 0, inputs;

	for (i = 0; memset(imm, 0, sizeof(imm)), k->consts(i, imm); i++)
		valid += !refused(b, k, imm);
	inputs = scaled(valid && valid * INPUTS_BODY < BODY_MIN ? BODY_MIN / valid : INPUTS_BODY);
	/* the series' bounds (linux/bpf_kfunc_body.h, as gen-kdefs.sh copies it) */
	if (!b->len || b->len > BPF_KFUNC_BODY_MAX_INSNS || b->mode > BPF_KFUNC_BODY_AFTER ||
	    (b->mode == BPF_KFUNC_BODY_AFTER && b->len > BPF_KFUNC_BODY_AFTER_MAX_INSNS))
		fail(v, "descriptor: len %u, mode %u", b->len, b->mode);
	for (i = 0; memset(imm, 0, sizeof(imm)), k->consts(i, imm); i++) {
		if (refused(b, k, imm))
			continue;
		for (n = 0; n < inputs; n++) {
			u64 a[NARGS], want, got;
			enum interp_status st;

			new_call(k, &c, imm, n);
			want = run_c(k, &c, cmem);
			memcpy(bmem, c.mem, MEMSZ);
			real_args(k, &c, bmem, a);
			interp_init(&vm, a, nargs_of(k));
			if (c.hi > c.lo)
				interp_allow(&vm, bmem + c.lo, c.hi - c.lo);
			if (c.hi2 > c.lo2)
				interp_allow(&vm, bmem + c.lo2, c.hi2 - c.lo2);
			if (k->percpu)
				host_percpu_interp(&vm);
			st = interp_run(&vm, b->insns, b->len);
			v->runs++;
			body_runs++;
			describe(args, sizeof(args), k, &c);
			if (st == INTERP_UNSUPPORTED) {
				snprintf(skip, skiplen, "%s", vm.err);
				return st;
			}
			if (st != INTERP_OK) {
				fail(v, "%s: %s", args, vm.err);
				continue;
			}
			got = normalize(k, vm.reg[BPF_REG_0], bmem);
			if (k->ret != RET_VOID && !(vm.valid & 1 << BPF_REG_0))
				fail(v, "%s: R0 not set", args);
			else if (got != want)
				fail(v, "%s: body %#llx, C %#llx", args, got, want);
			else if (!k->mem_dead && memcmp(bmem, cmem, MEMSZ))
				fail(v, "%s: memory differs after body and C", args);
		}
	}
	return INTERP_OK;
}

/* the registers of one assignment, and which operands share them */
struct assign {
	int nitems;		/* item 0: the result; then the register operands */
	int arg_of[MAX_ITEMS];	/* item -> argument index */
	int block[MAX_ITEMS];	/* restricted growth string: the sharing */
};

/* next set partition of the items (restricted growth strings) */
static bool next_partition(struct assign *as)
{
	int i, j, max;

	for (i = as->nitems - 1; i > 0; i--) {
		for (max = 0, j = 0; j < i; j++)
			max = as->block[j] > max ? as->block[j] : max;
		if (as->block[i] <= max) {
			as->block[i]++;
			for (j = i + 1; j < as->nitems; j++)
				as->block[j] = 0;
			return true;
		}
	}
	return false;
}

static void pick_regs(const struct assign *as, const struct kcase *k,
		      struct bpf_kfunc_emit *e, const u32 *imm)
{
	u8 regs[MAX_ITEMS], pool[32];
	int i, n = native_arch.npool;

	/* distinct registers per block: shuffle the pool */
	memcpy(pool, native_arch.pool, n);
	for (i = n - 1; i > 0; i--) {
		int j = rnd() % (i + 1);
		u8 t = pool[i];

		pool[i] = pool[j];
		pool[j] = t;
	}
	for (i = 0; i < as->nitems; i++)
		regs[i] = pool[as->block[i]];
	memset(e, 0, sizeof(*e));
	e->dst = regs[0];
	for (i = 0; i < NARGS; i++) {
		/* constants' registers hold junk; the emitter must use imm */
		e->arg[i] = native_arch.pool[rnd() % n];
		e->imm[i] = k->kind[i] == ARG_CONST ? imm[i] : (u32)rnd();
		if (k->kind[i] == ARG_CONST)
			e->const_mask |= 1 << i;
	}
	for (i = 1; i < as->nitems; i++)
		e->arg[as->arg_of[i]] = regs[i];
	e->scratch[0] = native_arch.scratch[0];
	e->scratch[1] = native_arch.scratch[1];
}

/* emit twice into junk-filled buffers: same bytes, within max_native */
static int emit(const struct bpf_kfunc_body *b, const struct bpf_kfunc_emit *e,
		u8 *code, struct verdict *v, const char *regs)
{
	u8 again[256];
	int len, len2, i;

	memset(code, 0xcc, 256);
	memset(again, 0x5a, sizeof(again));
	len = b->emit(e, code);
	len2 = b->emit(e, again);
	emits += 2;
	if (len != len2 || (len > 0 && memcmp(code, again, len))) {
		fail(v, "%s: two calls gave different code (%d, %d bytes)", regs, len, len2);
		return -1000;
	}
	if (len > b->max_native || len > BPF_KFUNC_BODY_MAX_NATIVE) {
		fail(v, "%s: %d bytes, max_native %u", regs, len, b->max_native);
		return -1000;
	}
	for (i = len > 0 ? len : 0; i < 256; i++)
		if (code[i] != 0xcc) {
			fail(v, "%s: wrote byte %d past its %d", regs, i, len);
			return -1000;
		}
	return len;
}

/*
 * The code each emitter wrote with CPU features forced off, for
 * tests/host/feature-off.sh (-o DIR): DIR/off-MASK.bin, every distinct
 * emission with that mask of enum host_feature off, back to back, whole
 * instructions each, so that a disassembler stays in step.  A fallback
 * that used an instruction of a feature it was told is absent would #UD
 * on such a CPU; run on a host that has the feature, it passes the
 * native comparison, and only the disassembly shows it.
 */
static const char *off_dir;
static FILE *off_files[1u << HOST_NFEATURES];
#define OFF_SEEN_BITS	20
static u64 *off_seen;

static void record_off(unsigned int off, const u8 *code, int len)
{
	u64 h = 0xcbf29ce484222325ull ^ off, mask = (1ull << OFF_SEEN_BITS) - 1, i;
	char path[512];
	int k;

	if (!off_dir || !off || len <= 0)
		return;
	for (k = 0; k < len; k++)
		h = (h ^ code[k]) * 0x100000001b3ull;
	h |= 1;
	if (!off_seen && !(off_seen = calloc(mask + 1, sizeof(*off_seen)))) {
		printf("TEST host.feature-off.record FAIL out of memory\n");
		failed++;
		off_dir = NULL;
		return;
	}
	for (i = h & mask; off_seen[i]; i = (i + 1) & mask)
		if (off_seen[i] == h)
			return;		/* already written (a hash collision skips one) */
	off_seen[i] = h;
	if (!off_files[off]) {
		snprintf(path, sizeof(path), "%s/off-%x.bin", off_dir, off);
		off_files[off] = fopen(path, "w");
		if (!off_files[off]) {
			printf("TEST host.feature-off.record FAIL %s: %s\n", path, strerror(errno));
			failed++;
			off_dir = NULL;
			return;
		}
	}
	fwrite(code, 1, len, off_files[off]);
}

static void hex(char *buf, size_t n, const u8 *code, int len)
{
	int i, at = 0;

	for (i = 0; i < len && at + 3 < (int)n; i++)
		at += snprintf(buf + at, n - at, "%02x", code[i]);
}

/* argument @to takes the register of argument @from, and its value */
static void share(const struct kcase *k, struct call *c, int to, int from,
		  const u8 *mem)
{
	if (k->kind[from] == ARG_PTR && k->kind[to] != ARG_PTR)
		c->a[to] = (u64)mem + c->a[from];
	else if (k->kind[to] == ARG_PTR && k->kind[from] != ARG_PTR)
		c->a[from] = (u64)mem + c->a[to];
	else
		c->a[to] = c->a[from];
}

/* PROT_NONE: what native code that may not touch memory points into */
static u8 *guard;

/* every register but the result (of a void kfunc too) and scratch unchanged */
static int clobbered(const struct kcase *k, const struct bpf_kfunc_emit *e,
		     const u64 *in, const u64 *out)
{
	int r;

	for (r = 0; r < native_arch.nregs; r++)
		if (native_arch.preserved(r) && (r != e->dst || k->ret == RET_VOID) &&
		    r != e->scratch[0] && r != e->scratch[1] && out[r] != in[r])
			return r;
	return -1;
}

/* item of the assignment @as that is argument @a, or -1 */
static int item_of(const struct assign *as, int a)
{
	int i;

	for (i = 1; i < as->nitems; i++)
		if (as->arg_of[i] == a)
			return i;
	return -1;
}

/* item @i of @as shares its register with no other item, the result's neither */
static bool alone(const struct assign *as, int i)
{
	int j;

	for (j = 0; j < as->nitems; j++)
		if (j != i && as->block[j] == as->block[i])
			return false;
	return true;
}

/*
 * one emitted code on many inputs; with @m >= 0, argument @m in memory:
 * its value at a random place in a buffer of junk, the base register
 * pointing @e->mem_off[m] bytes before it, operands sharing the base's
 * register holding its value, the address, and the buffer left as it was
 */
static void run_native(const struct bpf_kfunc_body *b, const struct kcase *k,
		       const struct assign *as, const struct bpf_kfunc_emit *e,
		       const u8 *code, int len, const u32 *imm, struct verdict *v,
		       const char *regs, int m)
{
	static u8 cmem[MEMSZ], nmem[MEMSZ], vmem[MEMSZ + 8], vcopy[MEMSZ + 8];
	u64 in[32], out[32], want, got, base = 0;
	char args[200], bytes[2 * 64 + 1], err[100], where[48] = "";
	int n, i, r, pos, bm = m < 0 ? -1 : item_of(as, m);
	struct call c;

	(void)b;
	if (m >= 0)
		snprintf(where, sizeof(where), ", argument %d at base%+d", m, e->mem_off[m]);
	for (n = 0; n < scaled(INPUTS_NATIVE); n++) {
		new_call(k, &c, imm, n * 5 + (int)(rnd() % 5));
		if (m >= 0) {
			for (i = 0; i < (int)sizeof(vmem); i++)
				vmem[i] = rnd();
			pos = rnd() % (MEMSZ + 1);
			memcpy(vmem + pos, &c.a[m], 8);		/* little-endian host */
			memcpy(vcopy, vmem, sizeof(vmem));
			base = (u64)vmem + pos - (u64)(s64)e->mem_off[m];
			for (i = 1; i < as->nitems; i++) {
				int a = as->arg_of[i];

				if (i != bm && as->block[i] == as->block[bm])
					c.a[a] = k->kind[a] == ARG_PTR ? base - (u64)nmem : base;
			}
		}
		/*
		 * operands sharing a register have one value: the first one's,
		 * or the pointer's, which a value sharing it holds as an address
		 * (or the base's, above)
		 */
		for (i = 1; i < as->nitems; i++)
			for (r = 1; r < i; r++)
				if (as->block[r] == as->block[i] &&
				    (bm < 0 || as->block[i] != as->block[bm])) {
					share(k, &c, as->arg_of[i], as->arg_of[r], nmem);
					break;
				}
		/* C runs in the native code's memory: the addresses are the same */
		want = run_c(k, &c, nmem);
		memcpy(cmem, nmem, MEMSZ);
		memcpy(nmem, c.mem, MEMSZ);
		for (r = 0; r < native_arch.nregs; r++)
			in[r] = rnd();
		for (i = 1; i < as->nitems; i++) {
			int a = as->arg_of[i];

			in[e->arg[a]] = a == m ? base :
					k->kind[a] == ARG_PTR ? (u64)nmem + c.a[a] : c.a[a];
		}
		native_runs++;
		v->runs++;
		describe(args, sizeof(args), k, &c);
		hex(bytes, sizeof(bytes), code, len);
		if (native_run(code, len, in, out, err, sizeof(err))) {
			fail(v, "%s %s [%s]: %s", regs, args, bytes, err);
			continue;
		}
		got = normalize(k, out[e->dst], nmem);
		if (got != want) {
			fail(v, "%s %s%s [%s]: native %#llx, C %#llx",
			     regs, args, where, bytes, got, want);
			continue;
		}
		if (m >= 0 && memcmp(vmem, vcopy, sizeof(vmem))) {
			fail(v, "%s %s [%s]: wrote the memory it reads", regs, args, bytes);
			continue;
		}
		if (!k->mem_dead && memcmp(nmem, cmem, MEMSZ)) {
			fail(v, "%s %s [%s]: memory differs after native and C",
			     regs, args, bytes);
			continue;
		}
		/* a void kfunc's native code writes no register but scratch */
		r = clobbered(k, e, in, out);
		if (r >= 0) {
			fail(v, "%s %s [%s]: clobbered register %d", regs, args, bytes, r);
			continue;
		}
		if (!k->no_access)
			continue;
		for (i = 1; i < as->nitems; i++) {
			int a = as->arg_of[i];

			if (k->kind[a] == ARG_PTR)
				in[e->arg[a]] = (u64)guard + c.a[a];
		}
		native_runs++;
		if (native_run(code, len, in, out, err, sizeof(err))) {
			fail(v, "%s %s [%s]: pointing into an unmapped page: %s",
			     regs, args, bytes, err);
			continue;
		}
		r = clobbered(k, e, in, out);
		if (r >= 0)
			fail(v, "%s %s [%s]: pointing into an unmapped page: clobbered "
			     "register %d", regs, args, bytes, r);
	}
}

/* item 0 the result, then the register operands, all in one register */
static void init_assign(struct assign *as, const struct kcase *k)
{
	int i;

	as->nitems = 1;
	as->arg_of[0] = -1;
	for (i = 0; i < NARGS; i++)
		if (k->kind[i] != ARG_NONE && k->kind[i] != ARG_CONST)
			as->arg_of[as->nitems++] = i;
	memset(as->block, 0, sizeof(as->block));
}

/*
 * (b) the emitter, for every set of constants and sharing of registers,
 * in the CPU features' state host_cpu forces; the code is run only with
 * @run.  Where the state lacks a feature of @k->needs the emitter must
 * decline; elsewhere only constants the verifier refuses, or those
 * @k->may_decline names, may be declined.
 */
static void test_native(const struct bpf_kfunc_body *b, const struct kcase *k,
			struct verdict *v, bool run)
{
	bool lacks = (k->needs & host_cpu.off) != 0;
	struct bpf_kfunc_emit e;
	struct assign as;
	u8 code[256];
	u32 imm[NARGS];
	char regs[120];
	int i, j, round, rounds, len, patterns = 0;

	init_assign(&as, k);
	do
		patterns++;
	while (next_partition(&as));
	for (i = 0; memset(imm, 0, sizeof(imm)), k->consts(i, imm); i++)
		;
	rounds = i * patterns * ROUNDS < ASSIGN_MIN ? ASSIGN_MIN / (i * patterns) : ROUNDS;
	rounds = scaled(rounds);
	for (i = 0; memset(imm, 0, sizeof(imm)), k->consts(i, imm); i++) {
		bool bad = refused(b, k, imm);

		memset(as.block, 0, sizeof(as.block));
		do {
			for (round = 0; round < rounds; round++) {
				int at;

				pick_regs(&as, k, &e, imm);
				at = snprintf(regs, sizeof(regs), "imm %u,%u dst %u args",
					      imm[1], imm[2], e.dst);
				for (j = 1; j < as.nitems; j++)
					at += snprintf(regs + at, sizeof(regs) - at, " %u",
						       e.arg[as.arg_of[j]]);
				assignments++;
				len = emit(b, &e, code, v, regs);
				if (len == -1000) {
					v->runs++;
					continue;
				}
				if (len < 0) {
					declines++;
					v->declines++;
					if (!bad && !lacks &&
					    !(k->may_decline && k->may_decline(imm)))
						fail(v, "%s: declined (%d) constants the verifier "
						     "accepts", regs, len);
					continue;
				}
				if (lacks) {
					fail(v, "%s: emitted %d bytes without the CPU feature "
					     "it needs", regs, len);
					continue;
				}
				record_off(host_cpu.off, code, len);
				if (!bad && run)
					run_native(b, k, &as, &e, code, len, imm, v, regs, -1);
			}
		} while (next_partition(&as));
	}
}

/*
 * (c) an emitter that takes arguments from memory (mem_args): each such
 * argument at its base register plus a displacement (disp8 and disp32
 * ones, their edges first), for every set of constants and every sharing
 * of the base with the result's and the other operands' registers, then
 * with the base in R10's register (a stack slot: its own register, which
 * x86-64 encodes as rbp, with a displacement even for 0).  It may decline
 * (the load then stays), but not every time.
 */
static void test_native_mem(const struct bpf_kfunc_body *b, const struct kcase *k,
			    struct verdict *v, bool run)
{
	static const s16 disps[] = { 0, 8, -8, 127, -128, 128, -129, 32767, -32768 };
	const int rounds = sizeof(disps) / sizeof(disps[0]) + 3;
	struct bpf_kfunc_emit e;
	struct assign as;
	u8 code[256];
	u32 imm[NARGS];
	char regs[160];
	int i, j, m, round, len, at, taken = 0, taken_fp = 0;

	init_assign(&as, k);
	for (m = 0; m < NARGS; m++) {
		if (!(b->mem_args & 1u << m))
			continue;
		if (k->kind[m] != ARG_U64 && k->kind[m] != ARG_U32) {
			fail(v, "mem_args names argument %d, which is no value", m);
			continue;
		}
		for (i = 0; memset(imm, 0, sizeof(imm)), k->consts(i, imm); i++) {
			if (refused(b, k, imm))
				continue;
			memset(as.block, 0, sizeof(as.block));
			do {
				for (round = 0; round < 2 * scaled(rounds); round++) {
					bool fp = round >= scaled(rounds);

					/* R10 is a base of its own: no other operand is R10 */
					if (fp && !alone(&as, item_of(&as, m)))
						break;
					pick_regs(&as, k, &e, imm);
					if (fp)
						e.arg[m] = native_arch.fp;
					e.mem_mask = 1u << m;
					e.mem_off[m] = round % scaled(rounds) < rounds - 3 ?
						       disps[round % scaled(rounds)] : (s16)rnd();
					at = snprintf(regs, sizeof(regs), "dst %u args", e.dst);
					for (j = 1; j < as.nitems; j++)
						at += snprintf(regs + at, sizeof(regs) - at, " %u",
							       e.arg[as.arg_of[j]]);
					snprintf(regs + at, sizeof(regs) - at, ", argument %d at %u%+d",
						 m, e.arg[m], e.mem_off[m]);
					assignments++;
					len = emit(b, &e, code, v, regs);
					if (len == -1000) {
						v->runs++;
						continue;
					}
					if (len < 0) {
						declines++;
						v->declines++;
						continue;
					}
					taken++;
					taken_fp += fp;
					if (run)
						run_native(b, k, &as, &e, code, len, imm, v, regs,
							   m);
				}
			} while (next_partition(&as));
		}
	}
	if (!taken)
		fail(v, "took no argument from memory (mem_args %#x)", b->mem_args);
	else if (!taken_fp)
		fail(v, "took no argument from a stack slot (mem_args %#x)", b->mem_args);
}

/*
 * The CPU features @b's emitter asks about, over every set of constants,
 * in every combination of those found so far, until no more turn up
 */
static unsigned int emitter_features(const struct bpf_kfunc_body *b, const struct kcase *k)
{
	unsigned int q = 0, prev, s;
	struct bpf_kfunc_emit e;
	struct assign as;
	u32 imm[NARGS];
	u8 code[256];
	int i;

	init_assign(&as, k);
	do {
		prev = q;
		for (s = 0; s <= q; s++) {
			if (s & ~q)
				continue;
			for (i = 0; memset(imm, 0, sizeof(imm)), k->consts(i, imm); i++) {
				host_cpu.on = s;
				host_cpu.off = q & ~s;
				host_cpu.asked = 0;
				pick_regs(&as, k, &e, imm);
				b->emit(&e, code);
				q |= host_cpu.asked;
			}
		}
	} while (q != prev);
	memset(&host_cpu, 0, sizeof(host_cpu));
	return q;
}

/* "x86", "x86-no-POPCNT", "arm64-no-CSSC": what state @s of @q turns off */
static void variant_name(char *buf, size_t len, unsigned int q, unsigned int s)
{
	int f, n = snprintf(buf, len, "%s", ARCH_NAME);
	const char *sep = "-no-";

	for (f = 0; f < HOST_NFEATURES; f++)
		if (q & ~s & 1u << f) {
			n += snprintf(buf + n, len - n, "%s%s", sep, feature_name[f]);
			sep = "-";
		}
}

/* ", POPCNT", ", no BMI1": the features asked and their state */
static void variant_note(char *buf, size_t len, unsigned int q, unsigned int s)
{
	int f, n = 0;

	if (!q)
		snprintf(buf, len, ", asks about no CPU feature");
	for (f = 0; f < HOST_NFEATURES; f++)
		if (q & 1u << f)
			n += snprintf(buf + n, len - n, "%s%s%s", n ? " " : ", ",
				      s & 1u << f ? "" : "no ", feature_name[f]);
}

static unsigned int real_features(void)
{
	unsigned int m = 0;
	int f;

	for (f = 0; f < HOST_NFEATURES; f++)
		m |= host_cpu_real(f) << f;
	return m;
}

static const struct kcase *find_case(const char *name)
{
	int i;

	for (i = 0; i < host_ncases; i++)
		if (!strcmp(host_cases[i].name, name))
			return &host_cases[i];
	return NULL;
}

static void test_family(const struct family *f)
{
	unsigned int q, s;
	u32 i;

	if (f->skip) {
		printf("TEST host.%s SKIP %s\n", f->name, f->skip);
		skipped++;
		return;
	}
	if (!strcmp(f->name, "percpu") && percpu_err[0]) {
		printf("TEST host.%s FAIL per-CPU memory: %s\n", f->name, percpu_err);
		failed++;
		return;
	}
	for (i = 0; i < f->desc->cnt; i++) {
		const struct bpf_kfunc_body *b = &f->desc->table[i];
		const struct kcase *k = find_case(b->name);
		const char *name = short_name(b->name);
		struct verdict v = { 0 };
		char skip[200];

		if (!k) {
			printf("TEST host.%s.%s FAIL no host test case for %s\n",
			       f->name, name, b->name);
			failed++;
			continue;
		}
		if (test_body(b, k, &v, skip, sizeof(skip)) == INTERP_UNSUPPORTED) {
			printf("TEST host.%s.%s.%s SKIP %s\n", f->name, name, BODY_NAME, skip);
			skipped++;
		} else {
			report(f->name, name, BODY_NAME, &v, "");
		}
		if (!b->emit)
			continue;	/* no emitter here: the JIT keeps the body */
		/*
		 * with what its native code needs, asked about or not: an
		 * emitter that forgets to ask must still decline without it
		 */
		q = emitter_features(b, k) | k->needs;
		/* every subset s of q on, the rest off: all of q first */
		for (s = q;; s = (s - 1) & q) {
			struct verdict nv = { .must_decline = k->needs & q & ~s };
			unsigned int missing = s & ~real_features();
			char vname[64], note[96];

			host_cpu.on = s;
			host_cpu.off = q & ~s;
			test_native(b, k, &nv, !missing);
			if (b->mem_args && s == q) {
				struct verdict mv = { 0 };

				test_native_mem(b, k, &mv, !missing);
				variant_name(vname, sizeof(vname), q, s);
				strncat(vname, "-mem", sizeof(vname) - strlen(vname) - 1);
				report(f->name, name, vname, &mv,
				       " with an argument in memory");
			}
			memset(&host_cpu, 0, sizeof(host_cpu));
			variant_name(vname, sizeof(vname), q, s);
			variant_note(note, sizeof(note), q, s);
			if (missing && !nv.fails) {
				printf("TEST host.%s.%s.%s SKIP not run: this CPU has no", f->name,
				       name, vname);
				for (int ft = 0; ft < HOST_NFEATURES; ft++)
					if (missing & 1u << ft)
						printf(" %s", feature_name[ft]);
				printf(" (emitted and checked: the same bytes each time, "
				       "within max_native)\n");
				skipped++;
			} else {
				report(f->name, name, vname, &nv, note);
			}
			if (!s)
				break;
		}
	}
}

int main(int argc, char **argv)
{
	int opt;
	size_t i;

	while ((opt = getopt(argc, argv, "n:s:o:")) != -1) {
		switch (opt) {
		case 'o':
			off_dir = optarg;
			break;
		case 'n':
			mult = atof(optarg) > 0 ? atof(optarg) : 1;
			break;
		case 's':
			rng_state = strtoull(optarg, NULL, 0) | 1;
			break;
		default:
			fprintf(stderr, "usage: %s [-n MULTIPLIER] [-s SEED] [-o DIR]\n", argv[0]);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("# seed %#llx, multiplier %g\n", rng_state, mult);
	if (native_init()) {
		perror("host_test: mmap of executable memory");
		return 1;
	}
	guard = mmap(NULL, 2 * MEMSZ, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (guard == MAP_FAILED) {
		perror("host_test: mmap of an inaccessible page");
		return 1;
	}
	/* the module's init writes the per-CPU bodies, with these addresses */
	if (!host_percpu_setup(percpu_err, sizeof(percpu_err))) {
		insn_percpu_init();
		if (insn_family_percpu.cnt < 3)
			snprintf(percpu_err, sizeof(percpu_err),
				 "insn_percpu_init() wrote %u bodies of 3", insn_family_percpu.cnt);
		/* each copy has its CPU's number; only code without the offset reads this */
		*(u32 *)insn_percpu.cpu_number = 0xa5a5a5a5;
	}
	for (i = 0; i < ARRAY_SIZE(families); i++)
		test_family(&families[i]);
#ifdef __aarch64__
	if (host_arm64_encodings())
		failed++;
	else
		passed++;
#endif
	printf("# host: %lu body runs, %lu native runs, %lu register assignments, "
	       "%lu emitter calls, %lu declines\n",
	       body_runs, native_runs, assignments, emits, declines);
	for (i = 0; i < ARRAY_SIZE(off_files); i++)
		if (off_files[i] && fclose(off_files[i]))
			perror("host_test: the code with features off");
	printf("# host: %lu passed, %lu failed, %lu skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
