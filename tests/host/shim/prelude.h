/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host tier: what kbuild puts in front of every file (-include
 * linux/kconfig.h and linux/compiler_types.h, the CONFIG_ symbols), for the
 * module's files compiled in user space.  The headers beside this one stand
 * in for the few kernel headers the module includes.
 */
#ifndef _HOST_PRELUDE_H
#define _HOST_PRELUDE_H

/* The host tier tests the module as built for a kernel with the series. */
#define CONFIG_BPF_KFUNC_BODY 1
#if defined(__x86_64__)
#define CONFIG_X86_64 1
#define CONFIG_X86 1
#elif defined(__aarch64__)
#define CONFIG_ARM64 1
#endif

/* IS_ENABLED(): 1 if the symbol is defined to 1, the kconfig.h idiom */
#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x) ___is_defined(x)
#define ___is_defined(val) ____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)
#define IS_ENABLED(option) __is_defined(option)
#define IS_BUILTIN(option) __is_defined(option)

#define __aligned(x)		__attribute__((aligned(x)))
#define __section(s)		__attribute__((__section__(s)))
#define __packed		__attribute__((packed))
#define __used			__attribute__((used))
#define noinline		__attribute__((noinline))
#define __always_inline		inline __attribute__((always_inline))
#define __counted_by(member)
#define __maybe_unused		__attribute__((unused))
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)

#endif /* _HOST_PRELUDE_H */
