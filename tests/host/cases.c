// SPDX-License-Identifier: GPL-2.0
/*
 * One test case per kfunc that has a body: how to call its C code, which
 * constants to try (every valid one where they are few, and the edges past
 * them) and which inputs (edge values first, then random).
 */
#include <endian.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asm/cpufeature.h>

#include "host.h"
#include "kiter.h"

/* the module's kfuncs, as BPF programs see them (bpf/insn_kfuncs.h) */
u64 bpf_insn_rol64(u64 x, u32 n__k);
u64 bpf_insn_ror64(u64 x, u32 n__k);
u32 bpf_insn_rol32(u32 x, u32 n__k);
u32 bpf_insn_ror32(u32 x, u32 n__k);
u64 bpf_insn_select64(u64 cond, u64 a, u64 b);
u64 bpf_insn_bextr64(u64 x, u32 start__k, u32 len__k);
u64 bpf_insn_lea64(u64 base, u64 index, u32 shift__k, u32 disp__k);
u16 bpf_insn_load_be16(const void *p, u32 off__k);
u32 bpf_insn_load_be32(const void *p, u32 off__k);
u64 bpf_insn_load_be64(const void *p, u32 off__k);
void bpf_insn_prefetch(const void *p, u32 off__k);
void bpf_insn_copy16(void *dst, const void *src);

static const u64 edges[] = {
	0, 1, 2, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
	0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
	0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffffULL,
	0x8000000000000001ULL, 0xffffffff00000000ULL, 0x00000000ffff0000ULL,
	0x0123456789abcdefULL, 0xfedcba9876543210ULL,
	0x5555555555555555ULL, 0xaaaaaaaaaaaaaaaaULL,
};

u64 value(int n)
{
	if (n < (int)ARRAY_SIZE(edges))
		return edges[n];
	switch (rnd() % 4) {
	case 0:
		return rnd() & rnd() & rnd();			/* few bits set */
	case 1:
		return ~(rnd() & rnd() & rnd());		/* few bits clear */
	default:
		return rnd();
	}
}

static void random_mem(struct call *c)
{
	int i;

	for (i = 0; i < MEMSZ; i++)
		c->mem[i] = rnd();
}

/* a list of constants for argument 1, then random ones */
static bool const_list(const u32 *list, int n, int i, u32 *imm, int nrand)
{
	if (i < n)
		imm[1] = list[i];
	else if (i < n + nrand)
		imm[1] = rnd();
	else
		return false;
	return true;
}

/* rotate: every count below twice the width (counts wrap), and far past it */

static u64 c_rol64(const u64 *a) { return bpf_insn_rol64(a[0], a[1]); }
static u64 c_ror64(const u64 *a) { return bpf_insn_ror64(a[0], a[1]); }
static u64 c_rol32(const u64 *a) { return bpf_insn_rol32(a[0], a[1]); }
static u64 c_ror32(const u64 *a) { return bpf_insn_ror32(a[0], a[1]); }

static bool rot_consts(int i, u32 *imm, u32 width)
{
	static const u32 past[] = { 128, 129, 255, 256, 0x7fffffff, 0x80000000, 0xffffffff };

	if (i < (int)(2 * width)) {
		imm[1] = i;
		return true;
	}
	return const_list(past, ARRAY_SIZE(past), i - 2 * width, imm, 4);
}

static bool rot64_consts(int i, u32 *imm) { return rot_consts(i, imm, 64); }
static bool rot32_consts(int i, u32 *imm) { return rot_consts(i, imm, 32); }

static void rot_input(struct call *c, int n)
{
	c->a[0] = value(n);
}

/* select: conditions 0, 1, only the upper half set, random */

static u64 c_select64(const u64 *a) { return bpf_insn_select64(a[0], a[1], a[2]); }

static bool no_consts(int i, u32 *imm)
{
	(void)imm;
	return i == 0;
}

static void select_input(struct call *c, int n)
{
	static const u64 conds[] = { 0, 1, 0x100000000ULL, 0x8000000000000000ULL,
				     0x80000000, 0xffffffff00000000ULL };
	int k = n % (ARRAY_SIZE(conds) + 2);

	c->a[0] = k < (int)ARRAY_SIZE(conds) ? conds[k] : k & 1 ? value(n) : 0;
	c->a[1] = value(n);
	c->a[2] = value(n + 7);
}

/* bextr: every start < 64 with every 1 <= len <= 64 - start, then refused ones */

static u64 c_bextr64(const u64 *a) { return bpf_insn_bextr64(a[0], a[1], a[2]); }

static bool bextr_consts(int i, u32 *imm)
{
	static const u32 bad[][2] = {
		{ 0, 0 }, { 64, 1 }, { 63, 2 }, { 1, 64 }, { 0, 65 }, { 32, 33 },
		{ 100, 5 }, { 0xffffffff, 1 }, { 5, 0xffffffff }, { 64, 0 },
	};
	u32 start;

	for (start = 0; start < 64; start++) {
		if (i < (int)(64 - start)) {
			imm[1] = start;
			imm[2] = i + 1;
			return true;
		}
		i -= 64 - start;
	}
	if (i >= (int)ARRAY_SIZE(bad))
		return false;
	imm[1] = bad[i][0];
	imm[2] = bad[i][1];
	return true;
}

static void bextr_input(struct call *c, int n)
{
	c->a[0] = value(n);
}

/*
 * lea: every shift 0-3 with the displacements at each encoding's edge (x86
 * disp8/disp32, arm64 add/sub imm12, imm12 << 12 and movz/movn + movk),
 * random ones, then shifts the verifier refuses
 */

static u64 c_lea64(const u64 *a) { return bpf_insn_lea64(a[0], a[1], a[2], a[3]); }

static bool lea_consts(int i, u32 *imm)
{
	static const s32 disps[] = {
		0, 1, -1, 127, 128, -128, -129, 255, 256, 4095, 4096, -4095, -4096,
		4097, -4097, 0x7ff000, 0xfff000, -0xfff000, 0x1000000, 0xffff, 0x10000,
		-0x10000, -0x10001, 0x12345678, -0x12345678, INT_MAX, INT_MIN,
		INT_MIN + 1,
	};
	static const u32 bad[] = { 4, 5, 7, 8, 31, 32, 63, 64, 0x80000000, 0xffffffff };
	int n = ARRAY_SIZE(disps), nrand = 12;

	if (i < 4 * (n + nrand)) {
		imm[2] = i % 4;
		imm[3] = i / 4 < n ? (u32)disps[i / 4] : (u32)rnd();
		return true;
	}
	i -= 4 * (n + nrand);
	if (i >= (int)ARRAY_SIZE(bad))
		return false;
	imm[2] = bad[i];
	imm[3] = rnd();
	return true;
}

static void lea_input(struct call *c, int n)
{
	c->a[0] = value(n);
	c->a[1] = value(n / 3 + n % 3 * 11);
}

/*
 * load_be: every offset below 64, then the edges of each encoding: x86
 * disp8/disp32; arm64's scaled imm12 (4095 units of the load size, and one
 * unit past, and a misaligned one) and movz (16 bits); up to S32_MAX, and
 * random ones below 16 bits, below S32_MAX and past it.  p + off is inside mem.
 */

static u64 c_load_be16(const u64 *a) { return bpf_insn_load_be16((void *)a[0], a[1]); }
static u64 c_load_be32(const u64 *a) { return bpf_insn_load_be32((void *)a[0], a[1]); }
static u64 c_load_be64(const u64 *a) { return bpf_insn_load_be64((void *)a[0], a[1]); }

static bool load_be_consts(int i, u32 *imm)
{
	static const u32 offs[] = {
		64, 126, 127, 128, 129, 255, 256, 4094, 4095, 4096, 4097,
		8188, 8189, 8190, 8191, 8192, 8194, 16376, 16380, 16381, 16383, 16384,
		16388, 32752, 32760, 32761, 32764, 32768, 32776, 65528, 65534, 65535,
		65536, 65537, 1 << 20, 0x7ffffff0, 0x7fffffff, 0x80000000, 0xfffffff8,
		0xffffffff,
	};
	int n = ARRAY_SIZE(offs);

	if (i < 64) {
		imm[1] = i;
		return true;
	}
	i -= 64;
	if (i < n) {
		imm[1] = offs[i];
		return true;
	}
	i -= n;
	if (i >= 12)
		return false;
	/* random: eight of 16 bits, two below S32_MAX, two past it */
	imm[1] = i < 8 ? rnd() & 0xffff : i < 10 ? rnd() & 0x7fffffff : rnd() | 0x80000000;
	return true;
}

/* a displacement is signed 32 bits; no memory the verifier knows is that big */
static bool load_be_refused(const u32 *imm)
{
	return imm[1] > INT_MAX;
}

/* module/arm64/load_be.c and store_be.c: an offset above 16 bits keeps the body */
static bool load_be_may_decline(const u32 *imm)
{
	return IS_ENABLED(CONFIG_ARM64) && imm[1] > U16_MAX;
}

static void load_be_input(struct call *c, int n, u32 size)
{
	u32 at = n % (MEMSZ - size + 1);

	random_mem(c);
	c->a[0] = (u64)at - c->imm[1];		/* p = mem + at - off */
	c->lo = at;
	c->hi = at + size;
}

static void load_be16_input(struct call *c, int n) { load_be_input(c, n, 2); }
static void load_be32_input(struct call *c, int n) { load_be_input(c, n, 4); }
static void load_be64_input(struct call *c, int n) { load_be_input(c, n, 8); }

/*
 * store_be: load_be's offsets and placement in mem, any value; the
 * reference is C's own htobe*() stored at p + off, not the module's code.
 */

static u64 c_store_be16(const u64 *a)
{
	u16 x = htobe16(a[2]);

	memcpy((u8 *)a[0] + (u32)a[1], &x, sizeof(x));
	return 0;
}

static u64 c_store_be32(const u64 *a)
{
	u32 x = htobe32(a[2]);

	memcpy((u8 *)a[0] + (u32)a[1], &x, sizeof(x));
	return 0;
}

static u64 c_store_be64(const u64 *a)
{
	u64 x = htobe64(a[2]);

	memcpy((u8 *)a[0] + (u32)a[1], &x, sizeof(x));
	return 0;
}

static void store_be_input(struct call *c, int n, u32 size)
{
	load_be_input(c, n, size);
	c->a[2] = value(n);
}

static void store_be16_input(struct call *c, int n) { store_be_input(c, n, 2); }
static void store_be32_input(struct call *c, int n) { store_be_input(c, n, 4); }
static void store_be64_input(struct call *c, int n) { store_be_input(c, n, 8); }

/*
 * Bit counts and wide multiply against C oracles (compiler builtins and
 * 128-bit products), not the kfuncs' C: in user space that would test
 * the shim's bitops.  Inputs: a power of two 2^k, 2^k - 1, 2^k with
 * random bits below it (every clz) or above it (every ctz), and the edges
 * and random values of value(); 32-bit arguments get junk upper halves.
 */

static u64 c_popcnt64(const u64 *a) { return __builtin_popcountll(a[0]); }
static u64 c_popcnt32(const u64 *a) { return __builtin_popcount((u32)a[0]); }
static u64 c_clz64(const u64 *a) { return a[0] ? __builtin_clzll(a[0]) : 64; }
static u64 c_clz32(const u64 *a) { return (u32)a[0] ? __builtin_clz((u32)a[0]) : 32; }
static u64 c_ctz64(const u64 *a) { return a[0] ? __builtin_ctzll(a[0]) : 64; }
static u64 c_ctz32(const u64 *a) { return (u32)a[0] ? __builtin_ctz((u32)a[0]) : 32; }
/* the lowest set bit cleared: the input with __builtin_ctz's bit xor-ed out */
static u64 c_blsr64(const u64 *a) { return a[0] ? a[0] ^ 1ULL << __builtin_ctzll(a[0]) : 0; }
static u64 c_blsr32(const u64 *a)
{
	u32 x = a[0];

	return x ? x ^ 1U << __builtin_ctz(x) : 0;
}

static u64 bits_value(int n, int width)
{
	u64 p = 1ULL << (n / 5 % width);

	switch (n % 5) {
	case 0:
		return p;
	case 1:
		return p - 1;
	case 2:
		return p | (rnd() & (p - 1));
	case 3:
		return p | (rnd() & -(p << 1));
	default:
		return value(n / 5);
	}
}

static void bits64_input(struct call *c, int n)
{
	c->a[0] = bits_value(n, 64);
}

static void bits32_input(struct call *c, int n)
{
	c->a[0] = (u32)bits_value(n, 32) | rnd() << 32;
}

/*
 * popcount is one instruction only where the CPU has one: x86 POPCNT,
 * arm64 FEAT_CSSC's cnt (module/ARCH/bitcount.c); elsewhere the body stays
 */
#ifdef __x86_64__
#define POPCNT_NEEDS	(1u << X86_FEATURE_POPCNT)
#else
#define POPCNT_NEEDS	(1u << HOST_FEATURE_CSSC)
#endif

static u64 c_mulhi64(const u64 *a)
{
	return (u64)(((unsigned __int128)a[0] * a[1]) >> 64);
}

static u64 c_smulhi64(const u64 *a)
{
	return (u64)(((__int128)(s64)a[0] * (s64)a[1]) >> 64);
}

static u64 c_mulfold64(const u64 *a)
{
	unsigned __int128 r = (unsigned __int128)a[0] * a[1];

	return (u64)r ^ (u64)(r >> 64);
}

/* every pair of edge values (each first value with every second), then random */
static void mulhi_input(struct call *c, int n)
{
	int ne = ARRAY_SIZE(edges);

	if (n < ne * ne) {
		c->a[0] = edges[n % ne];
		c->a[1] = edges[(n / ne + n) % ne];
	} else {
		c->a[0] = value(n);
		c->a[1] = value(n + 1);
	}
}

/*
 * CRC32C steps against a table CRC, a byte at a time, least significant
 * byte first (the bodies are bit by bit, one constant per bit of a 64-bit
 * step; the native code is one instruction).  The table is checked once
 * against published values (RFC 3720's table and its B.4 vectors, the
 * usual check value) before anything is compared with it.  Inputs: each
 * bit of v alone (each of the body's constants), each bit of crc alone,
 * every pair of edge values, random ones; v above its width and crc's
 * upper half hold junk, which no answer may depend on.
 */

static u32 crc32c_table[256];

static void crc32c_table_init(void)
{
	static const struct { const char *s; int len; u8 fill; u32 crc; } check[] = {
		{ "123456789", 9, 0, 0xe3069283 },
		{ NULL, 32, 0x00, 0x8a9136aa },
		{ NULL, 32, 0xff, 0x62a8ab43 },
	};
	u32 i, j, crc;

	if (crc32c_table[1])
		return;
	for (i = 0; i < 256; i++) {
		for (crc = i, j = 0; j < 8; j++)
			crc = crc >> 1 ^ (crc & 1 ? 0x82f63b78 : 0);
		crc32c_table[i] = crc;
	}
	for (i = 0; i < ARRAY_SIZE(check); i++) {
		crc = ~0u;
		for (j = 0; j < (u32)check[i].len; j++) {
			u8 b = check[i].s ? check[i].s[j] : check[i].fill;

			crc = crc >> 8 ^ crc32c_table[(u8)(crc ^ b)];
		}
		if (~crc != check[i].crc || crc32c_table[1] != 0xf26b8303 ||
		    crc32c_table[128] != 0x82f63b78) {
			fprintf(stderr, "cases.c: the CRC32C table is wrong (check %u: %#x)\n",
				i, ~crc);
			abort();
		}
	}
}

/* @crc's low 32 bits after v's @bytes bytes, least significant first */
static u64 c_crc32c(u64 crc, u64 v, int bytes)
{
	u32 r = crc;
	int i;

	crc32c_table_init();
	for (i = 0; i < bytes; i++, v >>= 8)
		r = r >> 8 ^ crc32c_table[(u8)(r ^ v)];
	return r;
}

static u64 c_crc32c_u8(const u64 *a) { return c_crc32c(a[0], a[1], 1); }
static u64 c_crc32c_u16(const u64 *a) { return c_crc32c(a[0], a[1], 2); }
static u64 c_crc32c_u32(const u64 *a) { return c_crc32c(a[0], a[1], 4); }
static u64 c_crc32c_u64(const u64 *a) { return c_crc32c(a[0], a[1], 8); }

/* junk in the bits of a register above @width */
static u64 junk_above(int width)
{
	return width < 64 ? rnd() << width : 0;
}

/*
 * odd n random, so that the few inputs of each native run (n below 60)
 * are not all single bits; the body's runs go through the whole list
 */
static void crc32c_input(struct call *c, int n, int width)
{
	int ne = ARRAY_SIZE(edges), m;

	if (n % 2) {
		c->a[0] = value(ne + n);
		c->a[1] = value(ne + n + 1);
		return;
	}
	n /= 2;
	m = n - width;
	if (n < width) {
		c->a[0] = junk_above(32);
		c->a[1] = 1ULL << n | junk_above(width);
	} else if (m < 32) {
		c->a[0] = 1ULL << m | junk_above(32);
		c->a[1] = junk_above(width);
	} else {
		m = (m - 32) % (ne * ne);
		c->a[0] = edges[m % ne];
		c->a[1] = edges[(m / ne + m) % ne];
	}
}

static void crc32c_u8_input(struct call *c, int n) { crc32c_input(c, n, 8); }
static void crc32c_u16_input(struct call *c, int n) { crc32c_input(c, n, 16); }
static void crc32c_u32_input(struct call *c, int n) { crc32c_input(c, n, 32); }
static void crc32c_u64_input(struct call *c, int n) { crc32c_input(c, n, 64); }

/*
 * per-CPU: any pointer; CPU numbers below nr_cpu_ids (5), at it and past
 * it, the sign bit, with junk in the upper half.  The C code is the
 * module's, on the shim's per-CPU layout (x86_percpu.c, arm64_percpu.c).
 */
void *bpf_insn_this_cpu_ptr(const void *percpu_ptr);
void *bpf_insn_per_cpu_ptr(const void *percpu_ptr, u32 cpu);
u32 bpf_insn_cpu_id(void);

static u64 c_this_cpu_ptr(const u64 *a) { return (u64)bpf_insn_this_cpu_ptr((void *)a[0]); }
static u64 c_per_cpu_ptr(const u64 *a)
{
	return (u64)bpf_insn_per_cpu_ptr((void *)a[0], a[1]);
}
static u64 c_cpu_id(const u64 *a) { (void)a; return bpf_insn_cpu_id(); }

static void percpu_input(struct call *c, int n)
{
	static const u32 cpus[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 0x7fffffff, 0x80000000,
				    0xffffffff };
	int nc = ARRAY_SIZE(cpus);

	c->a[0] = value(n);
	c->a[1] = (n % 2 ? cpus[n / 2 % nc] : rnd() % 3 ? rnd() % 10 : (u32)rnd()) |
		  junk_above(32);
}

/* x86 crc32 came with SSE4.2, arm64 crc32c is FEAT_CRC32 (module/ARCH/crc32c.c) */
#ifdef __x86_64__
#define CRC32C_NEEDS	(1u << X86_FEATURE_XMM4_2)
#else
#define CRC32C_NEEDS	(1u << HOST_FEATURE_CRC32)
#endif

/*
 * prefetch: load_be's offsets and placement in mem, one byte: the body
 * reads it, the native code must not read at all (host_test.c runs it
 * again pointing into an unmapped page).  The kfunc's own C code is a
 * prefetch too, and leaves memory as it was.
 */

static u64 c_prefetch(const u64 *a)
{
	bpf_insn_prefetch((void *)a[0], a[1]);
	return 0;
}

static void prefetch_input(struct call *c, int n) { load_be_input(c, n, 1); }

/* module/arm64/prefetch.c: prfm takes offsets of 8 * (0 to 4095) */
static bool prefetch_may_decline(const u32 *imm)
{
	return IS_ENABLED(CONFIG_ARM64) && (imm[1] % 8 || imm[1] / 8 >= 4096);
}

/*
 * copy16: the 16 bytes at src to dst as memmove() copies them: dst at
 * every distance from src up to 17 bytes either way (they overlap up to
 * 16), then anywhere.  The reference is C's own memmove(); the kfunc's C
 * code is checked against it on the same call.
 */

static u64 c_copy16(const u64 *a)
{
	u8 want[16], got[16];

	memcpy(want, (void *)a[1], 16);
	bpf_insn_copy16((void *)a[0], (void *)a[1]);
	memcpy(got, (void *)a[0], 16);
	memmove((void *)a[0], want, 16);
	if (memcmp(got, want, 16)) {
		fprintf(stderr, "bpf_insn_copy16(): not what memmove() copies\n");
		abort();
	}
	return 0;
}

static void copy16_input(struct call *c, int n)
{
	int k = n % 36, src, dst;

	random_mem(c);
	if (k < 35) {
		src = 17 + rnd() % (MEMSZ - 16 - 2 * 17 + 1);
		dst = src + k - 17;
	} else {
		src = rnd() % (MEMSZ - 16 + 1);
		dst = rnd() % (MEMSZ - 16 + 1);
	}
	c->a[0] = dst;
	c->a[1] = src;
	c->lo = src;
	c->hi = src + 16;
	c->lo2 = dst;
	c->hi2 = dst + 16;
}

/*
 * The numeric iterator against the kernel's own bpf_iter_num_*(): ranges at
 * INT_MIN, INT_MAX and BPF_MAX_LOOPS, and states any program could hold.
 */

static u64 c_iter_new(const u64 *a)
{
	return bpf_iter_num_new((void *)a[0], a[1], a[2]);
}

static u64 c_iter_next(const u64 *a)
{
	return (u64)bpf_iter_num_next((void *)a[0]);
}

static u64 c_iter_destroy(const u64 *a)
{
	bpf_iter_num_destroy((void *)a[0]);
	return 0;
}

static const s32 iter_edges[] = {
	INT_MIN, INT_MIN + 1, -(8 << 20) - 1, -2, -1, 0, 1, 2, 100,
	8 << 20, (8 << 20) + 1, INT_MAX - 1, INT_MAX,
};

static s32 iter_value(int n)
{
	if (n < (int)ARRAY_SIZE(iter_edges))
		return iter_edges[n];
	return rnd() % 3 ? (s32)rnd() : (s32)(rnd() % 64) - 32;
}

/* the state sits 8-aligned anywhere in mem, among junk */
static u32 iter_state(struct call *c)
{
	u32 at = 8 * (rnd() % (MEMSZ / 8));

	random_mem(c);
	c->a[0] = at;
	c->lo = at;
	c->hi = at + 8;
	return at;
}

/* int arguments: the upper half of the register is junk */
static u64 junk_upper(s32 v)
{
	return (u64)(u32)v | rnd() << 32;
}

static void iter_new_input(struct call *c, int n)
{
	int ne = ARRAY_SIZE(iter_edges);
	s32 start = iter_value(n % ne ? n % ne : n), end;

	iter_state(c);
	switch (n % 6) {
	case 0: end = (s64)start + (8 << 20) > INT_MAX ? INT_MAX : start + (8 << 20); break;
	case 1: end = (s64)start + (8 << 20) + 1 > INT_MAX ? INT_MAX : start + (8 << 20) + 1; break;
	case 2: end = start; break;
	case 3: end = start == INT_MIN ? start : start - 1; break;
	default: end = iter_value(n / 6 + n % 2 * ne); break;
	}
	c->a[1] = junk_upper(start);
	c->a[2] = junk_upper(end);
}

static void iter_next_input(struct call *c, int n)
{
	int ne = ARRAY_SIZE(iter_edges);
	s32 st[2];
	u32 at = iter_state(c);

	st[0] = iter_value(n % ne);
	switch (n / ne % 4) {
	case 0: st[1] = iter_value(n / ne % ne); break;
	case 1: st[1] = (u32)st[0] + 1; break;		/* the last one */
	case 2: st[1] = (u32)st[0] + 2; break;
	default: st[1] = iter_value(n + 3); break;
	}
	if (n == 1)
		st[0] = st[1] = 0;			/* after a failed new */
	memcpy(c->mem + at, st, sizeof(st));
}

static void iter_destroy_input(struct call *c, int n)
{
	(void)n;
	iter_state(c);
}

#define CASE(n, k0, k1, k2, r, cfn, cst, in, ...)			\
	{ .name = n, .kind = { ARG_##k0, ARG_##k1, ARG_##k2 }, .ret = RET_##r, \
	  .c = cfn, .consts = cst, .input = in, __VA_ARGS__ }

const struct kcase host_cases[] = {
	CASE("bpf_insn_rol64", U64, CONST, NONE, U64, c_rol64, rot64_consts, rot_input),
	CASE("bpf_insn_ror64", U64, CONST, NONE, U64, c_ror64, rot64_consts, rot_input),
	CASE("bpf_insn_rol32", U32, CONST, NONE, U64, c_rol32, rot32_consts, rot_input),
	CASE("bpf_insn_ror32", U32, CONST, NONE, U64, c_ror32, rot32_consts, rot_input),
	CASE("bpf_insn_select64", U64, U64, U64, U64, c_select64, no_consts, select_input),
	CASE("bpf_insn_bextr64", U64, CONST, CONST, U64, c_bextr64, bextr_consts,
	     bextr_input),
	CASE("bpf_insn_load_be16", PTR, CONST, NONE, U64, c_load_be16, load_be_consts,
	     load_be16_input, .refused = load_be_refused,
	     .may_decline = load_be_may_decline),
	CASE("bpf_insn_load_be32", PTR, CONST, NONE, U64, c_load_be32, load_be_consts,
	     load_be32_input, .refused = load_be_refused,
	     .may_decline = load_be_may_decline),
	CASE("bpf_insn_load_be64", PTR, CONST, NONE, U64, c_load_be64, load_be_consts,
	     load_be64_input, .refused = load_be_refused,
	     .may_decline = load_be_may_decline),
	CASE("bpf_insn_store_be16", PTR, CONST, U64, VOID, c_store_be16, load_be_consts,
	     store_be16_input, .refused = load_be_refused,
	     .may_decline = load_be_may_decline),
	CASE("bpf_insn_store_be32", PTR, CONST, U64, VOID, c_store_be32, load_be_consts,
	     store_be32_input, .refused = load_be_refused,
	     .may_decline = load_be_may_decline),
	CASE("bpf_insn_store_be64", PTR, CONST, U64, VOID, c_store_be64, load_be_consts,
	     store_be64_input, .refused = load_be_refused,
	     .may_decline = load_be_may_decline),
	CASE("bpf_insn_prefetch", PTR, CONST, NONE, VOID, c_prefetch, load_be_consts,
	     prefetch_input, .refused = load_be_refused,
	     .may_decline = prefetch_may_decline, .no_access = true),
	CASE("bpf_insn_copy16", PTR, PTR, NONE, VOID, c_copy16, no_consts, copy16_input),
	/* four arguments: CASE() names three */
	{ .name = "bpf_insn_lea64", .kind = { ARG_U64, ARG_U64, ARG_CONST, ARG_CONST },
	  .ret = RET_U64, .c = c_lea64, .consts = lea_consts, .input = lea_input },
	CASE("bpf_insn_popcnt64", U64, NONE, NONE, U64, c_popcnt64, no_consts, bits64_input,
	     .needs = POPCNT_NEEDS),
	CASE("bpf_insn_popcnt32", U32, NONE, NONE, U64, c_popcnt32, no_consts, bits32_input,
	     .needs = POPCNT_NEEDS),
	CASE("bpf_insn_clz64", U64, NONE, NONE, U64, c_clz64, no_consts, bits64_input),
	CASE("bpf_insn_clz32", U32, NONE, NONE, U64, c_clz32, no_consts, bits32_input),
	CASE("bpf_insn_ctz64", U64, NONE, NONE, U64, c_ctz64, no_consts, bits64_input),
	CASE("bpf_insn_ctz32", U32, NONE, NONE, U64, c_ctz32, no_consts, bits32_input),
	CASE("bpf_insn_blsr64", U64, NONE, NONE, U64, c_blsr64, no_consts, bits64_input),
	CASE("bpf_insn_blsr32", U32, NONE, NONE, U64, c_blsr32, no_consts, bits32_input),
	CASE("bpf_insn_mulhi64", U64, U64, NONE, U64, c_mulhi64, no_consts, mulhi_input),
	CASE("bpf_insn_smulhi64", U64, U64, NONE, U64, c_smulhi64, no_consts, mulhi_input),
	CASE("bpf_insn_mulfold64", U64, U64, NONE, U64, c_mulfold64, no_consts, mulhi_input),
	CASE("bpf_insn_crc32c_u8", U32, U32, NONE, U64, c_crc32c_u8, no_consts,
	     crc32c_u8_input, .needs = CRC32C_NEEDS),
	CASE("bpf_insn_crc32c_u16", U32, U32, NONE, U64, c_crc32c_u16, no_consts,
	     crc32c_u16_input, .needs = CRC32C_NEEDS),
	CASE("bpf_insn_crc32c_u32", U32, U32, NONE, U64, c_crc32c_u32, no_consts,
	     crc32c_u32_input, .needs = CRC32C_NEEDS),
	CASE("bpf_insn_crc32c_u64", U32, U64, NONE, U64, c_crc32c_u64, no_consts,
	     crc32c_u64_input, .needs = CRC32C_NEEDS),
	CASE("bpf_iter_num_new", PTR, U32, U32, S32, c_iter_new, no_consts,
	     iter_new_input),
	CASE("bpf_iter_num_next", PTR, NONE, NONE, PTR, c_iter_next, no_consts,
	     iter_next_input),
	CASE("bpf_insn_this_cpu_ptr", U64, NONE, NONE, U64, c_this_cpu_ptr, no_consts,
	     percpu_input, .percpu = true),
	CASE("bpf_insn_per_cpu_ptr", U64, U32, NONE, U64, c_per_cpu_ptr, no_consts,
	     percpu_input, .percpu = true),
	CASE("bpf_insn_cpu_id", NONE, NONE, NONE, U64, c_cpu_id, no_consts, percpu_input,
	     .percpu = true),
	/* the kernel zeroes the state; the verifier forgets the slot */
	CASE("bpf_iter_num_destroy", PTR, NONE, NONE, VOID, c_iter_destroy, no_consts,
	     iter_destroy_input, .mem_dead = true),
};

const int host_ncases = ARRAY_SIZE(host_cases);
