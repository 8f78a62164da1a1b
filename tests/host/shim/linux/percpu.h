/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: per-CPU variables laid out as the kernel lays them out, for
 * module/percpu.c and module/ARCH/percpu.c (tests/host/x86_percpu.c and
 * arm64_percpu.c set it up).  CPU c's copy of a variable is at its
 * address plus __per_cpu_offset[c]; the variables themselves (the
 * template) hold junk, so code that forgets the offset reads junk.  The C
 * code below reaches the copies through __per_cpu_offset[] and
 * host_this_cpu.
 *
 * x86-64: the per-CPU variables the module names, this_cpu_off and
 * pcpu_hot.cpu_number, are fields of a template page, host_percpu, at a
 * small address (host_test links without PIE, as the kernel image sits in
 * the top 2 GiB: addresses fit a disp32), and %gs's base is this CPU's
 * offset.
 *
 * arm64: DEFINE_PER_CPU() puts a variable (the module's insn_cpu_number)
 * in the section host_percpu, whose pages are copied per CPU; the native
 * code's tpidr_el1 (this CPU's offset) and sp_el0 (current) are given to
 * it by tests/host/arm64_exec.c.
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

#ifdef __aarch64__
#define DEFINE_PER_CPU(type, name)	__section("host_percpu") __aligned(8) type name
#else
#define DEFINE_PER_CPU(type, name)	type name
#endif
#define per_cpu_ptr(p, cpu) \
	((typeof(p))((unsigned long)(p) + __per_cpu_offset[cpu]))
#define per_cpu(var, cpu)		(*per_cpu_ptr(&(var), (cpu)))
#define this_cpu_ptr(p)			per_cpu_ptr(p, host_this_cpu)
#define raw_smp_processor_id()		host_this_cpu
#define for_each_possible_cpu(cpu) \
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)

#endif
