/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: the test cases of the kfuncs (cases.c) and the driver that
 * runs them against the descriptor tables (host_test.c).
 */
#ifndef _HOST_H
#define _HOST_H

#include <linux/types.h>

#include "../../module/insn_kfuncs.h"

#define MEMSZ	64		/* the memory a call's pointers point into */
#define NARGS	5

enum arg_kind {
	ARG_NONE,
	ARG_U64,
	ARG_U32,		/* C takes 32 bits; the register's upper half is junk */
	ARG_CONST,		/* __k: a constant, in imm[] and a[] */
	ARG_PTR,		/* a[] is an offset into mem (it may wrap) */
};

enum ret_kind {
	RET_U64,		/* all 64 bits compared: 32-bit results zero-extend */
	RET_S32,		/* an int: the upper half is not part of the ABI */
	RET_PTR,		/* into mem, or NULL */
	RET_VOID,
};

struct call {
	u64 a[NARGS];
	u32 imm[NARGS];
	u8 mem[MEMSZ];
	u32 lo, hi;		/* the bytes of mem the call may touch */
	u32 lo2, hi2;		/* and these (empty if lo2 == hi2) */
};

struct kcase {
	const char *name;	/* as in the descriptor */
	u8 kind[NARGS];
	u8 ret;
	/* the kfunc's C code, on a[] with real pointers */
	u64 (*c)(const u64 *a);
	/* the i-th set of constants into imm[]; false past the last */
	bool (*consts)(int i, u32 *imm);
	/* the n-th input for the constants in c->imm: edge values first */
	void (*input)(struct call *c, int n);
	/* constants the verifier refuses besides check_const(): not run */
	bool (*refused)(const u32 *imm);
	/* constants this architecture's emitter may decline, as it documents */
	bool (*may_decline)(const u32 *imm);
	/*
	 * CPU features (bits of enum host_feature, asm/cpufeature.h) without
	 * which this architecture's emitter must decline, and with which it
	 * must not: the native code is that feature's instruction
	 */
	unsigned int needs;
	/* what the call leaves in memory is dead (destroy): not compared */
	bool mem_dead;
	/*
	 * the native code may not touch memory (prefetch): it runs again
	 * with its pointers into an unmapped page and must not fault
	 */
	bool no_access;
	/*
	 * the code reads per-CPU memory: the body is run with this CPU's
	 * offset and the per-CPU symbols (x86_percpu.c, arm64_percpu.c)
	 */
	bool percpu;
};

extern const struct kcase host_cases[];
extern const int host_ncases;

/*
 * arm64: the encoders module/arm64/a64.h has of its own against GNU as
 * (arm64_encode.c); prints its TEST line, returns 1 on a failure
 */
int host_arm64_encodings(void);

/*
 * x86_percpu.c, arm64_percpu.c: per-CPU memory, and %gs or the arm64
 * code's tpidr_el1 and sp_el0, as the kernel has them (0, or -1 with why
 * in @err)
 */
int host_percpu_setup(char *err, size_t len);

/* xorshift64*, seeded from the command line */
u64 rnd(void);
/* edge values first, then random ones with a bias to few set bits */
u64 value(int n);

#endif
