// SPDX-License-Identifier: GPL-2.0
/*
 * Bad arguments for kfuncs verified through their body, beside those of
 * rotate_bad, bextr_bad and load_be_bad: a non-constant or 64-bit __k, an
 * offset too big for any object, a scalar where a pointer goes and a
 * pointer where a scalar goes.  tests/prog_tests/misuse.c loads each alone and
 * checks the verifier's message.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "misuse.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct mis_value);
} mis_map SEC(".maps");

/* the offset is not a constant */
SEC("syscall")
int load_be_nonconst(struct mis_ctx *c)
{
	u32 key = 0;
	struct mis_value *v = bpf_map_lookup_elem(&mis_map, &key);

	if (!v)
		return 1;
	c->out = bpf_insn_load_be32(v, c->x & 3);
	return 0;
}

/*
 * A constant over 32 bits in a u32 __k: C cannot pass one, BPF can.  The
 * call is written out so that R2 holds 2^32 + 5 at the call.
 */
SEC("syscall")
int rol64_wide(struct mis_ctx *c)
{
	u64 x = c->x, r;

	asm volatile("r1 = %[x];"
		     "r2 = 0x100000005 ll;"
		     "call %[rol];"
		     "%[r] = r0;"
		     : [r] "=r"(r)
		     : [x] "r"(x), [rol] "i"(bpf_insn_rol64)
		     : "r0", "r1", "r2", "r3", "r4", "r5");
	c->out = r;
	return 0;
}

SEC("syscall")
int bextr64_wide(struct mis_ctx *c)
{
	u64 x = c->x, r;

	asm volatile("r1 = %[x];"
		     "r2 = 3;"
		     "r3 = 0x100000004 ll;"
		     "call %[bextr];"
		     "%[r] = r0;"
		     : [r] "=r"(r)
		     : [x] "r"(x), [bextr] "i"(bpf_insn_bextr64)
		     : "r0", "r1", "r2", "r3", "r4", "r5");
	c->out = r;
	return 0;
}

/* the kfunc called as C calls it, so that its BTF is in the object */
SEC("syscall")
int bextr64_ok(struct mis_ctx *c)
{
	c->out = bpf_insn_bextr64(c->x, 3, 4);
	return 0;
}

/* an offset no object has: the verifier's limit on constant offsets */
SEC("syscall")
int load_be_far(struct mis_ctx *c)
{
	u32 key = 0;
	struct mis_value *v = bpf_map_lookup_elem(&mis_map, &key);

	if (!v)
		return 1;
	c->out = bpf_insn_load_be16(v, 1 << 29);
	return 0;
}

/* the same on the stack, in the last u32 a displacement can hold */
SEC("syscall")
int load_be_far_stack(struct mis_ctx *c)
{
	struct mis_value v = {};

	v.in[0] = c->x;
	c->out = bpf_insn_load_be64(&v, 0x7fffffff);
	return 0;
}

/* a scalar where the pointer goes */
SEC("syscall")
int load_be_scalar(struct mis_ctx *c)
{
	c->out = bpf_insn_load_be32((void *)(long)c->x, 0);
	return 0;
}

/* a pointer where a u64 goes: the body shifts it, which pointers refuse */
SEC("syscall")
int rol64_pointer(struct mis_ctx *c)
{
	c->out = bpf_insn_rol64((u64)(long)c, 13);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
