/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_NOSPEC_H
#define _HOST_LINUX_NOSPEC_H

/* @idx where it is below @size, else 0: the value the kernel's mask gives */
#define array_index_nospec(idx, size) \
	((typeof(idx))((idx) & (0UL - ((unsigned long)(idx) < (unsigned long)(size)))))

#endif
