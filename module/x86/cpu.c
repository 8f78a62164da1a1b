// SPDX-License-Identifier: GPL-2.0
/* CPU features the x86-64 emitters choose between. */
#include <asm/cpufeature.h>

#include "x86.h"

bool insn_x86_has_bmi1(void)
{
	return boot_cpu_has(X86_FEATURE_BMI1);
}

bool insn_x86_has_bmi2(void)
{
	return boot_cpu_has(X86_FEATURE_BMI2);
}

bool insn_x86_has_movbe(void)
{
	return boot_cpu_has(X86_FEATURE_MOVBE);
}

bool insn_x86_has_popcnt(void)
{
	return boot_cpu_has(X86_FEATURE_POPCNT);
}

/* lzcnt: AMD's ABM, which Intel's CPUs with lzcnt report too */
bool insn_x86_has_lzcnt(void)
{
	return boot_cpu_has(X86_FEATURE_ABM);
}

/* crc32, which SSE4.2 brought, though it works on general registers */
bool insn_x86_has_sse42(void)
{
	return boot_cpu_has(X86_FEATURE_XMM4_2);
}
