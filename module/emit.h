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
