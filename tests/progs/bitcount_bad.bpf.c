// SPDX-License-Identifier: GPL-2.0
/*
 * Programs the verifier must refuse; tests/prog_tests/bitcount.c loads
 * each alone and checks the verifier's message.  bitcount_range's read
 * with an index the verifier knows nothing of, or with clz64 computed in
 * plain BPF (bitcount_range's twin without the kfunc), and counts read
 * from a table one slot too short: the range it knows is exact.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "bitcount.h"

struct bc_tab64_short {
	__u64 slot[64];
};

struct bc_tab32_short {
	__u64 slot[32];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct bc_tab64);
} bc_tab64 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct bc_tab64_short);
} bc_short64 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct bc_tab32_short);
} bc_short32 SEC(".maps");

/* the index is x's low byte: up to 255 */
SEC("syscall")
int bad_opaque(struct bc_kctx *c)
{
	u32 key = 0;
	struct bc_tab64 *t = bpf_map_lookup_elem(&bc_tab64, &key);

	if (!t)
		return 1;
	c->out[2] = t->slot[(u8)c->x];
	return 0;
}

/* clz64 of 0 is 64, one past the table */
SEC("syscall")
int bad_short64(struct bc_kctx *c)
{
	u32 key = 0;
	struct bc_tab64_short *t = bpf_map_lookup_elem(&bc_short64, &key);

	if (!t)
		return 1;
	c->out[2] = t->slot[bpf_insn_clz64(c->x)];
	return 0;
}

/* ctz32 of 0 is 32, one past the table */
SEC("syscall")
int bad_short32(struct bc_kctx *c)
{
	u32 key = 0;
	struct bc_tab32_short *t = bpf_map_lookup_elem(&bc_short32, &key);

	if (!t)
		return 1;
	c->out[5] = t->slot[bpf_insn_ctz32(c->x)];
	return 0;
}

/*
 * clz64 in plain BPF, the header's __insn_clz64() (the bits below the
 * highest set one set too, counted): the same values, but the verifier
 * knows the SWAR popcount only as 0 to 255
 */
SEC("syscall")
int bad_idiom(struct bc_kctx *c)
{
	u32 key = 0;
	struct bc_tab64 *t = bpf_map_lookup_elem(&bc_tab64, &key);

	if (!t)
		return 1;
	c->out[2] = t->slot[__insn_clz64(c->x)];
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
