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

/* A family's descriptor table: the bodies main.c registers. */
struct insn_family {
	const char *name;
	const struct bpf_kfunc_body *table;
	u32 cnt;	/* bodies of the table to register */
};

/* at the end of module/NAME.c: its table, insn_NAME_table[], whole */
#define INSN_FAMILY_DEFINE(n)						\
	struct insn_family insn_family_##n = {				\
		#n, insn_##n##_table, ARRAY_SIZE(insn_##n##_table)	\
	}

/* the families' descriptors, one declarator each from the list */
#define INSN_FAMILY(n)	(insn_family_##n),
extern struct insn_family
#include "families.h"
	insn_family_end;	/* closes the list; not defined */
#undef INSN_FAMILY

/*
 * The body of kfunc @kfunc: BPF instructions @insns, @mode (VERIFY or
 * AFTER), an emitter writing at most @bytes; more fields (.check_const,
 * .verify_as) may follow.  INSN_BODY() is the usual case: kfunc
 * bpf_insn_<op>, body <op>_body[], emitter insn_emit_<op> (emit.h).
 */
#define INSN_BODY_OF(kfunc, insns_, mode_, bytes, emitter, ...)		\
	{								\
		.name = kfunc,						\
		.insns = insns_,					\
		.len = ARRAY_SIZE(insns_),				\
		.mode = BPF_KFUNC_BODY_##mode_,				\
		.max_native = bytes,					\
		.emit = emitter,					\
		__VA_ARGS__						\
	}
#define INSN_BODY(op, mode, bytes, ...)					\
	INSN_BODY_OF("bpf_insn_" #op, op##_body, mode, bytes, INSN_EMIT(op), __VA_ARGS__)

/* rotate.c */
u64 bpf_insn_rol64(u64 x, u32 n__k);
u64 bpf_insn_ror64(u64 x, u32 n__k);
u32 bpf_insn_rol32(u32 x, u32 n__k);
u32 bpf_insn_ror32(u32 x, u32 n__k);

/* select.c */
u64 bpf_insn_select64(u64 cond, u64 a, u64 b);

/* bextr.c */
u64 bpf_insn_bextr64(u64 x, u32 start__k, u32 len__k);

/* lea.c */
u64 bpf_insn_lea64(u64 base, u64 index, u32 shift__k, u32 disp__k);

/* load_be.c */
u16 bpf_insn_load_be16(const void *p, u32 off__k);
u32 bpf_insn_load_be32(const void *p, u32 off__k);
u64 bpf_insn_load_be64(const void *p, u32 off__k);

/* percpu.c */
void *bpf_insn_this_cpu_ptr(const void *percpu_ptr);
void *bpf_insn_per_cpu_ptr(const void *percpu_ptr, u32 cpu);
u32 bpf_insn_cpu_id(void);

/* kernel addresses the per-CPU bodies and emitters use */
struct insn_percpu_addrs {
	unsigned long nr_cpu_ids;	/* &nr_cpu_ids */
	unsigned long per_cpu_offset;	/* __per_cpu_offset[] */
	unsigned long cpu_number;	/* per-CPU address of the CPU number */
};

extern struct insn_percpu_addrs insn_percpu;
void insn_percpu_init(void);

#endif /* _INSN_KFUNCS_H */
