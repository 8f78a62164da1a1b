/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier, x86-64 only: per-CPU variables laid out as the kernel lays
 * them out, for module/percpu.c and module/x86/percpu.c
 * (tests/host/x86_percpu.c sets it up).  The per-CPU variables the module
 * names, this_cpu_off and pcpu_hot.cpu_number, are fields of a template
 * page, host_percpu, at a small address (host_test links without PIE, as
 * the kernel image sits in the top 2 GiB: addresses fit a disp32); CPU c's
 * copy is at that address plus __per_cpu_offset[c], and %gs's base is
 * this CPU's offset.  The template holds junk, so code that reads a
 * per-CPU variable without %gs reads junk.  The C code below reaches the
 * same places through __per_cpu_offset[] and host_this_cpu, not through %gs.
 */
#ifndef _HOST_LINUX_PERCPU_H
#define _HOST_LINUX_PERCPU_H

#include <linux/types.h>

#define __percpu
#define __ro_after_init
#define NR_CPUS		8

struct host_pcpu_hot {
	u64 current_task;
	u32 preempt_count;
	u32 cpu_number;
};

struct host_percpu {
	u64 off;			/* this_cpu_off */
	struct host_pcpu_hot hot;	/* pcpu_hot */
} __attribute__((aligned(4096)));

extern struct host_percpu host_percpu;
#define this_cpu_off	(host_percpu.off)
#define pcpu_hot	(host_percpu.hot)

extern unsigned int nr_cpu_ids;
extern unsigned long __per_cpu_offset[NR_CPUS];
extern unsigned int host_this_cpu;		/* the CPU the code runs on */

#define DEFINE_PER_CPU(type, name)	type name
#define per_cpu_ptr(p, cpu) \
	((typeof(p))((unsigned long)(p) + __per_cpu_offset[cpu]))
#define per_cpu(var, cpu)		(*per_cpu_ptr(&(var), (cpu)))
#define this_cpu_ptr(p)			per_cpu_ptr(p, host_this_cpu)
#define raw_smp_processor_id()		host_this_cpu
#define for_each_possible_cpu(cpu) \
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)

#endif
