/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: FIELD_PREP/FIELD_GET for constant masks, as linux/bitfield.h. */
#ifndef _HOST_LINUX_BITFIELD_H
#define _HOST_LINUX_BITFIELD_H

#define FIELD_PREP(mask, val)	(((u64)(val) << __builtin_ctzll(mask)) & (mask))
#define FIELD_GET(mask, reg)	(((reg) & (mask)) >> __builtin_ctzll(mask))

#endif
