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

/* select.c */
u64 bpf_insn_select64(u64 cond, u64 a, u64 b);
extern const struct bpf_kfunc_body insn_select_table[];
extern const u32 insn_select_table_cnt;

/* bextr.c */
u64 bpf_insn_bextr64(u64 x, u32 start__k, u32 len__k);
extern const struct bpf_kfunc_body insn_bextr_table[];
extern const u32 insn_bextr_table_cnt;

/* lea.c */
u64 bpf_insn_lea64(u64 base, u64 index, u32 shift__k, u32 disp__k);
extern const struct bpf_kfunc_body insn_lea_table[];
extern const u32 insn_lea_table_cnt;

/* load_be.c */
u16 bpf_insn_load_be16(const void *p, u32 off__k);
u32 bpf_insn_load_be32(const void *p, u32 off__k);
u64 bpf_insn_load_be64(const void *p, u32 off__k);
extern const struct bpf_kfunc_body insn_load_be_table[];
extern const u32 insn_load_be_table_cnt;

/* percpu.c */
void *bpf_insn_this_cpu_ptr(const void *percpu_ptr);
void *bpf_insn_per_cpu_ptr(const void *percpu_ptr, u32 cpu);
u32 bpf_insn_cpu_id(void);
extern const struct bpf_kfunc_body insn_percpu_table[];
extern u32 insn_percpu_table_cnt;

/* kernel addresses the per-CPU bodies and emitters use */
struct insn_percpu_addrs {
	unsigned long nr_cpu_ids;	/* &nr_cpu_ids */
	unsigned long per_cpu_offset;	/* __per_cpu_offset[] */
	unsigned long cpu_number;	/* per-CPU address of the CPU number */
};

extern struct insn_percpu_addrs insn_percpu;
void insn_percpu_init(void);

/* iter.c: bodies for the kernel's bpf_iter_num_*() */
extern const struct bpf_kfunc_body insn_iter_table[];
extern const u32 insn_iter_table_cnt;

#endif /* _INSN_KFUNCS_H */
