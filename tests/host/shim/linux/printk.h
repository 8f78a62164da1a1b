/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: kernel messages go to stderr; the arm64 encoders print one
 * when they refuse operands, which the emitters then decline.
 */
#ifndef _HOST_LINUX_PRINTK_H
#define _HOST_LINUX_PRINTK_H

#include <stdio.h>

#define pr_err(...)	fprintf(stderr, __VA_ARGS__)
#define pr_warn(...)	fprintf(stderr, __VA_ARGS__)
#define pr_info(...)	fprintf(stderr, __VA_ARGS__)

#endif
