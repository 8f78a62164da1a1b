// SPDX-License-Identifier: GPL-2.0
/*
 * The big-endian load family: loads from a packet, a map value, the stack
 * and the context (where the kernel keeps the body), each at the edge of
 * its bounds; the result register bound to the pointer's (load_be_alias);
 * and a parsing loop as the kfunc, the plain C idiom and the wrapper.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "load_be.h"

#define LOAD_BE(bits, p, off)	bpf_insn_load_be##bits(p, off)
#define OUT(i, bits, off)	out[i] = LOAD_BE(bits, in, off);

SEC("xdp")
int load_be_pkt(struct xdp_md *ctx)
{
	struct lbe_pkt *p = (void *)(long)ctx->data;
	u64 *out = p->out;
	void *in = p;

	if ((void *)(p + 1) > (void *)(long)ctx->data_end)
		return XDP_DROP;
	LBE_PKT_LOADS(OUT)
	return XDP_PASS;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct lbe_value);
} lbe_map SEC(".maps");

SEC("syscall")
int load_be_map(struct lbe_ctx *c)
{
	u32 key = 0;
	struct lbe_value *v = bpf_map_lookup_elem(&lbe_map, &key);
	u64 *out = c->out;
	void *in = v;

	if (!v)
		return 1;
	LBE_MAP_LOADS(OUT)
	return 0;
}

SEC("syscall")
int load_be_stack(struct lbe_ctx *c)
{
	struct lbe_value v;
	u64 *out = c->out;
	void *in = &v;

	__builtin_memcpy(&v, c->in, sizeof(v));
	LBE_STACK_LOADS(OUT)
	return 0;
}

/* context loads need conversion in general: the kernel keeps the body */
SEC("syscall")
int load_be_ctx(struct lbe_ctx *c)
{
	u64 out[3];
	void *in = c;

	LBE_CTX_LOADS(OUT)
	c->out[0] = out[0];
	c->out[1] = out[1];
	c->out[2] = out[2];
	return 0;
}

/*
 * In assembly, so that binding sees exactly these moves: the result goes
 * to the pointer's own register, then to another one.
 */
SEC("xdp")
__attribute__((naked)) int load_be_alias(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 4);"		/* data_end */
	"r6 = *(u32 *)(r1 + 0);"		/* data */
	"r7 = r6;"
	"r3 = r6;"
	"r3 += 64;"
	"if r3 > r2 goto 1f;"
	"r1 = r6; r2 = 2;"
	"call %[bpf_insn_load_be32];"
	"r8 = r0;"
	"*(u64 *)(r7 + 32) = r8;"
	"r1 = r6; r2 = 9;"
	"call %[bpf_insn_load_be64];"
	"r6 = r0;"
	"*(u64 *)(r7 + 40) = r6;"
	"r0 = 2;"
	"exit;"
	"1: r0 = 1;"
	"exit;"
	:
	: [bpf_insn_load_be32] "i"(bpf_insn_load_be32),
	  [bpf_insn_load_be64] "i"(bpf_insn_load_be64)
	: "memory");
}

/* n and the words from the packet; each word is bounds-checked */
#define LBE_LOOP(name, expr)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct lbe_loop_pkt *p = (void *)(long)ctx->data;		\
	void *end = (void *)(long)ctx->data_end;			\
	void *q = p->w;							\
	u64 x = 0;							\
	u32 i, n;							\
									\
	if ((void *)&p->w > end)					\
		return XDP_DROP;					\
	n = (u32)p->x;							\
	for (i = 0; i < n && i < LBE_LOOP_MAX; i++) {			\
		if (q + 8 > end)					\
			break;						\
		x = x * 31 + (expr);					\
		q += 8;							\
	}								\
	p->x = x;							\
	return XDP_PASS;						\
}

LBE_LOOP(load_be_loop, bpf_insn_load_be64(q, 0))
LBE_LOOP(load_be_idiom, bpf_be64_to_cpu(*(u64 *)q))
LBE_LOOP(load_be_wrapper, insn_load_be64(q, 0))

char LICENSE[] SEC("license") = "GPL";
