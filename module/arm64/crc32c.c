// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 CRC32C steps: crc32cb, crc32ch, crc32cw (Wd, Wn, Wm) or crc32cx
 * (Wd, Wn, Xm), FEAT_CRC32, one instruction whatever registers dst, crc
 * and v share; the W result clears the upper half, as the u32 kfuncs
 * must.  Where a CPU lacks the feature (optional before Armv8.1) the
 * emitter declines and the body stays.
 */
#include <linux/errno.h>

#include <asm/cpufeature.h>

#include "../emit.h"
#include "a64.h"

/* set only when every CPU has it; a CPU without it is refused later */
static bool insn_a64_has_crc32(void)
{
	return cpu_have_named_feature(CRC32);
}

int insn_emit_crc32c(const struct bpf_kfunc_emit *e, u8 *buf, u32 bytes)
{
	struct a64_code c;

	if (!insn_a64_has_crc32())
		return -EOPNOTSUPP;
	a64_begin(&c, buf);
	a64_emit(&c, A64_CRC32C(bytes, e->dst, e->arg[0], e->arg[1]));
	return a64_end(&c);
}

const char *insn_crc32c_lacks(void)
{
	return insn_a64_has_crc32() ? NULL : "FEAT_CRC32";
}
