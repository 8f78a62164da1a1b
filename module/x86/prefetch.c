// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 prefetch of [p + off]: prefetcht0, which loads nothing into a
 * register, writes none and never faults.  It is SSE's (every x86-64 CPU
 * has it) but touches no vector register.
 */
#include "../emit.h"
#include "x86.h"

int insn_emit_prefetch(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 ptr = e->arg[0];
	u32 off = e->imm[1];
	u8 *p = buf;

	/* the displacement is signed; the verifier bounds off far below */
	if (off > S32_MAX)
		return -EINVAL;
	/* ModRM.reg is the opcode extension /1, not a register: no REX.R */
	p = maybe_emit_mem_mod(p, ptr, X86_REG_NONE, 0, false);
	EMIT2(0x0F, 0x18);				/* prefetcht0 [ptr + off] */
	return emit_mem(p, 1, ptr, X86_REG_NONE, 0, off) - buf;
}
