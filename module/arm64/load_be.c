// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 big-endian loads from [p + off]: ldrh/ldr then rev16/rev, or the
 * load alone on a big-endian kernel, where BPF_TO_BE swaps nothing.  Loads
 * into a W register zero-extend, and rev16 on W keeps the cleared upper
 * half clear, so no extension is needed.  An offset the scaled 12-bit
 * immediate cannot hold goes through a scratch register (movz; register
 * offset); one above 16 bits keeps the body.
 */
#include <linux/limits.h>

#include "../emit.h"
#include "a64.h"

int insn_emit_load_be(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes)
{
	u8 dst = e->dst, src = e->arg[0], tmp = e->scratch[0];
	u32 off = e->imm[1];
	struct a64_code c;

	a64_begin(&c, buf);
	/* the encoder would log an offset it refuses: check here, quietly */
	if (!(off % bytes) && off / bytes < 4096) {
		a64_emit(&c, bytes == 2 ? A64_LDRHI(dst, src, off) :
			     bytes == 4 ? A64_LDR32I(dst, src, off) :
					  A64_LDR64I(dst, src, off));
	} else if (off <= U16_MAX) {
		a64_emit(&c, A64_MOVZ(1, tmp, off, 0));
		a64_emit(&c, bytes == 2 ? A64_LDRH(dst, src, tmp) :
			     bytes == 4 ? A64_LDR32(dst, src, tmp) :
					  A64_LDR64(dst, src, tmp));
	} else {
		return -EINVAL;
	}
	/*
	 * The body's BPF_TO_BE and get_unaligned_be*() swap only on a
	 * little-endian CPU; on a big-endian one the load is the value.
	 */
	/* A64_REV32 on a W register is rev w: all four bytes */
	if (!IS_ENABLED(CONFIG_CPU_BIG_ENDIAN))
		a64_emit(&c, bytes == 2 ? A64_REV16(0, dst, dst) :
			     bytes == 4 ? A64_REV32(0, dst, dst) :
					  A64_REV64(dst, dst));
	return a64_end(&c);
}
