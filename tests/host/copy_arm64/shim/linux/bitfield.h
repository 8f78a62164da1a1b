/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _COPY_LINUX_BITFIELD_H
#define _COPY_LINUX_BITFIELD_H

#define FIELD_PREP(mask, val)	(((u64)(val) << __builtin_ctzll(mask)) & (mask))
#define FIELD_GET(mask, reg)	(((reg) & (mask)) >> __builtin_ctzll(mask))

#endif
