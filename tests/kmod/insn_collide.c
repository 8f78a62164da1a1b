// SPDX-License-Identifier: GPL-2.0
/*
 * Test module: a function named as insn_test_kfuncs' kfunc
 * bpf_insn_test_copy(), which is not that kfunc.  The verifier takes a
 * kfunc's address from kallsyms_lookup_name(), which finds the newest
 * module's symbol of a name first: loaded after insn_test_kfuncs, this
 * function is what that lookup gives.  Its code (x, not x & 0xff) must not
 * be copied for calls of the kfunc, whose body the verifier analyzed
 * (tests/prog_tests/soundness.c, copy_collide).
 */
#include <linux/module.h>

u64 bpf_insn_test_copy(u64 x);

noinline u64 bpf_insn_test_copy(u64 x)
{
	return x;
}

/* a use, so that nothing takes the function for dead code */
static int __init collide_init(void)
{
	return bpf_insn_test_copy(0);
}

static void __exit collide_exit(void)
{
}

module_init(collide_init);
module_exit(collide_exit);

MODULE_DESCRIPTION("a function named as a test kfunc, for the copy tests");
MODULE_LICENSE("GPL");
