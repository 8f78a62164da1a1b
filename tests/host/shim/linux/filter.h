/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: the BPF instruction macros, taken from the kernel's
 * include/linux/filter.h by gen-kdefs.sh rather than retyped, so the bodies
 * tested here are the bodies the kernel gets.
 */
#ifndef _HOST_LINUX_FILTER_H
#define _HOST_LINUX_FILTER_H

#include <linux/errno.h>
#include <linux/bpf.h>
#include "kfilter.h"		/* generated */

#endif
