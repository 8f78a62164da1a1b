/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What kbuild puts in front of every kernel file, for bpf_kfunc_copy.c and
 * arch/arm64/lib/insn.c built in user space (test_copy).
 */
#ifndef _COPY_PRELUDE_H
#define _COPY_PRELUDE_H

#define __always_inline		inline __attribute__((always_inline))
#define __maybe_unused		__attribute__((unused))
#define noinline		__attribute__((noinline))
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)

#endif
