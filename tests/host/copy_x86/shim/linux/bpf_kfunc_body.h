/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The copy interface of the series' include/linux/bpf_kfunc_body.h (patch
 * 21), and what the kernel headers it stands for give bpf_kfunc_copy.c:
 * the types, BIT(), min()/max(), memcpy(), the errno values.
 */
#ifndef _COPY_X86_BPF_KFUNC_BODY_H
#define _COPY_X86_BPF_KFUNC_BODY_H

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/bits.h>

struct module;

#define BPF_KFUNC_BODY_MAX_NATIVE	64

/* What bpf_arch_kfunc_copy() copies from. */
struct bpf_kfunc_copy_src {
	struct module *mod;	/* the function's module, NULL: vmlinux */
	const void *text;	/* the function's code, as it runs now */
	u32 size;		/* its size in bytes (kallsyms) */
	u8 ret_size;		/* result: 0 void; 1, 2, 4 (zero-extend it); 8 */
};

int bpf_arch_kfunc_copy(const struct bpf_kfunc_copy_src *src, u8 *buf,
			const char **why);

#endif
