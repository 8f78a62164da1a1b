// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 16-byte copy from [src] to [dst]: two 8-byte mov loads into the
 * JIT's two scratch registers, then two 8-byte mov stores, so overlapping
 * operands behave as the body (both loads first).  Not one 16-byte SSE
 * move: the JIT's code runs in kernel context, where vector registers may
 * not be touched without kernel_fpu_begin().  mov works at any alignment;
 * no register but the scratch ones is written.
 */
#include "../emit.h"
#include "x86.h"

/* mov reg, [base + disp] (load) or mov [base + disp], reg, 64-bit */
static u8 *emit_mov_mem(u8 *p, bool load, u8 reg, u8 base, s32 disp)
{
	p = maybe_emit_mem_mod(p, base, X86_REG_NONE, reg, true);
	EMIT1(load ? 0x8B : 0x89);
	return emit_mem(p, reg, base, X86_REG_NONE, 0, disp);
}

int insn_emit_copy16(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->arg[0], src = e->arg[1];
	u8 lo = e->scratch[0], hi = e->scratch[1];
	u8 *p = buf;

	p = emit_mov_mem(p, true, lo, src, 0);
	p = emit_mov_mem(p, true, hi, src, 8);
	p = emit_mov_mem(p, false, lo, dst, 0);
	p = emit_mov_mem(p, false, hi, dst, 8);
	return p - buf;
}
