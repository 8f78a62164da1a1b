/* SPDX-License-Identifier: GPL-2.0 */
/* arch/arm64/lib/insn.c includes it for nothing it uses in user space. */
