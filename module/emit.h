/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Native emitters, one set per architecture (module/x86/, module/arm64/),
 * all with the same names.  Elsewhere the descriptors carry no emitter and
 * the bodies are used.
 */
#ifndef _INSN_KFUNCS_EMIT_H
#define _INSN_KFUNCS_EMIT_H

#include "compat.h"

#define INSN_HAVE_EMITTERS	IS_ENABLED(CONFIG_X86_64)
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
int insn_emit_iter_next(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_this_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_per_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf);
int insn_emit_cpu_id(const struct bpf_kfunc_emit *e, u8 *buf);

#endif /* _INSN_KFUNCS_EMIT_H */
