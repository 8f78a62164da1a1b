/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _COPY_LINUX_BUILD_BUG_H
#define _COPY_LINUX_BUILD_BUG_H

#define BUILD_BUG_ON(c)	_Static_assert(!(c), #c)

#endif
