// SPDX-License-Identifier: GPL-2.0
/*
 * Functions compiled with the arm64 kernel's code generation flags (see
 * the Makefile), copied by bpf_arch_kfunc_copy() in test_copy.c.  Built
 * several times, each with its own KF() prefix.  The first group are
 * leaves the copy must accept (their equivalents in module/ of the
 * project, or one-liners like them); the second must be declined.
 */
#include "kfuncs.h"

#define NOINLINE __attribute__((noinline))

#ifdef __clang__
#define CRC32CX(crc, v)	__builtin_arm_crc32cd(crc, v)
#define CRC32CB(crc, v)	__builtin_arm_crc32cb(crc, v)
#else
#define CRC32CX(crc, v)	__builtin_aarch64_crc32cx(crc, v)
#define CRC32CB(crc, v)	__builtin_aarch64_crc32cb(crc, v)
#endif

/* the project's kfunc C (module/) */
NOINLINE u64 KF(rol64)(u64 x, u32 n)
{
	n &= 63;
	return (x << n) | (x >> ((-n) & 63));
}

NOINLINE u32 KF(ror32)(u32 x, u32 n)
{
	n &= 31;
	return (x >> n) | (x << ((-n) & 31));
}

NOINLINE u64 KF(select64)(u64 cond, u64 a, u64 b)
{
	return cond ? a : b;
}

NOINLINE u64 KF(bextr64)(u64 x, u32 start, u32 len)
{
	if (start > 63 || !len)
		return 0;
	x >>= start;
	if (len >= 64 - start)
		return x;
	return x & ((1ULL << len) - 1);
}

NOINLINE u64 KF(lea64)(u64 base, u64 index, u32 shift, u32 disp)
{
	return base + (index << (shift & 63)) + (s64)(s32)disp;
}

NOINLINE u16 KF(load_be16)(const void *p, u32 off)
{
	u16 v;

	__builtin_memcpy(&v, (const u8 *)p + off, sizeof(v));
	return __builtin_bswap16(v);
}

NOINLINE u32 KF(load_be32)(const void *p, u32 off)
{
	u32 v;

	__builtin_memcpy(&v, (const u8 *)p + off, sizeof(v));
	return __builtin_bswap32(v);
}

NOINLINE u64 KF(load_be64)(const void *p, u32 off)
{
	u64 v;

	__builtin_memcpy(&v, (const u8 *)p + off, sizeof(v));
	return __builtin_bswap64(v);
}

NOINLINE void KF(store_be32)(void *p, u32 off, u64 v)
{
	u32 w = __builtin_bswap32((u32)v);

	__builtin_memcpy((u8 *)p + off, &w, sizeof(w));
}

NOINLINE void KF(copy16)(void *dst, const void *src)
{
	u64 lo, hi;

	__builtin_memcpy(&lo, src, 8);
	__builtin_memcpy(&hi, (const u8 *)src + 8, 8);
	__builtin_memcpy(dst, &lo, 8);
	__builtin_memcpy((u8 *)dst + 8, &hi, 8);
}

NOINLINE void KF(prefetch)(const void *p, u32 off)
{
	__builtin_prefetch((const u8 *)p + off, 0, 3);
}

NOINLINE u64 KF(mulhi64)(u64 a, u64 b)
{
	return (u64)(((u128)a * b) >> 64);
}

NOINLINE s64 KF(smulhi64)(s64 a, s64 b)
{
	return (s64)(((s128)a * b) >> 64);
}

NOINLINE u64 KF(mulfold64)(u64 a, u64 b)
{
	u128 r = (u128)a * b;

	return (u64)r ^ (u64)(r >> 64);
}

NOINLINE u32 KF(clz64)(u64 x)
{
	return x ? __builtin_clzll(x) : 64;
}

NOINLINE u32 KF(ctz64)(u64 x)
{
	return x ? __builtin_ctzll(x) : 64;
}

NOINLINE u64 KF(blsr64)(u64 x)
{
	return x & (x - 1);
}

NOINLINE u32 KF(crc32c_u64)(u32 crc, u64 v)
{
	return CRC32CX(crc, v);
}

NOINLINE u32 KF(crc32c_u8)(u32 crc, u8 v)
{
	return CRC32CB(crc, v);
}

/* the software popcount of lib/hweight.c, __sw_hweight64 */
NOINLINE u32 KF(sw_hweight64)(u64 w)
{
	w -= (w >> 1) & 0x5555555555555555ULL;
	w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
	w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (w * 0x0101010101010101ULL) >> 56;
}

/* results the caller must zero-extend: w0's upper bits are not */
NOINLINE u8 KF(add8)(u64 a, u64 b)
{
	return a + b;
}

NOINLINE u16 KF(sub16)(u64 a, u64 b)
{
	return a - b;
}

/* declined: gcc returns from each arm (two rets) */
NOINLINE u64 KF(load_or_zero)(const u64 *p)
{
	return p ? *p : 0;
}

/* a backward branch: a loop */
NOINLINE u32 KF(digits)(u64 x)
{
	u32 n = 1;

	while (x >= 10) {
		x /= 10;
		n++;
	}
	return n;
}

/* a post-indexed store loop (the base register written back) */
NOINLINE void KF(fill4)(u64 *p, u64 v)
{
	int i;

	for (i = 0; i < 4; i++)
		*p++ = v ^ i;
}

/* declined: a call */
NOINLINE u64 KF(calls)(u64 x)
{
	return kf_ext(x) + 1;
}

/* declined: a stack array */
NOINLINE u32 KF(stack)(u32 i)
{
	volatile u32 a[8];

	a[i & 7] = i;
	return a[(i + 1) & 7];
}

/* declined: a global through adrp */
u64 KF(global_v);
NOINLINE u64 KF(global)(u64 x)
{
	return KF(global_v) + x;
}

/* declined: a jump table (br) */
NOINLINE u64 KF(table)(u32 x, u64 y)
{
	switch (x) {
	case 0: return y * 3;
	case 1: return y ^ 0x55;
	case 2: return y >> 3;
	case 3: return y + 1000;
	case 4: return y | 0x100;
	case 5: return ~y;
	case 6: return y - 77;
	case 7: return y << 5;
	case 8: return y * 9;
	case 9: return y & 0xff0;
	case 10: return y * 11;
	case 11: return y >> 7;
	case 12: return y ^ 0x1234;
	case 13: return y - 1;
	}
	return 0;
}

/* declined: two returns, where the compiler duplicates the ret */
NOINLINE u64 KF(two_returns)(u64 *p, u64 x)
{
	if (x > 100) {
		p[0] = x;
		p[1] = x * 3;
		p[2] = x ^ 3;
		return x ^ 5;
	}
	return x + 7;
}

/* declined: too long */
NOINLINE u64 KF(long_mix)(u64 a, u64 b, u64 c, u64 d)
{
	a = a * 0x9e3779b97f4a7c15ULL + b;
	b = (b ^ (a >> 29)) * 0xbf58476d1ce4e5b9ULL;
	c = (c ^ (b >> 31)) * 0x94d049bb133111ebULL;
	d = (d ^ (c >> 27)) + (a << 7);
	return a ^ b ^ c ^ d ^ (d >> 33) ^ (c << 11);
}

/* the end of the last function's kallsyms range */
void KF(end)(void)
{
}
