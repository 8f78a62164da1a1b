/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _COPY_LINUX_SIZES_H
#define _COPY_LINUX_SIZES_H

#define SZ_32		0x00000020
#define SZ_64		0x00000040
#define SZ_4K		0x00001000
#define SZ_64K		0x00010000
#define SZ_1M		0x00100000
#define SZ_2M		0x00200000
#define SZ_128M		0x08000000

#endif
