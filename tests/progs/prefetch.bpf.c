// SPDX-License-Identifier: GPL-2.0
/*
 * The prefetch family: prefetches into a packet, a map value, the stack,
 * a big map value at the edges of arm64's prfm offsets, and the context
 * (where the kernel keeps the body), each up to the edge of its bounds;
 * registers kept across the call by bpf_fastcall spills and fills
 * (prefetch_fastcall, and _odd at an offset arm64's prfm cannot hold); and
 * a loop reading words as the kfunc, without a prefetch (BPF has none)
 * and as the wrapper.  A prefetch changes nothing: the programs leave
 * memory as it was and compute what they would without it.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "prefetch.h"

#define PREFETCH(off)	bpf_insn_prefetch(p, off);

SEC("xdp")
int prefetch_pkt(struct xdp_md *ctx)
{
	void *p = (void *)(long)ctx->data;

	if (p + PF_PKT_SIZE > (void *)(long)ctx->data_end)
		return XDP_DROP;
	PF_PKT_OFFS(PREFETCH)
	return XDP_PASS;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct pf_value);
} pf_map SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct pf_far);
} pf_far_map SEC(".maps");

SEC("syscall")
int prefetch_map(struct pf_ctx *c)
{
	u32 key = 0;
	void *p = bpf_map_lookup_elem(&pf_map, &key);

	if (!p)
		return 1;
	PF_MAP_OFFS(PREFETCH)
	return 0;
}

SEC("syscall")
int prefetch_far(struct pf_ctx *c)
{
	u32 key = 0;
	void *p = bpf_map_lookup_elem(&pf_far_map, &key);

	if (!p)
		return 1;
	PF_FAR_OFFS(PREFETCH)
	return 0;
}

/* the stack buffer from in[], prefetched, to out[]; sum its words after */
SEC("syscall")
int prefetch_stack(struct pf_ctx *c)
{
	struct pf_value b;
	void *p = &b;

	__builtin_memcpy(&b, c->in, sizeof(b));
	PF_STACK_OFFS(PREFETCH)
	__builtin_memcpy(c->out, &b, sizeof(b));
	c->sum = ((u64 *)&b)[0] + ((u64 *)&b)[1];
	return 0;
}

/* a context load needs conversion in general: the kernel keeps the body */
SEC("syscall")
int prefetch_ctx(struct pf_ctx *c)
{
	bpf_insn_prefetch(c, 0);
	c->sum = *(u64 *)c->in + *(u64 *)(c->in + 8);
	return 0;
}

/*
 * R0, R3, R4 and R5 kept across the call by spills and fills as clang (20
 * and later) places them around a bpf_fastcall call (R1 and R2 are the
 * arguments, R0 no result): they go where the call becomes native code,
 * which must leave the four alone, and stay with the body, which writes
 * R0.  The result is the sum of the four.  prefetch_fastcall_odd: at an
 * offset arm64's prfm cannot hold, so there the body and the pairs stay.
 */
#define PF_FASTCALL(name, offset)						\
SEC("xdp")								\
__attribute__((naked)) int name(void)					\
{									\
	asm volatile (							\
	"r2 = *(u32 *)(r1 + 4);"					\
	"r6 = *(u32 *)(r1 + 0);"					\
	"r3 = r6;"							\
	"r3 += 16;"							\
	"if r3 > r2 goto 1f;"						\
	"r0 = %[r0];"							\
	"r3 = %[r3];"							\
	"r4 = %[r4];"							\
	"r5 = %[r5];"							\
	"r1 = r6;"							\
	"r2 = %[off];"							\
	"*(u64 *)(r10 - 8) = r0;"					\
	"*(u64 *)(r10 - 16) = r3;"					\
	"*(u64 *)(r10 - 24) = r4;"					\
	"*(u64 *)(r10 - 32) = r5;"					\
	"call %[bpf_insn_prefetch];"					\
	"r5 = *(u64 *)(r10 - 32);"					\
	"r4 = *(u64 *)(r10 - 24);"					\
	"r3 = *(u64 *)(r10 - 16);"					\
	"r0 = *(u64 *)(r10 - 8);"					\
	"r0 += r3;"							\
	"r0 += r4;"							\
	"r0 += r5;"							\
	"exit;"								\
	"1: r0 = 1;"							\
	"exit;"								\
	:								\
	: [bpf_insn_prefetch] "i"(bpf_insn_prefetch), [off] "i"(offset),	\
	  [r0] "i"(PF_FC_R0), [r3] "i"(PF_FC_R3), [r4] "i"(PF_FC_R4),	\
	  [r5] "i"(PF_FC_R5)						\
	: "memory");							\
}

PF_FASTCALL(prefetch_fastcall, PF_FC_OFF)
PF_FASTCALL(prefetch_fastcall_odd, PF_FC_ODD_OFF)

/* n from the packet; each word is bounds-checked, then prefetched */
#define PF_LOOP(name, stmt)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct pf_loop_pkt *p = (void *)(long)ctx->data;		\
	void *end = (void *)(long)ctx->data_end;			\
	void *q = p->w;							\
	u64 x = 0;							\
	u32 i, n;							\
									\
	if ((void *)&p->w > end)					\
		return XDP_DROP;					\
	n = (u32)p->x;							\
	for (i = 0; i < n && i < PF_LOOP_MAX; i++) {			\
		if (q + 8 > end)					\
			break;						\
		stmt;							\
		x = x * 31 + *(u64 *)q;					\
		q += 8;							\
	}								\
	p->x = x;							\
	return XDP_PASS;						\
}

PF_LOOP(prefetch_loop, bpf_insn_prefetch(q, 0))
PF_LOOP(prefetch_idiom, )
PF_LOOP(prefetch_wrapper, insn_prefetch(q, 0))

char LICENSE[] SEC("license") = "GPL";
