// SPDX-License-Identifier: GPL-2.0
/*
 * Prefetches the verifier must refuse, with the message of the one-byte
 * load the body is: through a scalar (a prefetch of any address would
 * probe the kernel's layout) or a pointer not checked for NULL, past what
 * a bounds check or object allows, at an offset no object has or that is
 * not a constant; tests/prog_tests/prefetch.c loads each alone and checks
 * the verifier's message.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "prefetch.h"

/* a scalar where the pointer goes: an address the program may not read */
SEC("syscall")
int bad_scalar(struct pf_ctx *c)
{
	bpf_insn_prefetch((void *)(long)c->sum, 0);
	return 0;
}

/* byte 8 after a check of 8 */
SEC("xdp")
int bad_pkt(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;

	if (data + 8 > (void *)(long)ctx->data_end)
		return XDP_DROP;
	bpf_insn_prefetch(data, 8);
	return XDP_PASS;
}

/* no check at all */
SEC("xdp")
int bad_pkt_unchecked(struct xdp_md *ctx)
{
	bpf_insn_prefetch((void *)(long)ctx->data, 0);
	return XDP_PASS;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct pf_value);
} pf_map SEC(".maps");

/* byte 16 of a 16-byte value */
SEC("syscall")
int bad_map(struct pf_ctx *c)
{
	u32 key = 0;
	struct pf_value *v = bpf_map_lookup_elem(&pf_map, &key);

	if (!v)
		return 1;
	bpf_insn_prefetch(v, 16);
	return 0;
}

/* the lookup's result may be NULL */
SEC("syscall")
int bad_null(struct pf_ctx *c)
{
	u32 key = 0;

	bpf_insn_prefetch(bpf_map_lookup_elem(&pf_map, &key), 0);
	return 0;
}

/* an offset no object has: the verifier's limit on constant offsets */
SEC("syscall")
int bad_far(struct pf_ctx *c)
{
	u32 key = 0;
	struct pf_value *v = bpf_map_lookup_elem(&pf_map, &key);

	if (!v)
		return 1;
	bpf_insn_prefetch(v, 1 << 29);
	return 0;
}

/* the stack: byte 16 of 16 */
SEC("syscall")
int bad_stack(struct pf_ctx *c)
{
	struct pf_value v;

	__builtin_memcpy(&v, c->in, sizeof(v));
	bpf_insn_prefetch(&v, 16);
	__builtin_memcpy(c->out, &v, sizeof(v));
	return 0;
}

/* the offset is not a constant */
SEC("syscall")
int bad_nonconst(struct pf_ctx *c)
{
	u32 key = 0;
	struct pf_value *v = bpf_map_lookup_elem(&pf_map, &key);

	if (!v)
		return 1;
	bpf_insn_prefetch(v, c->sum & 3);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
