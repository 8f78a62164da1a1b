/* SPDX-License-Identifier: GPL-2.0 */
/*
 * insn_kfuncs: kfuncs that stand for single CPU instructions.
 *
 * Declarations shared by the files of the module.  A trailing __k on an
 * argument name tells the verifier the argument must be a known constant.
 */
#ifndef _INSN_KFUNCS_H
#define _INSN_KFUNCS_H

#include <linux/types.h>

#include "compat.h"

/* One descriptor table per family; main.c lists the families. */
struct insn_family {
	const char *name;
	const struct bpf_kfunc_body *table;
	const u32 *cnt;
};

/* rotate.c */
u64 bpf_insn_rol64(u64 x, u32 n__k);
u64 bpf_insn_ror64(u64 x, u32 n__k);
u32 bpf_insn_rol32(u32 x, u32 n__k);
u32 bpf_insn_ror32(u32 x, u32 n__k);
extern const struct bpf_kfunc_body insn_rotate_table[];
extern const u32 insn_rotate_table_cnt;

#endif /* _INSN_KFUNCS_H */
