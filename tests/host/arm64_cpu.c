// SPDX-License-Identifier: GPL-2.0
/*
 * The host's arm64 CPU features for cpu_have_named_feature() in user
 * space (the shim's asm/cpufeature.h), from the hwcaps the kernel (or
 * qemu-aarch64) gives the process; cpus_have_cap()'s VHE is always there.
 */
#include <sys/auxv.h>

#include <asm/cpufeature.h>

#ifndef HWCAP_CRC32
#define HWCAP_CRC32	(1UL << 7)
#endif
#ifndef HWCAP2_CSSC
#define HWCAP2_CSSC	(1UL << 34)
#endif

struct host_cpu host_cpu;

bool host_cpu_real(enum host_feature f)
{
	switch (f) {
	case HOST_FEATURE_CSSC:
		return getauxval(AT_HWCAP2) & HWCAP2_CSSC;
	case HOST_FEATURE_CRC32:
		return getauxval(AT_HWCAP) & HWCAP_CRC32;
	case HOST_FEATURE_VHE:
		/* code for either exception level runs: arm64_exec.c stands in for both */
		return true;
	default:
		return false;
	}
}
