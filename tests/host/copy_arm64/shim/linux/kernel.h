/* SPDX-License-Identifier: GPL-2.0 */
/* What arch/arm64/lib/insn.c uses of linux/kernel.h (align.h). */
#ifndef _COPY_LINUX_KERNEL_H
#define _COPY_LINUX_KERNEL_H

#define ALIGN_DOWN(x, a)	((x) & ~((__typeof__(x))(a) - 1))

#endif
