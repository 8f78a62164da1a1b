/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: cpu_to_le*() of asm/byteorder.h; the hosts are little-endian. */
#ifndef _HOST_ASM_BYTEORDER_H
#define _HOST_ASM_BYTEORDER_H

#include <linux/types.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the host tier assumes a little-endian host"
#endif

#define cpu_to_le16(x)	((__le16)(u16)(x))
#define cpu_to_le32(x)	((__le32)(u32)(x))
#define cpu_to_le64(x)	((__le64)(u64)(x))

#endif
