/* SPDX-License-Identifier: GPL-2.0 */
/*
 * insn_kfuncs.h: for BPF programs calling the kfuncs of insn_kfuncs.ko.
 *
 * Include after vmlinux.h (or linux/types.h) and bpf/bpf_helpers.h.
 *
 *   bpf_insn_*()  the kfuncs; the program needs the module loaded (they
 *                 are __weak, so it still loads without and
 *                 bpf_ksym_exists() tells)
 *   insn_*()      portable wrappers: the kfunc when the running kernel has
 *                 it, the same result in plain C otherwise
 *
 * Arguments named __k must be constants known to the verifier.  Rotate
 * counts are taken modulo the width.  bpf_insn_bextr64() needs start < 64
 * and 1 <= len <= 64 - start (the verifier refuses other constants).  The
 * big-endian loads and stores are checked like plain loads and stores of
 * p + off (a store needs writable memory); bpf_insn_prefetch() like a
 * one-byte load of p + off, bpf_insn_copy16() like 16-byte loads at src
 * and stores at dst.
 * bpf_insn_lea64() needs a shift of 0 to 3; its disp is sign-extended.
 *
 * bpf_insn_bextr64(), bpf_insn_lea64(), the big-endian loads and stores,
 * the prefetch and the copy need the kernel's kfunc bodies (the companion
 * series, with the module's bodies on): as plain calls the verifier
 * refuses two constant arguments and an untyped pointer.  Their wrappers
 * use the kfunc only on a kernel with bodies.
 */
#ifndef __INSN_KFUNCS_BPF_H
#define __INSN_KFUNCS_BPF_H

#ifndef __ksym
#error "include bpf/bpf_helpers.h before insn_kfuncs.h"
#endif

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_endian.h>

/* libbpf's, where an older one lacks it: the compiler forgets what @var is */
#ifndef barrier_var
#define barrier_var(var) asm volatile("" : "+r"(var))
#endif

/*
 * bpf_fastcall (clang 20 and later; the project builds with clang-22):
 * the compiler keeps R1-R5 that the kfunc does not take live across the
 * call, saving them around it on the stack; a kernel with the series
 * removes those saves where the call becomes native code, which writes
 * nothing else.  Older compilers, or kernels that keep the call, get
 * ordinary calls.
 */
#if defined(__has_attribute) && __has_attribute(bpf_fastcall)
#define __insn_fastcall __attribute__((bpf_fastcall))
#else
#define __insn_fastcall
#endif

/* rotate */
extern __u64 bpf_insn_rol64(__u64 x, __u32 n__k) __ksym __weak __insn_fastcall;
extern __u64 bpf_insn_ror64(__u64 x, __u32 n__k) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_rol32(__u32 x, __u32 n__k) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_ror32(__u32 x, __u32 n__k) __ksym __weak __insn_fastcall;

static __always_inline __u64 insn_rol64(__u64 x, __u32 n)
{
	if (bpf_ksym_exists(bpf_insn_rol64))
		return bpf_insn_rol64(x, n);
	n &= 63;
	return x << n | x >> ((64 - n) & 63);
}

static __always_inline __u64 insn_ror64(__u64 x, __u32 n)
{
	if (bpf_ksym_exists(bpf_insn_ror64))
		return bpf_insn_ror64(x, n);
	n &= 63;
	return x >> n | x << ((64 - n) & 63);
}

static __always_inline __u32 insn_rol32(__u32 x, __u32 n)
{
	if (bpf_ksym_exists(bpf_insn_rol32))
		return bpf_insn_rol32(x, n);
	n &= 31;
	return x << n | x >> ((32 - n) & 31);
}

static __always_inline __u32 insn_ror32(__u32 x, __u32 n)
{
	if (bpf_ksym_exists(bpf_insn_ror32))
		return bpf_insn_ror32(x, n);
	n &= 31;
	return x >> n | x << ((32 - n) & 31);
}

/* a kernel with kfunc bodies (the companion series) has this field */
struct bpf_prog_aux___insn_bodies {
	void *kfunc_sites;
} __attribute__((preserve_access_index));

#define insn_kernel_has_bodies()					\
	bpf_core_field_exists(struct bpf_prog_aux___insn_bodies, kfunc_sites)

/* select: cond ? a : b */
extern __u64 bpf_insn_select64(__u64 cond, __u64 a, __u64 b) __ksym __weak __insn_fastcall;

static __always_inline __u64 insn_select64(__u64 cond, __u64 a, __u64 b)
{
	if (bpf_ksym_exists(bpf_insn_select64))
		return bpf_insn_select64(cond, a, b);
	return cond ? a : b;
}

/* bit-field extract: bits [start, start + len) of x */
extern __u64 bpf_insn_bextr64(__u64 x, __u32 start__k, __u32 len__k) __ksym __weak __insn_fastcall;

static __always_inline __u64 insn_bextr64(__u64 x, __u32 start, __u32 len)
{
	if (bpf_ksym_exists(bpf_insn_bextr64) && insn_kernel_has_bodies())
		return bpf_insn_bextr64(x, start, len);
	return x >> start << (64 - len) >> (64 - len);
}

/* address arithmetic: base + (index << shift) + (s32)disp, shift 0 to 3 */
extern __u64 bpf_insn_lea64(__u64 base, __u64 index, __u32 shift__k, __u32 disp__k) __ksym __weak __insn_fastcall;

static __always_inline __u64 insn_lea64(__u64 base, __u64 index, __u32 shift, __s32 disp)
{
	if (bpf_ksym_exists(bpf_insn_lea64) && insn_kernel_has_bodies())
		return bpf_insn_lea64(base, index, shift, disp);
	return base + (index << shift) + disp;
}

/* big-endian loads of p + off, zero-extended */
extern __u16 bpf_insn_load_be16(const void *p, __u32 off__k) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_load_be32(const void *p, __u32 off__k) __ksym __weak __insn_fastcall;
extern __u64 bpf_insn_load_be64(const void *p, __u32 off__k) __ksym __weak __insn_fastcall;

static __always_inline __u16 insn_load_be16(const void *p, __u32 off)
{
	if (bpf_ksym_exists(bpf_insn_load_be16) && insn_kernel_has_bodies())
		return bpf_insn_load_be16(p, off);
	return bpf_ntohs(*(const __u16 *)(p + off));
}

static __always_inline __u32 insn_load_be32(const void *p, __u32 off)
{
	if (bpf_ksym_exists(bpf_insn_load_be32) && insn_kernel_has_bodies())
		return bpf_insn_load_be32(p, off);
	return bpf_ntohl(*(const __u32 *)(p + off));
}

static __always_inline __u64 insn_load_be64(const void *p, __u32 off)
{
	if (bpf_ksym_exists(bpf_insn_load_be64) && insn_kernel_has_bodies())
		return bpf_insn_load_be64(p, off);
	return bpf_be64_to_cpu(*(const __u64 *)(p + off));
}

/* big-endian stores of the low 16, 32 or 64 bits of v at p + off */
extern void bpf_insn_store_be16(void *p, __u32 off__k, __u64 v) __ksym __weak __insn_fastcall;
extern void bpf_insn_store_be32(void *p, __u32 off__k, __u64 v) __ksym __weak __insn_fastcall;
extern void bpf_insn_store_be64(void *p, __u32 off__k, __u64 v) __ksym __weak __insn_fastcall;

static __always_inline void insn_store_be16(void *p, __u32 off, __u64 v)
{
	if (bpf_ksym_exists(bpf_insn_store_be16) && insn_kernel_has_bodies())
		bpf_insn_store_be16(p, off, v);
	else
		*(__u16 *)(p + off) = bpf_htons((__u16)v);
}

static __always_inline void insn_store_be32(void *p, __u32 off, __u64 v)
{
	if (bpf_ksym_exists(bpf_insn_store_be32) && insn_kernel_has_bodies())
		bpf_insn_store_be32(p, off, v);
	else
		*(__u32 *)(p + off) = bpf_htonl((__u32)v);
}

static __always_inline void insn_store_be64(void *p, __u32 off, __u64 v)
{
	if (bpf_ksym_exists(bpf_insn_store_be64) && insn_kernel_has_bodies())
		bpf_insn_store_be64(p, off, v);
	else
		*(__u64 *)(p + off) = bpf_cpu_to_be64(v);
}

/*
 * bit counts: population count, leading and trailing zeros; clz and ctz
 * of 0 are the width.  The verifier knows each result is at most the
 * width.  blsr: x & (x - 1), the lowest set bit cleared, the next step of
 * a scan over the set bits (x86 BMI1's blsr, one instruction).  The C
 * versions do not use __builtin_clzll() and __builtin_ctzll(): clang 14
 * compiles them wrongly for BPF.
 */
extern __u32 bpf_insn_popcnt64(__u64 x) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_popcnt32(__u32 x) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_clz64(__u64 x) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_clz32(__u32 x) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_ctz64(__u64 x) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_ctz32(__u32 x) __ksym __weak __insn_fastcall;
extern __u64 bpf_insn_blsr64(__u64 x) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_blsr32(__u32 x) __ksym __weak __insn_fastcall;

/*
 * The C versions, __insn_<op>(), what the wrappers fall back to (and
 * what plain BPF can do).  clz: the bits below the highest set one set
 * too, counted.  ctz: the trailing zeros made ones, counted, all the bits
 * of 0; clang 14 sees that this is ctz and then crashes selecting BPF
 * instructions for it (a 32-bit one anywhere, a 64-bit one in a loop),
 * so barrier_var() hides the pattern; it emits nothing.
 */
static __always_inline __u32 __insn_popcnt64(__u64 x)
{
	return __builtin_popcountll(x);
}

static __always_inline __u32 __insn_popcnt32(__u32 x)
{
	return __builtin_popcount(x);
}

static __always_inline __u32 __insn_clz64(__u64 x)
{
	x |= x >> 1;
	x |= x >> 2;
	x |= x >> 4;
	x |= x >> 8;
	x |= x >> 16;
	x |= x >> 32;
	return 64 - __builtin_popcountll(x);
}

static __always_inline __u32 __insn_clz32(__u32 x)
{
	x |= x >> 1;
	x |= x >> 2;
	x |= x >> 4;
	x |= x >> 8;
	x |= x >> 16;
	return 32 - __builtin_popcount(x);
}

static __always_inline __u32 __insn_ctz64(__u64 x)
{
	__u64 m = ~x & (x - 1);

	barrier_var(m);
	return __builtin_popcountll(m);
}

static __always_inline __u32 __insn_ctz32(__u32 x)
{
	__u32 m = ~x & (x - 1);

	barrier_var(m);
	return __builtin_popcount(m);
}

static __always_inline __u64 __insn_blsr64(__u64 x)
{
	return x & (x - 1);
}

static __always_inline __u32 __insn_blsr32(__u32 x)
{
	return x & (x - 1);
}

#define __INSN_BITCOUNT_WRAPPER(op, ret, type)				\
static __always_inline ret insn_##op(type x)				\
{									\
	if (bpf_ksym_exists(bpf_insn_##op))				\
		return bpf_insn_##op(x);				\
	return __insn_##op(x);						\
}
__INSN_BITCOUNT_WRAPPER(popcnt64, __u32, __u64)
__INSN_BITCOUNT_WRAPPER(popcnt32, __u32, __u32)
__INSN_BITCOUNT_WRAPPER(clz64, __u32, __u64)
__INSN_BITCOUNT_WRAPPER(clz32, __u32, __u32)
__INSN_BITCOUNT_WRAPPER(ctz64, __u32, __u64)
__INSN_BITCOUNT_WRAPPER(ctz32, __u32, __u32)
__INSN_BITCOUNT_WRAPPER(blsr64, __u64, __u64)
__INSN_BITCOUNT_WRAPPER(blsr32, __u32, __u32)

/*
 * wide multiply: the upper 64 bits of the 128-bit product; mulfold64 its
 * two halves xor-ed (xxh3's mul128_fold64, wyhash's mix), one multiply
 * where mulhi64 and a * b are two
 */
extern __u64 bpf_insn_mulhi64(__u64 a, __u64 b) __ksym __weak __insn_fastcall;
extern __s64 bpf_insn_smulhi64(__s64 a, __s64 b) __ksym __weak __insn_fastcall;
extern __u64 bpf_insn_mulfold64(__u64 a, __u64 b) __ksym __weak __insn_fastcall;

/* in C: BPF has no 128-bit multiply, so from the products of the halves */
static __always_inline __u64 __insn_mulhi64(__u64 a, __u64 b)
{
	__u64 al = (__u32)a, ah = a >> 32, bl = (__u32)b, bh = b >> 32;
	__u64 lh = al * bh, hl = ah * bl;

	return ah * bh + (lh >> 32) + (hl >> 32) +
	       (((al * bl >> 32) + (__u32)lh + (__u32)hl) >> 32);
}

static __always_inline __u64 insn_mulhi64(__u64 a, __u64 b)
{
	if (bpf_ksym_exists(bpf_insn_mulhi64))
		return bpf_insn_mulhi64(a, b);
	return __insn_mulhi64(a, b);
}

/* signed: the unsigned product less b where a < 0 and a where b < 0 */
static __always_inline __s64 insn_smulhi64(__s64 a, __s64 b)
{
	if (bpf_ksym_exists(bpf_insn_smulhi64))
		return bpf_insn_smulhi64(a, b);
	return __insn_mulhi64(a, b) - (a >> 63 & b) - (b >> 63 & a);
}

static __always_inline __u64 __insn_mulfold64(__u64 a, __u64 b)
{
	return a * b ^ __insn_mulhi64(a, b);
}

static __always_inline __u64 insn_mulfold64(__u64 a, __u64 b)
{
	if (bpf_ksym_exists(bpf_insn_mulfold64))
		return bpf_insn_mulfold64(a, b);
	return __insn_mulfold64(a, b);
}

/*
 * CRC32C (Castagnoli, reflected) of crc followed by v's bytes, least
 * significant first, with no inversion: x86's crc32, arm64's crc32c.
 * A CRC32C of a buffer starts from ~0 and inverts the result.
 */
extern __u32 bpf_insn_crc32c_u8(__u32 crc, __u8 v) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_crc32c_u16(__u32 crc, __u16 v) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_crc32c_u32(__u32 crc, __u32 v) __ksym __weak __insn_fastcall;
extern __u32 bpf_insn_crc32c_u64(__u32 crc, __u64 v) __ksym __weak __insn_fastcall;

/* in C, a bit at a time: crc ^ v, then one shift (and reduction) per bit */
static __always_inline __u32 __insn_crc32c(__u32 crc, __u64 v, int bits)
{
	__u64 x = crc ^ v;
	int i;

	for (i = 0; i < bits; i++)
		x = (x >> 1) ^ (0x82f63b78 & -(x & 1));
	return x;
}

#define __INSN_CRC32C_WRAPPER(bits)					\
static __always_inline __u32 insn_crc32c_u##bits(__u32 crc, __u##bits v) \
{									\
	if (bpf_ksym_exists(bpf_insn_crc32c_u##bits))			\
		return bpf_insn_crc32c_u##bits(crc, v);			\
	return __insn_crc32c(crc, v, bits);				\
}
__INSN_CRC32C_WRAPPER(8)
__INSN_CRC32C_WRAPPER(16)
__INSN_CRC32C_WRAPPER(32)
__INSN_CRC32C_WRAPPER(64)

/*
 * prefetch of the cache line of p + off, for a read.  p + off must be
 * memory the program may read: the kernel checks it as a one-byte load (a
 * prefetch of any address would probe the kernel's layout); the native
 * code loads nothing.  The fallback is that load, so a program verifies
 * the same with and without the kfunc.
 */
extern void bpf_insn_prefetch(const void *p, __u32 off__k) __ksym __weak __insn_fastcall;

static __always_inline void insn_prefetch(const void *p, __u32 off)
{
	if (bpf_ksym_exists(bpf_insn_prefetch) && insn_kernel_has_bodies())
		bpf_insn_prefetch(p, off);
	else
		(void)*(const volatile __u8 *)(p + off);
}

/*
 * the 16 bytes at src to dst, both loads before both stores: overlapping
 * dst and src copy as memmove() does.  Checked as 8-byte loads and stores
 * (on the stack both 8-byte aligned).
 */
extern void bpf_insn_copy16(void *dst, const void *src) __ksym __weak __insn_fastcall;

static __always_inline void insn_copy16(void *dst, const void *src)
{
	__u64 lo, hi;

	if (bpf_ksym_exists(bpf_insn_copy16) && insn_kernel_has_bodies()) {
		bpf_insn_copy16(dst, src);
		return;
	}
	lo = ((const __u64 *)src)[0];
	hi = ((const __u64 *)src)[1];
	((__u64 *)dst)[0] = lo;
	((__u64 *)dst)[1] = hi;
}

/*
 * per-CPU access: the verifier checks these calls as calls of the
 * bpf_this_cpu_ptr() and bpf_per_cpu_ptr() helpers, so they take and return
 * the same (a per-CPU __ksym variable or kptr; per_cpu gives NULL for
 * cpu >= nr_cpu_ids).  That needs the kernel's kfunc bodies: as plain
 * kfuncs (bodies=0, kernels without the series) the pointer kfuncs are
 * refused, and the wrappers below fall back to the helpers only when the
 * module is not loaded.
 */
extern void *bpf_insn_this_cpu_ptr(const void *percpu_ptr) __ksym __weak;
extern void *bpf_insn_per_cpu_ptr(const void *percpu_ptr, __u32 cpu) __ksym __weak;
extern __u32 bpf_insn_cpu_id(void) __ksym __weak;

#define insn_this_cpu_ptr(p)						\
	(bpf_ksym_exists(bpf_insn_this_cpu_ptr) ?			\
	 bpf_insn_this_cpu_ptr(p) : bpf_this_cpu_ptr(p))
#define insn_per_cpu_ptr(p, cpu)					\
	(bpf_ksym_exists(bpf_insn_per_cpu_ptr) ?			\
	 bpf_insn_per_cpu_ptr(p, cpu) : bpf_per_cpu_ptr(p, cpu))

static __always_inline __u32 insn_cpu_id(void)
{
	if (bpf_ksym_exists(bpf_insn_cpu_id))
		return bpf_insn_cpu_id();
	return bpf_get_smp_processor_id();
}

#endif /* __INSN_KFUNCS_BPF_H */
