/* SPDX-License-Identifier: GPL-2.0 */
/* A BUG() aborts the test, which its run reports as a failure. */
#ifndef _COPY_LINUX_BUG_H
#define _COPY_LINUX_BUG_H

#include <stdlib.h>
#include <linux/build_bug.h>

#define BUG()		abort()
#define BUG_ON(c)	do { if (c) abort(); } while (0)
#define WARN_ON(c)	(!!(c))
#define WARN_ON_ONCE(c)	(!!(c))

#endif
