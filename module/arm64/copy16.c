// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 16-byte copy from [src] to [dst]: ldr into the JIT's two scratch
 * registers, then str of both, so overlapping operands behave as the body
 * (both loads first).  Not ldp/stp: the series exports no encoder for the
 * pair forms (patch 11), and the emitters encode only through the kernel's.
 * ldr and str of X registers work at any alignment on normal memory; no
 * register but the scratch ones is written.
 */
#include "../emit.h"
#include "a64.h"

int insn_emit_copy16(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->arg[0], src = e->arg[1];
	u8 lo = e->scratch[0], hi = e->scratch[1];
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, A64_LDR64I(lo, src, 0));
	a64_emit(&c, A64_LDR64I(hi, src, 8));
	a64_emit(&c, A64_STR64I(lo, dst, 0));
	a64_emit(&c, A64_STR64I(hi, dst, 8));
	return a64_end(&c);
}
