/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The return thunks as arch/x86/include/asm/nospec-branch.h declares them;
 * trampoline.S and test_copy.c define them.
 */
#ifndef _COPY_X86_NOSPEC_BRANCH_H
#define _COPY_X86_NOSPEC_BRANCH_H

#ifdef CONFIG_MITIGATION_RETHUNK
extern void __x86_return_thunk(void);
#else
static inline void __x86_return_thunk(void) {}
#endif

extern void (*x86_return_thunk)(void);

#endif
