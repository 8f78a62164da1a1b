/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What tests/prog_tests/fuzz_body.c writes to /dev/insn_fuzz_body: one call of
 * register_bpf_kfunc_bodies() (two with @split), each body for one of the
 * kfuncs the test module defines.  The write returns the size of the
 * request when every registration succeeded (the bodies are unregistered
 * again at once), else the first registration's error.  The kernel's
 * messages go to the log, which the generator reads from /dev/kmsg.
 */
#ifndef _INSN_FUZZ_BODY_H
#define _INSN_FUZZ_BODY_H

#include <linux/bpf.h>
#include <linux/types.h>

/* more than BPF_KFUNC_BODY_MAX_INSNS, to try lengths past the limit */
#define INSN_FUZZ_MAX_INSNS	520
#define INSN_FUZZ_MAX_BODIES	4

/*
 * The kfuncs a body may name (struct insn_fuzz_body.proto), all with BTF in
 * the test module; INSN_FUZZ_MISSING names a function that does not exist.
 */
enum insn_fuzz_proto {
	INSN_FUZZ_U64,		/* u64 bpf_insn_fuzz_u64(u64, u64, u64, u64, u64) */
	INSN_FUZZ_VOID,		/* void bpf_insn_fuzz_void(u64 a, u64 b) */
	INSN_FUZZ_K,		/* u32 bpf_insn_fuzz_k(u64 x, u32 n__k) */
	INSN_FUZZ_NOARGS,	/* u64 bpf_insn_fuzz_noargs(void) */
	INSN_FUZZ_PTR1,		/* void *bpf_insn_fuzz_ptr1(const void *p) */
	INSN_FUZZ_PTR2,		/* void *bpf_insn_fuzz_ptr2(const void *p, u32 cpu) */
	INSN_FUZZ_MISSING,	/* "bpf_insn_fuzz_missing": not in any BTF */
	INSN_FUZZ_NPROTOS,
};

struct insn_fuzz_body {
	__u8 proto;		/* enum insn_fuzz_proto */
	__u8 mode;		/* .mode: enum bpf_kfunc_body_mode, or junk */
	__u8 max_native;	/* .max_native */
	__u8 emit;		/* 1: .emit is a (declining) emitter */
	__u32 verify_as;	/* .verify_as */
	__u16 len;		/* .len, may be 0 or past the limit */
	__u8 null_insns;	/* 1: .insns is NULL */
	__u8 pad[5];
	struct bpf_insn insns[INSN_FUZZ_MAX_INSNS];
};

struct insn_fuzz_req {
	__u32 flags;		/* register_bpf_kfunc_bodies() flags */
	__u16 nbodies;		/* 0..INSN_FUZZ_MAX_BODIES */
	/* 0: one registration; else body[0..split) and body[split..) */
	__u16 split;
	struct insn_fuzz_body body[INSN_FUZZ_MAX_BODIES];
};

#endif /* _INSN_FUZZ_BODY_H */
