/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: boot_cpu_has() answered from cpuid by the test program, which
 * can also pretend the features are absent to test the fallback shapes.
 */
#ifndef _HOST_ASM_CPUFEATURE_H
#define _HOST_ASM_CPUFEATURE_H

#include <linux/types.h>

enum host_x86_feature {
	X86_FEATURE_BMI1,
	X86_FEATURE_BMI2,
	X86_FEATURE_MOVBE,
	X86_FEATURE_POPCNT,
	X86_FEATURE_ABM,
};

bool host_cpu_has(enum host_x86_feature f);
#define boot_cpu_has(f)	host_cpu_has(f)

#endif
