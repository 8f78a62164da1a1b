/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: linux/bpf.h is the uapi header (opcodes, struct bpf_insn,
 * struct bpf_iter_num) plus what the module reads of the kernel header.
 */
#ifndef _HOST_LINUX_BPF_H
#define _HOST_LINUX_BPF_H

#include <linux/types.h>
#include <linux/kernel.h>
#include_next <linux/bpf.h>	/* the kernel's tools/include/uapi */
#include "kbpf.h"		/* generated: MAX_BPF_FUNC_REG_ARGS */

#endif
