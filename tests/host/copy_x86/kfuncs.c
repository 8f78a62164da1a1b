// SPDX-License-Identifier: GPL-2.0
/*
 * Equivalents of the project's kfuncs (the C files in module/), one line each, built
 * several ways with the x86-64 kernel's code generation flags (Makefile:
 * VARIANT_*); PFX names each build's copies.  See kfuncs.h.
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long s64;
typedef int s32;
typedef short s16;

#define CAT2(a, b)	a##b
#define CAT(a, b)	CAT2(a, b)
#define F(n)		CAT(PFX, n)

u64 F(rol64)(u64 x, u32 n) { n &= 63; return x << n | x >> (-n & 63); }
u64 F(ror64)(u64 x, u32 n) { n &= 63; return x >> n | x << (-n & 63); }
u32 F(rol32)(u32 x, u32 n) { n &= 31; return x << n | x >> (-n & 31); }
u32 F(ror32)(u32 x, u32 n) { n &= 31; return x >> n | x << (-n & 31); }
u64 F(select64)(u64 c, u64 a, u64 b) { return c ? a : b; }
u64 F(bextr64)(u64 x, u32 from, u32 len)
{
	if (from > 63 || !len)
		return 0;
	x >>= from;
	return len >= 64 - from ? x : x & ((1ULL << len) - 1);
}
u16 F(load_be16)(const void *p, u32 off) { u16 v; __builtin_memcpy(&v, (const u8 *)p + off, 2); return __builtin_bswap16(v); }
u32 F(load_be32)(const void *p, u32 off) { u32 v; __builtin_memcpy(&v, (const u8 *)p + off, 4); return __builtin_bswap32(v); }
u64 F(load_be64)(const void *p, u32 off) { u64 v; __builtin_memcpy(&v, (const u8 *)p + off, 8); return __builtin_bswap64(v); }
void F(store_be16)(void *p, u32 off, u64 v) { u16 b = __builtin_bswap16(v); __builtin_memcpy((u8 *)p + off, &b, 2); }
void F(store_be32)(void *p, u32 off, u64 v) { u32 b = __builtin_bswap32(v); __builtin_memcpy((u8 *)p + off, &b, 4); }
void F(store_be64)(void *p, u32 off, u64 v) { u64 b = __builtin_bswap64(v); __builtin_memcpy((u8 *)p + off, &b, 8); }
void F(prefetch)(const void *p, u32 off) { __builtin_prefetch((const u8 *)p + off, 0, 3); }
void F(copy16)(void *d, const void *s) { u64 lo, hi; __builtin_memcpy(&lo, s, 8); __builtin_memcpy(&hi, (const u8 *)s + 8, 8); __builtin_memcpy(d, &lo, 8); __builtin_memcpy((u8 *)d + 8, &hi, 8); }
u64 F(lea64)(u64 b, u64 i, u32 sh, u32 disp) { return b + (i << (sh & 63)) + (s64)(s32)disp; }
u32 F(popcnt64)(u64 x) { return __builtin_popcountll(x); }
u32 F(popcnt32)(u32 x) { return __builtin_popcount(x); }
u32 F(clz64)(u64 x) { return x ? __builtin_clzll(x) : 64; }
u32 F(clz32)(u32 x) { return x ? __builtin_clz(x) : 32; }
u32 F(ctz64)(u64 x) { return x ? __builtin_ctzll(x) : 64; }
u32 F(ctz32)(u32 x) { return x ? __builtin_ctz(x) : 32; }
u32 F(blsr32)(u32 x) { return x & (x - 1); }
u64 F(mulhi64)(u64 a, u64 b) { return (u64)(((unsigned __int128)a * b) >> 64); }
s64 F(smulhi64)(s64 a, s64 b) { return (s64)(((__int128)a * b) >> 64); }
u64 F(mulfold64)(u64 a, u64 b)
{
	unsigned __int128 r = (unsigned __int128)a * b;

	return (u64)r ^ (u64)(r >> 64);
}
u32 F(crc32c_u8)(u32 crc, u8 v) { return __builtin_ia32_crc32qi(crc, v); }
u32 F(crc32c_u16)(u32 crc, u16 v) { return __builtin_ia32_crc32hi(crc, v); }
u32 F(crc32c_u32)(u32 crc, u32 v) { return __builtin_ia32_crc32si(crc, v); }
u32 F(crc32c_u64)(u32 crc, u64 v) { return (u32)__builtin_ia32_crc32di(crc, v); }
u64 F(bswap64)(u64 x) { return __builtin_bswap64(x); }
u64 F(andn64)(u64 x, u64 y) { return x & ~y; }
u64 F(shrx64)(u64 x, u32 n) { return x >> (n & 63); }
s64 F(sarx64)(s64 x, u32 n) { return x >> (n & 63); }
u32 F(rorx32_13)(u32 x) { return x >> 13 | x << 19; }
u64 F(blsr64)(u64 x) { return x & (x - 1); }
_Bool F(is_pow2)(u64 x) { return x && !(x & (x - 1)); }
s16 F(sext16)(u64 x) { return (s16)(signed char)x; }
u64 F(umin64)(u64 a, u64 b) { return a < b ? a : b; }
