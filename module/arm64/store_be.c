// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 big-endian stores to [p + off]: rev16/rev of v into a scratch
 * register, then strh/str of it; on a big-endian kernel, where BPF_TO_BE
 * swaps nothing, the store of v alone.  v's own register is never written:
 * it may be live after the call, and the kfunc returns nothing.  An offset
 * the scaled 12-bit immediate cannot hold goes through the other scratch
 * register (movz; register offset); one above 16 bits keeps the body.
 */
#include <linux/limits.h>

#include "../emit.h"
#include "a64.h"

int insn_emit_store_be(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes)
{
	u8 ptr = e->arg[0], val = e->arg[2];
	u8 tmp = e->scratch[0], idx = e->scratch[1];
	u32 off = e->imm[1];
	/* the encoder would log an offset it refuses: check here, quietly */
	bool imm = !(off % bytes) && off / bytes < 4096;
	struct a64_code c;

	if (!imm && off > U16_MAX)
		return -EINVAL;
	a64_begin(&c, buf);
	/* A64_REV32 on a W register is rev w: all four bytes */
	if (!IS_ENABLED(CONFIG_CPU_BIG_ENDIAN)) {
		a64_emit(&c, bytes == 2 ? A64_REV16(0, tmp, val) :
			     bytes == 4 ? A64_REV32(0, tmp, val) :
					  A64_REV64(tmp, val));
		val = tmp;
	}
	if (imm) {
		a64_emit(&c, bytes == 2 ? A64_STRHI(val, ptr, off) :
			     bytes == 4 ? A64_STR32I(val, ptr, off) :
					  A64_STR64I(val, ptr, off));
	} else {
		a64_emit(&c, A64_MOVZ(1, idx, off, 0));
		a64_emit(&c, bytes == 2 ? A64_STRH(val, ptr, idx) :
			     bytes == 4 ? A64_STR32(val, ptr, idx) :
					  A64_STR64(val, ptr, idx));
	}
	return a64_end(&c);
}
