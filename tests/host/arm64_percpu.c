// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 per-CPU memory for the host tier, as the kernel has it
 * (tests/host/shim/linux/percpu.h): nr_cpu_ids CPUs, each with a copy of
 * the pages of the section host_percpu (the module's DEFINE_PER_CPU
 * variables) at __per_cpu_offset[cpu] from them.  The native code reads
 * this CPU's offset from tpidr_el1 (tpidr_el2 under VHE) and current from
 * sp_el0, which user space cannot read: arm64_exec.c loads arm64_el1_tpidr
 * and arm64_el1_sp_el0 in their place, this CPU's offset and a
 * thread_info whose cpu is this CPU.  The CPU the code runs on is not
 * CPU 0, nor is its offset 0, nor does the template hold what a copy
 * holds: code that forgets the offset or indexes the wrong CPU gets
 * another value, or a fault.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include <linux/percpu.h>
#include <asm/thread_info.h>

#include "host.h"
#include "native.h"

/* the linker's bounds of the section host_percpu */
extern char __start_host_percpu[], __stop_host_percpu[];

static struct thread_info current_ti = { .flags = ~0UL, .cpu = 0xa5a5a5a5 };

int host_percpu_setup(char *err, size_t len)
{
	unsigned long pg = 4096, lo = (unsigned long)__start_host_percpu & -pg;
	unsigned long hi = ((unsigned long)__stop_host_percpu + pg - 1) & -pg;
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		void *c;

		__per_cpu_offset[cpu] = (unsigned long)(cpu + 1) << 28;
		c = (void *)(lo + __per_cpu_offset[cpu]);
		if (mmap(c, hi - lo, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0) != c)
			return snprintf(err, len, "mmap at %p: %s", c, strerror(errno)), -1;
	}
	current_ti.cpu = host_this_cpu;
	arm64_el1_tpidr = __per_cpu_offset[host_this_cpu];
	arm64_el1_sp_el0 = (unsigned long)&current_ti;
	return 0;
}
