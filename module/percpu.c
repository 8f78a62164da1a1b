// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU access: bpf_insn_this_cpu_ptr(p) and bpf_insn_per_cpu_ptr(p, cpu)
 * take and return what the bpf_this_cpu_ptr() and bpf_per_cpu_ptr() helpers
 * do (per-CPU kernel variables declared __ksym, per-CPU kptrs): the bodies
 * ask the verifier to check the calls as calls of those helpers
 * (.verify_as).  bpf_insn_cpu_id() is bpf_get_smp_processor_id().
 *
 * The bodies use the internal per-CPU address move, and kernel addresses
 * (&nr_cpu_ids, __per_cpu_offset, a per-CPU CPU number) as constants,
 * written at init.  Bodies may not hold BPF_LD_IMM64, so an address takes
 * one sign-extended 32-bit constant where the kernel is in the top 2 GiB
 * and per-CPU symbols are small offsets (x86-64), else three instructions.
 */
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/bug.h>
#include <linux/cpumask.h>
#include <linux/filter.h>
#include <linux/nospec.h>
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
	cpu = array_index_nospec(cpu, nr_cpu_ids);
	return per_cpu_ptr((void __percpu *)percpu_ptr, cpu);
}

__bpf_kfunc u32 bpf_insn_cpu_id(void)
{
	return raw_smp_processor_id();
}

__bpf_kfunc_end_defs();

struct insn_percpu_addrs insn_percpu __ro_after_init;

/*
 * Bodies are written at init, with the addresses in them.  BODY_ADDR_LEN
 * instructions set a register to an address: see body_addr().
 */
#ifdef CONFIG_X86_64
#define BODY_ADDR_LEN	1
#else
#define BODY_ADDR_LEN	3
#endif

/* r0 = p + this CPU's offset */
static const struct bpf_insn this_cpu_ptr_body[] = {
	BPF_MOV64_PERCPU_REG(BPF_REG_0, BPF_REG_1),
};

/*
 * r0 = cpu < nr_cpu_ids ? p + __per_cpu_offset[cpu] : NULL, the index
 * masked to 0 past the check too (array_index_nospec()'s mask): a
 * mispredicted branch loads no further than __per_cpu_offset[0]
 */
static struct bpf_insn per_cpu_ptr_body[2 * BODY_ADDR_LEN + 14] __ro_after_init;

/* r0 = this CPU's number, from a per-CPU variable holding it */
static struct bpf_insn cpu_id_body[BODY_ADDR_LEN + 2] __ro_after_init;

static bool fits_s32(unsigned long a)
{
	return (long)(s32)a == (long)a;
}

/*
 * reg = addr: one sign-extended 32-bit constant, or (hi << 32) + (s32)lo
 * with hi corrected for lo's sign extension.
 */
static struct bpf_insn *body_addr(struct bpf_insn *insn, u8 reg, unsigned long addr)
{
	u64 a = addr;
	s32 lo = (s32)a;

	if (BODY_ADDR_LEN == 1) {
		*insn++ = BPF_MOV64_IMM(reg, lo);
		return insn;
	}
	*insn++ = BPF_MOV32_IMM(reg, (u32)((a - (u64)(s64)lo) >> 32));
	*insn++ = BPF_ALU64_IMM(BPF_LSH, reg, 32);
	*insn++ = BPF_ALU64_IMM(BPF_ADD, reg, lo);
	return insn;
}

static void write_per_cpu_ptr_body(struct bpf_insn *i)
{
	*i++ = BPF_MOV32_REG(BPF_REG_2, BPF_REG_2);
	i = body_addr(i, BPF_REG_3, insn_percpu.nr_cpu_ids);
	*i++ = BPF_LDX_MEM(BPF_W, BPF_REG_3, BPF_REG_3, 0);
	/* to the last instruction */
	*i++ = BPF_JMP_REG(BPF_JGE, BPF_REG_2, BPF_REG_3, BODY_ADDR_LEN + 10);
	/* r2 &= (r2 - r3) s>> 63: both 32-bit, so all ones when r2 < r3 */
	*i++ = BPF_MOV64_REG(BPF_REG_4, BPF_REG_2);
	*i++ = BPF_ALU64_REG(BPF_SUB, BPF_REG_4, BPF_REG_3);
	*i++ = BPF_ALU64_IMM(BPF_ARSH, BPF_REG_4, 63);
	*i++ = BPF_ALU64_REG(BPF_AND, BPF_REG_2, BPF_REG_4);
	*i++ = BPF_ALU64_IMM(BPF_LSH, BPF_REG_2, 3);
	i = body_addr(i, BPF_REG_3, insn_percpu.per_cpu_offset);
	*i++ = BPF_ALU64_REG(BPF_ADD, BPF_REG_3, BPF_REG_2);
	*i++ = BPF_LDX_MEM(BPF_DW, BPF_REG_3, BPF_REG_3, 0);
	*i++ = BPF_MOV64_REG(BPF_REG_0, BPF_REG_1);
	*i++ = BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_3);
	*i++ = BPF_JMP_A(1);
	*i++ = BPF_MOV64_IMM(BPF_REG_0, 0);
	WARN_ON(i != per_cpu_ptr_body + ARRAY_SIZE(per_cpu_ptr_body));
}

static void write_cpu_id_body(struct bpf_insn *i)
{
	i = body_addr(i, BPF_REG_0, insn_percpu.cpu_number);
	*i++ = BPF_MOV64_PERCPU_REG(BPF_REG_0, BPF_REG_0);
	*i++ = BPF_LDX_MEM(BPF_W, BPF_REG_0, BPF_REG_0, 0);
	WARN_ON(i != cpu_id_body + ARRAY_SIZE(cpu_id_body));
}

/*
 * Where the kernel keeps no CPU number per CPU (arm64 reads it from
 * thread_info), the module keeps its own for cpu_id's body.  Programs
 * that inlined the body hold a reference on the module through the kfunc,
 * so it outlives them.  A plain DEFINE_PER_CPU: the module loader gives
 * only .data..percpu per-CPU space; a ..read_mostly variable would stay a
 * plain one and per_cpu() of it point anywhere.
 */
static DEFINE_PER_CPU(u32, insn_cpu_number);

/* this_cpu_ptr first: it needs no addresses, so it is always registered */
static const struct bpf_kfunc_body insn_percpu_table[] = {
	INSN_BODY(this_cpu_ptr, AFTER, 16, .verify_as = BPF_FUNC_this_cpu_ptr),
	INSN_BODY(cpu_id, AFTER, 16),
	INSN_BODY(per_cpu_ptr, AFTER, 48, .verify_as = BPF_FUNC_per_cpu_ptr),
};

/* the rest once insn_percpu_init() has written their bodies */
struct insn_family insn_family_percpu __ro_after_init = {
	.name = "percpu",
	.table = insn_percpu_table,
	.cnt = 1,
};

/* Write the bodies that need kernel addresses, where BPF constants can hold them. */
void insn_percpu_init(void)
{
	unsigned int cpu;

	insn_percpu.nr_cpu_ids = (unsigned long)&nr_cpu_ids;
	insn_percpu.per_cpu_offset = (unsigned long)__per_cpu_offset;
	insn_percpu.cpu_number = INSN_CPU_NUMBER_PTR;
	if (!insn_percpu.cpu_number) {
		for_each_possible_cpu(cpu)
			per_cpu(insn_cpu_number, cpu) = cpu;
		insn_percpu.cpu_number = (unsigned long)&insn_cpu_number;
	}
	if (BODY_ADDR_LEN == 1 &&
	    (!fits_s32(insn_percpu.cpu_number) || !fits_s32(insn_percpu.nr_cpu_ids) ||
	     !fits_s32(insn_percpu.per_cpu_offset)))
		return;
	write_per_cpu_ptr_body(per_cpu_ptr_body);
	write_cpu_id_body(cpu_id_body);
	insn_family_percpu.cnt = ARRAY_SIZE(insn_percpu_table);
}
