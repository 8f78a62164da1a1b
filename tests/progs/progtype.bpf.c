// SPDX-License-Identifier: GPL-2.0
/*
 * Program types and kfunc registrations.  insn_kfuncs.ko registers its
 * kfuncs for BPF_PROG_TYPE_UNSPEC, so every program type may call them
 * (rol64_socket, rol64_tc).  tests/kmod/insn_fuzz_body.ko registers its
 * kfuncs for XDP only and keeps bodies on two of them, one verified
 * through the body (xdp_add), one inlined after (xdp_sub): an XDP program
 * gets their results (fuzz_xdp), other program types are refused, body or
 * not.  tests/prog_tests/misuse.c loads each alone.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "misuse.h"

extern u64 bpf_insn_fuzz_xdp_add(u64 a, u64 b) __ksym;
extern u64 bpf_insn_fuzz_xdp_sub(u64 a, u64 b) __ksym;

SEC("xdp")
int fuzz_xdp(struct xdp_md *ctx)
{
	struct mis_pkt *p = (void *)(long)ctx->data;

	if ((void *)(p + 1) > (void *)(long)ctx->data_end)
		return XDP_DROP;
	p->sum = bpf_insn_fuzz_xdp_add(p->a, p->b);
	p->diff = bpf_insn_fuzz_xdp_sub(p->a, p->b);
	return XDP_PASS;
}

SEC("socket")
int add_socket(struct __sk_buff *skb)
{
	return bpf_insn_fuzz_xdp_add(skb->len, 1);
}

SEC("tc")
int sub_tc(struct __sk_buff *skb)
{
	return bpf_insn_fuzz_xdp_sub(skb->len, 1) ? 0 : 1;
}

SEC("syscall")
int add_syscall(struct mis_ctx *c)
{
	c->out = bpf_insn_fuzz_xdp_add(c->x, 1);
	return 0;
}

/* insn_kfuncs' own kfuncs: any program type */
SEC("socket")
int rol64_socket(struct __sk_buff *skb)
{
	return bpf_insn_rol64(skb->len, 13) & 1;
}

SEC("tc")
int rol64_tc(struct __sk_buff *skb)
{
	return bpf_insn_rol64(skb->len, 13) & 1;
}

char LICENSE[] SEC("license") = "GPL";
