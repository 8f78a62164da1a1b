/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier, arm64: struct thread_info, which the kernel keeps at the
 * start of the task_struct that sp_el0 points at; its cpu is the CPU's
 * number.  Fields before it, as in the kernel, so that the offset is not 0
 * (tests/host/arm64_percpu.c gives the code one of these for sp_el0).
 */
#ifndef _HOST_ASM_THREAD_INFO_H
#define _HOST_ASM_THREAD_INFO_H

#include <linux/types.h>

struct thread_info {
	unsigned long flags;
	u64 preempt_count;
	void *scs_base;
	void *scs_sp;
	u32 cpu;
};

#endif
