// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU access: bpf_insn_this_cpu_ptr(p) and bpf_insn_per_cpu_ptr(p, cpu)
 * take and return what the bpf_this_cpu_ptr() and bpf_per_cpu_ptr() helpers
 * do (per-CPU kernel variables declared __ksym, per-CPU kptrs): the bodies
 * ask the verifier to check the calls as calls of those helpers
 * (.verify_as).  bpf_insn_cpu_id() is bpf_get_smp_processor_id().
 *
 * The bodies use the internal per-CPU address move.  per_cpu_ptr and
 * cpu_id also need kernel addresses as 32-bit BPF constants, which x86-64
 * has (the kernel image sits in the top 2 GiB, per-CPU offsets are small);
 * where the addresses do not fit, those two stay plain kfuncs.
 */
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/cpumask.h>
#include <linux/filter.h>
#include <linux/percpu.h>
#include <linux/smp.h>

#include "emit.h"
#include "insn_kfuncs.h"

__bpf_kfunc_start_defs();

__bpf_kfunc void *bpf_insn_this_cpu_ptr(const void *percpu_ptr)
{
	return this_cpu_ptr((void __percpu *)percpu_ptr);
}

__bpf_kfunc void *bpf_insn_per_cpu_ptr(const void *percpu_ptr, u32 cpu)
{
	if (cpu >= nr_cpu_ids)
		return NULL;
	return per_cpu_ptr((void __percpu *)percpu_ptr, cpu);
}

__bpf_kfunc u32 bpf_insn_cpu_id(void)
{
	return raw_smp_processor_id();
}

__bpf_kfunc_end_defs();

struct insn_percpu_addrs insn_percpu;

/* r0 = p + this CPU's offset */
static const struct bpf_insn this_cpu_ptr_body[] = {
	BPF_MOV64_PERCPU_REG(BPF_REG_0, BPF_REG_1),
};

/* r0 = cpu < nr_cpu_ids ? p + __per_cpu_offset[cpu] : NULL */
static struct bpf_insn per_cpu_ptr_body[] = {
	BPF_MOV32_REG(BPF_REG_2, BPF_REG_2),
	BPF_MOV64_IMM(BPF_REG_3, 0),				/* &nr_cpu_ids */
	BPF_LDX_MEM(BPF_W, BPF_REG_3, BPF_REG_3, 0),
	BPF_JMP_REG(BPF_JGE, BPF_REG_2, BPF_REG_3, 7),
	BPF_ALU64_IMM(BPF_LSH, BPF_REG_2, 3),
	BPF_MOV64_IMM(BPF_REG_3, 0),				/* __per_cpu_offset */
	BPF_ALU64_REG(BPF_ADD, BPF_REG_3, BPF_REG_2),
	BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_3, 0),
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_3),
	BPF_JMP_A(1),
	BPF_MOV64_IMM(BPF_REG_0, 0),
};

/* r0 = this CPU's cpu number */
static struct bpf_insn cpu_id_body[] = {
	BPF_MOV32_IMM(BPF_REG_0, 0),				/* &cpu number */
	BPF_MOV64_PERCPU_REG(BPF_REG_0, BPF_REG_0),
	BPF_LDX_MEM(BPF_W, BPF_REG_0, BPF_REG_0, 0),
};

#define PERCPU(op, helper, bytes)				\
	{							\
		.name = "bpf_insn_" #op,			\
		.insns = op##_body,				\
		.len = ARRAY_SIZE(op##_body),			\
		.mode = BPF_KFUNC_BODY_AFTER,			\
		.max_native = bytes,				\
		.emit = INSN_EMIT(op),				\
		.verify_as = helper,				\
	}

/* this_cpu_ptr first: it needs no addresses, so it is always registered */
const struct bpf_kfunc_body insn_percpu_table[] = {
	PERCPU(this_cpu_ptr, BPF_FUNC_this_cpu_ptr, 16),
	PERCPU(cpu_id, 0, 16),
	PERCPU(per_cpu_ptr, BPF_FUNC_per_cpu_ptr, 48),
};

u32 insn_percpu_table_cnt = 1;

static bool fits_s32(unsigned long a)
{
	return (long)(s32)a == (long)a;
}

/* Put the kernel addresses into the bodies where BPF constants can hold them. */
void insn_percpu_init(void)
{
	insn_percpu.nr_cpu_ids = (unsigned long)&nr_cpu_ids;
	insn_percpu.per_cpu_offset = (unsigned long)__per_cpu_offset;
	insn_percpu.cpu_number = INSN_CPU_NUMBER_PTR;
	if (!insn_percpu.cpu_number ||
	    (u32)insn_percpu.cpu_number != insn_percpu.cpu_number ||
	    !fits_s32(insn_percpu.nr_cpu_ids) || !fits_s32(insn_percpu.per_cpu_offset))
		return;
	cpu_id_body[0].imm = insn_percpu.cpu_number;
	per_cpu_ptr_body[1].imm = insn_percpu.nr_cpu_ids;
	per_cpu_ptr_body[5].imm = insn_percpu.per_cpu_offset;
	insn_percpu_table_cnt = ARRAY_SIZE(insn_percpu_table);
}
