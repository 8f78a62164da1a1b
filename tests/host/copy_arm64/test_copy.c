// SPDX-License-Identifier: GPL-2.0
/*
 * test_copy: bpf_arch_kfunc_copy() on functions compiled with the arm64
 * kernel's flags (kfuncs.c, four builds) and on hand-written ones
 * (hand.S).  Each function must be accepted or declined as the tables
 * say, with the reason they give; each accepted copy is run, followed by
 * a ret, from run_native() (trampoline.S) on thousands of random inputs
 * against a call of the original: the result in x7 zero-extended as
 * ret_size asks, the memory it stores, x19-x28, x29 and sp unchanged.
 * Controls break a copy on purpose and check that the run notices.
 *
 * Prints "TEST name PASS|FAIL [why]"; exits 1 on any failure.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <linux/bpf_kfunc_body.h>
#include <linux/errno.h>
#include <linux/extable.h>
#include <linux/module.h>

#include "kfuncs.h"

#define ITERS	3000
#define BUFSZ	128

u64 run_native(const u64 args[5], const void *code, u64 out[13]);

/* the symbols and their kallsyms sizes (build/ksyms.h) */
#define KSYM(name, size) extern char name[];
#include "ksyms.h"
#undef KSYM

struct ksym {
	const char *name;
	const void *addr;
	u32 size;
};

static const struct ksym ksyms[] = {
#define KSYM(name, size) { #name, name, size },
#include "ksyms.h"
#undef KSYM
};

u64 kf_ext(u64 x)
{
	return x * 7;
}

static int failures;

static void report(const char *name, bool pass, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void report(const char *name, bool pass, const char *fmt, ...)
{
	va_list ap;

	printf("TEST %s %s", name, pass ? "PASS" : "FAIL");
	if (fmt) {
		putchar(' ');
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	putchar('\n');
	if (!pass)
		failures++;
}

/* the alternatives of the module: ranges test_copy registers */
static struct module test_mod = { .name = "test" };
static const void *alt_start, *alt_end;
static const void *asked_start, *asked_end;

bool module_alternatives_in_text(const struct module *mod, const void *start,
				 const void *end)
{
	asked_start = start;
	asked_end = end;
	return mod == &test_mod && alt_start && alt_start < end && alt_end > start;
}

/* the exception table: the addresses hand.S lists in section test_extable */
extern const u64 __start_test_extable[], __stop_test_extable[];

const struct exception_table_entry *search_exception_tables(unsigned long add)
{
	const u64 *e;

	for (e = __start_test_extable; e < __stop_test_extable; e++)
		if (*e == add)
			return (const void *)e;
	return NULL;
}

static u64 rng = 0x9e3779b97f4a7c15ULL;

static u64 rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* a random value, often one that edges are made of */
static u64 rnd_value(void)
{
	static const u64 edge[] = { 0, 1, 2, 9, 10, 63, 64, 100, 101, ~0ULL,
				    1ULL << 63, 0xffffffff, 0x80000000 };

	if (rnd() % 4 == 0)
		return edge[rnd() % (sizeof(edge) / sizeof(edge[0]))];
	return rnd() >> (rnd() % 64);
}

static const struct ksym *find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(ksyms) / sizeof(ksyms[0]); i++)
		if (!strcmp(ksyms[i].name, name))
			return &ksyms[i];
	fprintf(stderr, "no symbol %s\n", name);
	exit(2);
}

/*
 * A function to copy: its name without the variant's prefix, the bytes
 * of its result, its arguments (x: random, n: a count up to 127, p: the
 * buffer, o: an offset up to 64, z: the buffer or NULL, s: up to 1000),
 * and what each build must give: NULL, accepted, else the reason.
 */
struct tcase {
	const char *name;
	u8 ret_size;
	const char *args;
	const char *expect[4];	/* variants a, b, c, d */
};

#define ALL(r)		{ r, r, r, r }
#define ACC		ALL(NULL)

static const char *const variants = "abcd";

static const struct tcase kcases[] = {
	{ "rol64", 8, "xn", ACC },
	{ "ror32", 4, "xn", ACC },
	{ "select64", 8, "xxx", ACC },
	/* gcc returns from two places, clang branches to its one ret */
	{ "bextr64", 8, "xnn", { "more than one return", "more than one return",
				 "more than one return", NULL } },
	{ "lea64", 8, "xxnx", ACC },
	{ "load_be16", 2, "po", ACC },
	{ "load_be32", 4, "po", ACC },
	{ "load_be64", 8, "po", ACC },
	{ "store_be32", 0, "pox", ACC },
	{ "copy16", 0, "pp", ACC },
	{ "prefetch", 0, "po", ACC },
	{ "mulhi64", 8, "xx", ACC },
	{ "smulhi64", 8, "xx", ACC },
	{ "mulfold64", 8, "xx", ACC },
	{ "clz64", 4, "x", ACC },
	{ "ctz64", 4, "x", ACC },
	{ "blsr64", 8, "x", ACC },
	{ "crc32c_u64", 4, "xx", ACC },
	{ "crc32c_u8", 4, "xx", ACC },
	{ "sw_hweight64", 4, "x", ACC },
	{ "add8", 1, "xx", ACC },
	{ "sub16", 2, "xx", ACC },
	{ "load_or_zero", 8, "z", { "more than one return", "more than one return",
				    "more than one return", NULL } },
	/* with a frame record gcc duplicates the epilogue and its ret */
	{ "digits", 4, "x", { NULL, NULL, "more than one return",
			      "more than one return" } },
	{ "fill4", 0, "px", ACC },
	{ "calls", 8, "x", ALL("calls") },
	{ "stack", 4, "x", ALL("uses the stack") },
	{ "global", 8, "x", ALL("pc-relative") },
	{ "table", 8, "nx", ALL("indirect branch") },
	{ "two_returns", 8, "px", ALL("more than one return") },
	{ "long_mix", 8, "xxxx", ALL("too long") },
};

static const struct tcase hcases[] = {
	{ "h_branch_to_ret", 8, "xx", ACC },
	{ "h_loop_to_ret", 8, "s", ACC },
	{ "h_frame_sched", 8, "xx", ACC },
	{ "h_frame_skip_pop", 8, "xx", ALL("uses the stack") },
	{ "h_frame_sp", 8, "x", ALL("uses the stack") },
	{ "h_frame_x29", 8, "x", ALL("reads x29") },
	{ "h_frame_no_pop", 8, "x", ALL("uses the stack") },
	{ "h_ftrace_nop", 8, "x", ACC },
	{ "h_ftrace_bl", 8, "x", ALL("calls") },
	{ "h_pac", 8, "x", ALL("pointer authentication") },
	{ "h_retaa", 8, "x", ALL("pointer authentication") },
	{ "h_writes_x19", 8, "x", ALL("writes x19") },
	{ "h_writes_x28", 8, "x", ALL("writes x28") },
	{ "h_writes_x30", 8, "x", ALL("writes x30") },
	{ "h_reads_x20", 8, "x", ALL("reads x20") },
	{ "h_x18", 8, "x", ALL("uses x18") },
	{ "h_base_x21", 8, "x", ALL("reads x21") },
	{ "h_wback_x25", 8, "x", ALL("writes x25") },
	{ "h_add_sp", 8, "x", ALL("uses the stack") },
	{ "h_mov_to_sp", 8, "x", ALL("uses the stack") },
	{ "h_sub_ext_sp", 8, "x", ALL("uses the stack") },
	{ "h_orr_sp", 8, "x", ALL("uses the stack") },
	{ "h_ldr_sp", 8, "x", ALL("uses the stack") },
	{ "h_ldp_sp", 8, "x", ALL("uses the stack") },
	{ "h_zr_forms", 8, "xxx", ACC },
	{ "h_misc", 8, "p", ACC },
	{ "h_ldr_lit", 8, "x", ALL("pc-relative") },
	{ "h_adr", 8, "x", ALL("pc-relative") },
	{ "h_br", 8, "x", ALL("indirect branch") },
	{ "h_blr", 8, "x", ALL("calls") },
	{ "h_ret_x1", 8, "x", ALL("indirect branch") },
	{ "h_svc", 8, "x", ALL("exception") },
	{ "h_brk", 8, "x", ALL("exception") },
	{ "h_udf", 8, "x", ALL("unknown instruction") },
	{ "h_mrs", 8, "x", ALL("system instruction") },
	{ "h_dmb", 8, "x", ACC },
	{ "h_ldxr", 8, "x", ALL("atomics") },
	{ "h_ldar", 8, "x", ALL("atomics") },
	{ "h_ldadd", 8, "x", ALL("atomics") },
	{ "h_fmov", 8, "x", ALL("unknown instruction") },
	{ "h_ldr_d", 8, "x", ALL("FP/SIMD") },
	{ "h_addg", 8, "x", ALL("unknown instruction") },
	{ "h_ldtr", 8, "x", ALL("unprivileged access") },
	{ "h_out", 8, "x", ALL("branch out of the function") },
	{ "h_no_ret", 8, "x", ALL("no return") },
	{ "h_fits", 8, "x", ACC },
	{ "h_too_long", 8, "x", ALL("too long") },
	{ "h_fits_void", 0, "px", ACC },
	{ "h_extable", 8, "p", ALL("exception table entry") },
	{ "h_extable_after", 8, "p", ACC },
	{ "h_alt", 8, "x", ALL("alternatives") },
};

static u8 *page;
static sigjmp_buf fault_jmp;
static volatile sig_atomic_t fault_sig;

/* a copy that faults (or returns to garbage) fails its run, not the test */
static void on_fault(int sig)
{
	fault_sig = sig;
	siglongjmp(fault_jmp, 1);
}

static void catch_faults(void)
{
	static u8 altstack[65536];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	struct sigaction sa = { .sa_handler = on_fault, .sa_flags = SA_NODEFER | SA_ONSTACK };
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP };
	size_t i;

	sigaltstack(&ss, NULL);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

/* the copy, then a ret, where run_native() calls it */
static const void *place(const u8 *code, int len)
{
	static const u8 ret[4] = { 0xc0, 0x03, 0x5f, 0xd6 };

	memcpy(page, code, len);
	memcpy(page + len, ret, sizeof(ret));
	__builtin___clear_cache((char *)page, (char *)page + len + 4);
	return page;
}

static void make_args(const char *spec, u64 a[5], u8 *buf, bool *nullp)
{
	int i;

	memset(a, 0, 5 * sizeof(a[0]));
	for (i = 0; spec[i]; i++) {
		switch (spec[i]) {
		case 'x':
			a[i] = rnd_value();
			break;
		case 'n':
			a[i] = rnd() % 128 | (rnd() % 8 == 0 ? rnd() << 32 : 0);
			break;
		case 'p':
			a[i] = (u64)(buf + i * 16);
			break;
		case 'o':
			a[i] = rnd() % 65;
			break;
		case 'z':
			*nullp = rnd() % 3 == 0;
			a[i] = *nullp ? 0 : (u64)buf;
			break;
		case 's':
			a[i] = rnd() % 1001;
			break;
		}
	}
}

/*
 * Runs the copy against the original on ITERS inputs; returns the
 * number of mismatches, and in @what the first.
 */
static int compare(const void *orig, const u8 *code, int len, const struct tcase *c,
		   char *what, size_t what_len)
{
	u64 (*fn)(u64, u64, u64, u64, u64) = (u64 (*)(u64, u64, u64, u64, u64))orig;
	u64 mask = c->ret_size == 8 ? ~0ULL : (1ULL << (c->ret_size * 8)) - 1;
	static u8 buf_a[2 * BUFSZ], buf_b[2 * BUFSZ];
	/* x19-x28 as run_native() sets them */
	static const u64 canary[10] = { 0x1919, 0x2020, 0x2121, 0x2222, 0x2323,
					0x2424, 0x2525, 0x2626, 0x2727, 0x2828 };
	const void *run = place(code, len);
	/* both change between sigsetjmp() and a fault's siglongjmp() */
	volatile int it, bad = 0;
	int i;

	for (it = 0; it < ITERS; it++) {
		u64 a[5], b[5], out[13], want, got;
		bool null = false;

		for (i = 0; i < (int)sizeof(buf_a); i++)
			buf_a[i] = rnd();
		memcpy(buf_b, buf_a, sizeof(buf_a));
		make_args(c->args, a, buf_a, &null);
		memcpy(b, a, sizeof(a));
		for (i = 0; c->args[i]; i++)
			if (c->args[i] == 'p' || (c->args[i] == 'z' && !null))
				b[i] = a[i] - (u64)buf_a + (u64)buf_b;

		want = fn(a[0], a[1], a[2], a[3], a[4]) & mask;
		if (sigsetjmp(fault_jmp, 1)) {
			if (!bad++)
				snprintf(what, what_len, "args %#llx %#llx %#llx: signal %d",
					 a[0], a[1], a[2], (int)fault_sig);
			continue;
		}
		got = run_native(b, run, out);
		for (i = 0; i < 10; i++)
			if (out[i] != canary[i])
				break;
		if (i < 10 || out[10] != out[11] ||
		    (c->ret_size && got != want) ||
		    memcmp(buf_a, buf_b, sizeof(buf_a))) {
			if (!bad++)
				snprintf(what, what_len,
					 "args %#llx %#llx %#llx: want %#llx got %#llx%s%s%s",
					 a[0], a[1], a[2], want, got,
					 i < 10 ? ", callee-saved register changed" : "",
					 out[10] != out[11] ? ", x29 or sp changed" : "",
					 memcmp(buf_a, buf_b, sizeof(buf_a)) ?
					 ", memory differs" : "");
		}
	}
	return bad;
}

static int copy(const struct ksym *s, u8 ret_size, struct module *mod, u8 *buf,
		const char **why)
{
	struct bpf_kfunc_copy_src src = {
		.mod = mod, .text = s->addr, .size = s->size, .ret_size = ret_size,
	};

	*why = NULL;
	asked_start = asked_end = NULL;
	memset(buf, 0, BPF_KFUNC_BODY_MAX_NATIVE);
	return bpf_arch_kfunc_copy(&src, buf, why);
}

static u32 word(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static void test_case(const struct tcase *c, const char *sym, int variant)
{
	const char *expect = c->expect[variant];
	static const u32 moves[9] = {
		[1] = 0x12001c07,	/* and w7, w0, #0xff */
		[2] = 0x12003c07,	/* and w7, w0, #0xffff */
		[4] = 0x2a0003e7,	/* mov w7, w0 */
		[8] = 0xaa0003e7,	/* mov x7, x0 */
	};
	const struct ksym *s = find(sym);
	u8 buf[BPF_KFUNC_BODY_MAX_NATIVE];
	char name[96], what[256];
	const char *why;
	int len, bad;

	snprintf(name, sizeof(name), "copy.%s", sym);
	len = copy(s, c->ret_size, &test_mod, buf, &why);
	if (expect) {
		report(name, len == -EOPNOTSUPP && why && !strcmp(why, expect),
		       "expected \"%s\", got %d \"%s\"", expect, len, why ? why : "");
		return;
	}
	if (len < 0) {
		report(name, false, "declined: %d \"%s\"", len, why ? why : "");
		return;
	}
	report(name, len > 0 && len <= BPF_KFUNC_BODY_MAX_NATIVE && len % 4 == 0 &&
	       (!c->ret_size || word(buf + len - 4) == moves[c->ret_size]) &&
	       asked_start == s->addr && asked_end == (const u8 *)s->addr + s->size,
	       "%d bytes", len);
	snprintf(name, sizeof(name), "run.%s", sym);
	what[0] = 0;
	bad = compare(s->addr, buf, len, c, what, sizeof(what));
	report(name, !bad, "%d of %d inputs differ%s%s", bad, ITERS,
	       bad ? ": " : "", what);
}

/* controls: broken copies the run must notice */
static void test_controls(void)
{
	const struct tcase rol = { "rol64", 8, "xn", ACC };
	const struct tcase add8 = { "add8", 1, "xx", ACC };
	const struct tcase copy16 = { "copy16", 0, "pp", ACC };
	/* void, against h_target (a ret): only the registers can differ */
	const struct tcase none = { "h_target", 0, "x", ACC };
	u8 buf[BPF_KFUNC_BODY_MAX_NATIVE];
	const struct ksym *s;
	const char *why;
	char what[256];
	int len;

	/* the result taken from x1 */
	s = find("a_rol64");
	len = copy(s, 8, &test_mod, buf, &why);
	if (len > 0) {
		u32 w = 0xaa0103e7;	/* mov x7, x1 */

		memcpy(buf + len - 4, &w, 4);
	}
	report("control.result", len > 0 && compare(s->addr, buf, len, &rol, what, sizeof(what)),
	       "a wrong result move must be noticed");

	/* 64 bits moved where 8 are the result */
	s = find("a_add8");
	len = copy(s, 1, &test_mod, buf, &why);
	if (len > 0) {
		u32 w = 0xaa0003e7;	/* mov x7, x0 */

		memcpy(buf + len - 4, &w, 4);
	}
	report("control.zext", len > 0 && compare(s->addr, buf, len, &add8, what, sizeof(what)),
	       "a missing zero-extension must be noticed");

	/* the store left out */
	s = find("a_copy16");
	len = copy(s, 0, &test_mod, buf, &why);
	if (len > 0) {
		u32 w = 0xd503201f;	/* nop */

		memcpy(buf + len - 4, &w, 4);
	}
	report("control.memory", len > 0 && compare(s->addr, buf, len, &copy16, what, sizeof(what)),
	       "a missing store must be noticed");

	/* a callee-saved register written (mov x19, x0) */
	s = find("h_writes_x19");
	report("control.canary", compare(find("h_target")->addr, s->addr, 4, &none,
					 what, sizeof(what)),
	       "a write of x19 must be noticed");

	/* the stack pointer moved: ldp x0, x1, [sp], #16 */
	{
		u32 w = 0xa8c107e0;

		report("control.sp", compare(find("h_target")->addr, (u8 *)&w, 4, &none,
					     what, sizeof(what)),
		       "a change of sp must be noticed");
	}
}

static void test_interface(void)
{
	u8 buf[BPF_KFUNC_BODY_MAX_NATIVE];
	const struct ksym *s = find("a_rol64");
	const char *why;
	int len;

	len = copy(s, 8, NULL, buf, &why);
	report("copy.vmlinux", len == -EOPNOTSUPP && why && !strcmp(why, "vmlinux"),
	       "got %d \"%s\"", len, why ? why : "");
	len = copy(s, 3, &test_mod, buf, &why);
	report("copy.ret_size_3", len == -EOPNOTSUPP && why, "got %d \"%s\"", len,
	       why ? why : "");
	/* an alternative elsewhere in the module does not matter */
	len = copy(s, 8, &test_mod, buf, &why);
	report("copy.alternative_elsewhere", len > 0, "got %d \"%s\"", len, why ? why : "");
	/* void: no move */
	len = copy(find("a_select64"), 0, &test_mod, buf, &why);
	report("copy.void_no_move", len == 8, "got %d (cmp, csel)", len);
	report("setup.extable", __stop_test_extable - __start_test_extable == 2,
	       "%td entries", __stop_test_extable - __start_test_extable);
}

int main(void)
{
	const struct ksym *alt = find("h_alt");
	char sym[64];
	size_t i;
	int v;

	setvbuf(stdout, NULL, _IOLBF, 0);
	catch_faults();
	page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	/* h_alt's add is an alternative site */
	alt_start = alt->addr;
	alt_end = (const u8 *)alt->addr + 4;

	for (v = 0; v < 4; v++) {
		snprintf(sym, sizeof(sym), "%c_rol64", variants[v]);
		for (i = 0; i < sizeof(ksyms) / sizeof(ksyms[0]); i++)
			if (!strcmp(ksyms[i].name, sym))
				break;
		if (i == sizeof(ksyms) / sizeof(ksyms[0])) {
			/* mk/host.mk builds every variant: ksyms.h lost it */
			printf("TEST variant.%c FAIL %s is not in ksyms.h\n", variants[v], sym);
			failures++;
			continue;
		}
		for (i = 0; i < sizeof(kcases) / sizeof(kcases[0]); i++) {
			snprintf(sym, sizeof(sym), "%c_%s", variants[v], kcases[i].name);
			test_case(&kcases[i], sym, v);
		}
	}
	for (i = 0; i < sizeof(hcases) / sizeof(hcases[0]); i++)
		test_case(&hcases[i], hcases[i].name, 0);
	test_interface();
	test_controls();
	printf("%d failed\n", failures);
	return failures ? 1 : 0;
}
