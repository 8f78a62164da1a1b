// SPDX-License-Identifier: GPL-2.0
/*
 * Programs the verifier must refuse; tests/prog_tests/rotate.c loads each alone and
 * checks the verifier's message.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "rotate.h"

/* the count is not a constant */
SEC("syscall")
int bad_nonconst(struct rot_ctx *c)
{
	c->rol64[0] = bpf_insn_rol64(c->x, (u32)c->x);
	return 0;
}

/* a constant, but not the same one on every path */
SEC("syscall")
int bad_twoconsts(struct rot_ctx *c)
{
	u32 n = 3;

	if (c->x & 1)
		n = 5;
	asm volatile("" : "+r"(n));
	c->rol64[0] = bpf_insn_rol64(c->x, n);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
