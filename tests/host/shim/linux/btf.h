/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: kfunc definitions are ordinary functions. */
#ifndef _HOST_LINUX_BTF_H
#define _HOST_LINUX_BTF_H

#include <linux/types.h>

#define __bpf_kfunc	__used noinline
/* as in the kernel: kfuncs have no prototype in a header */
#define __bpf_kfunc_start_defs()					\
	_Pragma("GCC diagnostic push")					\
	_Pragma("GCC diagnostic ignored \"-Wmissing-prototypes\"")	\
	_Pragma("GCC diagnostic ignored \"-Wmissing-declarations\"")
#define __bpf_kfunc_end_defs()	_Pragma("GCC diagnostic pop")

#endif
