// SPDX-License-Identifier: GPL-2.0
/*
 * User-space test of the series' arch/x86/net/bpf_kfunc_copy.c (patch 22),
 * built unchanged behind shim/ with the kernel's instruction decoder
 * (tools/arch/x86/lib/insn.c, inat.c).  Functions compiled with the x86-64
 * kernel's code generation flags (kfuncs.c, four builds) and hand-written
 * ones (hand.S) are copied or declined as the tables here say; each copy
 * runs from an executable buffer, behind a ret, on random inputs against
 * the original (trampoline.S), as the JIT would run it.  Controls break
 * copies on purpose to show each check can fail.
 *
 * Prints "TEST name PASS|FAIL [why]"; exits 1 on any failure.
 * Built twice: without and with CONFIG_MITIGATION_RETHUNK (BUILD_NAME).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/bpf_kfunc_body.h>
#include <linux/module.h>
#include <linux/moduleloader.h>
#include <linux/extable.h>

#include "kfuncs.h"
#include "run.h"

#ifndef BUILD_NAME
#define BUILD_NAME "plain"
#endif
#ifdef CONFIG_MITIGATION_RETHUNK
#define RETHUNK 1
#else
#define RETHUNK 0
#endif

#define ITERS		4000
#define MAXN		BPF_KFUNC_BODY_MAX_NATIVE
#define OUT_GUARD	16
#define JUMPS_OUT	"jumps out: more than one return or a tail call"
#define CSR		"uses a callee-saved register"
#define WCSR		"writes a callee-saved register"
#define MEM_CSR		"uses the stack or a callee-saved register"
#define ANY		"*"		/* any reason: the fix may word it */

/* ---- the kernel's side: thunks, exception table, alternatives ---- */

void __x86_return_thunk(void);
void other_return_thunk(void);
void third_thunk(void);
void __fentry__(void);

/* apply_returns() may point returns at another thunk: this one */
void (*x86_return_thunk)(void) = other_return_thunk;

struct exception_table_entry;
extern const uint64_t __start_test_extable[], __stop_test_extable[];

const struct exception_table_entry *search_exception_tables(unsigned long add)
{
	const uint64_t *e;

	for (e = __start_test_extable; e < __stop_test_extable; e++)
		if (*e == add)
			return (const void *)e;
	return NULL;
}

static const void *alt_query_start, *alt_query_end;

bool module_alternatives_in_text(const struct module *mod, const void *start,
				 const void *end)
{
	alt_query_start = start;
	alt_query_end = end;
	return mod->alt_start && (const char *)start < (const char *)mod->alt_end &&
	       (const char *)mod->alt_start < (const char *)end;
}

/* ---- kallsyms: every text symbol of kfuncs_*.o and hand.o ---- */

#define KSYM(n, s) extern const uint8_t n[];
#include "ksyms.h"
#undef KSYM

struct ksym {
	const char *name;
	const uint8_t *addr;
	uint32_t size;
};

static const struct ksym ksyms[] = {
#define KSYM(n, s) { #n, n, s },
#include "ksyms.h"
#undef KSYM
};

static const struct ksym *ksym(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(ksyms) / sizeof(ksyms[0]); i++)
		if (!strcmp(ksyms[i].name, name))
			return &ksyms[i];
	return NULL;
}

extern const uint64_t hand_alts[3][2];
extern const uint64_t __start___mcount_loc[], __stop___mcount_loc[];

/* ---- reporting ---- */

static int failures;

static void test(const char *name, bool pass, const char *fmt, ...)
{
	va_list ap;

	printf("TEST %s.%s %s", BUILD_NAME, name, pass ? "PASS" : "FAIL");
	if (fmt && *fmt) {
		putchar(' ');
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	putchar('\n');
	if (!pass)
		failures++;
}

/* ---- random inputs ---- */

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static uint64_t rnd_value(void)
{
	static const uint64_t special[] = {
		0, 1, ~0ULL, 0x80000000, 0xffffffff, 0x100000000ULL,
		1ULL << 63, 0x7fffffffffffffffULL, 0xff, 0x8000, 2, 64,
	};
	uint64_t r = rnd();

	switch (r & 7) {
	case 0:
		return special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
	case 1:
		return (r >> 8) & 0xff;
	case 2:
		return 1ULL << ((r >> 8) & 63);
	}
	return rnd();
}

/* ---- running code: the original in place, a copy behind a ret ---- */

static uint8_t *xbuf;

static const uint8_t *install(const uint8_t *code, int len)
{
	memset(xbuf, 0xcc, 4096);
	memcpy(xbuf, code, len);
	xbuf[len] = 0xc3;			/* the ret the test adds */
	return xbuf;
}

#define ARENA 128
#define ARENA_PTR 32

static const char *const reg_names[] = { "rbx", "rbp", "r12", "r13", "r14", "r15" };
static const uint64_t canaries[] = {
	CANARY_RBX, CANARY_RBP, CANARY_R12, CANARY_R13, CANARY_R14, CANARY_R15,
};

/* what a run broke of the JIT's state, or NULL */
static const char *run_state(const struct run_io *io, char *msg, size_t n)
{
	int i;

	for (i = 0; i < 6; i++)
		if (io->saved[i] != canaries[i]) {
			snprintf(msg, n, "%s changed to %#llx", reg_names[i],
				 (unsigned long long)io->saved[i]);
			return msg;
		}
	if (io->rsp != io->rsp_want) {
		snprintf(msg, n, "rsp moved by %lld",
			 (long long)(io->rsp - io->rsp_want));
		return msg;
	}
	if (io->xmm) {
		snprintf(msg, n, "xmm%d changed: user SIMD state",
			 __builtin_ctzll(io->xmm));
		return msg;
	}
	if (io->guard) {
		snprintf(msg, n, "%llu stack qwords below the return address written",
			 (unsigned long long)io->guard);
		return msg;
	}
	return NULL;
}

static uint64_t ret_mask(int ret_size)
{
	return ret_size >= 8 ? ~0ULL : (1ULL << (8 * ret_size)) - 1;
}

/*
 * Run @copy against @orig on @iters random inputs as @args say (kfuncs.h);
 * 0, or -1 and the first difference in @msg.
 */
static int run_compare(const uint8_t *orig, const uint8_t *copy, int ret_size,
		       const char *args, int iters, char *msg, size_t n)
{
	uint8_t ao[2][ARENA], ac[2][ARENA];
	struct run_io io, io_o, io_c;
	char state[128];
	int it, i, np;

	for (it = 0; it < iters; it++) {
		memset(&io, 0, sizeof(io));
		for (i = 0; i < 2; i++) {
			for (np = 0; np < ARENA; np++)
				ao[i][np] = rnd();
			memcpy(ac[i], ao[i], ARENA);
		}
		for (i = 5; i < 9; i++)		/* r9, r10, r11, rax: garbage */
			io.in[i] = rnd();
		io_o = io;
		io_c = io;
		for (i = 0, np = 0; args[i]; i++) {
			uint64_t v = rnd_value();

			switch (args[i]) {
			case 'r':
				io_o.in[i] = io_c.in[i] = v;
				break;
			case 'b':		/* zero half the time */
				io_o.in[i] = io_c.in[i] = (rnd() & 1) ? v : 0;
				break;
			case 'c':
				io_o.in[i] = io_c.in[i] = (rnd() & ~0xffffffffULL) | (v % 72);
				break;
			case 'k':
				io_o.in[i] = io_c.in[i] = (rnd() & ~0xffffffffULL) | (v % 32);
				break;
			case 'o':
				io_o.in[i] = io_c.in[i] = v % 32;
				break;
			case 'p':
				io_o.in[i] = (uintptr_t)(ao[np] + ARENA_PTR);
				io_c.in[i] = (uintptr_t)(ac[np] + ARENA_PTR);
				np++;
				break;
			}
		}
		run_code(orig, &io_o);
		run_code(copy, &io_c);
		if (run_state(&io_c, state, sizeof(state))) {
			snprintf(msg, n, "the copy: %s (args %#llx %#llx %#llx)", state,
				 (unsigned long long)io_c.in[0],
				 (unsigned long long)io_c.in[1],
				 (unsigned long long)io_c.in[2]);
			return -1;
		}
		if (run_state(&io_o, state, sizeof(state))) {
			snprintf(msg, n, "the original: %s", state);
			return -1;
		}
		if (ret_size && io_c.rax != (io_o.rax & ret_mask(ret_size))) {
			snprintf(msg, n, "rax %#llx, want %#llx (size %d; args %#llx %#llx %#llx %#llx)",
				 (unsigned long long)io_c.rax,
				 (unsigned long long)(io_o.rax & ret_mask(ret_size)), ret_size,
				 (unsigned long long)io_c.in[0],
				 (unsigned long long)io_c.in[1],
				 (unsigned long long)io_c.in[2],
				 (unsigned long long)io_c.in[3]);
			return -1;
		}
		for (i = 0; i < 2; i++)
			if (memcmp(ao[i], ac[i], ARENA)) {
				snprintf(msg, n, "memory %d differs after the run", i);
				return -1;
			}
	}
	return 0;
}

/* ---- the shape of a copy, checked without the kernel's decoder ---- */

static int entry_skip(const uint8_t *t, uint32_t size)
{
	static const struct { int len; uint8_t b[5]; } nops[] = {
		{ 4, { 0xf3, 0x0f, 0x1e, 0xfa } },		/* endbr64 */
		{ 4, { 0x66, 0x0f, 0x1f, 0x00 } },		/* its poison */
		{ 5, { 0x0f, 0x1f, 0x44, 0x00, 0x00 } },	/* ftrace's nop */
		{ 1, { 0x90 } },
	};
	uint32_t k = 0;
	size_t i;

again:
	for (i = 0; i < sizeof(nops) / sizeof(nops[0]); i++)
		if (k + nops[i].len <= size && !memcmp(t + k, nops[i].b, nops[i].len)) {
			k += nops[i].len;
			goto again;
		}
	return k;
}

static int epilogue(int ret_size, const uint8_t **bytes)
{
	switch (ret_size) {
	case 1:
		*bytes = (const uint8_t *)"\x0f\xb6\xc0";	/* movzx eax, al */
		return 3;
	case 2:
		*bytes = (const uint8_t *)"\x0f\xb7\xc0";	/* movzx eax, ax */
		return 3;
	case 4:
		*bytes = (const uint8_t *)"\x89\xc0";		/* mov eax, eax */
		return 2;
	}
	*bytes = NULL;
	return 0;
}

static bool is_thunk(const uint8_t *p)
{
	const uint8_t *target;
	int32_t rel;

	memcpy(&rel, p + 1, 4);
	target = p + 5 + rel;
	return RETHUNK && p[0] == 0xe9 &&
	       (target == (const uint8_t *)__x86_return_thunk ||
		target == (const uint8_t *)x86_return_thunk);
}

/*
 * The copy is the text after the entry nops up to a return, then the
 * zero-extension; NULL or what is wrong.
 */
static const char *check_shape(const uint8_t *text, uint32_t size, const uint8_t *buf,
			       int len, int ret_size)
{
	const uint8_t *ep, *r;
	int k = entry_skip(text, size), el = epilogue(ret_size, &ep);
	int body = len - el;

	if (body < 0 || (uint32_t)(k + body) >= size)
		return "longer than the function";
	if (memcmp(buf, text + k, body))
		return "not the function's code after its entry";
	if (el && memcmp(buf + body, ep, el))
		return "the zero-extension is wrong";
	r = text + k + body;
	if (!(r[0] == 0xc3 || (r[0] == 0xf3 && r[1] == 0xc3) || is_thunk(r)))
		return "does not end at a return";
	if ((const uint8_t *)alt_query_start > text + k ||
	    (const uint8_t *)alt_query_end <= r)
		return "the alternatives asked about do not cover the copy";
	return NULL;
}

/* the first byte from @from on that the copier wrote, or -1 */
static int written_from(const uint8_t *buf, int from, int size)
{
	int i;

	for (i = from; i < size; i++)
		if (buf[i] != 0xa5)
			return i;
	return -1;
}

/* ---- one case: copy or decline, then run ---- */

enum {
	F_NOMOD = 1,		/* src->mod NULL: vmlinux */
	F_ALT0 = 2,		/* the module has hand_alts[0] applied */
	F_ALT1 = 4,
	F_ALT2 = 8,
	F_DEFECT = 16,		/* fails on the copier's current version */
};

struct xcase {
	const char *name;
	const char *sym;
	int ret_size;
	const char *args;	/* NULL: never run it */
	const char *why;	/* NULL: copied; ANY: declined for any reason */
	const char *why_rt;	/* the same with CONFIG_MITIGATION_RETHUNK */
	int size;		/* 0: kallsyms */
	int len;		/* 0: any */
	int flags;
};

/*
 * Check @c; 0 when it holds, else -1 and why in @msg.
 */
static int check_case(const struct xcase *c, char *msg, size_t n)
{
	static struct module mod = { .name = "test" };
	const char *want = RETHUNK ? c->why_rt : c->why, *why = NULL, *bad;
	struct bpf_kfunc_copy_src src;
	const struct ksym *k = ksym(c->sym);
	uint8_t buf[MAXN + OUT_GUARD];
	char rmsg[256];
	int ret, i;

	if (!k) {
		snprintf(msg, n, "no symbol %s", c->sym);
		return -1;
	}
	memset(buf, 0xa5, sizeof(buf));
	mod.alt_start = mod.alt_end = NULL;
	for (i = 0; i < 3; i++)
		if (c->flags & (F_ALT0 << i)) {
			mod.alt_start = (const void *)hand_alts[i][0];
			mod.alt_end = (const void *)hand_alts[i][1];
		}
	src.mod = (c->flags & F_NOMOD) ? NULL : &mod;
	src.text = k->addr;
	src.size = c->size ? c->size : k->size;
	src.ret_size = c->ret_size;
	alt_query_start = alt_query_end = NULL;
	ret = bpf_arch_kfunc_copy(&src, buf, &why);

	if (ret < 0) {
		/* it may use its BPF_KFUNC_BODY_MAX_NATIVE bytes, no more */
		if (written_from(buf, MAXN, sizeof(buf)) >= 0) {
			snprintf(msg, n, "declined (%s) but wrote past the buffer", why);
			return -1;
		}
		if (ret != -EOPNOTSUPP || !why) {
			snprintf(msg, n, "declined with %d, why %s", ret, why);
			return -1;
		}
		if (!want) {
			snprintf(msg, n, "declined: %s", why);
			return -1;
		}
		if (strcmp(want, ANY) && strcmp(want, why)) {
			snprintf(msg, n, "declined \"%s\", want \"%s\"", why, want);
			return -1;
		}
		snprintf(msg, n, "declined: %s", why);
		return 0;
	}

	if (ret > 0 && written_from(buf, ret, sizeof(buf)) >= 0) {
		snprintf(msg, n, "wrote past its %d bytes", ret);
		return -1;
	}
	if (want) {
		/* show what the copy does */
		if (c->args && !run_compare(k->addr, install(buf, ret), c->ret_size,
					    c->args, 200, rmsg, sizeof(rmsg)))
			snprintf(rmsg, sizeof(rmsg), "runs like the original");
		else if (!c->args)
			snprintf(rmsg, sizeof(rmsg), "not run");
		snprintf(msg, n, "copied %d bytes, want declined \"%s\"; run: %s",
			 ret, want, rmsg);
		return -1;
	}
	if (ret > MAXN || ret <= 0) {
		snprintf(msg, n, "length %d", ret);
		return -1;
	}
	if (c->len && ret != c->len) {
		snprintf(msg, n, "copied %d bytes, want %d", ret, c->len);
		return -1;
	}
	bad = check_shape(k->addr, src.size, buf, ret, c->ret_size);
	if (bad) {
		snprintf(msg, n, "copy of %d bytes: %s", ret, bad);
		return -1;
	}
	if (c->args && run_compare(k->addr, install(buf, ret), c->ret_size, c->args,
				   ITERS, rmsg, sizeof(rmsg))) {
		snprintf(msg, n, "copy of %d bytes: %s", ret, rmsg);
		return -1;
	}
	snprintf(msg, n, "copied %d bytes%s", ret, c->args ? ", runs like the original" : "");
	return 0;
}

static void test_case(const char *prefix, const struct xcase *c)
{
	char name[128], msg[512];
	int err = check_case(c, msg, sizeof(msg));

	snprintf(name, sizeof(name), "%s%s", prefix, c->name);
	if (err && (c->flags & F_DEFECT))
		strncat(msg, " [copier defect]", sizeof(msg) - strlen(msg) - 1);
	test(name, !err, "%s", msg);
}

/* ---- the tables ---- */

#define H(sym, rs, args, why) { #sym, #sym, rs, args, why, why, 0, 0, 0 }
#define HT(sym, rs, args, why, why_rt) { #sym, #sym, rs, args, why, why_rt, 0, 0, 0 }
#define HX(name, sym, rs, args, why, size, len, flags) \
	{ name, #sym, rs, args, why, why, size, len, flags }

static const struct xcase hand_cases[] = {
	/* copied: results, zero-extended as ret_size says */
	HX("h_ret_u64", h_ret_u64, 8, "rr", NULL, 0, 4, 0),
	HX("h_ret_u32", h_ret_u32, 4, "rr", NULL, 0, 6, 0),
	HX("h_ret_u16", h_ret_u16, 2, "rr", NULL, 0, 7, 0),
	HX("h_ret_u8", h_ret_u8, 1, "rr", NULL, 0, 7, 0),
	HX("h_void", h_void, 0, "rr", NULL, 0, 3, 0),
	H(h_lea_disp, 8, "rr", NULL),
	/* entry nops, returns, jumps */
	HX("h_endbr", h_endbr, 8, "rr", NULL, 0, 4, 0),
	HX("h_sealed_endbr", h_sealed_endbr, 8, "rr", NULL, 0, 4, 0),
	HX("h_endbr_nop5", h_endbr_nop5, 4, "rr", NULL, 0, 6, 0),
	HT(h_thunk, 4, "rr", JUMPS_OUT, NULL),
	HT(h_thunk_other, 8, "rr", JUMPS_OUT, NULL),
	H(h_thunk_unknown, 8, "rr", JUMPS_OUT),
	H(h_rep_ret, 4, "rr", NULL),
	H(h_jmp_to_ret, 4, "rb", NULL),
	H(h_jcc_back, 8, "rr", NULL),
	H(h_jmp32_fwd, 2, "rb", NULL),
	H(h_nops_mid, 8, "rr", NULL),
	H(h_nops_66_66, 8, "rr", NULL),
	HX("h_exact64", h_exact64, 8, "r", NULL, 0, 64, 0),
	HX("h_exact64_u32", h_exact64, 4, NULL, "too long", 0, 0, 0),
	HX("h_long65", h_long65, 8, NULL, "too long", 0, 0, 0),
	HX("h_exact62_u32", h_exact62, 4, "r", NULL, 0, 64, 0),
	HX("h_exact62_u8", h_exact62, 1, NULL, "too long", 0, 0, 0),
	H(h_div, 8, "rr", NULL),
	H(h_r8_r11, 8, "rrrrr", NULL),
	H(h_mem_sib, 0, "por", NULL),
	H(h_mem_rmw, 8, "po", NULL),
	/* 8-bit registers that are not callee-saved */
	H(h_xchg_ah_al, 8, "r", NULL),
	H(h_movzx_ah, 4, "r", NULL),
	H(h_mov_al_dh, 8, "rr", NULL),
	H(h_movsx_ch, 4, "r", NULL),
	H(h_crc32_ah, 4, "r", NULL),
	H(h_sete_ah, 8, "rb", NULL),
	H(h_mov_sil, 8, "rr", NULL),
	H(h_mov_imm_ah, 8, "r", NULL),
	H(h_shl_dh, 8, "r", NULL),
	/* BMI, LZCNT, POPCNT, MOVBE, CRC32 */
	H(h_andn, 8, "rr", NULL),
	H(h_andn_r8_r11, 8, "", NULL),
	H(h_bextr, 8, "rr", NULL),
	H(h_bzhi, 8, "rr", NULL),
	H(h_pdep, 8, "rr", NULL),
	H(h_pext, 8, "rr", NULL),
	H(h_blsi, 8, "r", NULL),
	H(h_blsmsk, 8, "r", NULL),
	H(h_shlx_sarx, 8, "rrr", NULL),
	H(h_rorx, 8, "r", NULL),
	H(h_mulx, 8, "rr", NULL),
	H(h_lzcnt_tzcnt, 8, "rr", NULL),
	H(h_popcnt, 8, "r", NULL),
	H(h_movbe_load, 8, "po", NULL),
	H(h_movbe_store16, 0, "por", NULL),
	H(h_crc32q, 4, "rr", NULL),
	/* declined: stack, calls, branches */
	H(h_push_rbx, 8, NULL, "uses the stack"),
	H(h_push_rax, 8, NULL, "uses the stack"),
	H(h_push_mem, 8, NULL, "uses the stack"),	/* ff /6: push */
	H(h_jmp_over_push, 8, NULL, "uses the stack"),
	H(h_call, 8, NULL, "calls"),
	H(h_call_ind, 8, NULL, "calls"),
	H(h_call_mem, 8, NULL, "calls"),
	H(h_jmp_ind, 8, NULL, "indirect branch"),
	H(h_jmp_mem, 8, NULL, "indirect branch"),
	H(h_ret_imm, 8, NULL, "unknown instruction"),
	H(h_leave, 8, NULL, "unknown instruction"),
	H(h_enter, 8, NULL, "unknown instruction"),
	/* declined: addresses */
	H(h_rip_lea, 8, NULL, "pc-relative"),
	H(h_rip_load, 8, NULL, "pc-relative"),
	H(h_rip_rex_b, 8, NULL, "pc-relative"),
	H(h_rip_prefetch, 0, NULL, "pc-relative"),
	H(h_abs, 8, NULL, "absolute address"),
	H(h_abs_rex_b, 8, NULL, "absolute address"),
	H(h_abs_index, 8, NULL, "absolute address"),
	H(h_moffs, 8, NULL, "unknown instruction"),
	/* declined: prefixes */
	H(h_lock, 0, NULL, "prefix"),
	H(h_gs, 8, NULL, "prefix"),
	H(h_fs_rdi, 8, NULL, "prefix"),
	H(h_addr32, 8, NULL, "prefix"),
	H(h_jcc_66, 8, NULL, "prefix"),
	H(h_jcc_cs, 8, NULL, "prefix"),
	H(h_rep_66, 8, NULL, "prefix"),
	H(h_f3_f2, 8, NULL, "prefix"),
	/* declined: unknown instructions */
	H(h_int3, 8, NULL, "unknown instruction"),
	H(h_ud2, 8, NULL, "unknown instruction"),
	H(h_f3_movbe, 8, NULL, "unknown instruction"),
	H(h_f2_popcnt, 8, NULL, "unknown instruction"),
	H(h_f2_bsf, 8, NULL, "unknown instruction"),
	H(h_syscall, 8, NULL, "unknown instruction"),
	H(h_cpuid, 8, NULL, "unknown instruction"),
	H(h_pause, 8, NULL, "unknown instruction"),
	H(h_xchg_mem, 8, NULL, "unknown instruction"),
	H(h_cmpxchg, 8, NULL, "unknown instruction"),
	H(h_xchg_r8, 8, NULL, "unknown instruction"),
	H(h_movs, 8, NULL, "unknown instruction"),
	H(h_evex, 8, NULL, "undecodable instruction"),
	H(h_vex_l1, 8, NULL, "unknown instruction"),
	H(h_vpxor, 8, NULL, "unknown instruction"),
	/* declined: jumps out, returns, sizes */
	H(h_jmp_past, 8, NULL, JUMPS_OUT),
	H(h_jmp_back, 8, NULL, JUMPS_OUT),
	H(h_tail, 8, NULL, JUMPS_OUT),
	H(h_jcc_tail, 8, NULL, JUMPS_OUT),
	H(h_noret, 8, NULL, "no return"),
	HX("h_truncated", h_ret_u64, 8, NULL, "undecodable instruction", 2, 0, 0),
	HX("h_not_in_module", h_ret_u64, 8, NULL, "not in a module", 0, 0, F_NOMOD),
	/* declined: callee-saved registers in every operand form */
	H(h_reg_rbx, 8, NULL, CSR),
	H(h_reg_r12, 8, NULL, CSR),
	H(h_reg_rbp, 8, NULL, CSR),
	H(h_rm_rbx, 8, NULL, CSR),
	H(h_rm_r13, 8, NULL, CSR),
	H(h_rm_r15_group, 8, NULL, CSR),
	H(h_rm_rsp, 8, NULL, CSR),
	H(h_rm_r14_read, 8, NULL, CSR),
	H(h_embed_r12d, 8, NULL, WCSR),
	H(h_embed_bswap_rbx, 8, NULL, WCSR),
	H(h_embed_bswap_r15, 8, NULL, WCSR),
	H(h_embed_bh, 8, NULL, WCSR),
	H(h_embed_spl, 8, NULL, WCSR),
	H(h_embed_r14b, 8, NULL, WCSR),
	H(h_embed_rbp64, 8, NULL, WCSR),
	H(h_vex_vvvv_rbx, 8, NULL, CSR),
	H(h_vex_blsr_rbx, 8, NULL, CSR),
	H(h_vex_reg_r12, 8, NULL, CSR),
	H(h_vex_rm_r13, 8, NULL, CSR),
	H(h_vex_shrx_r15, 8, NULL, CSR),
	H(h_vex_mulx_r14, 8, NULL, CSR),
	H(h_vex_rorx_rbp, 8, NULL, CSR),
	H(h_base_rbp, 8, NULL, MEM_CSR),
	H(h_base_rsp, 8, NULL, MEM_CSR),
	H(h_base_r13, 8, NULL, MEM_CSR),
	H(h_base_r12, 8, NULL, MEM_CSR),
	H(h_index_rbp, 8, NULL, MEM_CSR),
	H(h_index_r12, 8, NULL, MEM_CSR),
	H(h_index_rbx, 8, NULL, MEM_CSR),
	H(h_store_rbx, 8, NULL, MEM_CSR),
	H(h_prefetch_rsp, 0, NULL, MEM_CSR),
	/* declined: 8-bit operands naming callee-saved registers */
	H(h_movzx_ebp_al, 8, NULL, CSR),
	H(h_movzx_eax_bh, 8, NULL, CSR),
	H(h_movzx_eax_spl, 8, NULL, CSR),
	H(h_movsx_r12_al, 8, NULL, CSR),
	H(h_movzx_ebx_mem, 8, NULL, CSR),
	H(h_movzw_ebp, 8, NULL, CSR),
	H(h_mov_bh_al, 8, NULL, CSR),
	H(h_mov_al_bh, 8, NULL, CSR),
	H(h_mov_bpl, 8, NULL, CSR),
	H(h_test_bh, 8, NULL, CSR),
	H(h_shl_bh, 8, NULL, CSR),
	H(h_sete_bh, 8, NULL, CSR),
	H(h_crc32_bh, 8, NULL, CSR),
	H(h_crc32_ebp, 8, NULL, CSR),
	H(h_xchg_bh, 8, NULL, CSR),
	H(h_add_r12b, 8, NULL, CSR),
	/* exception table, alternatives */
	H(h_extable, 8, NULL, "exception table entry"),
	H(h_extable_after, 8, "p", NULL),
	HX("h_alt_inside", h_alt, 8, NULL, "alternatives", 0, 0, F_ALT0),
	HX("h_alt_on_ret", h_alt, 8, NULL, "alternatives", 0, 0, F_ALT1),
	HX("h_alt_after_ret", h_alt, 8, "rr", NULL, 0, 6, F_ALT2),
	/* should be declined: the copier's defects */
	HX("h_sse_pxor", h_sse_pxor, 8, "r", ANY, 0, 0, F_DEFECT),
	HX("h_sse_store_rsp", h_sse_store_rsp, 0, NULL, ANY, 0, 0, F_DEFECT),
	HX("h_sse_store_rbp", h_sse_store_rbp, 0, NULL, ANY, 0, 0, F_DEFECT),
	HX("h_mmx_rip", h_mmx_rip, 0, NULL, ANY, 0, 0, F_DEFECT),
	HX("h_ud0", h_ud0, 0, NULL, ANY, 0, 0, F_DEFECT),
	HX("h_jmp_mid", h_jmp_mid, 8, "r", ANY, 0, 0, F_DEFECT),
};

/*
 * The compiled kfuncs: VARIANT_a plain, _b as Debian's kernel (IBT, return
 * thunks, SLS, call padding, ftrace), _c -Os without endbr with 3 nops at
 * the entry, _d with BMI, BMI2, LZCNT, MOVBE.
 */
struct kfunc {
	const char *name;
	int ret_size;
	const char *args;
};

static const struct kfunc kfuncs[] = {
#define X(n, rs, a) { #n, rs, a },
	KFUNCS(X)
#undef X
};

static const char variants[] = "abcd";

/* what the copier must say of @v's @f; @patched: its fentry call a nop */
static const char *kfunc_want(char v, const struct kfunc *f, bool patched)
{
	if (v == 'b' && !patched)
		return "calls";			/* call __fentry__ */
	/* two returns: if (...) return 0; ... return x */
	if (!strcmp(f->name, "bextr64"))
		return JUMPS_OUT;
	/*
	 * gcc 12 with -pg -mfentry aligns the stack around the 128-bit
	 * multiply: sub $8, %rsp; mul; add $8, %rsp.
	 */
	if (v == 'b' && (!strcmp(f->name, "mulhi64") || !strcmp(f->name, "smulhi64") ||
			 !strcmp(f->name, "mulfold64")))
		return CSR;
	if (v == 'b' && !RETHUNK)
		return JUMPS_OUT;		/* jmp __x86_return_thunk */
	return NULL;
}

static void test_kfuncs(bool patched)
{
	char sym[64], msg[512];
	int declined = 0, total = 0, bad = 0;
	const char *first_bad = NULL;
	static char first_msg[512];
	size_t i;
	const char *v;

	for (v = variants; *v; v++) {
		if (!patched && *v != 'b')
			continue;
		for (i = 0; i < sizeof(kfuncs) / sizeof(kfuncs[0]); i++) {
			const struct kfunc *f = &kfuncs[i];
			const char *want = kfunc_want(*v, f, patched);
			struct xcase c = {
				.name = f->name, .sym = sym, .ret_size = f->ret_size,
				.args = f->args, .why = want, .why_rt = want,
			};
			char prefix[16];

			snprintf(sym, sizeof(sym), "%c_%s", *v, f->name);
			if (patched) {
				snprintf(prefix, sizeof(prefix), "kfunc.%c.", *v);
				test_case(prefix, &c);
				continue;
			}
			/* before ftrace's patching: one line for them all */
			total++;
			if (check_case(&c, msg, sizeof(msg))) {
				if (!bad++) {
					first_bad = f->name;
					snprintf(first_msg, sizeof(first_msg), "%s", msg);
				}
			} else {
				declined++;
			}
		}
	}
	if (!patched)
		test("kfunc.b.fentry-call", !bad && total,
		     bad ? "%d of %d wrong, first %s: %s" : "%d of %d declined: calls",
		     bad ? bad : declined, total, first_bad, first_msg);
}

/* ftrace: make each recorded fentry call a 5-byte nop (x86_nops[5]) */
static void patch_fentry(void)
{
	static const uint8_t nop5[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	const uint64_t *e;
	long pg = sysconf(_SC_PAGESIZE);
	int n = 0, bad = 0;

	for (e = __start___mcount_loc; e < __stop___mcount_loc; e++) {
		uint8_t *p = (uint8_t *)*e;
		uintptr_t page = (uintptr_t)p & ~(pg - 1);
		int32_t rel;

		memcpy(&rel, p + 1, 4);
		if (p[0] != 0xe8 || p + 5 + rel != (uint8_t *)__fentry__) {
			bad++;
			continue;
		}
		if (mprotect((void *)page, 2 * pg, PROT_READ | PROT_WRITE | PROT_EXEC)) {
			bad++;
			continue;
		}
		memcpy(p, nop5, sizeof(nop5));
		mprotect((void *)page, 2 * pg, PROT_READ | PROT_EXEC);
		n++;
	}
	test("fentry.patch", !bad && n, "%d calls of __fentry__ made nops, %d not", n, bad);
}

/* ---- controls: break what is checked, see the check fail ---- */

static int copy_of(const char *sym, int ret_size, uint8_t *buf)
{
	static struct module mod = { .name = "test" };
	struct bpf_kfunc_copy_src src = {
		.mod = &mod, .text = ksym(sym)->addr, .size = ksym(sym)->size,
		.ret_size = ret_size,
	};
	const char *why;

	return bpf_arch_kfunc_copy(&src, buf, &why);
}

static void control_run(const char *name, const char *sym, const char *orig_sym,
			int ret_size, const char *args, const uint8_t *add, int add_len,
			int drop, int flip_at)
{
	uint8_t buf[MAXN + 32];
	char msg[256];
	int len = copy_of(sym, ret_size, buf);

	if (len <= 0) {
		test(name, false, "%s not copied", sym);
		return;
	}
	if (run_compare(ksym(sym)->addr, install(buf, len), ret_size, args,
			ITERS, msg, sizeof(msg))) {
		test(name, false, "unbroken copy fails: %s", msg);
		return;
	}
	len -= drop;
	if (flip_at >= 0)
		buf[flip_at] ^= 0x40;
	memcpy(buf + len, add, add_len);
	len += add_len;
	if (!run_compare(ksym(orig_sym)->addr, install(buf, len), ret_size, args,
			 ITERS, msg, sizeof(msg))) {
		test(name, false, "the broken copy passed");
		return;
	}
	test(name, true, "noticed: %s", msg);
}

static void controls(void)
{
	static const struct { const char *reg; uint8_t b[3]; int n; } clobber[] = {
		{ "rbx", { 0x31, 0xdb }, 2 }, { "rbp", { 0x31, 0xed }, 2 },
		{ "r12", { 0x45, 0x31, 0xe4 }, 3 }, { "r13", { 0x45, 0x31, 0xed }, 3 },
		{ "r14", { 0x45, 0x31, 0xf6 }, 3 }, { "r15", { 0x45, 0x31, 0xff }, 3 },
	};
	/* pop %r11; push %rax; push %r11: returns with rsp 8 lower */
	static const uint8_t rsp_shift[] = { 0x41, 0x5b, 0x50, 0x41, 0x53 };
	/* pxor %xmm3, %xmm3 */
	static const uint8_t simd[] = { 0x66, 0x0f, 0xef, 0xdb };
	/* movq $0, -64(%rsp) */
	static const uint8_t stack_write[] = { 0x48, 0xc7, 0x44, 0x24, 0xc0, 0, 0, 0, 0 };
	struct xcase wrong[] = {
		H(h_push_rbx, 8, NULL, NULL),		/* wants it copied */
		H(h_ret_u64, 8, NULL, "uses the stack"),	/* wants it declined */
		H(h_rip_lea, 8, NULL, "absolute address"),	/* another reason */
		HX("len", h_ret_u64, 8, NULL, NULL, 0, 5, 0),	/* another length */
	};
	uint8_t buf[MAXN + 32];
	char name[64], msg[512];
	int len, i, caught;

	control_run("control.drop-epilogue-u32", "h_ret_u32", "h_ret_u32", 4, "rr",
		    NULL, 0, 2, -1);
	control_run("control.drop-epilogue-u8", "h_ret_u8", "h_ret_u8", 1, "rr",
		    NULL, 0, 3, -1);
	control_run("control.drop-epilogue-is_pow2", "a_is_pow2", "a_is_pow2", 1, "r",
		    NULL, 0, 3, -1);
	/* lea 0x11(%rdi,%rsi,2), %rax: 48 8d 44 77 11, the disp at 4 */
	control_run("control.flip-byte", "h_lea_disp", "h_lea_disp", 8, "rr",
		    NULL, 0, 0, 4);
	for (i = 0; i < 6; i++) {
		snprintf(name, sizeof(name), "control.canary-%s", clobber[i].reg);
		control_run(name, "h_ret_u64", "h_ret_u64", 8, "rr", clobber[i].b,
			    clobber[i].n, 0, -1);
	}
	control_run("control.rsp", "h_ret_u64", "h_ret_u64", 8, "rr", rsp_shift,
		    sizeof(rsp_shift), 0, -1);
	control_run("control.stack-guard", "h_ret_u64", "h_ret_u64", 8, "rr",
		    stack_write, sizeof(stack_write), 0, -1);
	control_run("control.simd", "h_ret_u64", "h_ret_u64", 8, "rr", simd,
		    sizeof(simd), 0, -1);
	control_run("control.memory", "h_mem_sib", "h_mem_sib32", 0, "por",
		    NULL, 0, 0, -1);

	/* the shape check: a byte flipped, the epilogue for another size */
	len = copy_of("h_ret_u32", 4, buf);
	buf[1] ^= 1;
	caught = len > 0 && check_shape(ksym("h_ret_u32")->addr, ksym("h_ret_u32")->size,
					buf, len, 4) != NULL;
	len = copy_of("h_ret_u32", 4, buf);
	caught += len > 0 && check_shape(ksym("h_ret_u32")->addr, ksym("h_ret_u32")->size,
					 buf, len, 2) != NULL;
	len = copy_of("h_ret_u32", 4, buf);
	alt_query_end = ksym("h_ret_u32")->addr + 1;	/* asked about 1 byte */
	caught += len > 0 && check_shape(ksym("h_ret_u32")->addr, ksym("h_ret_u32")->size,
					 buf, len, 4) != NULL;
	test("control.shape", caught == 3, "%d of 3 broken copies noticed", caught);

	/* the buffer check: a byte written past the copy */
	memset(buf, 0xa5, sizeof(buf));
	len = copy_of("h_ret_u32", 4, buf);
	caught = written_from(buf, len, MAXN + OUT_GUARD) < 0;
	buf[MAXN + 3] = 0;
	caught += written_from(buf, len, MAXN + OUT_GUARD) == MAXN + 3;
	test("control.buffer", caught == 2, "%d of 2 noticed", caught);

	/* the table check: wrong expectations must fail */
	for (i = 0, caught = 0; i < (int)(sizeof(wrong) / sizeof(wrong[0])); i++)
		caught += check_case(&wrong[i], msg, sizeof(msg)) != 0;
	test("control.table", caught == 4, "%d of 4 wrong expectations noticed", caught);
}

/* ---- what the cases rely on ---- */
static void test_setup(void)
{
	test("setup.ksyms", sizeof(ksyms) / sizeof(ksyms[0]) > 100 &&
	     ksym("h_exact64")->size >= 65 && ksym("a_rol64"),
	     "%zu symbols", sizeof(ksyms) / sizeof(ksyms[0]));
	test("setup.cpu", __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
	     __builtin_cpu_supports("lzcnt") && __builtin_cpu_supports("popcnt") &&
	     __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("movbe"),
	     "bmi bmi2 lzcnt popcnt sse4.2(crc32) movbe, for running the copies");
	test("setup.extable", __stop_test_extable - __start_test_extable == 2,
	     "%td entries", __stop_test_extable - __start_test_extable);
}

int main(void)
{
	size_t i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	xbuf = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (xbuf == MAP_FAILED) {
		test("setup.mmap", false, "no executable buffer");
		return 1;
	}
	test_setup();
	for (i = 0; i < sizeof(hand_cases) / sizeof(hand_cases[0]); i++)
		test_case("hand.", &hand_cases[i]);
	test_kfuncs(false);
	patch_fentry();
	test_kfuncs(true);
	controls();
	printf("# %s: %d failed\n", BUILD_NAME, failures);
	return failures ? 1 : 0;
}
