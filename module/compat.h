/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that knows whether the kernel carries the companion series
 * (CONFIG_BPF_KFUNC_BODY).  Without it the descriptors still compile, the
 * kfuncs are still served as plain calls, and nothing is registered.
 */
#ifndef _INSN_KFUNCS_COMPAT_H
#define _INSN_KFUNCS_COMPAT_H

#include <linux/filter.h>

/* the per-CPU variable holding the CPU number, where there is one */
#ifdef CONFIG_X86_64
#define INSN_CPU_NUMBER_PTR	((unsigned long)&pcpu_hot.cpu_number)
#else
#define INSN_CPU_NUMBER_PTR	0UL
#endif

/*
 * 6.12 alone takes one constant (__k) argument per kfunc.  Where a kfunc
 * has two, INSN_K2(name) names the first: name__k with the series, plain
 * name without, where the kfunc is then an ordinary call (its C code is
 * defined for every value).  INSN_KFUNCS_PATCHED is 1 or 0, for #if too.
 */
#if IS_ENABLED(CONFIG_BPF_KFUNC_BODY)
#include <linux/bpf_kfunc_body.h>
#define INSN_KFUNCS_PATCHED	1
#define INSN_K2(name)		name##__k
#else
#define INSN_KFUNCS_PATCHED	0
#define INSN_K2(name)		name

enum bpf_kfunc_body_mode {
	BPF_KFUNC_BODY_VERIFY,
	BPF_KFUNC_BODY_AFTER,
};

struct bpf_kfunc_emit {
	u8 dst;
	u8 arg[MAX_BPF_FUNC_REG_ARGS];
	u32 imm[MAX_BPF_FUNC_REG_ARGS];
	u8 const_mask;
	u8 scratch[2];
	u8 mem_mask;
	s16 mem_off[MAX_BPF_FUNC_REG_ARGS];
};

typedef int (*bpf_kfunc_emit_t)(const struct bpf_kfunc_emit *e, u8 *buf);

struct bpf_kfunc_body {
	const char *name;
	const struct bpf_insn *insns;
	u16 len;
	u8 mode;
	u8 max_native;
	bpf_kfunc_emit_t emit;
	const char *(*check_const)(const u32 *imm);
	u32 verify_as;
	u8 mem_args;
};

#define BPF_KFUNC_BODIES_NO_NATIVE	(1U << 0)

static inline int register_bpf_kfunc_bodies(struct module *owner,
					    const struct bpf_kfunc_body *bodies,
					    u32 cnt, u32 flags)
{
	return -EOPNOTSUPP;
}

static inline void unregister_bpf_kfunc_bodies(const struct bpf_kfunc_body *bodies)
{
}
#endif

/*
 * Native code copied from the compiled kfuncs (the series' later patches):
 * BPF_KFUNC_BODIES_COPY asks for it, bpf_kfunc_body_copy_check() says
 * whether a kfunc would be copied.
 */
#ifdef BPF_KFUNC_BODIES_COPY
#define INSN_KFUNCS_COPY	1
#else
#define INSN_KFUNCS_COPY	0
#define BPF_KFUNC_BODIES_COPY	0
static inline int bpf_kfunc_body_copy_check(struct module *owner,
					    const struct bpf_kfunc_body *body,
					    const char **why)
{
	*why = "kernel without code copies";
	return -EOPNOTSUPP;
}
#endif

/*
 * bpf_fastcall for kfuncs: the series' KF_FASTCALL, which it honours only
 * where a call becomes native code (or a body that keeps the compiler's
 * saves).  Never the flag of a kernel without the series: upstream has
 * one of that name from 6.13, honoured at every call, whose spills and
 * fills the verifier then removes, while a call of the compiled kfunc
 * clobbers R1-R5 (tests/host/module-flags.sh).
 */
#if INSN_KFUNCS_PATCHED
#define INSN_KF_FASTCALL	KF_FASTCALL
#else
#define INSN_KF_FASTCALL	0
#endif

#endif /* _INSN_KFUNCS_COMPAT_H */
