// SPDX-License-Identifier: GPL-2.0
/*
 * Smoke test: BPF programs that call the rotate kfuncs of insn_kfuncs.ko.
 * Inputs come from the context (syscall) or the packet (XDP), so nothing
 * can be folded at compile time.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "smoke.h"

extern u64 bpf_insn_rol64(u64 x, u32 n__k) __ksym;
extern u64 bpf_insn_ror64(u64 x, u32 n__k) __ksym;
extern u32 bpf_insn_rol32(u32 x, u32 n__k) __ksym;
extern u32 bpf_insn_ror32(u32 x, u32 n__k) __ksym;

#define ROTATE(i, n)						\
	c->rol64[i] = bpf_insn_rol64(c->x, n);			\
	c->ror64[i] = bpf_insn_ror64(c->x, n);			\
	c->rol32[i] = bpf_insn_rol32((u32)c->x, n);		\
	c->ror32[i] = bpf_insn_ror32((u32)c->x, n);

SEC("syscall")
int smoke_rotate(struct smoke_ctx *c)
{
	SMOKE_COUNTS(ROTATE)
	return 0;
}

/* The JIT image of this one is what the host disassembles. */
SEC("xdp")
int smoke_xdp(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	u64 *p = data;

	if ((void *)(p + 1) > end)
		return XDP_DROP;
	*p = bpf_insn_rol64(*p, SMOKE_XDP_COUNT);
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
