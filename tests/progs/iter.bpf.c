// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's numeric iterator, whose kfuncs the module gives bodies:
 * return values and sequences at the edges (iter_range), bpf_for() nested
 * with break (iter_nested), and a bpf_for() sum loop for the JIT shape and
 * size checks (iter_sum).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "iter.h"

SEC("syscall")
int iter_range(struct iter_ctx *c)
{
	struct bpf_iter_num it;
	int *v;

	c->ret_new = bpf_iter_num_new(&it, c->start, c->end);
	ITER_RANGE_LOOP(c, v, bpf_iter_num_next(&it));
	bpf_iter_num_destroy(&it);
	return 0;
}

SEC("syscall")
int iter_nested(struct nest_ctx *c)
{
	int i, j;

	bpf_for(i, 0, c->outer) {
		bpf_for(j, 0, c->inner) {
			if (i == c->brk && j == c->brk)
				return 1;
			c->sum += i * 1000 + j;
			c->count++;
		}
	}
	return 0;
}

/* n from the packet: sum of 0..n-1 */
SEC("xdp")
int iter_sum(struct xdp_md *ctx)
{
	__u32 *p = (void *)(long)ctx->data;
	__u32 n, sum = 0;
	int i;

	if ((void *)(p + 1) > (void *)(long)ctx->data_end)
		return XDP_DROP;
	n = *p;
	bpf_for(i, 0, n)
		sum += i;
	*p = sum;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
