/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's numeric iterator kfuncs (kernel/bpf/bpf_iter.c), compiled
 * from the kernel source into the host test as the C reference of the
 * module's iterator bodies; see gen-kdefs.sh.
 */
#ifndef _HOST_KITER_H
#define _HOST_KITER_H

#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/errno.h>
#include <linux/kernel.h>

int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end);
int *bpf_iter_num_next(struct bpf_iter_num *it);
void bpf_iter_num_destroy(struct bpf_iter_num *it);

#endif
