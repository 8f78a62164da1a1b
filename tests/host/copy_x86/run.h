/* SPDX-License-Identifier: GPL-2.0 */
/* What trampoline.S and test_copy.c share: the canaries and struct run_io. */
#ifndef _COPY_X86_RUN_H
#define _COPY_X86_RUN_H

/* callee-saved registers: BPF R6-R9, the frame pointer, the JIT's state */
#define CANARY_RBX	0x6b6b6b6b00000003
#define CANARY_RBP	0x6b6b6b6b00000005
#define CANARY_R12	0x6b6b6b6b0000000c
#define CANARY_R13	0x6b6b6b6b0000000d
#define CANARY_R14	0x6b6b6b6b0000000e
#define CANARY_R15	0x6b6b6b6b0000000f
/* written below the return address before the call, checked after it */
#define GUARD_PATTERN	0x5c5c5c5c5c5c5c5c
#define GUARD_QWORDS	64

/* struct run_io offsets */
#define IO_IN		0	/* rdi rsi rdx rcx r8 r9 r10 r11 rax */
#define IO_RAX		72
#define IO_SAVED	80	/* rbx rbp r12 r13 r14 r15 after the call */
#define IO_RSP		128	/* rsp after the call */
#define IO_RSP_WANT	136	/* rsp before it */
#define IO_GUARD	144	/* guard qwords changed */
#define IO_XMM		152	/* bit n: xmm<n> changed (SIMD state) */
#define XMM_PATTERN	0x3c3c3c3c3c3c3c3c

#ifndef __ASSEMBLER__
#include <stdint.h>

struct run_io {
	uint64_t in[9];
	uint64_t rax;
	uint64_t saved[6];
	uint64_t rsp, rsp_want;
	uint64_t guard;
	uint64_t xmm;
};

_Static_assert(__builtin_offsetof(struct run_io, rax) == IO_RAX, "IO_RAX");
_Static_assert(__builtin_offsetof(struct run_io, saved) == IO_SAVED, "IO_SAVED");
_Static_assert(__builtin_offsetof(struct run_io, rsp) == IO_RSP, "IO_RSP");
_Static_assert(__builtin_offsetof(struct run_io, rsp_want) == IO_RSP_WANT, "IO_RSP_WANT");
_Static_assert(__builtin_offsetof(struct run_io, guard) == IO_GUARD, "IO_GUARD");
_Static_assert(__builtin_offsetof(struct run_io, xmm) == IO_XMM, "IO_XMM");

/* trampoline.S: call @code as the JIT's copy runs, @io in and out */
void run_code(const void *code, struct run_io *io);
#endif

#endif
