/* SPDX-License-Identifier: GPL-2.0 */
/*
 * get/put_unaligned_le32() of linux/unaligned.h: little-endian whatever
 * the byte order of the build (the test builds both).
 */
#ifndef _COPY_LINUX_UNALIGNED_H
#define _COPY_LINUX_UNALIGNED_H

#include <linux/types.h>

static inline u32 get_unaligned_le32(const void *p)
{
	const u8 *b = p;

	return b[0] | b[1] << 8 | b[2] << 16 | (u32)b[3] << 24;
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = v;
	b[1] = v >> 8;
	b[2] = v >> 16;
	b[3] = v >> 24;
}

#endif
