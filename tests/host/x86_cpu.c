// SPDX-License-Identifier: GPL-2.0
/*
 * boot_cpu_has() for the module's x86 emitters in user space: cpuid, unless
 * the test asks for the shapes of a CPU without BMI1/BMI2/MOVBE/POPCNT/ABM.
 */
#include <cpuid.h>

#include <asm/cpufeature.h>

bool host_force_fallback;

bool host_cpu_has(enum host_x86_feature f)
{
	unsigned int a, b, c, d;

	if (host_force_fallback)
		return false;
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
	}
	return false;
}
