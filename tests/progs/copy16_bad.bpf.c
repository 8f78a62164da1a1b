// SPDX-License-Identifier: GPL-2.0
/*
 * Copies the verifier must refuse: reading or writing past what a bounds
 * check or object allows, into memory BPF may not write (a read-only map
 * value, the XDP context), misaligned on the stack, through a scalar or a
 * pointer not checked for NULL; tests/prog_tests/copy16.c loads each alone
 * and checks the verifier's message.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "copy16.h"

/* to 9..25 after a check of 24 */
SEC("xdp")
int bad_dst_pkt(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;

	if (data + 24 > (void *)(long)ctx->data_end)
		return XDP_DROP;
	bpf_insn_copy16(data + 9, data);
	return XDP_PASS;
}

/* from 9..25 after a check of 24 */
SEC("xdp")
int bad_src_pkt(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;

	if (data + 24 > (void *)(long)ctx->data_end)
		return XDP_DROP;
	bpf_insn_copy16(data, data + 9);
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

/* to 17..33 of a 32-byte value */
SEC("syscall")
int bad_dst_map(struct c16_ctx *c)
{
	u32 key = 0;
	void *v = bpf_map_lookup_elem(&c16_map, &key);

	if (!v)
		return 1;
	bpf_insn_copy16(v + 17, v);
	return 0;
}

/* from 17..33 of a 32-byte value */
SEC("syscall")
int bad_src_map(struct c16_ctx *c)
{
	u32 key = 0;
	void *v = bpf_map_lookup_elem(&c16_map, &key);

	if (!v)
		return 1;
	bpf_insn_copy16(v, v + 17);
	return 0;
}

/* in bounds, but the map is read-only to programs */
SEC("syscall")
int bad_rdonly(struct c16_ctx *c)
{
	u32 key = 0;
	void *r = bpf_map_lookup_elem(&c16_rdonly, &key);

	if (!r)
		return 1;
	bpf_insn_copy16(r, c);
	return 0;
}

/* the stack: to 24..40 of 32 */
SEC("syscall")
int bad_dst_stack(struct c16_ctx *c)
{
	struct c16_value b;

	__builtin_memcpy(&b, c->in, sizeof(b));
	bpf_insn_copy16((void *)&b + 24, &b);
	__builtin_memcpy(c->out, &b, sizeof(b));
	return 0;
}

/* the stack: from 24..40 of 32 */
SEC("syscall")
int bad_src_stack(struct c16_ctx *c)
{
	struct c16_value b;

	__builtin_memcpy(&b, c->in, sizeof(b));
	bpf_insn_copy16(&b, (void *)&b + 24);
	__builtin_memcpy(c->out, &b, sizeof(b));
	return 0;
}

/* the stack: in bounds, but dst not 8-byte aligned */
SEC("syscall")
int bad_dst_align(struct c16_ctx *c)
{
	struct c16_value b;

	__builtin_memcpy(&b, c->in, sizeof(b));
	bpf_insn_copy16((void *)&b + 4, (void *)&b + 16);
	__builtin_memcpy(c->out, &b, sizeof(b));
	return 0;
}

/* the stack: in bounds, but src not 8-byte aligned */
SEC("syscall")
int bad_src_align(struct c16_ctx *c)
{
	struct c16_value b;

	__builtin_memcpy(&b, c->in, sizeof(b));
	bpf_insn_copy16((void *)&b + 16, (void *)&b + 4);
	__builtin_memcpy(c->out, &b, sizeof(b));
	return 0;
}

/* the XDP context is read-only */
SEC("xdp")
int bad_ctx(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;

	if (data + 16 > (void *)(long)ctx->data_end)
		return XDP_DROP;
	bpf_insn_copy16(ctx, data);
	return XDP_PASS;
}

/* a scalar where dst goes */
SEC("syscall")
int bad_scalar_dst(struct c16_ctx *c)
{
	bpf_insn_copy16((void *)(long)*(u64 *)c->in, c);
	return 0;
}

/* a scalar where src goes */
SEC("syscall")
int bad_scalar_src(struct c16_ctx *c)
{
	bpf_insn_copy16(c, (void *)(long)*(u64 *)c->in);
	return 0;
}

/* the lookup's result may be NULL */
SEC("syscall")
int bad_null_src(struct c16_ctx *c)
{
	u32 key = 0;

	bpf_insn_copy16(c, bpf_map_lookup_elem(&c16_map, &key));
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
