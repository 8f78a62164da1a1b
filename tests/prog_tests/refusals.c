// SPDX-License-Identifier: GPL-2.0
/*
 * The programs the loaders expect the verifier to refuse, and the words of
 * its log that say why: one catalog, so that a kernel that words a
 * message otherwise is answered in one place.  Set NAME is the "bad"
 * command of loader NAME (loader_main()), "misuse.GROUP" a group of
 * misuse.c; check_refusal_set() checks a set.
 */
#include "common.h"

/* as a plain call, a pointer argument without a type */
#define UNTYPED_MSG	"must point to scalar"

static const struct {
	const char *set;
	struct refusal r;
} catalog[] = {
	/* constants the body cannot take, a field wider than its table */
	{ "bextr", { "bad_start", "kfunc bpf_insn_bextr64: start must be below 64", TWO_CONSTS_MSG } },
	{ "bextr", { "bad_len0", "kfunc bpf_insn_bextr64: len must be 1 to 64 - start", TWO_CONSTS_MSG } },
	{ "bextr", { "bad_len", "kfunc bpf_insn_bextr64: len must be 1 to 64 - start", TWO_CONSTS_MSG } },
	{ "bextr", { "bad_nonconst", "R3 must be a known constant", TWO_CONSTS_MSG } },
	{ "bextr", { "bad_wide", "invalid access to map value", TWO_CONSTS_MSG } },
	/*
	 * shifts the body cannot take, non-constants, a read past the value;
	 * as plain calls the first constant is checked before the second
	 */
	{ "lea", { "bad_shift4", "kfunc bpf_insn_lea64: shift must be 0 to 3", TWO_CONSTS_MSG } },
	{ "lea", { "bad_shift", "kfunc bpf_insn_lea64: shift must be 0 to 3", TWO_CONSTS_MSG } },
	{ "lea", { "bad_nonconst", "R3 must be a known constant", NULL } },
	{ "lea", { "bad_nonconst_disp", "R4 must be a known constant", TWO_CONSTS_MSG } },
	{ "lea", { "bad_wide", "invalid access to map value", TWO_CONSTS_MSG } },
	/*
	 * a read the index's range does not allow: an index of 0 to 255, the
	 * same count computed in plain BPF (0 to 255 to the verifier), counts
	 * one past a table; as a plain call a count is any u32
	 */
	{ "bitcount", { "bad_opaque", "invalid access to map value", NULL } },
	{ "bitcount", { "bad_idiom", "invalid access to map value", NULL } },
	{ "bitcount", { "bad_short64", "invalid access to map value", "unbounded memory access" } },
	{ "bitcount", { "bad_short32", "invalid access to map value", "unbounded memory access" } },
	/*
	 * a CRC check against a wrong value: the verifier knows the CRC
	 * through the bodies, so the store through it is reachable; as a
	 * plain call it is any u32, and the store refused the same way
	 */
	{ "crc32c", { "bad_wrong", "invalid mem access 'scalar'", NULL } },
	{ "crc32c", { "bad_wrong64", "invalid mem access 'scalar'", NULL } },
	/* loads out of bounds */
	{ "load_be", { "bad_pkt", "invalid access to packet", UNTYPED_MSG } },
	{ "load_be", { "bad_map", "invalid access to map value", UNTYPED_MSG } },
	{ "load_be", { "bad_stack", "invalid read from stack", UNTYPED_MSG } },
	{ "load_be", { "bad_stack_align", "misaligned stack access", UNTYPED_MSG } },
	/* stores to memory BPF may not write, out of bounds, through a scalar */
	{ "store_be", { "bad_pkt", "invalid access to packet", UNTYPED_MSG } },
	{ "store_be", { "bad_map", "invalid access to map value", UNTYPED_MSG } },
	{ "store_be", { "bad_rdonly", "write into map forbidden", UNTYPED_MSG } },
	{ "store_be", { "bad_far", "math between map_value pointer and 536870912 is not allowed", UNTYPED_MSG } },
	{ "store_be", { "bad_stack", "invalid write to stack", UNTYPED_MSG } },
	{ "store_be", { "bad_stack_align", "misaligned stack access", UNTYPED_MSG } },
	{ "store_be", { "bad_ctx", "invalid bpf_context access", UNTYPED_MSG } },
	{ "store_be", { "bad_scalar", "R1 invalid mem access 'scalar'", UNTYPED_MSG } },
	{ "store_be", { "bad_nonconst", "kfunc bpf_insn_store_be16: R2 must be a known constant", UNTYPED_MSG } },
	/*
	 * prefetches the body's one-byte load may not make: through a scalar
	 * (any address: a probe of the kernel's layout), out of bounds
	 */
	{ "prefetch", { "bad_scalar", "R1 invalid mem access 'scalar'", UNTYPED_MSG } },
	{ "prefetch", { "bad_pkt", "invalid access to packet", UNTYPED_MSG } },
	{ "prefetch", { "bad_pkt_unchecked", "invalid access to packet", UNTYPED_MSG } },
	{ "prefetch", { "bad_map", "invalid access to map value", UNTYPED_MSG } },
	{ "prefetch", { "bad_null", "R1 pointer arithmetic on map_value_or_null prohibited", UNTYPED_MSG } },
	{ "prefetch", { "bad_far", "math between map_value pointer and 536870912 is not allowed", UNTYPED_MSG } },
	{ "prefetch", { "bad_stack", "invalid read from stack", UNTYPED_MSG } },
	{ "prefetch", { "bad_nonconst", "kfunc bpf_insn_prefetch: R2 must be a known constant", UNTYPED_MSG } },
	/* copies out of bounds, to memory BPF may not write, misaligned on the stack */
	{ "copy16", { "bad_dst_pkt", "invalid access to packet", UNTYPED_MSG } },
	{ "copy16", { "bad_src_pkt", "invalid access to packet", UNTYPED_MSG } },
	{ "copy16", { "bad_dst_map", "invalid access to map value", UNTYPED_MSG } },
	{ "copy16", { "bad_src_map", "invalid access to map value", UNTYPED_MSG } },
	{ "copy16", { "bad_rdonly", "write into map forbidden", UNTYPED_MSG } },
	{ "copy16", { "bad_dst_stack", "invalid write to stack", UNTYPED_MSG } },
	{ "copy16", { "bad_src_stack", "invalid read from stack", UNTYPED_MSG } },
	{ "copy16", { "bad_dst_align", "misaligned stack access", UNTYPED_MSG } },
	{ "copy16", { "bad_src_align", "misaligned stack access", UNTYPED_MSG } },
	{ "copy16", { "bad_ctx", "invalid bpf_context access", UNTYPED_MSG } },
	{ "copy16", { "bad_scalar_dst", "R1 invalid mem access 'scalar'", UNTYPED_MSG } },
	{ "copy16", { "bad_scalar_src", "R2 invalid mem access 'scalar'", UNTYPED_MSG } },
	{ "copy16", { "bad_null_src", "R2 invalid mem access 'map_value_or_null'", UNTYPED_MSG } },
	/*
	 * Two constants on two paths are fine for a plain call (MODE call),
	 * but not for a body: its native code is emitted for one.
	 */
	{ "rotate", { "bad_nonconst", "R2 must be a known constant", NULL } },
	{ "rotate", { "bad_twoconsts", "R2 must be the same constant on every path", LOADS_AS_CALL } },
	/* per-CPU misuse, refused with the helpers' messages */
	{ "percpu", { "percpu_unchecked", "invalid mem access", NULL } },
	{ "percpu", { "percpu_notpcpu", "expected=percpu_ptr_", NULL } },
	/* misuse.c: bad __k and pointer arguments (konst_bad.bpf.c) */
	{ "misuse.konst", { "load_be_nonconst", "kfunc bpf_insn_load_be32: R2 must be a known constant", NULL } },
	{ "misuse.konst", { "rol64_wide", "kfunc bpf_insn_rol64: R2 constant 4294967301 does not fit in 32 bits", NULL } },
	{ "misuse.konst", { "bextr64_wide", "kfunc bpf_insn_bextr64: R3 constant 4294967300 does not fit in 32 bits", NULL } },
	{ "misuse.konst", { "load_be_far", "math between map_value pointer and 536870912 is not allowed", NULL } },
	{ "misuse.konst", { "load_be_far_stack", "math between fp pointer and 2147483647 is not allowed", NULL } },
	{ "misuse.konst", { "load_be_scalar", "R1 invalid mem access 'scalar'", NULL } },
	{ "misuse.konst", { "rol64_pointer", "R0 pointer arithmetic with <<= operator prohibited", NULL } },
	/* iterator misuse (iter_bad.bpf.c) */
	{ "misuse.iter", { "next_without_new", "expected an initialized iter_num as arg #0", NULL } },
	{ "misuse.iter", { "destroy_twice", "expected an initialized iter_num as arg #0", NULL } },
	{ "misuse.iter", { "next_after_destroy", "expected an initialized iter_num as arg #0", NULL } },
	{ "misuse.iter", { "new_twice", "expected uninitialized iter_num as arg #0", NULL } },
	{ "misuse.iter", { "no_destroy", "Unreleased reference", NULL } },
	{ "misuse.iter", { "not_on_stack", "arg#0 expected pointer to an iterator on stack", NULL } },
	{ "misuse.iter", { "next_unchecked", "R0 invalid mem access 'scalar'", NULL } },	/* NULL, drained */
	/* per-CPU misuse (percpu_bad.bpf.c) */
	{ "misuse.percpu", { "per_not_percpu", "R1 type=ctx expected=percpu_ptr_", NULL } },
	{ "misuse.percpu", { "per_scalar", "R1 type=scalar expected=percpu_ptr_", NULL } },
	{ "misuse.percpu", { "this_scalar", "R1 type=scalar expected=percpu_ptr_", NULL } },
	{ "misuse.percpu", { "this_write", "only read is supported", NULL } },
	{ "misuse.percpu", { "per_cpu_const", "invalid mem access 'ptr_or_null_'", NULL } },
	/* kfuncs outside the program types they are registered for */
	{ "misuse.progtype", { "add_socket", "calling kernel function bpf_insn_fuzz_xdp_add is not allowed", NULL } },
	{ "misuse.progtype", { "sub_tc", "calling kernel function bpf_insn_fuzz_xdp_sub is not allowed", NULL } },
	{ "misuse.progtype", { "add_syscall", "calling kernel function bpf_insn_fuzz_xdp_add is not allowed", NULL } },
};

int check_refusal_set(const char *prefix, const char *mode, const char *path,
		      const char *set)
{
	int fails = 0, rows = 0;

	for (size_t i = 0; i < ARRAY_SIZE(catalog); i++) {
		if (strcmp(catalog[i].set, set))
			continue;
		rows++;
		fails += check_refusal_rows(prefix, mode, path, &catalog[i].r, 1);
	}
	return rows ? fails : -1;
}
