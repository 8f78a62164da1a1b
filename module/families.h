/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The families of the module, one line each, in registration order.  A
 * family NAME is module/NAME.c (its kfuncs, their bodies, and
 * INSN_FAMILY_DEFINE(NAME) at the end) with its emitters in module/x86/
 * and module/arm64/.  The includer defines INSN_FAMILY(NAME); Kbuild takes
 * every file of those directories, the host tests this list.
 */
INSN_FAMILY(rotate)
INSN_FAMILY(select)
INSN_FAMILY(bextr)
INSN_FAMILY(load_be)
INSN_FAMILY(lea)
INSN_FAMILY(iter)
INSN_FAMILY(percpu)
