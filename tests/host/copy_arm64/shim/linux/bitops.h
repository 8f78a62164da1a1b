/* SPDX-License-Identifier: GPL-2.0 */
/* What arch/arm64/lib/insn.c uses of linux/bitops.h. */
#ifndef _COPY_LINUX_BITOPS_H
#define _COPY_LINUX_BITOPS_H

#include <linux/bits.h>
#include <linux/types.h>
#include <linux/kernel.h>

#define hweight64(w)	__builtin_popcountll(w)
#define __ffs64(w)	((unsigned long)__builtin_ctzll(w))
static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

#endif
