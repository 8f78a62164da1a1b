/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Native emitters, one set per architecture (module/x86/, module/arm64/),
 * all with the same names.  Elsewhere the descriptors carry no emitter and
 * the bodies are used.
 */
#ifndef _INSN_KFUNCS_EMIT_H
#define _INSN_KFUNCS_EMIT_H

#include "compat.h"

/*
 * arm64 emitters need the encoders the companion series exports, so they
 * exist only on a patched kernel (Kbuild links them only there).  Every
 * architecture with emitters has all of them.
 */
#define INSN_HAVE_EMITTERS	(IS_ENABLED(CONFIG_X86_64) || \
				 (IS_ENABLED(CONFIG_ARM64) && INSN_KFUNCS_PATCHED))
#define INSN_EMIT(op)		(INSN_HAVE_EMITTERS ? insn_emit_##op : NULL)

/* the emitters of the family list, one declarator each */
#define INSN_FAMILY(...)
#define INSN_KFUNC(op, ...)	insn_emit_##op(const struct bpf_kfunc_emit *e, u8 *buf),
#define INSN_NATIVE(op)		insn_emit_##op(const struct bpf_kfunc_emit *e, u8 *buf),
int
#include "families.h"
	insn_emit_end(void);	/* closes the list; not defined */
#undef INSN_FAMILY
#undef INSN_KFUNC
#undef INSN_NATIVE

/*
 * Kfuncs that differ in width share one emitter per architecture
 * (module/ARCH/<family>.c); module/<family>.c binds width (and rotate's
 * direction) for each kfunc.
 */
int insn_emit_rotate(const struct bpf_kfunc_emit *e, u8 *buf, bool is64, bool left);
int insn_emit_load_be(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes);
int insn_emit_store_be(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes);
int insn_emit_popcnt(const struct bpf_kfunc_emit *e, u8 *buf, bool is64);
int insn_emit_clz(const struct bpf_kfunc_emit *e, u8 *buf, bool is64);
int insn_emit_ctz(const struct bpf_kfunc_emit *e, u8 *buf, bool is64);
int insn_emit_blsr(const struct bpf_kfunc_emit *e, u8 *buf, bool is64);
int insn_emit_mulhi(const struct bpf_kfunc_emit *e, u8 *buf, bool is_signed);
int insn_emit_crc32c(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes);

/*
 * The arguments the emitters of a family read from memory where the
 * program loads them just before the call (bpf_kfunc_body.mem_args):
 * x86-64's crc32 takes v from memory, arm64's crc32c registers only.
 */
#define INSN_MEM_ARGS_CRC32C	(IS_ENABLED(CONFIG_X86_64) ? BIT(1) : 0)

/* the CPU feature native popcount needs where this CPU lacks it, or NULL */
const char *insn_popcnt_lacks(void);
/* the CPU feature native CRC32C needs where this CPU lacks it, or NULL */
const char *insn_crc32c_lacks(void);

#endif /* _INSN_KFUNCS_EMIT_H */
