/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by percpu.bpf.c and tests/prog_tests/percpu.c. */
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

/*
 * Writes: kernel per-CPU variables are read-only to BPF, so the writable
 * object is a per-CPU kptr, a struct pcpu_obj per CPU from
 * bpf_percpu_obj_new() kept in a map value.  kptr_write writes it through
 * one of four ways (enum pcpu_way), kptr_read reads it back through all
 * four on its CPU and copies what it saw into a per-CPU array, which user
 * space reads per CPU as the kernel's map code placed it.
 */
enum pcpu_way {
	PCPU_INSN_THIS,		/* bpf_insn_this_cpu_ptr(p), on each CPU */
	PCPU_HELPER_THIS,	/* bpf_this_cpu_ptr(p), on each CPU */
	PCPU_INSN_PER,		/* bpf_insn_per_cpu_ptr(p, i) for every i, from one CPU */
	PCPU_HELPER_PER,	/* bpf_per_cpu_ptr(p, i) for every i, from one CPU */
	PCPU_WAYS,
};

struct pcpu_obj {
	__u64 val;		/* what was written for this CPU */
	__u32 cpu;		/* the CPU it was written for */
	__u32 writes;		/* writes into this CPU's copy, all ways together */
};

/* kptr_write's arguments: its packet */
struct pcpu_kptr_args {
	__u64 base;		/* CPU i gets base + i */
	__u64 way;		/* enum pcpu_way */
};

/* what kptr_read saw on its CPU */
struct pcpu_seen {
	__u64 val[PCPU_WAYS];	/* ->val through each way, with this CPU's number */
	__u32 cpu;		/* bpf_get_smp_processor_id() */
	__u32 cpu_id;		/* bpf_insn_cpu_id() */
	__u32 obj_cpu;		/* bpf_insn_this_cpu_ptr(p)->cpu */
	__u32 same;		/* the four pointers are one */
	__u32 writes;		/* bpf_insn_this_cpu_ptr(p)->writes */
};

#endif /* _PERCPU_H */
