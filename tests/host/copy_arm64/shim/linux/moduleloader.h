/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the series adds to linux/moduleloader.h; test_copy.c
 * defines it over alternative sites it registers.
 */
#ifndef _COPY_LINUX_MODULELOADER_H
#define _COPY_LINUX_MODULELOADER_H

#include <linux/types.h>

struct module;

bool module_alternatives_in_text(const struct module *mod, const void *start,
				 const void *end);

#endif
