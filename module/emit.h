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
 * exist only on a patched kernel (Kbuild links them only there), and not
 * for every op yet: INSN_A64_EMITS_<op> lists the ones module/arm64/ has.
 */
#define INSN_HAVE_EMITTERS	(IS_ENABLED(CONFIG_X86_64) || \
				 (IS_ENABLED(CONFIG_ARM64) && INSN_KFUNCS_PATCHED))
#ifdef CONFIG_ARM64
#define INSN_EMIT(op)		(INSN_HAVE_EMITTERS && __is_defined(INSN_A64_EMITS_##op) ? \
				 insn_emit_##op : NULL)
#else
#define INSN_EMIT(op)		(INSN_HAVE_EMITTERS ? insn_emit_##op : NULL)
#endif

#define INSN_A64_EMITS_rol64		1
#define INSN_A64_EMITS_ror64		1
#define INSN_A64_EMITS_rol32		1
#define INSN_A64_EMITS_ror32		1
#define INSN_A64_EMITS_select64		1
#define INSN_A64_EMITS_bextr64		1
#define INSN_A64_EMITS_load_be16	1
#define INSN_A64_EMITS_load_be32	1
#define INSN_A64_EMITS_load_be64	1
#define INSN_A64_EMITS_lea64		1
#define INSN_A64_EMITS_iter_next	1
#define INSN_A64_EMITS_this_cpu_ptr	1
#define INSN_A64_EMITS_per_cpu_ptr	1
#define INSN_A64_EMITS_cpu_id		1

int insn_emit_rol64(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_ror64(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_rol32(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_ror32(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_select64(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_bextr64(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_load_be16(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_load_be32(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_load_be64(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_lea64(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_iter_next(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_this_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_per_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_cpu_id(const struct bpf_kfunc_emit *e, u8 *buf);

#endif /* _INSN_KFUNCS_EMIT_H */
