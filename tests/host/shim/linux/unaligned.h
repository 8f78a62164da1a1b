/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: unaligned access through memcpy; the hosts are little-endian. */
#ifndef _HOST_LINUX_UNALIGNED_H
#define _HOST_LINUX_UNALIGNED_H

#include <string.h>
#include <linux/types.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the host tier assumes a little-endian host"
#endif

#define HOST_GET(bits, conv)						\
	static inline u##bits host_get##bits(const void *p)		\
	{								\
		u##bits v;						\
		memcpy(&v, p, sizeof(v));				\
		return conv(v);						\
	}
HOST_GET(16, __builtin_bswap16)
HOST_GET(32, __builtin_bswap32)
HOST_GET(64, __builtin_bswap64)

#define get_unaligned_be16(p)	host_get16(p)
#define get_unaligned_be32(p)	host_get32(p)
#define get_unaligned_be64(p)	host_get64(p)

#define HOST_PUT(bits, conv)						\
	static inline void host_put##bits(u##bits v, void *p)		\
	{								\
		v = conv(v);						\
		memcpy(p, &v, sizeof(v));				\
	}
HOST_PUT(16, __builtin_bswap16)
HOST_PUT(32, __builtin_bswap32)
HOST_PUT(64, __builtin_bswap64)

#define put_unaligned_be16(v, p)	host_put16(v, p)
#define put_unaligned_be32(v, p)	host_put32(v, p)
#define put_unaligned_be64(v, p)	host_put64(v, p)

/* host order, any type, as the kernel's: through a packed struct */
#define get_unaligned(p)						\
	({ const struct { __typeof__(*(p)) x; } __attribute__((packed)) *__q = \
		(const void *)(p); __q->x; })
#define put_unaligned(v, p)						\
	do { struct { __typeof__(*(p)) x; } __attribute__((packed)) *__q = \
		(void *)(p); __q->x = (v); } while (0)

static inline void put_unaligned_le32(u32 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}

#endif
