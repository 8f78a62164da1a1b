// SPDX-License-Identifier: GPL-2.0
/*
 * Prefetch: a hint to bring the cache line of p + off in for a read, for
 * a constant off.
 *
 * A prefetch never faults, but one of an arbitrary address would let a
 * program probe the kernel's layout (which addresses are mapped, cached,
 * in the TLB: KASLR), so the address must be one the program may read.
 * The body is a one-byte load of p + off into R0, which a void kfunc
 * leaves unreadable: the verifier checks pointer and bounds as for that
 * load (packet, map value and stack pointers with their usual rules; a
 * scalar is refused), and where the body stays it is that load.  Native
 * code (prefetcht0 on x86-64, prfm pldl1keep on arm64) loads nothing and
 * writes no register: KF_FASTCALL.  The JIT gets it only where a plain
 * load is what BPF does too (the kernel keeps the body for context and
 * BTF pointers).
 *
 * As a plain call the verifier refuses the untyped pointer, rightly: the
 * kfunc could not know whether p may be read.  The C function below serves
 * only a caller the verifier did let through.
 */
#include <linux/btf.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc void bpf_insn_prefetch(const void *p, u32 off__k)
{
	/* read, keep in every level: prefetcht0, prfm pldl1keep */
	__builtin_prefetch(p + off__k, 0, 3);
}

__bpf_kfunc_end_defs();

/* the byte is dropped: after the body of a void kfunc R0 is unreadable */
static const struct bpf_insn prefetch_body[] = {
	BPF_ALU64_REG(BPF_ADD, BPF_REG_1, BPF_REG_2),
	BPF_LDX_MEM(BPF_B, BPF_REG_0, BPF_REG_1, 0),
};

static const struct bpf_kfunc_body insn_prefetch_table[] = {
	INSN_BODY(prefetch, VERIFY, 9),
};

INSN_FAMILY_DEFINE(prefetch);
