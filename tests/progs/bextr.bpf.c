// SPDX-License-Identifier: GPL-2.0
/*
 * The bit-field extract family: every (start, len) pair of bextr.h
 * (bextr_all), the result register bound to the operand's and to another
 * (bextr_alias), verifier knowledge of the result's range (bextr_map), and
 * a loop as the kfunc, the plain C idiom and the portable wrapper.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "bextr.h"

#define BEXTR(i, start, len)	c->r[i] = bpf_insn_bextr64(c->x, start, len);

SEC("syscall")
int bextr_all(struct bx_ctx *c)
{
	BX_PAIRS(BEXTR)
	return 0;
}

#define STR_(x) #x
#define STR(x) STR_(x)

/* assembly, so that binding sees exactly these moves around the calls */
SEC("syscall")
__attribute__((naked)) int bextr_alias(void)
{
	asm volatile (
	"r6 = r1;"
	"r7 = *(u64 *)(r6 + 0);"
	"r1 = r7; r2 = " STR(BX_ALIAS0_START) "; r3 = " STR(BX_ALIAS0_LEN) ";"
	"call %[bpf_insn_bextr64];"
	"r7 = r0;"
	"*(u64 *)(r6 + 104) = r7;"
	"r7 = *(u64 *)(r6 + 0);"
	"r1 = r7; r2 = " STR(BX_ALIAS1_START) "; r3 = " STR(BX_ALIAS1_LEN) ";"
	"call %[bpf_insn_bextr64];"
	"r8 = r0;"
	"*(u64 *)(r6 + 112) = r8;"
	"r0 = 0;"
	"exit;"
	:
	: [bpf_insn_bextr64] "i"(bpf_insn_bextr64)
	: "memory");
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct bx_table);
} bx_map SEC(".maps");

/*
 * Loads only because the verifier knows the index is below 2^BX_KLEN: no
 * bounds check of its own.  As a plain call the index is any scalar.
 */
SEC("syscall")
int bextr_map(struct bx_kctx *c)
{
	u32 key = 0;
	struct bx_table *t = bpf_map_lookup_elem(&bx_map, &key);

	if (!t)
		return 1;
	c->out = t->slot[bpf_insn_bextr64(c->x, BX_KSTART, BX_KLEN)];
	return 0;
}

/* x and n from the packet, so nothing folds at compile time */
#define BX_LOOP(name, expr)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct bx_pkt *p = (void *)(long)ctx->data;			\
	u64 x;								\
	u32 i;								\
									\
	if ((void *)(p + 1) > (void *)(long)ctx->data_end)		\
		return XDP_DROP;					\
	x = p->x;							\
	for (i = 0; i < p->n && i < BX_LOOP_MAX; i++)			\
		x = x * BX_MUL + (expr);				\
	p->x = x;							\
	return XDP_PASS;						\
}

BX_LOOP(bextr_loop, bpf_insn_bextr64(x, BX_LOOP_START, BX_LOOP_LEN))
BX_LOOP(bextr_idiom, x >> BX_LOOP_START & ((1ull << BX_LOOP_LEN) - 1))
BX_LOOP(bextr_wrapper, insn_bextr64(x, BX_LOOP_START, BX_LOOP_LEN))

char LICENSE[] SEC("license") = "GPL";
