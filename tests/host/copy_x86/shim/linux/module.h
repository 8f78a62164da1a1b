/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A module as test_copy sees it: where its loader applied alternatives,
 * for the module_alternatives_in_text() of test_copy.c.
 */
#ifndef _COPY_X86_MODULE_H
#define _COPY_X86_MODULE_H

struct module {
	const char *name;
	const void *alt_start, *alt_end;	/* [start, end): applied */
};

#endif
