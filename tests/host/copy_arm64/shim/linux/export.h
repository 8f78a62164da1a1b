/* SPDX-License-Identifier: GPL-2.0 */
/* The series exports arm64's encoders to modules; user space has none. */
#ifndef _COPY_LINUX_EXPORT_H
#define _COPY_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

#endif
