// SPDX-License-Identifier: GPL-2.0
/*
 * Big-endian stores: the low 16, 32 or 64 bits of v at p + off in
 * big-endian order, for a constant off.
 *
 * The body adds the offset, swaps v in its own register and stores, so the
 * verifier checks the store like any other: writable memory only (not a
 * read-only map value, nor a context field the program type may not
 * write), packet, map value and stack pointers with their usual bounds,
 * stack stores aligned.  The JIT gets native code only where a plain store
 * is what BPF does too (the kernel keeps the body for context and BTF
 * pointers).  The kfuncs return nothing: after the body R0-R5 are
 * unreadable, and the native code writes memory and the JIT's scratch
 * registers only.
 *
 * As a plain call the verifier refuses the untyped pointer, rightly: the
 * kfunc could not know how far p may be written.  The C functions below
 * serve only a caller the verifier did let through, and do what the body
 * does.
 */
#include <linux/btf.h>
#include <linux/unaligned.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc void bpf_insn_store_be16(void *p, u32 off__k, u64 v)
{
	put_unaligned_be16(v, p + off__k);
}

__bpf_kfunc void bpf_insn_store_be32(void *p, u32 off__k, u64 v)
{
	put_unaligned_be32(v, p + off__k);
}

__bpf_kfunc void bpf_insn_store_be64(void *p, u32 off__k, u64 v)
{
	put_unaligned_be64(v, p + off__k);
}

__bpf_kfunc_end_defs();

/* BPF_TO_BE swaps on little-endian hosts; R3 (v) is dead after the body */
#define STORE_BE_BODY(SIZE, BITS)					\
	{								\
		BPF_ALU64_REG(BPF_ADD, BPF_REG_1, BPF_REG_2),		\
		BPF_ENDIAN(BPF_TO_BE, BPF_REG_3, BITS),			\
		BPF_STX_MEM(SIZE, BPF_REG_1, BPF_REG_3, 0),		\
	}

static const struct bpf_insn store_be16_body[] = STORE_BE_BODY(BPF_H, 16);
static const struct bpf_insn store_be32_body[] = STORE_BE_BODY(BPF_W, 32);
static const struct bpf_insn store_be64_body[] = STORE_BE_BODY(BPF_DW, 64);

#if INSN_HAVE_EMITTERS
int insn_emit_store_be16(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_store_be(e, buf, 2);
}

int insn_emit_store_be32(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_store_be(e, buf, 4);
}

int insn_emit_store_be64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return insn_emit_store_be(e, buf, 8);
}
#endif

static const struct bpf_kfunc_body insn_store_be_table[] = {
	INSN_BODY(store_be16, VERIFY, 17),
	INSN_BODY(store_be32, VERIFY, 17),
	INSN_BODY(store_be64, VERIFY, 17),
};

INSN_FAMILY_DEFINE(store_be);
