/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_BUILD_BUG_H
#define _HOST_LINUX_BUILD_BUG_H

#include <linux/kernel.h>	/* BUILD_BUG_ON */

/* the kernel's static_assert(expr[, msg]), which C11 spells _Static_assert */
#ifndef static_assert
#define static_assert(expr, ...)	__static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...)	_Static_assert(expr, msg)
#endif

#endif
