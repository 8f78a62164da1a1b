/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the guest loaders: inputs, C references, program inspection
 * (the functions are in common.c).
 * Output lines: "TEST name PASS|FAIL|SKIP [why]", "STAT name key=value...",
 * and JIT images as "JIT hex" lines closed by "JIT-END name len address"
 * (tools/jit-disasm.sh reads them back on the host).
 */
#ifndef _VM_COMMON_H
#define _VM_COMMON_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/capability.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/types.h>

#include "loaders.h"

/* as the kernel's: a pointer where an array should be does not build */
#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]) + BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0])))

#define NRANDOM 64
#define NEDGES	8	/* edge values, common.c's edges[] */
#define NINPUTS (NEDGES + NRANDOM)

/* the C references: inline, they run once per input and rotate count */
static inline __u64 rol64(__u64 x, __u32 n) { n &= 63; return n ? x << n | x >> (64 - n) : x; }
static inline __u64 ror64(__u64 x, __u32 n) { n &= 63; return n ? x >> n | x << (64 - n) : x; }
static inline __u32 rol32(__u32 x, __u32 n) { n &= 31; return n ? x << n | x >> (32 - n) : x; }
static inline __u32 ror32(__u32 x, __u32 n) { n &= 31; return n ? x >> n | x << (32 - n) : x; }

__u64 xorshift(void);
__u64 input(unsigned int k);

void test_line(const char *name, int ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

int prog_xlated(int fd, struct bpf_prog_info *info, struct bpf_insn **insns);
void prog_stat(const char *name, int fd);
int dump_jit(const char *name, int fd);
int stat_jit(const char *prefix, struct bpf_object *obj, const char *prog, int jit);
unsigned long long ksym_addr(const char *sym);
int ksym_prefixed(unsigned long long addr, const char *prefix);

struct bpf_object *load_obj(const char *path, const char *only, char *log, size_t logsz);
struct bpf_object *load_except(const char *path, const char *skip);
int prog_fd(struct bpf_object *obj, const char *name);
int run_prog(int fd, int ctx, void *in, __u32 size, void *out, __u32 *retval);

char *log_line(char *log, const char *msg);
int check_refused(const char *name, const char *path, const char *prog, const char *msg);
int check_nojit(const char *name, const char *path, const char *prog);

/*
 * A program the verifier must refuse, loaded alone: @msg is in the log, or
 * @call_msg where kfuncs are plain calls (MODE call; NULL: @msg there too).
 * A @call_msg of LOADS_AS_CALL says that as a plain call it must load.
 */
struct refusal {
	const char *prog;
	const char *msg;
	const char *call_msg;
};

extern const char loads_as_call[];
#define LOADS_AS_CALL	loads_as_call

int check_refusal_rows(const char *prefix, const char *mode, const char *path,
		       const struct refusal *rows, size_t n);
/* TEST "@prefix.refused.PROG" for each row of array @rows, in MODE @mode */
#define check_refusals(prefix, mode, path, rows) \
	check_refusal_rows(prefix, mode, path, rows, ARRAY_SIZE(rows))

/* What the xlated program says about its kfunc calls with bodies. */
struct xshape {
	int calls;	/* kfunc calls */
	int marked;	/* of them, kept for native code (dst_reg 1) */
	int named;	/* of them, to a kernel symbol with the family's prefix */
	int bodies;	/* insns the family's marker says are a body's */
};

int xlated_shape(int fd, const char *prefix, int (*marker)(const struct bpf_insn *),
		 struct xshape *s);
int check_shape(const char *name, const char *mode, int fd, int n, const char *prefix,
		int (*marker)(const struct bpf_insn *));

int set_caps(__u64 caps, int on);

#define CAP(c)	(1ull << (c))
#ifndef CAP_PERFMON
#define CAP_PERFMON	38
#define CAP_BPF		39
#endif

#endif /* _VM_COMMON_H */
