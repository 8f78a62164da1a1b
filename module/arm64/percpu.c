// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 per-CPU access.  This CPU's offset is in tpidr_el1 (tpidr_el2
 * when the kernel runs at EL2 with VHE), so this_cpu_ptr is mrs and add,
 * as the JIT does for the per-CPU address move.  The CPU number is
 * current_thread_info()->cpu, which is raw_smp_processor_id() on arm64:
 * mrs of sp_el0 (current) and one load, as the JIT inlines
 * bpf_get_smp_processor_id().  per_cpu_ptr loads __per_cpu_offset[cpu]
 * without a branch: an index past nr_cpu_ids is replaced by 0 before the
 * load and the result by NULL after it.  csdb after the first csel keeps
 * a speculated condition from loading past the array (as
 * array_index_mask_nospec() does).
 */
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/stddef.h>
#include <asm/cpufeature.h>
#include <asm/thread_info.h>

#include "../emit.h"
#include "a64.h"

static bool a64_vhe(void)
{
	return cpus_have_cap(ARM64_HAS_VIRT_HOST_EXTN);
}

int insn_emit_this_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 tmp = e->scratch[0];
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, a64_vhe() ? A64_MRS_TPIDR_EL2(tmp) : A64_MRS_TPIDR_EL1(tmp));
	a64_emit(&c, A64_ADD(1, e->dst, e->arg[0], tmp));
	return a64_end(&c);
}

int insn_emit_cpu_id(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u32 off = offsetof(struct thread_info, cpu);
	u8 tmp = e->scratch[0];
	struct a64_code c;

	/* the encoder would log an offset it refuses: check here, quietly */
	if (off % 4 || off / 4 >= 4096)
		return -EINVAL;
	a64_begin(&c, buf);
	a64_emit(&c, A64_MRS_SP_EL0(tmp));		/* current */
	a64_emit(&c, A64_LDR32I(e->dst, tmp, off));
	return a64_end(&c);
}

int insn_emit_per_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 dst = e->dst, ptr = e->arg[0], cpu = e->arg[1];
	u8 off = e->scratch[0], idx = e->scratch[1];
	struct a64_code c;

	/* nr_cpu_ids is fixed at boot: an immediate, if cmp can hold it */
	if (nr_cpu_ids >= 4096)
		return -EINVAL;
	a64_begin(&c, buf);
	a64_emit(&c, A64_MOV_REG(0, idx, cpu));		/* u32 */
	a64_emit(&c, A64_CMP_I(0, idx, nr_cpu_ids));
	a64_emit(&c, A64_CSEL(1, idx, idx, A64_ZR, A64_COND_CC));
	a64_emit(&c, A64_CSDB);
	a64_mov_imm(&c, off, (unsigned long)__per_cpu_offset, false);
	a64_emit(&c, A64_ADD_LSL(1, off, off, idx, 3));
	a64_emit(&c, A64_LDR64I(off, off, 0));
	a64_emit(&c, A64_ADD(1, off, ptr, off));
	a64_emit(&c, A64_CSEL(1, dst, off, A64_ZR, A64_COND_CC));
	return a64_end(&c);
}
