// SPDX-License-Identifier: GPL-2.0
/*
 * Stores the verifier must refuse: to memory BPF may not write (a
 * read-only map value, the XDP context), past what it allows, misaligned
 * on the stack, through a scalar, at an offset that is not a constant;
 * tests/prog_tests/store_be.c loads each alone and checks the verifier's
 * message.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "store_be.h"

/* 4 bytes at 5 after a check of 8 */
SEC("xdp")
int bad_pkt(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;

	if (data + 8 > (void *)(long)ctx->data_end)
		return XDP_DROP;
	bpf_insn_store_be32(data, 5, 0x01020304);
	return XDP_PASS;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct sbe_value);
} sbe_map SEC(".maps");

/* the programs may read this map, not write it */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_RDONLY_PROG);
	__type(key, u32);
	__type(value, struct sbe_value);
} sbe_rdonly SEC(".maps");

/* 8 bytes at 9 of a 16-byte value */
SEC("syscall")
int bad_map(struct sbe_ctx *c)
{
	u32 key = 0;
	struct sbe_value *v = bpf_map_lookup_elem(&sbe_map, &key);

	if (!v)
		return 1;
	bpf_insn_store_be64(v, 9, c->v[0]);
	return 0;
}

/* in bounds, but the map is read-only to programs */
SEC("syscall")
int bad_rdonly(struct sbe_ctx *c)
{
	u32 key = 0;
	struct sbe_value *v = bpf_map_lookup_elem(&sbe_rdonly, &key);

	if (!v)
		return 1;
	bpf_insn_store_be16(v, 0, c->v[0]);
	return 0;
}

/* an offset no object has: the verifier's limit on constant offsets */
SEC("syscall")
int bad_far(struct sbe_ctx *c)
{
	u32 key = 0;
	struct sbe_value *v = bpf_map_lookup_elem(&sbe_map, &key);

	if (!v)
		return 1;
	bpf_insn_store_be16(v, 1 << 29, c->v[0]);
	return 0;
}

/* the stack: 8 bytes at 16 of 16 */
SEC("syscall")
int bad_stack(struct sbe_ctx *c)
{
	struct sbe_value v;

	__builtin_memcpy(&v, c->in, sizeof(v));
	bpf_insn_store_be64(&v, 16, c->v[0]);
	__builtin_memcpy(c->out, &v, sizeof(v));
	return 0;
}

/* the stack: in bounds, but not aligned */
SEC("syscall")
int bad_stack_align(struct sbe_ctx *c)
{
	struct sbe_value v;

	__builtin_memcpy(&v, c->in, sizeof(v));
	bpf_insn_store_be32(&v, 1, c->v[0]);
	__builtin_memcpy(c->out, &v, sizeof(v));
	return 0;
}

/* the XDP context is read-only */
SEC("xdp")
int bad_ctx(struct xdp_md *ctx)
{
	bpf_insn_store_be32(ctx, 0, 0x01020304);
	return XDP_PASS;
}

/* a scalar where the pointer goes */
SEC("syscall")
int bad_scalar(struct sbe_ctx *c)
{
	bpf_insn_store_be32((void *)(long)c->v[0], 0, c->v[1]);
	return 0;
}

/* the offset is not a constant */
SEC("syscall")
int bad_nonconst(struct sbe_ctx *c)
{
	u32 key = 0;
	struct sbe_value *v = bpf_map_lookup_elem(&sbe_map, &key);

	if (!v)
		return 1;
	bpf_insn_store_be16(v, c->v[0] & 3, c->v[1]);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
