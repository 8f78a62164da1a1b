// SPDX-License-Identifier: GPL-2.0
/*
 * insn_kfuncs: kfuncs that stand for single CPU instructions.
 *
 * The set is registered for BPF_PROG_TYPE_UNSPEC, the common hook, so every
 * program type may call the kfuncs.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/init.h>
#include <linux/module.h>

#include "insn_kfuncs.h"

BTF_KFUNCS_START(insn_kfunc_ids)
BTF_ID_FLAGS(func, bpf_insn_rol64)
BTF_ID_FLAGS(func, bpf_insn_ror64)
BTF_ID_FLAGS(func, bpf_insn_rol32)
BTF_ID_FLAGS(func, bpf_insn_ror32)
BTF_KFUNCS_END(insn_kfunc_ids)

static const struct btf_kfunc_id_set insn_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &insn_kfunc_ids,
};

static int __init insn_kfuncs_init(void)
{
	int err;

	err = register_btf_kfunc_id_set(BPF_PROG_TYPE_UNSPEC, &insn_kfunc_set);
	if (err)
		pr_err("cannot register kfuncs: %d\n", err);
	return err;
}

/*
 * Nothing to undo: the kfunc set lives in this module's BTF, which goes away
 * with the module.  An exit function is still needed for rmmod to work.
 */
static void __exit insn_kfuncs_exit(void)
{
}

module_init(insn_kfuncs_init);
module_exit(insn_kfuncs_exit);

MODULE_DESCRIPTION("kfuncs that stand for single CPU instructions");
MODULE_LICENSE("GPL");
