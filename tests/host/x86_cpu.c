// SPDX-License-Identifier: GPL-2.0
/*
 * The host's x86 CPU features for boot_cpu_has() in user space (the shim's
 * asm/cpufeature.h), from cpuid.
 */
#include <cpuid.h>

#include <asm/cpufeature.h>

struct host_cpu host_cpu;

bool host_cpu_real(enum host_feature f)
{
	unsigned int a, b, c, d;

	switch (f) {
	case X86_FEATURE_BMI1:
		return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_BMI);
	case X86_FEATURE_BMI2:
		return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_BMI2);
	case X86_FEATURE_MOVBE:
		return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_MOVBE);
	case X86_FEATURE_POPCNT:
		return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_POPCNT);
	case X86_FEATURE_ABM:
		return __get_cpuid(0x80000001, &a, &b, &c, &d) && (c & bit_LZCNT);
	case X86_FEATURE_XMM4_2:
		return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_2);
	default:
		return false;
	}
}
