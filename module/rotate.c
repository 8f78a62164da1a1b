// SPDX-License-Identifier: GPL-2.0
/*
 * Rotate kfuncs: the count is taken modulo the operand width, as the x86
 * rol/ror and arm64 ror instructions do.
 */
#include <linux/bitops.h>
#include <linux/btf.h>

#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc u64 bpf_insn_rol64(u64 x, u32 n__k)
{
	return rol64(x, n__k & 63);
}

__bpf_kfunc u64 bpf_insn_ror64(u64 x, u32 n__k)
{
	return ror64(x, n__k & 63);
}

__bpf_kfunc u32 bpf_insn_rol32(u32 x, u32 n__k)
{
	return rol32(x, n__k & 31);
}

__bpf_kfunc u32 bpf_insn_ror32(u32 x, u32 n__k)
{
	return ror32(x, n__k & 31);
}

__bpf_kfunc_end_defs();
