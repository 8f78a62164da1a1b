// SPDX-License-Identifier: GPL-2.0
/*
 * The arm64 load_be and store_be emitters and the kernel's byte order.
 * BPF_TO_BE in the bodies, and get/put_unaligned_be*() in the C code,
 * swap bytes only on a little-endian CPU: on a big-endian kernel
 * (CONFIG_CPU_BIG_ENDIAN) the native code must be the load or store alone.
 * The host tier runs only on little-endian CPUs, so the full comparison
 * (host_test.c) covers the little-endian build; this one is built twice,
 * with and without CONFIG_CPU_BIG_ENDIAN, and checks the code each build
 * emits:
 *   - its words: a load, the load of the right size into dst from [src,
 *     off] (or [src, scratch]), then one rev16/rev of dst; a store, one
 *     rev16/rev of v into a scratch register, then the store of that
 *     register of the right size to [p, off] (or [p, scratch]); big-endian,
 *     no REV/REV16/REV32 word at all, and a store of v itself;
 *   - what it does: run here, on a little-endian CPU, the little-endian
 *     build loads and stores big-endian; the big-endian build, with
 *     nothing that depends on byte order but the load or store, must use
 *     the CPU's order, which on a big-endian CPU is big-endian again.  A
 *     store writes its bytes and no others, and no register but scratch.
 *
 * prints "TEST host.<family>.<kfunc>.arm64-<order>-code PASS|FAIL why"
 * lines; exits 1 on any failure.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../../module/emit.h"
#include "native.h"

#define BIG	IS_ENABLED(CONFIG_CPU_BIG_ENDIAN)
#define ORDER	(BIG ? "big" : "little")

/* the REV family (data-processing, one source), register fields masked */
#define REV_FIELDS	0x3ffU
static const u32 rev_words[] = {
	0x5ac00400,	/* rev16 w */
	0x5ac00800,	/* rev w */
	0xdac00400,	/* rev16 x */
	0xdac00800,	/* rev32 x */
	0xdac00c00,	/* rev x */
};

/*
 * loads (V = 0, opc = 01) and stores (opc = 00): unsigned scaled
 * immediate, or register offset
 */
#define LS_IMM_MASK	0x3fc00000U
#define LDR_IMM		0x39400000U
#define STR_IMM		0x39000000U
#define LS_REG_MASK	0x3fe00c00U
#define LDR_REG		0x38600800U
#define STR_REG		0x38200800U

struct op {
	const char *family, *name;
	int (*emit)(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes);
	u32 bytes;
	bool store;
	u32 rev;	/* the rev a little-endian kernel needs, register fields 0 */
};

static const struct op ops[] = {
	{ "load_be", "load_be16", insn_emit_load_be, 2, false, 0x5ac00400 },
	{ "load_be", "load_be32", insn_emit_load_be, 4, false, 0x5ac00800 },
	{ "load_be", "load_be64", insn_emit_load_be, 8, false, 0xdac00c00 },
	{ "store_be", "store_be16", insn_emit_store_be, 2, true, 0x5ac00400 },
	{ "store_be", "store_be32", insn_emit_store_be, 4, true, 0x5ac00800 },
	{ "store_be", "store_be64", insn_emit_store_be, 8, true, 0xdac00c00 },
};

/* scaled immediate; misaligned (register offset); at the edges of both */
static const u32 offs[] = { 0, 1, 8, 40, 4095, 4096, 8190, 16376, 32760, 65528, 65535 };

/* one TEST line: the first failure's story, and how many emits failed */
struct verdict {
	unsigned long runs, fails;
	bool bad;	/* this emit failed */
	char why[300];
};

static void fail(struct verdict *v, const char *fmt, ...)
{
	va_list ap;

	if (!v->fails && !v->bad) {
		va_start(ap, fmt);
		vsnprintf(v->why, sizeof(v->why), fmt, ap);
		va_end(ap);
	}
	v->bad = true;
}

static u32 word(const u8 *code, int i)
{
	return code[4 * i] | code[4 * i + 1] << 8 | code[4 * i + 2] << 16 |
	       (u32)code[4 * i + 3] << 24;
}

static bool is_rev(u32 w)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rev_words); i++)
		if ((w & ~REV_FIELDS) == rev_words[i])
			return true;
	return false;
}

static bool is_access(const struct op *op, u32 w)
{
	return (w & LS_IMM_MASK) == (op->store ? STR_IMM : LDR_IMM) ||
	       (w & LS_REG_MASK) == (op->store ? STR_REG : LDR_REG);
}

/*
 * the emitted words for one offset: what each build must emit.  The
 * access's register: a load's dst; a store's v, or big-endian the scratch
 * register the rev wrote.  Its base: a load's src, a store's p.
 */
static void check_words(const struct op *op, const struct bpf_kfunc_emit *e,
			const u8 *code, int len, struct verdict *v)
{
	int i, n = len / 4, nacc = 0, at = -1;
	u32 w, size = op->bytes == 2 ? 1 : op->bytes == 4 ? 2 : 3;
	u8 rt = op->store ? (BIG ? e->arg[2] : e->scratch[0]) : e->dst;
	const char *what = op->store ? "str" : "ldr";

	for (i = 0; i < n; i++) {
		w = word(code, i);
		if (is_access(op, w)) {
			nacc++;
			at = i;
		}
		if (BIG && is_rev(w))
			fail(v, "off %u: word %d is %#010x, a rev", e->imm[1], i, w);
	}
	if (nacc != 1) {
		fail(v, "off %u: %d %ss in %d words", e->imm[1], nacc, what, n);
		return;
	}
	w = word(code, at);
	if (w >> 30 != size || (w & 0x1f) != rt || (w >> 5 & 0x1f) != e->arg[0])
		fail(v, "off %u: %#010x is not %s%s of %u bytes of x%u at [x%u]",
		     e->imm[1], w, what, op->bytes == 2 ? "h" : "", op->bytes, rt, e->arg[0]);
	if (BIG)
		return;
	/* little-endian: a load, then the swap of dst, the last word */
	if (!op->store && (at != n - 2 ||
			   word(code, n - 1) != (op->rev | e->dst << 5 | e->dst)))
		fail(v, "off %u: no rev of x%u after the load (%d words, load at %d)",
		     e->imm[1], e->dst, n, at);
	/* a store: first the swap of v into the scratch register */
	if (op->store && (at != n - 1 ||
			  word(code, 0) != (op->rev | e->arg[2] << 5 | rt)))
		fail(v, "off %u: no rev of x%u into x%u before the store (%d words, store at %d)",
		     e->imm[1], e->arg[2], rt, n, at);
}

/*
 * run it, here on a little-endian CPU: the little-endian build must load
 * or store the big-endian value, the big-endian build (no swap) this CPU's
 * order
 */
static void check_run(const struct op *op, const struct bpf_kfunc_emit *e,
		      const u8 *code, int len, struct verdict *v)
{
	static u8 mem[64], want_mem[64];
	u64 in[32], out[32], want = 0, val;
	char err[100];
	u32 i, at = 16;
	int r;

	for (i = 0; i < sizeof(mem); i++)
		mem[i] = 0x81 + 0x3b * i;	/* high bits set: a sign would show */
	for (i = 0; i < 31; i++)
		in[i] = 0x5a5a5a5a5a5a5a5aULL * (i + 1);
	in[e->arg[0]] = (u64)mem + at - e->imm[1];
	/* a store's v: the pointer itself where they share a register */
	val = in[e->arg[2]];
	memcpy(want_mem, mem, sizeof(mem));
	for (i = 0; i < op->bytes; i++) {
		u32 shift = 8 * (BIG ? i : op->bytes - 1 - i);

		want |= (u64)mem[at + i] << shift;
		want_mem[at + i] = val >> shift;
	}
	if (native_run(code, len, in, out, err, sizeof(err))) {
		fail(v, "off %u: %s", e->imm[1], err);
		return;
	}
	if (!op->store) {
		if (out[e->dst] != want)
			fail(v, "off %u: x%u = %#llx, want %#llx", e->imm[1], e->dst,
			     out[e->dst], want);
		return;
	}
	if (memcmp(mem, want_mem, sizeof(mem)))
		fail(v, "off %u: memory differs after storing %#llx", e->imm[1], val);
	for (r = 0; r < native_arch.nregs; r++)
		if (native_arch.preserved(r) && r != e->scratch[0] &&
		    r != e->scratch[1] && out[r] != in[r])
			fail(v, "off %u: clobbered x%d", e->imm[1], r);
}

int main(void)
{
	/* load: dst, src; store: p, v */
	static const u8 regs[][2] = { { 0, 1 }, { 7, 7 }, { 19, 3 } };
	unsigned long failed = 0;
	size_t i, j, r;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (native_init()) {
		perror("arm64_endian: mmap of executable memory");
		return 1;
	}
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		const struct op *op = &ops[i];
		struct verdict v = { 0 };

		for (j = 0; j < ARRAY_SIZE(offs); j++)
			for (r = 0; r < ARRAY_SIZE(regs); r++) {
				struct bpf_kfunc_emit e = {
					.dst = op->store ? 8 : regs[r][0],
					.arg = { op->store ? regs[r][0] : regs[r][1], 0,
						 regs[r][1] },
					.imm = { 0, offs[j] },
					.const_mask = 1 << 1,
					.scratch = { native_arch.scratch[0],
						     native_arch.scratch[1] },
				};
				u8 code[256];
				int len;

				v.runs++;
				v.bad = false;
				len = op->emit(&e, code, op->bytes);
				if (len <= 0 || len % 4 || len > 64) {
					fail(&v, "off %u: emitter returned %d", offs[j], len);
				} else {
					check_words(op, &e, code, len, &v);
					check_run(op, &e, code, len, &v);
				}
				v.fails += v.bad;
			}
		printf("TEST host.%s.%s.arm64-%s-code ", op->family, op->name, ORDER);
		if (v.fails) {
			failed++;
			printf("FAIL %lu of %lu emits, first: %s\n", v.fails,
			       v.runs, v.why);
		} else {
			printf("PASS %lu emits: %s%s of %u bytes%s\n", v.runs,
			       op->store ? "str" : "ldr", op->bytes == 2 ? "h" : "",
			       op->bytes, BIG ? ", no rev (CONFIG_CPU_BIG_ENDIAN)" :
			       op->store ? ", after rev" : ", then rev");
		}
	}
	return failed ? 1 : 0;
}
