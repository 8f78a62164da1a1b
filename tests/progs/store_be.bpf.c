// SPDX-License-Identifier: GPL-2.0
/*
 * The big-endian store family: stores into a packet, a map value, the
 * stack and the context (where the kernel keeps the body), each at the edge
 * of its bounds; p and v in one register, and v in R0 (store_be_alias);
 * registers kept across the call by bpf_fastcall spills and fills
 * (store_be_fastcall); and a loop writing big-endian words as the kfunc,
 * the plain C idiom and the wrapper.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "store_be.h"

#define STORE_BE(bits, p, off, v)	bpf_insn_store_be##bits(p, off, v)
#define STORE(i, bits, off)		STORE_BE(bits, out, off, v[i]);

SEC("xdp")
int store_be_pkt(struct xdp_md *ctx)
{
	struct sbe_pkt *p = (void *)(long)ctx->data;
	void *out;
	u64 *v;

	if ((void *)(p + 1) > (void *)(long)ctx->data_end)
		return XDP_DROP;
	out = p->out;
	v = p->v;
	SBE_PKT_STORES(STORE)
	return XDP_PASS;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct sbe_value);
} sbe_map SEC(".maps");

SEC("syscall")
int store_be_map(struct sbe_ctx *c)
{
	u32 key = 0;
	struct sbe_value *out = bpf_map_lookup_elem(&sbe_map, &key);
	u64 *v = c->v;

	if (!out)
		return 1;
	SBE_MAP_STORES(STORE)
	return 0;
}

SEC("syscall")
int store_be_stack(struct sbe_ctx *c)
{
	struct sbe_value b;
	void *out = &b;
	u64 *v = c->v;

	__builtin_memcpy(&b, c->in, sizeof(b));
	SBE_STACK_STORES(STORE)
	__builtin_memcpy(c->out, &b, sizeof(b));
	return 0;
}

/* context stores need conversion in general: the kernel keeps the body */
#define SNAP(i, bits, off)						\
	STORE_BE(bits, out, off, c->v[i]);				\
	c->snap[i] = c->head;

SEC("syscall")
int store_be_ctx(struct sbe_ctx *c)
{
	void *out = c;

	SBE_CTX_STORES(SNAP)
	return 0;
}

/* In assembly, so that binding sees exactly these moves. */
SEC("xdp")
__attribute__((naked)) int store_be_alias(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 4);"		/* data_end */
	"r6 = *(u32 *)(r1 + 0);"		/* data */
	"r7 = r6;"
	"r3 = r6;"
	"r3 += %[size];"
	"if r3 > r2 goto 1f;"
	"r1 = r6; r2 = 8; r3 = r6;"
	"call %[bpf_insn_store_be64];"
	"*(u64 *)(r7 + 16) = r6;"
	"r0 = *(u64 *)(r7 + 0);"
	"r1 = r7; r2 = 25; r3 = r0;"
	"call %[bpf_insn_store_be32];"
	"r0 = 2;"
	"exit;"
	"1: r0 = 1;"
	"exit;"
	:
	: [bpf_insn_store_be64] "i"(bpf_insn_store_be64),
	  [bpf_insn_store_be32] "i"(bpf_insn_store_be32),
	  [size] "i"(SBE_ALIAS_SIZE)
	: "memory");
}

/*
 * R0, R4 and R5 kept across the call by spills and fills as clang (20
 * and later) places them around a bpf_fastcall call (R1-R3 are the arguments, R0 no
 * result): they go where the call becomes native code, which must leave
 * the three alone, and stay with the body.  v from the packet, stored
 * big-endian before it; the result is the sum of the three.
 */
SEC("xdp")
__attribute__((naked)) int store_be_fastcall(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 4);"
	"r6 = *(u32 *)(r1 + 0);"
	"r3 = r6;"
	"r3 += 16;"
	"if r3 > r2 goto 1f;"
	"r0 = %[r0];"
	"r4 = %[r4];"
	"r5 = %[r5];"
	"r1 = r6;"
	"r2 = 0;"
	"r3 = *(u64 *)(r6 + 8);"
	"*(u64 *)(r10 - 8) = r0;"
	"*(u64 *)(r10 - 16) = r4;"
	"*(u64 *)(r10 - 24) = r5;"
	"call %[bpf_insn_store_be64];"
	"r5 = *(u64 *)(r10 - 24);"
	"r4 = *(u64 *)(r10 - 16);"
	"r0 = *(u64 *)(r10 - 8);"
	"r0 += r4;"
	"r0 += r5;"
	"exit;"
	"1: r0 = 1;"
	"exit;"
	:
	: [bpf_insn_store_be64] "i"(bpf_insn_store_be64),
	  [r0] "i"(SBE_FC_R0), [r4] "i"(SBE_FC_R4), [r5] "i"(SBE_FC_R5)
	: "memory");
}

/* n and x from the packet; each word is bounds-checked */
#define SBE_LOOP(name, stmt)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct sbe_loop_pkt *p = (void *)(long)ctx->data;		\
	void *end = (void *)(long)ctx->data_end;			\
	void *q = p->w;							\
	u64 x;								\
	u32 i, n;							\
									\
	if ((void *)&p->w > end)					\
		return XDP_DROP;					\
	x = p->x;							\
	n = (u32)x;							\
	for (i = 0; i < n && i < SBE_LOOP_MAX; i++) {			\
		if (q + 8 > end)					\
			break;						\
		stmt;							\
		x = x * 31 + i;						\
		q += 8;							\
	}								\
	p->x = x;							\
	return XDP_PASS;						\
}

SBE_LOOP(store_be_loop, bpf_insn_store_be64(q, 0, x))
SBE_LOOP(store_be_idiom, *(u64 *)q = bpf_cpu_to_be64(x))
SBE_LOOP(store_be_wrapper, insn_store_be64(q, 0, x))

char LICENSE[] SEC("license") = "GPL";
