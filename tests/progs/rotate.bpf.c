// SPDX-License-Identifier: GPL-2.0
/*
 * The rotate family: every kfunc at every edge count (rotate_all), and a
 * loop of dependent rotates in three forms for the shape and size checks:
 * the kfunc (rotate_loop), the plain C idiom (rotate_idiom) and the
 * portable wrapper of bpf/insn_kfuncs.h (rotate_wrapper).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "rotate.h"

#define ROTATE(i, n)						\
	c->rol64[i] = bpf_insn_rol64(c->x, n);			\
	c->ror64[i] = bpf_insn_ror64(c->x, n);			\
	c->rol32[i] = bpf_insn_rol32((u32)c->x, n);		\
	c->ror32[i] = bpf_insn_ror32((u32)c->x, n);

SEC("syscall")
int rotate_all(struct rot_ctx *c)
{
	ROT_COUNTS(ROTATE)
	return 0;
}

/* x and n from the packet, so nothing folds at compile time */
#define ROT_LOOP(name, expr)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct rot_pkt *p = (void *)(long)ctx->data;			\
	u64 x;								\
	u32 i;								\
									\
	if ((void *)(p + 1) > (void *)(long)ctx->data_end)		\
		return XDP_DROP;					\
	x = p->x;							\
	for (i = 0; i < p->n && i < ROT_LOOP_MAX; i++)			\
		x = expr;						\
	p->x = x;							\
	return XDP_PASS;						\
}

ROT_LOOP(rotate_loop, bpf_insn_rol64(x, ROT_LOOP_COUNT))
ROT_LOOP(rotate_idiom, x << ROT_LOOP_COUNT | x >> (64 - ROT_LOOP_COUNT))
ROT_LOOP(rotate_wrapper, insn_rol64(x, ROT_LOOP_COUNT))

char LICENSE[] SEC("license") = "GPL";
