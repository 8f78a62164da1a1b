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

static int emit_load_be(const struct bpf_kfunc_emit *e, u8 *buf,
			enum aarch64_insn_size_type size, u32 bytes,
			enum aarch64_insn_data1_type rev)
{
	u8 dst = e->dst, src = e->arg[0], tmp = e->scratch[0];
	u32 off = e->imm[1];
	struct a64_code c;

	a64_begin(&c, buf);
	/* the encoder would log an offset it refuses: check here, quietly */
	if (!(off % bytes) && off / bytes < 4096) {
		a64_emit(&c, aarch64_insn_gen_load_store_imm(dst, src, off, size,
							     AARCH64_INSN_LDST_LOAD_IMM_OFFSET));
							/* ldr dst, [src, #off] */
	} else if (off <= U16_MAX) {
		a64_emit(&c, aarch64_insn_gen_movewide(tmp, off, 0, A64_X,
						       AARCH64_INSN_MOVEWIDE_ZERO));
							/* mov tmp, #off */
		a64_emit(&c, aarch64_insn_gen_load_store_reg(dst, src, tmp, size,
							     AARCH64_INSN_LDST_LOAD_REG_OFFSET));
							/* ldr dst, [src, tmp] */
	} else {
		return -EINVAL;
	}
	/*
	 * The body's BPF_TO_BE and get_unaligned_be*() swap only on a
	 * little-endian CPU; on a big-endian one the load is the value.
	 */
	if (!IS_ENABLED(CONFIG_CPU_BIG_ENDIAN))
		a64_emit(&c, aarch64_insn_gen_data1(dst, dst, bytes == 8 ? A64_X : A64_W,
						    rev));
							/* rev16/rev dst, dst */
	return a64_end(&c);
}

int insn_emit_load_be16(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return emit_load_be(e, buf, AARCH64_INSN_SIZE_16, 2,
			    AARCH64_INSN_DATA1_REVERSE_16);
}

int insn_emit_load_be32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	/* REVERSE_32 on a W register is rev w: all four bytes */
	return emit_load_be(e, buf, AARCH64_INSN_SIZE_32, 4,
			    AARCH64_INSN_DATA1_REVERSE_32);
}

int insn_emit_load_be64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return emit_load_be(e, buf, AARCH64_INSN_SIZE_64, 8,
			    AARCH64_INSN_DATA1_REVERSE_64);
}
