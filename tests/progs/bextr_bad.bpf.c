// SPDX-License-Identifier: GPL-2.0
/*
 * Programs the verifier must refuse; tests/prog_tests/bextr.c loads each alone and
 * checks the verifier's message.  As plain calls (no bodies) 6.12 refuses
 * them all: it takes one constant argument per kfunc call, not two.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "bextr.h"

SEC("syscall")
int bad_start(struct bx_kctx *c)
{
	c->out = bpf_insn_bextr64(c->x, 64, 1);
	return 0;
}

SEC("syscall")
int bad_len0(struct bx_kctx *c)
{
	c->out = bpf_insn_bextr64(c->x, 0, 0);
	return 0;
}

SEC("syscall")
int bad_len(struct bx_kctx *c)
{
	c->out = bpf_insn_bextr64(c->x, 60, 5);
	return 0;
}

SEC("syscall")
int bad_nonconst(struct bx_kctx *c)
{
	c->out = bpf_insn_bextr64(c->x, 3, (u32)c->x);
	return 0;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct bx_table);
} bx_map SEC(".maps");

/* bextr_map with a field one bit wider than its table: the range is exact */
SEC("syscall")
int bad_wide(struct bx_kctx *c)
{
	u32 key = 0;
	struct bx_table *t = bpf_map_lookup_elem(&bx_map, &key);

	if (!t)
		return 1;
	c->out = t->slot[bpf_insn_bextr64(c->x, BX_KSTART, BX_KLEN + 1)];
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
