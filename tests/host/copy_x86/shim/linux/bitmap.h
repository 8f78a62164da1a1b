/* SPDX-License-Identifier: GPL-2.0 */
/* What bpf_kfunc_copy.c uses of the kernel's bitmaps, as they behave. */
#ifndef _COPY_X86_BITMAP_H
#define _COPY_X86_BITMAP_H

#include <stdbool.h>

#ifndef BITS_PER_LONG
#define BITS_PER_LONG		(8 * (int)sizeof(long))
#endif
#define COPY_BITS_TO_LONGS(n)	(((n) + 8 * sizeof(long) - 1) / (8 * sizeof(long)))
#define DECLARE_BITMAP(name, bits) unsigned long name[COPY_BITS_TO_LONGS(bits)]

static inline void copy_set_bit(unsigned long nr, unsigned long *addr)
{
	addr[nr / (8 * sizeof(long))] |= 1UL << (nr % (8 * sizeof(long)));
}
#define __set_bit(nr, addr)	copy_set_bit(nr, addr)

static inline bool copy_test_bit(unsigned long nr, const unsigned long *addr)
{
	return addr[nr / (8 * sizeof(long))] >> (nr % (8 * sizeof(long))) & 1;
}
#define test_bit(nr, addr)	copy_test_bit(nr, addr)

/* the first set bit at or after @offset, or @size */
static inline unsigned long copy_find_next_bit(const unsigned long *addr,
					       unsigned long size,
					       unsigned long offset)
{
	for (; offset < size; offset++)
		if (copy_test_bit(offset, addr))
			return offset;
	return size;
}
#define find_next_bit(a, s, o)	copy_find_next_bit(a, s, o)
#define find_first_bit(a, s)	copy_find_next_bit(a, s, 0)

/* is every bit of @src1 set in @src2 (the first @nbits)? */
static inline bool copy_bitmap_subset(const unsigned long *src1,
				      const unsigned long *src2,
				      unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < nbits; i++)
		if (copy_test_bit(i, src1) && !copy_test_bit(i, src2))
			return false;
	return true;
}
#define bitmap_subset(a, b, n)	copy_bitmap_subset(a, b, n)

#endif
