// SPDX-License-Identifier: GPL-2.0
/*
 * Big-endian loads: the 16, 32 or 64 bits at p + off in host order,
 * zero-extended, for a constant off.
 *
 * The body adds the offset, loads and swaps, so the verifier checks the load
 * like any other: packet, map value and stack pointers with their usual
 * bounds rules, and an offset out of bounds is refused at load time.  The
 * JIT gets native code only where a plain load is what BPF does too (the
 * kernel keeps the body for context and BTF pointers).
 *
 * As a plain call the verifier refuses the untyped pointer, rightly: the
 * kfunc could not know how far p may be read.  The C functions below serve
 * only a caller the verifier did let through, and do what the body does.
 */
#include <linux/btf.h>
#include <linux/unaligned.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc u16 bpf_insn_load_be16(const void *p, u32 off__k)
{
	return get_unaligned_be16(p + off__k);
}

__bpf_kfunc u32 bpf_insn_load_be32(const void *p, u32 off__k)
{
	return get_unaligned_be32(p + off__k);
}

__bpf_kfunc u64 bpf_insn_load_be64(const void *p, u32 off__k)
{
	return get_unaligned_be64(p + off__k);
}

__bpf_kfunc_end_defs();

/* BPF_TO_BE swaps on little-endian hosts and zero-extends 16 and 32 bits */
#define LOAD_BE_BODY(SIZE, BITS)					\
	{								\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_1, BPF_REG_2),		\
		BPF_LDX_MEM(SIZE, BPF_REG_0, BPF_REG_1, 0),		\
		BPF_ENDIAN(BPF_TO_BE, BPF_REG_0, BITS),			\
	}

static const struct bpf_insn load_be16_body[] = LOAD_BE_BODY(BPF_H, 16);
static const struct bpf_insn load_be32_body[] = LOAD_BE_BODY(BPF_W, 32);
static const struct bpf_insn load_be64_body[] = LOAD_BE_BODY(BPF_DW, 64);

#if INSN_HAVE_EMITTERS
int insn_emit_load_be16(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_load_be(e, buf, 2);
}

int insn_emit_load_be32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_load_be(e, buf, 4);
}

int insn_emit_load_be64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_load_be(e, buf, 8);
}
#endif

static const struct bpf_kfunc_body insn_load_be_table[] = {
	INSN_BODY(load_be16, VERIFY, 14),
	INSN_BODY(load_be32, VERIFY, 14),
	INSN_BODY(load_be64, VERIFY, 14),
};

INSN_FAMILY_DEFINE(load_be);
