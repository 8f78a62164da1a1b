/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_BUILD_BUG_H
#define _HOST_LINUX_BUILD_BUG_H

#include <linux/kernel.h>	/* BUILD_BUG_ON */

#endif
