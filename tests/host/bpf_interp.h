/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small BPF interpreter for the host tier: runs a kfunc body on R1-R5 and
 * reports R0, with every memory access checked against the regions the
 * caller allows and every register read checked for a prior write.
 */
#ifndef _HOST_BPF_INTERP_H
#define _HOST_BPF_INTERP_H

#include <linux/filter.h>

#define INTERP_MAX_REGIONS	6

struct interp_region {
	u64 start, len;
};

struct interp {
	u64 reg[MAX_BPF_REG];
	u16 valid;			/* bit r: R<r> holds a value */
	struct interp_region mem[INTERP_MAX_REGIONS];
	int nmem;
	u64 stack[MAX_BPF_STACK / 8];	/* R10 points past its end */
	bool percpu;			/* per-CPU address moves add: */
	u64 cpu_off;		/* this CPU's offset */
	char err[160];			/* why the run stopped */
};

enum interp_status {
	INTERP_OK,
	INTERP_FAULT,			/* the body did something wrong */
	INTERP_UNSUPPORTED,		/* an instruction user space cannot run */
};

/*
 * R1..R<nargs> = args; R0, R6-R9 start invalid, R10 is the frame pointer.
 * After the run, R0 holds a result if vm->valid says so.
 */
void interp_init(struct interp *vm, const u64 *args, int nargs);
void interp_allow(struct interp *vm, const void *start, u64 len);
enum interp_status interp_run(struct interp *vm, const struct bpf_insn *insns,
			      u32 len);

#endif
