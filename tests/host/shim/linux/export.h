/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: the arm64 encoders are exported to modules by the companion
 * series; in user space there is nothing to export to.
 */
#ifndef _HOST_LINUX_EXPORT_H
#define _HOST_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

#endif
