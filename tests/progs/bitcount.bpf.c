// SPDX-License-Identifier: GPL-2.0
/*
 * The bit count family and blsr: every kfunc (bitcount_all), the header's
 * C versions (bitcount_plain), the result register bound to the operand's
 * and to another (bitcount_alias), verifier knowledge of the counts'
 * range (bitcount_range), a loop of clz64 as
 * the kfunc, the plain C idiom and the portable wrapper, and one-call
 * programs for the verifier's instruction count (cost_*).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "bitcount.h"

#define ALL(i, op)	c->r[i] = bpf_insn_##op(c->x);

SEC("syscall")
int bitcount_all(struct bc_ctx *c)
{
	BC_OPS(ALL)
	return 0;
}

#define STR_(x) #x
#define STR(x) STR_(x)

/*
 * In assembly, so that binding sees exactly these moves around the calls:
 * the result goes to x's register r7, then to r8.
 */
#define ALIAS(i, op)							\
	"r7 = *(u64 *)(r6 + 0);"					\
	"r1 = r7; call %[bpf_insn_" #op "]; r7 = r0;"			\
	"*(u64 *)(r6 + " STR(8 + 8 * BC_NOPS + 16 * i) ") = r7;"	\
	"r7 = *(u64 *)(r6 + 0);"					\
	"r1 = r7; call %[bpf_insn_" #op "]; r8 = r0;"			\
	"*(u64 *)(r6 + " STR(16 + 8 * BC_NOPS + 16 * i) ") = r8;"

SEC("syscall")
__attribute__((naked)) int bitcount_alias(void)
{
	asm volatile (
	"r6 = r1;"
	BC_OPS(ALIAS)
	"r0 = 0;"
	"exit;"
	:
	: [bpf_insn_popcnt64] "i"(bpf_insn_popcnt64),
	  [bpf_insn_popcnt32] "i"(bpf_insn_popcnt32),
	  [bpf_insn_clz64] "i"(bpf_insn_clz64),
	  [bpf_insn_clz32] "i"(bpf_insn_clz32),
	  [bpf_insn_ctz64] "i"(bpf_insn_ctz64),
	  [bpf_insn_ctz32] "i"(bpf_insn_ctz32),
	  [bpf_insn_blsr64] "i"(bpf_insn_blsr64),
	  [bpf_insn_blsr32] "i"(bpf_insn_blsr32)
	: "memory");
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct bc_tab64);
} bc_tab64 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct bc_tab32);
} bc_tab32 SEC(".maps");

/*
 * Loads only because the verifier knows each count is at most the width:
 * no bounds check of its own.  As a plain call a count is any u32.
 */
SEC("syscall")
int bitcount_range(struct bc_kctx *c)
{
	u32 key = 0;
	struct bc_tab64 *t = bpf_map_lookup_elem(&bc_tab64, &key);
	struct bc_tab32 *u = bpf_map_lookup_elem(&bc_tab32, &key);

	if (!t || !u)
		return 1;
	c->out[0] = t->slot[bpf_insn_popcnt64(c->x)];
	c->out[1] = u->slot[bpf_insn_popcnt32(c->x)];
	c->out[2] = t->slot[bpf_insn_clz64(c->x)];
	c->out[3] = u->slot[bpf_insn_clz32(c->x)];
	c->out[4] = t->slot[bpf_insn_ctz64(c->x)];
	c->out[5] = u->slot[bpf_insn_ctz32(c->x)];
	return 0;
}

/*
 * The header's C versions, what the wrappers fall back to without the
 * module: plain BPF (bitcount_plain, and clz64 in bitcount_idiom)
 */
#define PLAIN(i, op)	c->r[i] = __insn_##op(c->x);

SEC("syscall")
int bitcount_plain(struct bc_ctx *c)
{
	BC_OPS(PLAIN)
	return 0;
}

/* the header's portable wrappers: the kfunc where the kernel has it */
#define WRAP(i, op)	c->r[i] = insn_##op(c->x);

SEC("syscall")
int bitcount_wrappers(struct bc_ctx *c)
{
	BC_OPS(WRAP)
	return 0;
}

/* x and n from the packet, so nothing folds at compile time */
#define BC_LOOP(name, expr)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct bc_pkt *p = (void *)(long)ctx->data;			\
	u64 x;								\
	u32 i;								\
									\
	if ((void *)(p + 1) > (void *)(long)ctx->data_end)		\
		return XDP_DROP;					\
	x = p->x;							\
	for (i = 0; i < p->n && i < BC_LOOP_MAX; i++)			\
		x = x * BC_MUL + (expr);				\
	p->x = x;							\
	return XDP_PASS;						\
}

BC_LOOP(bitcount_loop, bpf_insn_clz64(x))
BC_LOOP(bitcount_idiom, __insn_clz64(x))
BC_LOOP(bitcount_wrapper, insn_clz64(x))

SEC("syscall")
int cost_none(struct bc_cctx *c)
{
	c->out = c->x;
	return 0;
}

#define COST(i, op)							\
SEC("syscall")								\
int cost_##op(struct bc_cctx *c)					\
{									\
	c->out = bpf_insn_##op(c->x);					\
	return 0;							\
}

BC_OPS(COST)

char LICENSE[] SEC("license") = "GPL";
