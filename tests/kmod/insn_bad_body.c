// SPDX-License-Identifier: GPL-2.0
/*
 * Test module: registers one body, chosen by the "body" parameter, for its
 * own kfunc ("twice": the same body twice in one call).  Every body but
 * "good" breaks a rule of the validator, so insmod must fail and the kernel
 * log must name the kfunc, the instruction and the rule
 * (tests/guest/35-bad-body.sh).
 *
 * "kfunc" names another kfunc to give the body to, "leak" keeps the exit
 * from unregistering the bodies and "fail" fails the init after they are
 * registered: the kernel must drop the bodies a module leaves behind, or
 * the next registration for the same vmlinux kfunc finds them ("already
 * has a body") and programs calling it get a body in freed memory.  Body
 * "void1" (R1 = 0) is what bpf_iter_bits_destroy() is given there: not
 * what that function does, registered only while no program calls it
 * (and never used: the kfunc is KF_ITER_DESTROY, so its calls stay).
 * Given a kfunc whose calls the verifier checks or rewrites itself
 * (bpf_obj_new_impl(), bpf_cast_to_kern_ctx(), ...), any body is refused.
 * A body verified as a helper (verify_as) is good only for a kfunc that
 * takes the helper's arguments and returns a pointer: bpf_insn_test_pcpu()
 * for bpf_this_cpu_ptr(), not bpf_insn_test_add() nor bpf_insn_test_inc().
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bpf.h>
#include <linux/bpf_kfunc_body.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/module.h>
#include <linux/percpu.h>

__bpf_kfunc_start_defs();

__bpf_kfunc u64 bpf_insn_test_add(u64 a, u64 b)
{
	return a + b;
}

__bpf_kfunc u64 bpf_insn_test_inc(u64 a)
{
	return a + 1;
}

__bpf_kfunc void *bpf_insn_test_pcpu(const void *p)
{
	return this_cpu_ptr((void __percpu *)p);
}

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(test_ids)
BTF_ID_FLAGS(func, bpf_insn_test_add)
BTF_ID_FLAGS(func, bpf_insn_test_inc)
BTF_ID_FLAGS(func, bpf_insn_test_pcpu)
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
static const struct bpf_insn r0_is_r1[] = { R0_IS_R1 };
/* this_cpu_ptr(R1) */
static const struct bpf_insn pcpu[] = { BPF_MOV64_PERCPU_REG(BPF_REG_0, BPF_REG_1) };
/* R0 = 0: for a kfunc of no argument, void or not */
static const struct bpf_insn void0[] = { BPF_MOV64_IMM(BPF_REG_0, 0) };
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
static const struct bpf_insn r10_value[] = { MOV(0, 10) };
/* gotol -1: JMP32 JA jumps by imm, off is reserved */
static const struct bpf_insn malformed[] = {
	BPF_RAW_INSN(BPF_JMP32 | BPF_JA, 0, 0, -1, 0), R0_IS_R1,
};
/*
 * no body touches the stack: it is the program's, and native code in the
 * body's place would not write what the verifier saw the body write
 */
static const struct bpf_insn verify_stack[] = {
	BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_1, -8), R0_IS_R1,
};
static const struct bpf_insn verify_stack_load[] = {
	BPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_10, -8),
};
/* AFTER bodies: not analyzed, so no stack; not fixed up, so no x / 0 */
static const struct bpf_insn after_stack[] = {
	BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_1, -8), R0_IS_R1,
};
static const struct bpf_insn after_div[] = {
	R0_IS_R1, BPF_ALU64_REG(BPF_DIV, BPF_REG_0, BPF_REG_2),
};
/* for a void kfunc of one argument (bpf_iter_bits_destroy(), kfunc=) */
static const struct bpf_insn void1[] = { BPF_MOV64_IMM(BPF_REG_1, 0) };
/* bpf_insn_test_add() has two arguments: R3 is whatever the caller left */
static const struct bpf_insn read_arg3[] = {
	R0_IS_R1, BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_3),
};

#define CASE_LEN(name, n, len, mode)	{ name, n, len, mode, 1 }
#define CASE_AS(name, n, mode, nr)	{ name, n, ARRAY_SIZE(n), mode, nr }
#define CASE(n)		CASE_AS(#n, n, BPF_KFUNC_BODY_VERIFY, 1)
#define AFTER_CASE(n)	CASE_AS(#n, n, BPF_KFUNC_BODY_AFTER, 1)
/*
 * an AFTER body verified as bpf_loop(), which the verifier would inline
 * before the kfunc call is put back
 */
#define VERIFY_AS_CASE(name, helper) \
	{ name, good, ARRAY_SIZE(good), BPF_KFUNC_BODY_AFTER, 1, helper }
/* this_cpu_ptr's body verified as @helper */
#define PCPU_CASE(name, helper) \
	{ name, pcpu, ARRAY_SIZE(pcpu), BPF_KFUNC_BODY_AFTER, 1, helper }
/* a body whose mem_args names a third argument of a two-argument kfunc */
#define MEM_ARGS_CASE(name, mask) \
	{ name, good, ARRAY_SIZE(good), BPF_KFUNC_BODY_VERIFY, 1, 0, mask }
static const struct {
	const char *name;
	const struct bpf_insn *insns;
	u16 len;
	u8 mode;
	u8 nr;		/* registered this many times in one call */
	u32 verify_as;
	u8 mem_args;
} cases[] = {
	CASE(good), CASE_AS("good_after", good, BPF_KFUNC_BODY_AFTER, 1),
	CASE(r0_is_r1), CASE_AS("r0_is_r1_after", r0_is_r1, BPF_KFUNC_BODY_AFTER, 1),
	CASE(void0), CASE_AS("void0_after", void0, BPF_KFUNC_BODY_AFTER, 1),
	CASE(call), CASE_AS("exit", exit_, BPF_KFUNC_BODY_VERIFY, 1),
	CASE(back), CASE(leave), CASE(write6), CASE(write10), CASE(read7),
	CASE(imm64), CASE(no_r0), CASE(r0_first), CASE(half_r0), CASE(too_long),
	CASE(r10_value), CASE(malformed), CASE(verify_stack), CASE(verify_stack_load),
	AFTER_CASE(after_stack),
	AFTER_CASE(after_div), CASE_AS("twice", good, BPF_KFUNC_BODY_VERIFY, 2),
	CASE(read_arg3), CASE(void1), VERIFY_AS_CASE("verify_as_loop", BPF_FUNC_loop),
	PCPU_CASE("verify_as_this_cpu_ptr", BPF_FUNC_this_cpu_ptr),
	PCPU_CASE("verify_as_per_cpu_ptr", BPF_FUNC_per_cpu_ptr),
	MEM_ARGS_CASE("mem_args3", BIT(2)),
	/* the longest bodies of each mode, and an AFTER body one longer */
	CASE_LEN("longest", too_long, BPF_KFUNC_BODY_MAX_INSNS, BPF_KFUNC_BODY_VERIFY),
	CASE_LEN("longest_after", too_long, BPF_KFUNC_BODY_AFTER_MAX_INSNS,
		 BPF_KFUNC_BODY_AFTER),
	CASE_LEN("after_too_long", too_long, BPF_KFUNC_BODY_AFTER_MAX_INSNS + 1,
		 BPF_KFUNC_BODY_AFTER),
};

static char *body = "good";
module_param(body, charp, 0444);
MODULE_PARM_DESC(body, "which body to register");
static char *kfunc = "bpf_insn_test_add";
module_param(kfunc, charp, 0444);
MODULE_PARM_DESC(kfunc, "the kfunc to give it to");
static bool leak;
module_param(leak, bool, 0444);
MODULE_PARM_DESC(leak, "exit without unregistering the bodies");
static bool fail;
module_param(fail, bool, 0444);
MODULE_PARM_DESC(fail, "fail the init once the bodies are registered");

static struct bpf_kfunc_body test_body[2];

static int __init bad_init(void)
{
	int i, j, err;

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
	for (j = 0; j < ARRAY_SIZE(test_body); j++) {
		test_body[j].name = kfunc;
		test_body[j].insns = cases[i].insns;
		test_body[j].len = cases[i].len;
		test_body[j].mode = cases[i].mode;
		test_body[j].verify_as = cases[i].verify_as;
		test_body[j].mem_args = cases[i].mem_args;
	}
	err = register_bpf_kfunc_bodies(THIS_MODULE, test_body, cases[i].nr, 0);
	pr_info("body %s: %d\n", body, err);
	if (!err && fail)
		return -EAGAIN;
	return err;
}

static void __exit bad_exit(void)
{
	if (!leak)
		unregister_bpf_kfunc_bodies(test_body);
}

module_init(bad_init);
module_exit(bad_exit);

MODULE_DESCRIPTION("registers bad kfunc bodies, for tests");
MODULE_LICENSE("GPL");
