/* SPDX-License-Identifier: GPL-2.0 */
/* patch 20's declaration; test_copy.c defines it */
#ifndef _COPY_X86_MODULELOADER_H
#define _COPY_X86_MODULELOADER_H

#include <stdbool.h>

struct module;

bool module_alternatives_in_text(const struct module *mod, const void *start,
				 const void *end);

#endif
