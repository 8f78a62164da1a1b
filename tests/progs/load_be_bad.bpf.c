// SPDX-License-Identifier: GPL-2.0
/*
 * Loads past what the verifier allows, or misaligned on the stack;
 * tests/prog_tests/load_be.c loads each alone and checks the verifier's message.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "load_be.h"

/* 4 bytes at 5 after a check of 8 */
SEC("xdp")
int bad_pkt(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;

	if (data + 8 > (void *)(long)ctx->data_end)
		return XDP_DROP;
	*(u32 *)data = bpf_insn_load_be32(data, 5);
	return XDP_PASS;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct lbe_value);
} lbe_map SEC(".maps");

/* 8 bytes at 9 of a 16-byte value */
SEC("syscall")
int bad_map(struct lbe_ctx *c)
{
	u32 key = 0;
	struct lbe_value *v = bpf_map_lookup_elem(&lbe_map, &key);

	if (!v)
		return 1;
	c->out[0] = bpf_insn_load_be64(v, 9);
	return 0;
}

/* the stack: 8 bytes at 16 of 16 */
SEC("syscall")
int bad_stack(struct lbe_ctx *c)
{
	struct lbe_value v;

	__builtin_memcpy(&v, c->in, sizeof(v));
	c->out[0] = bpf_insn_load_be64(&v, 16);
	return 0;
}

/* the stack: in bounds, but not aligned */
SEC("syscall")
int bad_stack_align(struct lbe_ctx *c)
{
	struct lbe_value v;

	__builtin_memcpy(&v, c->in, sizeof(v));
	c->out[0] = bpf_insn_load_be32(&v, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
