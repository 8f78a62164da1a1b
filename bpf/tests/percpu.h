/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by percpu.bpf.c and tests/vm/percpu.c. */
#ifndef _PERCPU_H
#define _PERCPU_H

#define PCPU_MAX 8

struct pcpu_ctx {
	int cpu;		/* bpf_get_smp_processor_id() */
	int cpu_id;		/* bpf_insn_cpu_id() */
	int this_rq_cpu;	/* bpf_insn_this_cpu_ptr(&runqueues)->cpu */
	int helper_rq_cpu;	/* bpf_this_cpu_ptr(&runqueues)->cpu */
	int rq_cpu[PCPU_MAX];	/* bpf_insn_per_cpu_ptr(&runqueues, i)->cpu, -1: NULL */
	int nulls;		/* per_cpu_ptr for cpu >= nr_cpu_ids gave NULL */
};

#endif /* _PERCPU_H */
