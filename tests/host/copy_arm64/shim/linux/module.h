/* SPDX-License-Identifier: GPL-2.0 */
/* A module is a name to the test; asm/module.h has the alternatives query. */
#ifndef _COPY_LINUX_MODULE_H
#define _COPY_LINUX_MODULE_H

struct module {
	const char *name;
};

#include <linux/moduleloader.h>

#endif
