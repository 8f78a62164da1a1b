// SPDX-License-Identifier: GPL-2.0
/*
 * The 16-byte copy family: copies within a packet, a map value and the
 * stack, overlapping both ways, each up to the edge of its bounds; between
 * them (copy16_mixed, a read-only map value as a source); to and from the
 * context (where the kernel keeps the body); dst and src in one register
 * (copy16_alias); registers kept across the call by bpf_fastcall spills
 * and fills (copy16_fastcall); and a loop of overlapping copies as the
 * kfunc, the plain C idiom and the wrapper.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "copy16.h"

#define COPY(dst, src)	bpf_insn_copy16(p + (dst), p + (src));

SEC("xdp")
int copy16_pkt(struct xdp_md *ctx)
{
	void *p = (void *)(long)ctx->data;

	if (p + C16_PKT_SIZE > (void *)(long)ctx->data_end)
		return XDP_DROP;
	C16_PKT_COPIES(COPY)
	return XDP_PASS;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct c16_value);
} c16_map SEC(".maps");

/* the programs may read this map, not write it */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_RDONLY_PROG);
	__type(key, u32);
	__type(value, struct c16_value);
} c16_rdonly SEC(".maps");

SEC("syscall")
int copy16_map(struct c16_ctx *c)
{
	u32 key = 0;
	void *p = bpf_map_lookup_elem(&c16_map, &key);

	if (!p)
		return 1;
	C16_MAP_COPIES(COPY)
	return 0;
}

SEC("syscall")
int copy16_stack(struct c16_ctx *c)
{
	struct c16_value b;
	void *p = &b;

	__builtin_memcpy(&b, c->in, sizeof(b));
	C16_STACK_COPIES(COPY)
	__builtin_memcpy(c->out, &b, sizeof(b));
	return 0;
}

SEC("xdp")
int copy16_mixed(struct xdp_md *ctx)
{
	void *p = (void *)(long)ctx->data;
	struct c16_value b;
	u32 key = 0;
	void *v, *r;

	if (p + C16_PKT_SIZE > (void *)(long)ctx->data_end)
		return XDP_DROP;
	v = bpf_map_lookup_elem(&c16_map, &key);
	r = bpf_map_lookup_elem(&c16_rdonly, &key);
	if (!v || !r)
		return XDP_ABORTED;
	bpf_insn_copy16(&b, p + 3);
	bpf_insn_copy16((void *)&b + 16, v + 1);
	bpf_insn_copy16(v + 16, &b);
	bpf_insn_copy16(p + 48, (void *)&b + 16);
	bpf_insn_copy16(p + 20, v + 5);
	bpf_insn_copy16((void *)&b + 8, r + 7);
	__builtin_memcpy(p, &b, sizeof(b));
	return XDP_PASS;
}

/*
 * context accesses need conversion in general: the kernel keeps the body.
 * The head to the stack, the stack's second half to the head.
 */
SEC("syscall")
int copy16_ctx(struct c16_ctx *c)
{
	struct c16_value b;

	__builtin_memcpy(&b, c->in, sizeof(b));
	bpf_insn_copy16(&b, c);
	bpf_insn_copy16(c, (void *)&b + 16);
	__builtin_memcpy(c->out, &b, sizeof(b));
	return 0;
}

/* In assembly, so that binding sees exactly these moves. */
SEC("xdp")
__attribute__((naked)) int copy16_alias(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 4);"		/* data_end */
	"r6 = *(u32 *)(r1 + 0);"		/* data */
	"r3 = r6;"
	"r3 += %[size];"
	"if r3 > r2 goto 1f;"
	"r1 = r6; r2 = r6;"
	"call %[bpf_insn_copy16];"
	"r1 = r6; r1 += 8; r2 = r6;"
	"call %[bpf_insn_copy16];"
	"r0 = 2;"
	"exit;"
	"1: r0 = 1;"
	"exit;"
	:
	: [bpf_insn_copy16] "i"(bpf_insn_copy16), [size] "i"(C16_ALIAS_SIZE)
	: "memory");
}

/*
 * R0, R3, R4 and R5 kept across the call by spills and fills as clang (20
 * and later) places them around a bpf_fastcall call (R1 and R2 are the
 * arguments, R0 no result): they go where the call becomes native code,
 * which must leave the four alone (it copies through the JIT's scratch
 * registers), and stay with the body, which copies through R3 and R4.
 * The result is the sum of the four.
 */
SEC("xdp")
__attribute__((naked)) int copy16_fastcall(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 4);"
	"r6 = *(u32 *)(r1 + 0);"
	"r3 = r6;"
	"r3 += 32;"
	"if r3 > r2 goto 1f;"
	"r0 = %[r0];"
	"r3 = %[r3];"
	"r4 = %[r4];"
	"r5 = %[r5];"
	"r1 = r6;"
	"r2 = r6;"
	"r2 += 16;"
	"*(u64 *)(r10 - 8) = r0;"
	"*(u64 *)(r10 - 16) = r3;"
	"*(u64 *)(r10 - 24) = r4;"
	"*(u64 *)(r10 - 32) = r5;"
	"call %[bpf_insn_copy16];"
	"r5 = *(u64 *)(r10 - 32);"
	"r4 = *(u64 *)(r10 - 24);"
	"r3 = *(u64 *)(r10 - 16);"
	"r0 = *(u64 *)(r10 - 8);"
	"r0 += r3;"
	"r0 += r4;"
	"r0 += r5;"
	"exit;"
	"1: r0 = 1;"
	"exit;"
	:
	: [bpf_insn_copy16] "i"(bpf_insn_copy16),
	  [r0] "i"(C16_FC_R0), [r3] "i"(C16_FC_R3), [r4] "i"(C16_FC_R4), [r5] "i"(C16_FC_R5)
	: "memory");
}

/* n from the packet; each copy is bounds-checked */
#define C16_LOOP(name, stmt)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct c16_loop_pkt *p = (void *)(long)ctx->data;		\
	void *end = (void *)(long)ctx->data_end;			\
	void *q = p->w;							\
	u32 i, n;							\
									\
	if ((void *)&p->w > end)					\
		return XDP_DROP;					\
	n = (u32)p->x;							\
	for (i = 0; i < n && i < C16_LOOP_MAX; i++) {			\
		if (q + 24 > end)					\
			break;						\
		stmt;							\
		q += 8;							\
	}								\
	p->x = i;							\
	return XDP_PASS;						\
}

#define C16_IDIOM(q)							\
	do {								\
		u64 lo = *(u64 *)((q) + 8), hi = *(u64 *)((q) + 16);	\
									\
		*(u64 *)(q) = lo;					\
		*(u64 *)((q) + 8) = hi;					\
	} while (0)

C16_LOOP(copy16_loop, bpf_insn_copy16(q, q + 8))
C16_LOOP(copy16_idiom, C16_IDIOM(q))
C16_LOOP(copy16_wrapper, insn_copy16(q, q + 8))

char LICENSE[] SEC("license") = "GPL";
