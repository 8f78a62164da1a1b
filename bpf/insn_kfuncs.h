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
 * counts are taken modulo the width.
 */
#ifndef __INSN_KFUNCS_BPF_H
#define __INSN_KFUNCS_BPF_H

#ifndef __ksym
#error "include bpf/bpf_helpers.h before insn_kfuncs.h"
#endif

/* rotate */
extern __u64 bpf_insn_rol64(__u64 x, __u32 n__k) __ksym __weak;
extern __u64 bpf_insn_ror64(__u64 x, __u32 n__k) __ksym __weak;
extern __u32 bpf_insn_rol32(__u32 x, __u32 n__k) __ksym __weak;
extern __u32 bpf_insn_ror32(__u32 x, __u32 n__k) __ksym __weak;

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

#endif /* __INSN_KFUNCS_BPF_H */
