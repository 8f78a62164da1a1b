/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: the rotate helpers of linux/bitops.h, with the same masking. */
#ifndef _HOST_LINUX_BITOPS_H
#define _HOST_LINUX_BITOPS_H

#include <linux/bits.h>
#include <linux/types.h>

/* the bit searches of asm-generic/bitops, on non-zero words where undefined */
#define hweight64(w)	__builtin_popcountll(w)
#define hweight32(w)	__builtin_popcount(w)
#define ffs(x)		__builtin_ffs(x)
#define __ffs64(w)	((unsigned long)__builtin_ctzll(w))
#define __ffs(w)	((unsigned long)__builtin_ctzl(w))
static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static inline u64 rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> ((-shift) & 63));
}

static inline u64 ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

#endif
