// SPDX-License-Identifier: GPL-2.0
/*
 * Programs the verifier must refuse; tests/prog_tests/lea.c loads each alone and
 * checks the verifier's message.  As plain calls (no bodies) 6.12 refuses
 * them all: it takes one constant argument per kfunc call, not two.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "lea.h"

SEC("syscall")
int bad_shift4(struct lea_kctx *c)
{
	c->out = bpf_insn_lea64(c->x, c->x, 4, 0);
	return 0;
}

SEC("syscall")
int bad_shift(struct lea_kctx *c)
{
	c->out = bpf_insn_lea64(c->x, c->x, 0xffffffff, 8);
	return 0;
}

SEC("syscall")
int bad_nonconst(struct lea_kctx *c)
{
	c->out = bpf_insn_lea64(c->x, c->x, (u32)c->x & 3, 8);
	return 0;
}

SEC("syscall")
int bad_nonconst_disp(struct lea_kctx *c)
{
	c->out = bpf_insn_lea64(c->x, c->x, 2, (u32)c->x);
	return 0;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct lea_table);
} lea_map SEC(".maps");

/* lea_map_read one slot further: the range is exact */
SEC("syscall")
int bad_wide(struct lea_kctx *c)
{
	u32 key = 0;
	struct lea_table *t = bpf_map_lookup_elem(&lea_map, &key);

	if (!t)
		return 1;
	c->out = *(u64 *)((void *)t + bpf_insn_lea64(0, c->x & 7, 3, LEA_KDISP + 8));
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
