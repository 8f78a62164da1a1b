/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running emitted native code on the host: the code is placed between a
 * generated prologue, which loads every general register from in[], and
 * an epilogue, which stores every general register to out[].  Faults and
 * hangs in the code come back as an error instead of killing the test.
 */
#ifndef _HOST_NATIVE_H
#define _HOST_NATIVE_H

#include <linux/types.h>

struct native_arch {
	const char *name;		/* "x86", "arm64" */
	int nregs;			/* in[] and out[] entries */
	const u8 *pool;			/* registers operands may be given */
	int npool;
	u8 scratch[2];			/* e->scratch, as the JIT passes them */
	u8 fp;				/* BPF's R10: only ever the base of an
					   argument in memory (mem_args) */
	bool (*preserved)(int reg);	/* out[reg] must equal in[reg] unless
					   reg is dst or a scratch register */
};

extern const struct native_arch native_arch;

int native_init(void);
/* returns 0, or -1 with why in err */
int native_run(const u8 *code, int len, const u64 *in, u64 *out, char *err,
	       size_t errlen);

/*
 * arm64: what the code reads in place of the EL1 registers tpidr_el1 and
 * tpidr_el2 (this CPU's per-CPU offset) and sp_el0 (current), which user
 * space cannot read (arm64_percpu.c sets them); while 0, such an mrs
 * runs as it is, and traps
 */
extern u64 arm64_el1_tpidr, arm64_el1_sp_el0;

/* tests/host/native_page.c: an executable page, with fault and hang handlers */
void *native_page(size_t size);
/* @code(@in, @out) under an alarm of @secs: 0, or -1 with the fault in err */
int native_call(const void *code, const u64 *in, u64 *out, unsigned int secs,
		char *err, size_t errlen);

#endif
