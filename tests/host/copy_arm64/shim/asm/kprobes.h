/* SPDX-License-Identifier: GPL-2.0 */
/* No kprobes in user space. */
#define __kprobes
#define NOKPROBE_SYMBOL(sym)
