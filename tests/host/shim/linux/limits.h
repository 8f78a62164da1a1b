/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: the kernel's linux/limits.h has U16_MAX etc.; keep libc's too. */
#ifndef _HOST_LINUX_LIMITS_H
#define _HOST_LINUX_LIMITS_H

#include_next <linux/limits.h>
#include <linux/kernel.h>

#endif
