// SPDX-License-Identifier: GPL-2.0
/*
 * A referenced kptr of the test module (tests/kmod/insn_test_kfuncs.c)
 * stored in a map: when the map goes, the kernel calls the destructor the
 * module registered for the object's type, which must be the module's own
 * bpf_insn_test_obj_dtor() (tests/prog_tests/soundness.c, dtor_collide).
 * Built with clang 16 (the Makefile's CLANG_dtor): clang 14 drops the
 * __kptr tag, and the map value then has no kptr field.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#ifndef __kptr
#define __kptr __attribute__((btf_type_tag("kptr")))
#endif

/* the module's type, which the map's field names */
struct bpf_insn_test_obj {
	__u64 v;
};

extern struct bpf_insn_test_obj *bpf_insn_test_obj_new(__u64 v) __ksym;
extern void bpf_insn_test_obj_release(struct bpf_insn_test_obj *o) __ksym;

struct dtor_elem {
	struct bpf_insn_test_obj __kptr *obj;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, int);
	__type(value, struct dtor_elem);
} dtor_objs SEC(".maps");

/* one object into the map, left there for the map's destructor */
SEC("syscall")
int dtor_stash(void *ctx)
{
	struct bpf_insn_test_obj *o;
	struct dtor_elem *e;
	int zero = 0;

	e = bpf_map_lookup_elem(&dtor_objs, &zero);
	if (!e)
		return 1;
	o = bpf_insn_test_obj_new(0x1235);
	if (!o)
		return 2;
	o = bpf_kptr_xchg(&e->obj, o);
	if (o)
		bpf_insn_test_obj_release(o);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
