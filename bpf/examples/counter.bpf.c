// SPDX-License-Identifier: GPL-2.0
/*
 * A per-CPU counter with what the CPU's runqueue says.  The counter itself
 * lives in a BPF_MAP_TYPE_PERCPU_ARRAY map: bpf_map_lookup_elem() gives
 * this CPU's slot, and the program may write it.  The kfuncs read the
 * kernel's own per-CPU data: insn_this_cpu_ptr(&runqueues) is this CPU's
 * struct rq, one add of %gs:this_cpu_off on x86-64 where the helper
 * bpf_this_cpu_ptr() is a call, and insn_cpu_id() is a load through %gs
 * (the same code 6.12 inlines for bpf_get_smp_processor_id() on x86-64).
 *
 * Kernel per-CPU variables declared __ksym are read-only to BPF: this
 * reads the runqueue, it cannot count in it.  The loader runs the program
 * pinned to each CPU in turn and checks that each CPU's slot counted its
 * runs, and that the CPU number and the runqueue's agree with the CPU.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/insn_kfuncs.h>

#include "examples.h"

extern const struct rq runqueues __ksym;

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ex_cpu_stat);
} cpu_stats SEC(".maps");

SEC("syscall")
int cpu_counter(void *ctx)
{
	struct ex_cpu_stat *s;
	struct rq *rq;
	__u32 key = 0;

	s = bpf_map_lookup_elem(&cpu_stats, &key);	/* this CPU's slot */
	if (!s)
		return 1;
	rq = insn_this_cpu_ptr(&runqueues);
	s->runs++;
	s->cpu_id = insn_cpu_id();
	s->rq_cpu = rq->cpu;
	s->nr_running = rq->nr_running;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
