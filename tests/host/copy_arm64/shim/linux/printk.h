/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _COPY_LINUX_PRINTK_H
#define _COPY_LINUX_PRINTK_H

#include <stdio.h>

#define pr_err(...)	fprintf(stderr, __VA_ARGS__)
#define pr_warn(...)	fprintf(stderr, __VA_ARGS__)

#endif
