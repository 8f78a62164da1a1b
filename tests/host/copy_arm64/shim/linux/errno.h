/* SPDX-License-Identifier: GPL-2.0 */
/* The uapi errno values (EOPNOTSUPP ...), as the kernel's linux/errno.h. */
#include_next <linux/errno.h>
