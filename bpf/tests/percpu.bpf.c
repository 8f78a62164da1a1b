// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU access through the module's kfuncs against the helpers and the
 * kernel's own view: each CPU's runqueue knows its CPU number.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "percpu.h"

extern const struct rq runqueues __ksym;

SEC("syscall")
int percpu_this(struct pcpu_ctx *c)
{
	struct rq *rq;

	c->cpu = bpf_get_smp_processor_id();
	rq = bpf_insn_this_cpu_ptr(&runqueues);
	c->this_rq_cpu = rq->cpu;
	rq = bpf_this_cpu_ptr(&runqueues);
	c->helper_rq_cpu = rq->cpu;
	return 0;
}

SEC("syscall")
int percpu_id(struct pcpu_ctx *c)
{
	c->cpu = bpf_get_smp_processor_id();
	c->cpu_id = bpf_insn_cpu_id();
	return 0;
}

SEC("syscall")
int percpu_per(struct pcpu_ctx *c)
{
	struct rq *rq;
	int i;

	for (i = 0; i < PCPU_MAX; i++) {
		rq = bpf_insn_per_cpu_ptr(&runqueues, i);
		c->rq_cpu[i] = rq ? rq->cpu : -1;
	}
	/* far past nr_cpu_ids: NULL, and the program must check it */
	c->nulls = !bpf_insn_per_cpu_ptr(&runqueues, 100000);
	return 0;
}

/* the same without the check: must be refused */
SEC("syscall")
int percpu_unchecked(struct pcpu_ctx *c)
{
	struct rq *rq = bpf_insn_per_cpu_ptr(&runqueues, c->cpu);

	c->rq_cpu[0] = rq->cpu;
	return 0;
}

/* not a per-CPU pointer: must be refused */
SEC("syscall")
int percpu_notpcpu(struct pcpu_ctx *c)
{
	struct rq *rq = bpf_insn_this_cpu_ptr(c);

	c->rq_cpu[0] = rq->cpu;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
