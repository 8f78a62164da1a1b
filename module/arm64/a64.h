/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 emitters encode only through the kernel's aarch64_insn_gen_*()
 * helpers (exported by the companion series), as the JIT does.  A helper
 * that cannot encode its operands returns AARCH64_BREAK_FAULT: that word
 * is never written, and the emitter declines, so the body is used.
 *
 * Registers are X register numbers 0-30, as the JIT hands them.  Words go
 * out little-endian, the order of the JIT image.
 */
#ifndef _INSN_KFUNCS_A64_H
#define _INSN_KFUNCS_A64_H

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/unaligned.h>
#include <asm/insn.h>

#define A64_X	AARCH64_INSN_VARIANT_64BIT
#define A64_W	AARCH64_INSN_VARIANT_32BIT

/* Code being written into an emitter's buffer. */
struct a64_code {
	u8 *start;
	u8 *p;
	bool fault;	/* an encoder refused its operands */
};

static inline void a64_begin(struct a64_code *c, u8 *buf)
{
	c->start = buf;
	c->p = buf;
	c->fault = false;
}

/* Append one instruction word, unless the encoder refused it. */
static inline void a64_emit(struct a64_code *c, u32 insn)
{
	if (insn == AARCH64_BREAK_FAULT)
		c->fault = true;
	else
		put_unaligned_le32(insn, c->p);
	c->p += AARCH64_INSN_SIZE;
}

/* The emitter's result: bytes written, or decline after a fault. */
static inline int a64_end(const struct a64_code *c)
{
	return c->fault ? -EINVAL : c->p - c->start;
}

#endif /* _INSN_KFUNCS_A64_H */
