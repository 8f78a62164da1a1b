/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: the bits of linux/kernel.h and linux/limits.h the module uses. */
#ifndef _HOST_LINUX_KERNEL_H
#define _HOST_LINUX_KERNEL_H

#include <linux/types.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define BUILD_BUG_ON(c)	_Static_assert(!(c), #c)
#define ALIGN_DOWN(x, a)	((x) & ~((__typeof__(x))(a) - 1))
#include <linux/bits.h>

#define U8_MAX		((u8)~0U)
#define U16_MAX		((u16)~0U)
#define U32_MAX		((u32)~0U)
#define U64_MAX		((u64)~0ULL)
#define S8_MAX		((s8)(U8_MAX >> 1))
#define S16_MAX		((s16)(U16_MAX >> 1))
#define S32_MAX		((s32)(U32_MAX >> 1))
#define S64_MAX		((s64)(U64_MAX >> 1))
#define S32_MIN		((s32)(-S32_MAX - 1))
#define S64_MIN		((s64)(-S64_MAX - 1))

#endif
