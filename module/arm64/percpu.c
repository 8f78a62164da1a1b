// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 per-CPU access.  This CPU's offset is in tpidr_el1 (tpidr_el2
 * when the kernel runs at EL2 with VHE), so this_cpu_ptr is mrs and add,
 * as the JIT does for the per-CPU address move.  The CPU number is
 * current_thread_info()->cpu, which is raw_smp_processor_id() on arm64:
 * mrs of sp_el0 (current) and one load, as the JIT inlines
 * bpf_get_smp_processor_id().  per_cpu_ptr loads __per_cpu_offset[cpu]
 * without a branch: an index past nr_cpu_ids is replaced by 0 before the
 * load and the result by NULL after it.
 */
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/stddef.h>
#include <asm/cpufeature.h>
#include <asm/thread_info.h>

#include "../emit.h"
#include "a64.h"

static enum aarch64_insn_system_register a64_tpidr(void)
{
	return cpus_have_cap(ARM64_HAS_VIRT_HOST_EXTN) ?
	       AARCH64_INSN_SYSREG_TPIDR_EL2 : AARCH64_INSN_SYSREG_TPIDR_EL1;
}

/*
 * reg = val in movz/movn and movk: halfwords equal to the fill (0, or
 * 0xffff when most are) are not written.  Kernel addresses start with
 * 0xffff, so they take three instructions at most.
 */
static void a64_mov_u64(struct a64_code *c, u8 reg, u64 val)
{
	int i, ones = 0, zeros = 0;
	bool first = true, inv;
	u16 fill, h;

	for (i = 0; i < 4; i++) {
		h = val >> (16 * i);
		ones += h == 0xffff;
		zeros += !h;
	}
	inv = ones > zeros;
	fill = inv ? 0xffff : 0;
	for (i = 0; i < 4; i++) {
		h = val >> (16 * i);
		if (h == fill && !(first && i == 3))
			continue;
		if (first)
			a64_emit(c, aarch64_insn_gen_movewide(reg, (u16)(h ^ fill), 16 * i, A64_X,
							      inv ? AARCH64_INSN_MOVEWIDE_INVERSE :
								    AARCH64_INSN_MOVEWIDE_ZERO));
							/* movz/movn reg, #h, lsl #16i */
		else
			a64_emit(c, aarch64_insn_gen_movewide(reg, h, 16 * i, A64_X,
							      AARCH64_INSN_MOVEWIDE_KEEP));
							/* movk reg, #h, lsl #16i */
		first = false;
	}
}

int insn_emit_this_cpu_ptr(const struct bpf_kfunc_emit *e, u8 *buf)
{
	u8 tmp = e->scratch[0];
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, aarch64_insn_gen_mrs(tmp, a64_tpidr()));
							/* mrs tmp, tpidr_el1 */
	a64_emit(&c, aarch64_insn_gen_add_sub_shifted_reg(e->dst, e->arg[0], tmp, 0, A64_X,
							  AARCH64_INSN_ADSB_ADD));
							/* add dst, p, tmp */
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
	a64_emit(&c, aarch64_insn_gen_mrs(tmp, AARCH64_INSN_SYSREG_SP_EL0));
							/* mrs tmp, sp_el0: current */
	a64_emit(&c, aarch64_insn_gen_load_store_imm(e->dst, tmp, off, AARCH64_INSN_SIZE_32,
						     AARCH64_INSN_LDST_LOAD_IMM_OFFSET));
							/* ldr wdst, [tmp, #cpu] */
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
	a64_emit(&c, aarch64_insn_gen_move_reg(idx, cpu, A64_W));
							/* mov widx, wcpu: u32 */
	a64_emit(&c, aarch64_insn_gen_add_sub_imm(AARCH64_INSN_REG_ZR, idx, nr_cpu_ids, A64_W,
						  AARCH64_INSN_ADSB_SUB_SETFLAGS));
							/* cmp widx, #nr_cpu_ids */
	a64_emit(&c, aarch64_insn_gen_cond_select(idx, idx, AARCH64_INSN_REG_ZR,
						  AARCH64_INSN_COND_CC, A64_X,
						  AARCH64_INSN_CONDSEL_SELECT));
							/* csel idx, idx, xzr, lo */
	a64_mov_u64(&c, off, (unsigned long)__per_cpu_offset);
	a64_emit(&c, aarch64_insn_gen_add_sub_shifted_reg(off, off, idx, 3, A64_X,
							  AARCH64_INSN_ADSB_ADD));
							/* add off, off, idx, lsl #3 */
	a64_emit(&c, aarch64_insn_gen_load_store_imm(off, off, 0, AARCH64_INSN_SIZE_64,
						     AARCH64_INSN_LDST_LOAD_IMM_OFFSET));
							/* ldr off, [off] */
	a64_emit(&c, aarch64_insn_gen_add_sub_shifted_reg(off, ptr, off, 0, A64_X,
							  AARCH64_INSN_ADSB_ADD));
							/* add off, ptr, off */
	a64_emit(&c, aarch64_insn_gen_cond_select(dst, off, AARCH64_INSN_REG_ZR,
						  AARCH64_INSN_COND_CC, A64_X,
						  AARCH64_INSN_CONDSEL_SELECT));
							/* csel dst, off, xzr, lo */
	return a64_end(&c);
}
