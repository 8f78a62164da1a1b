// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU access through the module's kfuncs against the helpers and the
 * kernel's own view: each CPU's runqueue knows its CPU number.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

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

/*
 * Writes through a per-CPU kptr (percpu.h).  clang 14 drops the
 * __percpu_kptr type tag from BTF (the map value then has no kptr field):
 * the Makefile builds this object with clang 16.
 */
extern void *bpf_percpu_obj_new_impl(__u64 local_type_id, void *meta) __ksym;
extern void bpf_percpu_obj_drop_impl(void *kptr, void *meta) __ksym;

struct pcpu_elem {
	struct pcpu_obj __percpu_kptr *obj;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, int);
	__type(value, struct pcpu_elem);
} kptr_map SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, int);
	__type(value, struct pcpu_seen);
} seen SEC(".maps");

/* allocate the object (zeroed on every CPU) and store it in the map */
SEC("syscall")
int kptr_new(void *ctx)
{
	struct pcpu_obj __percpu_kptr *p;
	struct pcpu_elem *e;
	int zero = 0;

	e = bpf_map_lookup_elem(&kptr_map, &zero);
	if (!e)
		return 1;
	p = bpf_percpu_obj_new_impl(bpf_core_type_id_local(struct pcpu_obj), NULL);
	if (!p)
		return 2;
	p = bpf_kptr_xchg(&e->obj, p);
	if (p)
		bpf_percpu_obj_drop_impl(p, NULL);
	return 0;
}

static __always_inline struct pcpu_obj __percpu_kptr *kptr_get(void)
{
	struct pcpu_elem *e;
	int zero = 0;

	e = bpf_map_lookup_elem(&kptr_map, &zero);
	return e ? e->obj : NULL;
}

static __always_inline void put(struct pcpu_obj *o, __u64 val, __u32 cpu)
{
	o->val = val;
	o->cpu = cpu;
	o->writes++;
}

/*
 * XDP, so the test runs pinned to the CPU the loader is on and in an RCU
 * read section (where a per-CPU kptr loaded from a map may be used), and
 * in the interpreter too; the arguments come as the packet.  Run on each
 * CPU for the *_THIS ways, on one for the *_PER ways.
 */
SEC("xdp")
int kptr_write(struct xdp_md *ctx)
{
	struct pcpu_kptr_args *a = (void *)(long)ctx->data;
	struct pcpu_obj __percpu_kptr *p = kptr_get();
	__u32 cpu = bpf_get_smp_processor_id();
	struct pcpu_obj *o;
	__u64 base;
	int i;

	if ((void *)(a + 1) > (void *)(long)ctx->data_end || !p)
		return XDP_DROP;
	base = a->base;
	switch (a->way) {
	case PCPU_INSN_THIS:
		put(bpf_insn_this_cpu_ptr(p), base + cpu, cpu);
		return XDP_PASS;
	case PCPU_HELPER_THIS:
		put(bpf_this_cpu_ptr(p), base + cpu, cpu);
		return XDP_PASS;
	case PCPU_INSN_PER:
		for (i = 0; i < PCPU_MAX; i++) {
			o = bpf_insn_per_cpu_ptr(p, i);
			if (!o)
				break;
			put(o, base + i, i);
		}
		return XDP_PASS;
	case PCPU_HELPER_PER:
		for (i = 0; i < PCPU_MAX; i++) {
			o = bpf_per_cpu_ptr(p, i);
			if (!o)
				break;
			put(o, base + i, i);
		}
		return XDP_PASS;
	}
	return XDP_DROP;
}

/* read this CPU's copy through every way into this CPU's slot of seen */
SEC("xdp")
int kptr_read(struct xdp_md *ctx)
{
	struct pcpu_obj __percpu_kptr *p = kptr_get();
	__u32 cpu = bpf_get_smp_processor_id();
	struct pcpu_obj *o[PCPU_WAYS];
	struct pcpu_seen *s;
	int zero = 0;

	s = bpf_map_lookup_elem(&seen, &zero);
	if (!p || !s)
		return XDP_DROP;
	o[PCPU_INSN_THIS] = bpf_insn_this_cpu_ptr(p);
	o[PCPU_HELPER_THIS] = bpf_this_cpu_ptr(p);
	o[PCPU_INSN_PER] = bpf_insn_per_cpu_ptr(p, cpu);
	o[PCPU_HELPER_PER] = bpf_per_cpu_ptr(p, cpu);
	if (!o[PCPU_INSN_PER] || !o[PCPU_HELPER_PER])
		return XDP_DROP;
	s->val[PCPU_INSN_THIS] = o[PCPU_INSN_THIS]->val;
	s->val[PCPU_HELPER_THIS] = o[PCPU_HELPER_THIS]->val;
	s->val[PCPU_INSN_PER] = o[PCPU_INSN_PER]->val;
	s->val[PCPU_HELPER_PER] = o[PCPU_HELPER_PER]->val;
	s->obj_cpu = o[PCPU_INSN_THIS]->cpu;
	s->writes = o[PCPU_INSN_THIS]->writes;
	s->cpu = cpu;
	s->cpu_id = bpf_insn_cpu_id();
	s->same = o[PCPU_INSN_THIS] == o[PCPU_HELPER_THIS] &&
		  o[PCPU_INSN_THIS] == o[PCPU_INSN_PER] &&
		  o[PCPU_INSN_THIS] == o[PCPU_HELPER_PER];
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
