/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: __crc32c_le() of linux/crc32.h, so that module/crc32c.c
 * builds.  The host tier never calls the kfuncs' C code for CRC32C (it
 * would test this file): tests/host/cases.c checks the bodies and the
 * native code against a table CRC of its own.  Hence a plain bit loop.
 */
#ifndef _HOST_LINUX_CRC32_H
#define _HOST_LINUX_CRC32_H

#include <linux/types.h>

/* raw reflected CRC32C of @p after @crc: no inversion before or after */
static inline u32 __crc32c_le(u32 crc, const u8 *p, size_t len)
{
	int i;

	while (len--)
		for (crc ^= *p++, i = 0; i < 8; i++)
			crc = crc >> 1 ^ (0x82f63b78 & -(crc & 1));
	return crc;
}

#endif
