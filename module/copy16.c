// SPDX-License-Identifier: GPL-2.0
/*
 * 16-byte copy: the 16 bytes at src to dst, both loads before both
 * stores, so that overlapping dst and src behave as memmove().
 *
 * The body is two 8-byte loads and two 8-byte stores, so the verifier
 * checks 16 bytes at src as a load and 16 at dst as a store: writable
 * memory only, packet, map value and stack pointers with their usual
 * bounds, stack accesses 8-byte aligned (BPF wants that of the stack
 * alone; packets and map values may be unaligned where the CPU allows it,
 * as on x86-64 and arm64).  The native code does the same accesses through
 * the JIT's scratch registers, which work at any alignment, so it is
 * correct wherever the body verified.  It writes memory and the scratch
 * registers only: KF_FASTCALL.  The JIT gets it only where plain loads and
 * stores are what BPF does too (the kernel keeps the body for context and
 * BTF pointers).
 *
 * As a plain call the verifier refuses the untyped pointers, rightly: the
 * kfunc could not know how far they may be read and written.  The C
 * function below serves only a caller the verifier did let through, and
 * does what the body does.
 */
#include <linux/btf.h>
#include <linux/unaligned.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc void bpf_insn_copy16(void *dst, const void *src)
{
	u64 lo = get_unaligned((const u64 *)src);
	u64 hi = get_unaligned((const u64 *)src + 1);

	put_unaligned(lo, (u64 *)dst);
	put_unaligned(hi, (u64 *)dst + 1);
}

__bpf_kfunc_end_defs();

static const struct bpf_insn copy16_body[] = {
	BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_2, 0),
	BPF_LDX_MEM(BPF_DW, BPF_REG_4, BPF_REG_2, 8),
	BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_3, 0),
	BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_4, 8),
};

static const struct bpf_kfunc_body insn_copy16_table[] = {
	INSN_BODY(copy16, VERIFY, 20),
};

INSN_FAMILY_DEFINE(copy16);
