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

/* 0 and *insns to free, or -errno and *insns NULL */
int prog_xlated(int fd, struct bpf_prog_info *info, struct bpf_insn **insns);

/* a kfunc call of an xlated program the verifier kept for native code */
static inline int kfunc_call_native(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_CALL) && i->src_reg == BPF_PSEUDO_KFUNC_CALL &&
	       i->dst_reg == 1;
}

/* the kfunc calls of program @fd kept for native code, or -1 (no xlated program) */
int native_sites(int fd);

/* write @val to the file @path (a parameter, a sysctl): 0 or -errno */
int write_str(const char *path, const char *val);
/* 64-bit spills to the stack in the xlated program @fd, or -1 if its fills differ */
int stack_pairs(int fd);
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
/*
 * check_shape() of a program whose calls the JIT cannot all take: in
 * MODE native, @native of the @n sites native code and the rest bodies
 */
int check_shape_mixed(const char *name, const char *mode, int fd, int n, int native,
		      const char *prefix, int (*marker)(const struct bpf_insn *));

/* "TEST @name PASS" if @obj loaded, else FAIL with errno's text: 1 if not */
int load_line(const char *name, struct bpf_object *obj);

/* TEST "@prefix.refused.PROG" for each of the @n programs @progs: refused, @msg */
int check_refused_progs(const char *prefix, const char *path, const char *const *progs,
			size_t n, const char *msg);

/*
 * TEST @name over cases 0 to @n - 1: @one(@arg, k, why, len) returns 0,
 * or not with the reason in @why, which ends the test; PASS with @pass.
 */
int check_cases(const char *name, unsigned int n, const void *arg, const char *pass,
		int (*one)(const void *arg, unsigned int k, char *why, size_t len));

/* Open @path to load only its @n programs @progs, their log into @log. */
struct bpf_object *open_progs(const char *path, const char *const *progs, size_t n,
			      char *log, size_t logsz);
/*
 * The programs of @path but @except (NULL: all), loaded, with TEST line
 * "@prefix.load"; @prefix is "@name.@mode" (at most 64 bytes).
 */
struct bpf_object *load_mode(const char *name, const char *mode, const char *path,
			     const char *except, char *prefix);
/* Load @obj, or close it: NULL. */
struct bpf_object *load_opened(struct bpf_object *obj);

/* packet of the loop programs: x, then the iteration count */
struct loop_pkt {
	__u64 x;
	__u32 n;
	__u32 pad;
};

/*
 * TEST "@prefix.@prog": loop program @fd (packet struct loop_pkt) on
 * x = input(k), n = k % (@max + 1) leaves @model(x, n) in x and passes.
 */
int check_loop(const char *prefix, int fd, const char *prog, __u32 max,
	       __u64 (*model)(__u64 x, __u32 n));
/* check_loop() and stat_jit() for the three programs @loops of @obj */
int check_loops(const char *prefix, struct bpf_object *obj, const char *const loops[3],
		__u32 max, __u64 (*model)(__u64 x, __u32 n), int jit);

/*
 * Context of the rotate programs, @n counts: x, then rol64[n], ror64[n]
 * (__u64) and rol32[n], ror32[n] (__u32).
 */
#define ROT_CTX_SIZE(n)	(8 + 2 * 8 * (n) + 2 * 4 * (n))
/*
 * TEST "@prefix.OP" for each rotation OP of program @fd on every input,
 * its first mismatch the reason; "@run_name" FAIL if it cannot run.
 */
int check_rotations(const char *prefix, const char *run_name, int fd,
		    const __u32 *counts, int n);

/*
 * A family of kfuncs with two constant arguments (bextr, lea), kfunc
 * bpf_insn_NAME64.  Program NAME_all computes every case, NAME_alias binds
 * results to operands (their context: @nin inputs, then @ncases and
 * @nalias results, all __u64), @map reads map @map_name at the result
 * without a check, NAME_loop, NAME_idiom and NAME_wrapper are loops of
 * the kfunc, the C idiom and the portable wrapper.
 */
struct family {
	const char *name;	/* "NAME" of the programs, TEST lines and C model */
	int (*marker)(const struct bpf_insn *);	/* an insn of the body */
	const char *map, *map_name;
	int nin, ncases, nalias;
	const char *case_word;	/* what a case of NAME_all is called */
	void (*inputs)(unsigned int k, __u64 *in);	/* the inputs for input k */
	void (*want)(const __u64 *in, __u64 *w);	/* @ncases + @nalias results */
	unsigned int (*slot)(__u64 x);	/* the __u64 of @map's value it reads for x */
	const char *map_pass;	/* what the TEST line of @map says */
	__u32 loop_max;
	__u64 (*loop)(__u64 x, __u32 n);
};

/* 6.12 takes one constant argument per kfunc call */
#define TWO_CONSTS_MSG	"only one constant argument permitted"

/* "check MODE OBJ [--jit]" of a family: MODE native|body|call|stock */
int family_check(const struct family *f, const char *mode, const char *path, int jit);
/* loader_main() of a family: check, "nojit" (NAME_all), "bad" (refusals.c's set NAME) */
int family_main(const struct family *f, int argc, char **argv);

/* The commands of a loader, as "NAME CMD ARGS..."; NULL: no such command. */
struct loader_cmds {
	const char *name;	/* of the TEST lines, and tests/prog_tests/NAME.c */
	/* "check MODE OBJ [--jit]": @check, or family_check() of @family */
	int (*check)(const char *mode, const char *path, int jit);
	const struct family *family;
	const char *nojit;	/* "nojit OBJ": this program must be refused */
	/* "bad MODE OBJ": the refusals of set NAME, as "NAME.MODE.refused.PROG" */
	int bad;
	int (*pin)(const char *path, const char *where);	/* "pin OBJ WHERE" */
	int (*pinned)(const char *label, const char *where);	/* "pinned LABEL WHERE" */
};

int loader_main(const struct loader_cmds *c, int argc, char **argv);

/*
 * check_refusal_rows() for the rows of set @set of refusals.c's catalog;
 * -1 if it has none.
 */
int check_refusal_set(const char *prefix, const char *mode, const char *path,
		      const char *set);

/*
 * MODE call and stock of a family whose kfunc 6.12 cannot type (an untyped
 * pointer argument): the programs @as_call, the last of them
 * FAMILY_wrapper, are refused as plain calls ("@family.call.refused.*");
 * on a kernel without the series (stock) the wrapper falls back to C
 * instead and must load ("@family.stock.wrapper.load") and pass
 * @check_loop ("@family.stock").  Returns the failures, or -1 in the other
 * modes.
 */
int check_untyped_call(const char *family, const char *mode, const char *path,
		       const char *const *as_call, size_t n,
		       int (*check_loop)(const char *prefix, int fd, const char *prog));

int set_caps(__u64 caps, int on);

/*
 * Does the module's status say @kfunc gets native code here?  Not where
 * this architecture has no emitter for it, nor where its emitter needs a
 * CPU feature this machine lacks (arm64 popcount: FEAT_CSSC).
 */
int native_here(const char *kfunc);
/* @kfunc's native code is its compiled code, copied (module status "on (copy)") */
int copied_here(const char *kfunc);
/* the JIT would copy @kfunc's compiled code where its emitter declines a site */
int copy_fallback(const char *kfunc);
/*
 * MODE removes the bpf_fastcall spills and fills around @kfunc's calls:
 * native code from an emitter, which writes the result only (a copy may
 * write R0-R5, as a call does)
 */
int pairs_go(const char *mode, const char *kfunc);
/* of the @n kfuncs @prefix@ops[i], how many get native code here (native_here()) */
int native_count(const char *prefix, const char *const *ops, int n);

/*
 * @mode for sites of the kfuncs named @prefix*: in native mode "native"
 * where the status says native code for each of them (an emitter's, or
 * with native=copy a copy), "body" where for none; "mixed" otherwise (the
 * programs mixing them would need a count per site) and "unlisted" where
 * the status has none of them, which check_shape() fails
 */
const char *family_mode(const char *mode, const char *prefix);
/* What @mode leaves at the calls of @kfunc: family_mode() of that one kfunc */
const char *site_mode(const char *mode, const char *kfunc);

#define CAP(c)	(1ull << (c))
#ifndef CAP_PERFMON
#define CAP_PERFMON	38
#define CAP_BPF		39
#endif

#endif /* _VM_COMMON_H */
