/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: no kprobes in user space. */
#define __kprobes
#define NOKPROBE_SYMBOL(sym)
