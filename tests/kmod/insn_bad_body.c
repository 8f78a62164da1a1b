// SPDX-License-Identifier: GPL-2.0
/*
 * Test module: registers one body, chosen by the "body" parameter, for its
 * own kfunc.  Every body but "good" breaks a rule of the validator, so
 * insmod must fail and the kernel log must name the kfunc, the instruction
 * and the rule (tests/guest/35-bad-body.sh).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bpf.h>
#include <linux/bpf_kfunc_body.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/module.h>

__bpf_kfunc_start_defs();

__bpf_kfunc u64 bpf_insn_test_add(u64 a, u64 b)
{
	return a + b;
}

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(test_ids)
BTF_ID_FLAGS(func, bpf_insn_test_add)
BTF_KFUNCS_END(test_ids)

static const struct btf_kfunc_id_set test_set = {
	.owner = THIS_MODULE,
	.set = &test_ids,
};

#define MOV(d, s)	BPF_MOV64_REG(BPF_REG_##d, BPF_REG_##s)
#define R0_IS_R1	MOV(0, 1)

static const struct bpf_insn good[] = {
	R0_IS_R1, BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_2),
};
static const struct bpf_insn call[] = {
	BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_ktime_get_ns), R0_IS_R1,
};
static const struct bpf_insn exit_[] = { R0_IS_R1, BPF_EXIT_INSN() };
static const struct bpf_insn back[] = { R0_IS_R1, BPF_JMP_A(-2) };
static const struct bpf_insn leave[] = { R0_IS_R1, BPF_JMP_IMM(BPF_JEQ, BPF_REG_1, 0, 2) };
static const struct bpf_insn write6[] = { MOV(6, 1), R0_IS_R1 };
static const struct bpf_insn write10[] = { MOV(10, 1), R0_IS_R1 };
static const struct bpf_insn read7[] = { MOV(0, 7) };
static const struct bpf_insn imm64[] = { BPF_LD_IMM64(BPF_REG_0, 0x100000000ULL) };
static const struct bpf_insn no_r0[] = { MOV(1, 2) };
static const struct bpf_insn r0_first[] = { BPF_ALU64_IMM(BPF_ADD, BPF_REG_0, 1) };
static const struct bpf_insn half_r0[] = {
	BPF_JMP_IMM(BPF_JEQ, BPF_REG_1, 0, 1), R0_IS_R1,
};
static struct bpf_insn too_long[BPF_KFUNC_BODY_MAX_INSNS + 1];

#define CASE(n) { #n, n, ARRAY_SIZE(n) }
static const struct {
	const char *name;
	const struct bpf_insn *insns;
	u16 len;
} cases[] = {
	CASE(good), CASE(call), { "exit", exit_, ARRAY_SIZE(exit_) }, CASE(back),
	CASE(leave), CASE(write6), CASE(write10), CASE(read7), CASE(imm64),
	CASE(no_r0), CASE(r0_first), CASE(half_r0), CASE(too_long),
};

static char *body = "good";
module_param(body, charp, 0444);
MODULE_PARM_DESC(body, "which body to register");

static struct bpf_kfunc_body test_body = {
	.name = "bpf_insn_test_add",
	.mode = BPF_KFUNC_BODY_VERIFY,
};

static int __init bad_init(void)
{
	int i, err;

	for (i = 0; i < ARRAY_SIZE(too_long); i++)
		too_long[i] = R0_IS_R1;
	err = register_btf_kfunc_id_set(BPF_PROG_TYPE_UNSPEC, &test_set);
	if (err)
		return err;
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		if (!strcmp(cases[i].name, body))
			break;
	if (i == ARRAY_SIZE(cases))
		return -ENOENT;
	test_body.insns = cases[i].insns;
	test_body.len = cases[i].len;
	err = register_bpf_kfunc_bodies(THIS_MODULE, &test_body, 1, 0);
	pr_info("body %s: %d\n", body, err);
	return err;
}

static void __exit bad_exit(void)
{
	unregister_bpf_kfunc_bodies(&test_body);
}

module_init(bad_init);
module_exit(bad_exit);

MODULE_DESCRIPTION("registers bad kfunc bodies, for tests");
MODULE_LICENSE("GPL");
