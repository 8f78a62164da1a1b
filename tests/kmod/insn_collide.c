// SPDX-License-Identifier: GPL-2.0
/*
 * Test module: functions named as insn_test_kfuncs' kfuncs
 * bpf_insn_test_copy() and bpf_insn_test_plain(), which are not those
 * kfuncs, a per-CPU variable named as its bpf_insn_test_pcpu_var, and a
 * function named as its destructor bpf_insn_test_obj_dtor().
 * 6.12's verifier took the address of a module's kfunc or variable from
 * kallsyms_lookup_name(), which finds the newest module's symbol of a name
 * first: loaded after insn_test_kfuncs, these are what that lookup gives.
 * Programs must reach insn_test_kfuncs' own: a plain call of
 * bpf_insn_test_plain() (x + 1, not x + 2), a copy of
 * bpf_insn_test_copy() in place of the body the verifier analyzed (x &
 * 0xff, not x), the variable (0x1235, not 0x1236), the destructor (which
 * counts the objects it frees in insn_test_kfuncs' parameter obj_released;
 * this one counts in obj_seen and frees nothing)
 * (tests/prog_tests/soundness.c: copy_collide, plain_collide, ksym_collide,
 * dtor_collide).
 */
#include <linux/btf.h>
#include <linux/cfi.h>
#include <linux/module.h>
#include <linux/percpu.h>

DEFINE_PER_CPU(u64, bpf_insn_test_pcpu_var) = 0x1236;

static uint obj_seen;
module_param(obj_seen, uint, 0444);
MODULE_PARM_DESC(obj_seen, "calls of this bpf_insn_test_obj_dtor()");

/* global, as the kfuncs are, and without prototypes, as kfuncs go */
__bpf_kfunc_start_defs();

noinline u64 bpf_insn_test_copy(u64 x)
{
	return x;
}

noinline u64 bpf_insn_test_plain(u64 x)
{
	return x + 2;
}

noinline void bpf_insn_test_obj_dtor(void *o)
{
	WRITE_ONCE(obj_seen, obj_seen + 1);
}
CFI_NOSEAL(bpf_insn_test_obj_dtor);

__bpf_kfunc_end_defs();

/* a use, so that nothing takes the functions for dead code */
static int __init collide_init(void)
{
	return bpf_insn_test_copy(0) + bpf_insn_test_plain(0) == 2 ? 0 : -EINVAL;
}

static void __exit collide_exit(void)
{
}

module_init(collide_init);
module_exit(collide_exit);

MODULE_DESCRIPTION("functions named as test kfuncs, for the lookup of kfuncs");
MODULE_LICENSE("GPL");
