// SPDX-License-Identifier: GPL-2.0
/*
 * Misuse of the numeric iterator, whose kfuncs the module gives bodies
 * inlined after verification: the verifier must still track the
 * iterator's state through the calls.  tests/prog_tests/misuse.c loads each alone,
 * with the module's bodies and without, and checks the message.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "misuse.h"

SEC("syscall")
int next_without_new(struct mis_ctx *c)
{
	struct bpf_iter_num it;
	int *v;

	v = bpf_iter_num_next(&it);
	c->out = v ? *v : -1;
	return 0;
}

SEC("syscall")
int destroy_twice(struct mis_ctx *c)
{
	struct bpf_iter_num it;

	bpf_iter_num_new(&it, 0, c->x & 7);
	bpf_iter_num_destroy(&it);
	bpf_iter_num_destroy(&it);
	return 0;
}

SEC("syscall")
int next_after_destroy(struct mis_ctx *c)
{
	struct bpf_iter_num it;
	int *v;

	bpf_iter_num_new(&it, 0, c->x & 7);
	bpf_iter_num_destroy(&it);
	v = bpf_iter_num_next(&it);
	c->out = v ? *v : -1;
	return 0;
}

/* new on an iterator that is live: it would leak the first */
SEC("syscall")
int new_twice(struct mis_ctx *c)
{
	struct bpf_iter_num it;

	bpf_iter_num_new(&it, 0, c->x & 7);
	bpf_iter_num_new(&it, 0, 3);
	bpf_iter_num_destroy(&it);
	return 0;
}

/* never destroyed */
SEC("syscall")
int no_destroy(struct mis_ctx *c)
{
	struct bpf_iter_num it;
	int *v;

	bpf_iter_num_new(&it, 0, c->x & 7);
	v = bpf_iter_num_next(&it);
	c->out = v ? *v : -1;
	return 0;
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct mis_value);
} mis_map SEC(".maps");

/* an iterator must live on the stack */
SEC("syscall")
int not_on_stack(struct mis_ctx *c)
{
	u32 key = 0;
	struct mis_value *v = bpf_map_lookup_elem(&mis_map, &key);

	if (!v)
		return 1;
	bpf_iter_num_new((struct bpf_iter_num *)v, 0, 3);
	bpf_iter_num_destroy((struct bpf_iter_num *)v);
	return 0;
}

/* what next() returns may be NULL */
SEC("syscall")
int next_unchecked(struct mis_ctx *c)
{
	struct bpf_iter_num it;
	int *v;

	bpf_iter_num_new(&it, 0, c->x & 7);
	v = bpf_iter_num_next(&it);
	c->out = *v;
	bpf_iter_num_destroy(&it);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
