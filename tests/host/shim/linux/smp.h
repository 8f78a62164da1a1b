/* SPDX-License-Identifier: GPL-2.0 */
/* host tier: linux/percpu.h has what the module takes from here */
#include <linux/percpu.h>
