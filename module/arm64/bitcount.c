// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 bit counts: clz dst, src; ctz is rbit dst, src; clz dst, dst;
 * popcount is cnt dst, src, FEAT_CSSC's count of a general register, only
 * where every CPU has it (the SIMD cnt would take FP/SIMD registers, which
 * the kernel may not touch here): elsewhere the emitter declines and the
 * body stays.  The W forms count 32 bits and clear the upper half, as the
 * u32 kfuncs must; clz of 0 is the width, as the kfuncs define it.  Any
 * aliasing: each instruction reads its source before it writes.  arm64
 * has no blsr: sub of x - 1 into the JIT's first scratch register and an
 * and, where the body would take three instructions.
 */
#include <linux/errno.h>

#include <asm/cpufeature.h>

#include "../emit.h"
#include "a64.h"

/*
 * 6.12 has no cpucap for FEAT_CSSC (cpus_have_cap() and alternatives
 * cannot test it): the CSSC hwcap is its test, set after boot only when
 * every CPU has the feature, and a CPU without it is refused later.
 */
static bool insn_a64_has_cssc(void)
{
	return cpu_have_named_feature(CSSC);
}

int insn_emit_popcnt(const struct bpf_kfunc_emit *e, u8 *buf, bool is64)
{
	struct a64_code c;

	if (!insn_a64_has_cssc())
		return -EOPNOTSUPP;
	a64_begin(&c, buf);
	a64_emit(&c, A64_CNT(is64, e->dst, e->arg[0]));
	return a64_end(&c);
}

const char *insn_popcnt_lacks(void)
{
	return insn_a64_has_cssc() ? NULL : "FEAT_CSSC";
}

int insn_emit_clz(const struct bpf_kfunc_emit *e, u8 *buf, bool is64)
{
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, A64_CLZ(is64, e->dst, e->arg[0]));
	return a64_end(&c);
}

int insn_emit_ctz(const struct bpf_kfunc_emit *e, u8 *buf, bool is64)
{
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, A64_RBIT(is64, e->dst, e->arg[0]));
	a64_emit(&c, A64_CLZ(is64, e->dst, e->dst));
	return a64_end(&c);
}

int insn_emit_blsr(const struct bpf_kfunc_emit *e, u8 *buf, bool is64)
{
	u8 tmp = e->scratch[0];
	struct a64_code c;

	a64_begin(&c, buf);
	a64_emit(&c, A64_SUB_I(is64, tmp, e->arg[0], 1));
	a64_emit(&c, A64_AND(is64, e->dst, e->arg[0], tmp));
	return a64_end(&c);
}
