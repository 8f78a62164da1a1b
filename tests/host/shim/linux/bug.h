/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: a BUG, or a WARN that fires, is an abort of the test program,
 * which the run reports.
 */
#ifndef _HOST_LINUX_BUG_H
#define _HOST_LINUX_BUG_H

#include <stdio.h>
#include <stdlib.h>
#include <linux/build_bug.h>

#define BUG()		abort()
#define BUG_ON(c)	do { if (c) abort(); } while (0)
#define WARN_ON(c) ({							\
	int __warned = !!(c);						\
	if (__warned) {							\
		fprintf(stderr, "WARNING: %s:%d\n", __FILE__, __LINE__);	\
		abort();						\
	}								\
	__warned;							\
})
#define WARN_ON_ONCE(c)	WARN_ON(c)

#endif
