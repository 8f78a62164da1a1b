// SPDX-License-Identifier: GPL-2.0
/*
 * Misuse of the per-CPU kfuncs, verified as the bpf_this_cpu_ptr() and
 * bpf_per_cpu_ptr() helpers, beside percpu.bpf.c's two: a per_cpu_ptr of
 * what is not a per-CPU pointer, of a scalar, a this_cpu_ptr of a scalar,
 * a write through a kernel per-CPU variable, the result of per_cpu_ptr for
 * CPU 0 used without its NULL check.
 * tests/prog_tests/misuse.c loads each alone and checks the verifier's message.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "misuse.h"

extern const struct rq runqueues __ksym;

SEC("syscall")
int per_not_percpu(struct mis_ctx *c)
{
	struct mis_ctx *p = bpf_insn_per_cpu_ptr(c, 0);

	if (p)
		c->out = p->x;
	return 0;
}

SEC("syscall")
int per_scalar(struct mis_ctx *c)
{
	struct rq *rq = bpf_insn_per_cpu_ptr((void *)(long)c->x, 0);

	if (rq)
		c->out = rq->cpu;
	return 0;
}

SEC("syscall")
int this_scalar(struct mis_ctx *c)
{
	struct rq *rq = bpf_insn_this_cpu_ptr((void *)(long)c->x);

	c->out = rq->cpu;
	return 0;
}

/* kernel per-CPU variables are read-only to BPF */
SEC("syscall")
int this_write(struct mis_ctx *c)
{
	struct rq *rq = bpf_insn_this_cpu_ptr(&runqueues);

	rq->cpu = c->x;
	return 0;
}

/* CPU 0 always exists, but the verifier cannot know: check the result */
SEC("syscall")
int per_cpu_const(struct mis_ctx *c)
{
	struct rq *rq = bpf_insn_per_cpu_ptr(&runqueues, 0);

	c->out = rq->nr_running;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
