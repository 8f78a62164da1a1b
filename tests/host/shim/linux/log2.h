/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: ilog2() and is_power_of_2() of linux/log2.h. */
#ifndef _HOST_LINUX_LOG2_H
#define _HOST_LINUX_LOG2_H

#include <linux/types.h>

/* as the kernel's at run time: fls(n) - 1, so -1 for 0 */
#define ilog2(n)	((n) ? 63 - __builtin_clzll(n) : -1)

static inline bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

#endif
