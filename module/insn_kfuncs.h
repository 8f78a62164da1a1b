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
	/*
	 * optional: the CPU feature @b's emitter needs and this CPU lacks
	 * (it declines, the body stays), or NULL; for the module's status
	 */
	const char *(*lacks)(const struct bpf_kfunc_body *b);
};

/*
 * at the end of module/NAME.c: its table, insn_NAME_table[], whole; more
 * fields (.lacks) may follow
 */
#define INSN_FAMILY_DEFINE(n, ...)					\
	struct insn_family insn_family_##n = {				\
		.name = #n,						\
		.table = insn_##n##_table,				\
		.cnt = ARRAY_SIZE(insn_##n##_table),			\
		__VA_ARGS__						\
	}

/* the families' descriptors, one declarator each from the list */
#define INSN_FAMILY(n)	(insn_family_##n),
#define INSN_KFUNC(...)
#define INSN_NATIVE(...)
extern struct insn_family
#include "families.h"
	insn_family_end;	/* closes the list; not defined */
#undef INSN_FAMILY
#undef INSN_KFUNC
#undef INSN_NATIVE

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

/* kernel addresses the per-CPU bodies and emitters use */
struct insn_percpu_addrs {
	unsigned long nr_cpu_ids;	/* &nr_cpu_ids */
	unsigned long per_cpu_offset;	/* __per_cpu_offset[] */
	unsigned long cpu_number;	/* per-CPU address of the CPU number */
};

extern struct insn_percpu_addrs insn_percpu;
void insn_percpu_init(void);

#endif /* _INSN_KFUNCS_H */
