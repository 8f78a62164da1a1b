/* SPDX-License-Identifier: GPL-2.0 */
/* Host tier: arch/arm64/lib/insn.c includes it for nothing it uses here. */
