/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: the CPU feature tests of the emitters (x86's boot_cpu_has(),
 * arm64's cpu_have_named_feature() and cpus_have_cap()) answered from the
 * host CPU
 * (host_cpu_real(): cpuid in x86_cpu.c, the hwcaps in arm64_cpu.c),
 * unless the test forces a feature on or off.  Each test is recorded, so
 * that host_test.c learns which features an emitter chooses between and
 * runs it in every combination of them.
 */
#ifndef _HOST_ASM_CPUFEATURE_H
#define _HOST_ASM_CPUFEATURE_H

#include <linux/types.h>

enum host_feature {
	X86_FEATURE_BMI1,
	X86_FEATURE_BMI2,
	X86_FEATURE_MOVBE,
	X86_FEATURE_POPCNT,
	X86_FEATURE_ABM,
	X86_FEATURE_XMM4_2,	/* SSE4.2: crc32 */
	HOST_FEATURE_CSSC,	/* arm64 FEAT_CSSC, the CSSC hwcap */
	HOST_FEATURE_CRC32,	/* arm64 FEAT_CRC32, the CRC32 hwcap */
	HOST_FEATURE_VHE,	/* arm64 kernel at EL2 (ARM64_HAS_VIRT_HOST_EXTN) */
	HOST_NFEATURES,
};

/* masks of enum host_feature bits */
struct host_cpu {
	unsigned int asked;	/* tested since the test last cleared it */
	unsigned int on;	/* forced present */
	unsigned int off;	/* forced absent */
};

extern struct host_cpu host_cpu;
bool host_cpu_real(enum host_feature f);

static inline bool host_cpu_has(enum host_feature f)
{
	host_cpu.asked |= 1u << f;
	if (host_cpu.off & 1u << f)
		return false;
	return (host_cpu.on & 1u << f) || host_cpu_real(f);
}

#define boot_cpu_has(f)			host_cpu_has(f)
#define cpu_have_named_feature(name)	host_cpu_has(HOST_FEATURE_##name)
#define ARM64_HAS_VIRT_HOST_EXTN	HOST_FEATURE_VHE
#define cpus_have_cap(cap)		host_cpu_has(cap)

#endif
