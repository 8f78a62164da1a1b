// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 per-CPU memory for the host tier, as the kernel has it
 * (tests/host/shim/linux/percpu.h): nr_cpu_ids CPUs, each with a copy of
 * the template page host_percpu at __per_cpu_offset[cpu] from it, and %gs's
 * base set to this CPU's offset (arch_prctl(ARCH_SET_GS)), so that
 * %gs:&this_cpu_off reads this CPU's offset and %gs:&pcpu_hot.cpu_number
 * its number, as in the kernel.  host_test is linked without PIE, so these
 * addresses fit the disp32 the emitters put them in.  The CPU the code
 * runs on is not CPU 0, nor is its offset 0, nor does the template hold
 * what a copy holds: code that forgets %gs or indexes the wrong CPU gets
 * another value, or a fault.
 */
#include <asm/prctl.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/percpu.h>

#include "host.h"

struct host_percpu host_percpu = {
	.off = 0x5a5a5a5a5a5a5a5aULL,
	.hot = { .cpu_number = 0xa5a5a5a5 },
};

static struct host_percpu *copy_of(unsigned int cpu)
{
	return (void *)((unsigned long)&host_percpu + __per_cpu_offset[cpu]);
}

int host_percpu_setup(char *err, size_t len)
{
	unsigned long tmpl = (unsigned long)&host_percpu;
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		__per_cpu_offset[cpu] = (unsigned long)(cpu + 1) << 28;
	if (tmpl + __per_cpu_offset[nr_cpu_ids - 1] + sizeof(host_percpu) > 0x7fffffffUL ||
	    (unsigned long)__per_cpu_offset > 0x7fffffffUL)
		return snprintf(err, len, "per-CPU symbols at %#lx: host_test is PIE?", tmpl),
		       -1;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct host_percpu *c = copy_of(cpu);

		if (mmap(c, sizeof(*c), PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0) != c)
			return snprintf(err, len, "mmap at %p: %s", (void *)c, strerror(errno)),
			       -1;
		c->off = __per_cpu_offset[cpu];
		c->hot.cpu_number = cpu;
	}
	if (syscall(SYS_arch_prctl, ARCH_SET_GS, __per_cpu_offset[host_this_cpu]))
		return snprintf(err, len, "arch_prctl(ARCH_SET_GS): %s", strerror(errno)), -1;
	return 0;
}
