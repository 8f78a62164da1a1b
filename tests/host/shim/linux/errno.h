/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: the uapi errno values, as the kernel's linux/errno.h has them. */
#include_next <linux/errno.h>
