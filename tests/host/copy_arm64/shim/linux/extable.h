/* SPDX-License-Identifier: GPL-2.0 */
/* test_copy.c's exception table: hand.S's section test_extable */
#ifndef _COPY_LINUX_EXTABLE_H
#define _COPY_LINUX_EXTABLE_H

struct exception_table_entry;

const struct exception_table_entry *search_exception_tables(unsigned long add);

#endif
