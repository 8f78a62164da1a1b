/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the programs tests/prog_tests/misuse.c loads: konst_bad.bpf.c,
 * iter_bad.bpf.c, percpu_bad.bpf.c and progtype.bpf.c.
 */
#ifndef _MISUSE_H
#define _MISUSE_H

/* the context of the SEC("syscall") programs */
struct mis_ctx {
	__u64 x;
	__u64 out;
	int cpu;
};

/* the packet of progtype.bpf.c's XDP program: out = a + b, a - b */
struct mis_pkt {
	__u64 a, b;
	__u64 sum, diff;
};

/* a 16-byte map value */
struct mis_value {
	__u8 in[16];
} __attribute__((aligned(8)));

#endif /* _MISUSE_H */
