/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An oracle for the kfunc body validator: the rules a body must follow,
 * written from their description (patch 0001's commit message,
 * Documentation/bpf/kfunc_body.rst of patch 0008, the comments of
 * include/linux/bpf_kfunc_body.h) and from the BPF instruction set, not
 * from kernel/bpf/kfunc_body.c.  tests/prog_tests/fuzz_body.c asks it what
 * registration must say about a body and compares with the kernel.
 *
 * A body:
 *   - has 1 to BPF_KFUNC_BODY_MAX_INSNS instructions (and a pointer to them),
 *     an AFTER body at most BPF_KFUNC_BODY_AFTER_MAX_INSNS;
 *   - has mode BPF_KFUNC_BODY_VERIFY or BPF_KFUNC_BODY_AFTER;
 *   - with an emitter, declares 1 to BPF_KFUNC_BODY_MAX_NATIVE bytes;
 *   - names a helper in verify_as only with mode AFTER, and only
 *     bpf_this_cpu_ptr() or bpf_per_cpu_ptr(): the verifier's passes before
 *     the kfunc call is put back must not act on the helper's call; and
 *     only for a kfunc that takes as many arguments as the helper (one,
 *     two) and returns a pointer;
 *   - holds only ALU instructions, loads, stores and jumps: no calls, no
 *     exit, no 64-bit constants (BPF_LD_IMM64), no legacy packet loads
 *     (they read R6 and may leave the program), no atomics, no may_goto;
 *     the internal per-CPU address move (BPF_MOV64_PERCPU_REG) only in
 *     AFTER bodies, which the verifier never sees;
 *   - jumps only forward, to an instruction of the body or just past its end;
 *   - reads only the kfunc's arguments (R1 up to R5) and registers it
 *     wrote before on every path; writes only R0-R5;
 *   - does not use R10, as a value (not even stored through itself) or
 *     as the base of a load or store: the stack is the program's, which
 *     native code in the body's place never touches;
 *   - sets R0 on every path, unless the kfunc returns void;
 *   - has no instruction no path reaches;
 *   - has only well-formed instructions, as the verifier requires of a
 *     program: defined opcodes, reserved fields zero, byte swaps of 16, 32
 *     or 64 bits, shifts within the width, no division by a constant zero;
 *   - in mode AFTER (not fixed up by the verifier): no division or modulo
 *     by a register or, signed, by -1;
 * and a kfunc gets one body: a second one is refused, from the same call
 * of register_bpf_kfunc_bodies() as from an earlier one.
 *
 * The kernel once let bodies through that broke some of these rules (R10
 * as a value, R10 as a base in a VERIFY body, malformed instructions, two bodies in one call, the AFTER
 * rules, verify_as naming any helper or for any kfunc, reads of R1-R5
 * beyond the kfunc's arguments): rule_was_gap() names them, so that the fuzzer reports each
 * on its own should one open again.
 */
#ifndef _BODY_RULES_H
#define _BODY_RULES_H

#include <stdio.h>
#include <string.h>
#include <linux/bpf.h>
#include <linux/types.h>

#define BODY_MAX_INSNS	512	/* BPF_KFUNC_BODY_MAX_INSNS */
#define BODY_AFTER_MAX_INSNS	32	/* BPF_KFUNC_BODY_AFTER_MAX_INSNS */
#define BODY_MAX_NATIVE	64	/* BPF_KFUNC_BODY_MAX_NATIVE */
#define BODY_VERIFY	0	/* BPF_KFUNC_BODY_VERIFY */
#define BODY_AFTER	1	/* BPF_KFUNC_BODY_AFTER */
#define BODY_NO_NATIVE	1u	/* BPF_KFUNC_BODIES_NO_NATIVE */
/* the kernel-internal per-CPU address move: ALU64 MOV X with this off */
#define BODY_ADDR_PERCPU	(-1)

enum body_rule {
	RULE_NONE,
	/* the descriptor */
	RULE_LEN,
	RULE_MODE,
	RULE_MAX_NATIVE,
	RULE_VERIFY_AS,
	RULE_VERIFY_AS_FIT,
	/* one instruction */
	RULE_UNREACHABLE,
	RULE_IMM64,
	RULE_CALL,
	RULE_EXIT,
	RULE_NOT_ALLOWED,
	RULE_READS,		/* R6-R9 */
	RULE_WRITES,		/* R6-R15 */
	RULE_UNINIT,		/* R0 or R11-R15 before a write */
	RULE_BACKWARD,
	RULE_LEAVES,
	RULE_R10,		/* R10 read as a value, not as a base */
	RULE_ENCODING,		/* a malformed instruction */
	RULE_STACK,		/* R10 as a base */
	RULE_AFTER_DIV,		/* a division an AFTER body may not do */
	/* the end of the body */
	RULE_R0,
	/* registration */
	RULE_NAME,		/* -ENOENT: no such function */
	RULE_EXISTS,		/* -EEXIST: the kfunc has a body */
	RULE_DUP,		/* -EEXIST: two bodies for it in one call */
	RULE_FLAGS,		/* -EINVAL, no message: flags or no bodies */
	NR_RULES,
};

/* what the kernel's message says for each rule (%d: a register) */
static const char *const rule_text[NR_RULES] = {
	[RULE_LEN] = "body length out of range",
	[RULE_MODE] = "unknown mode",
	[RULE_MAX_NATIVE] = "max_native out of range",
	[RULE_VERIFY_AS] = "verify_as needs BPF_KFUNC_BODY_AFTER and an allowed helper",
	[RULE_VERIFY_AS_FIT] = "verify_as needs the helper's arguments and a pointer result",
	[RULE_UNREACHABLE] = "unreachable instruction",
	[RULE_IMM64] = "constants over 32 bits are not allowed",
	[RULE_CALL] = "calls are not allowed",
	[RULE_EXIT] = "exit is not allowed",
	[RULE_NOT_ALLOWED] = "instruction not allowed in a body",
	[RULE_READS] = "reads R%d",
	[RULE_WRITES] = "writes R%d",
	[RULE_UNINIT] = "reads R%d before it is written",
	[RULE_BACKWARD] = "backward jump",
	[RULE_LEAVES] = "jump leaves the body",
	[RULE_R10] = "reads R10 as a value",
	[RULE_ENCODING] = "malformed instruction",
	[RULE_STACK] = "stack access in a body",
	[RULE_AFTER_DIV] = "division by a register or signed by -1 in a BPF_KFUNC_BODY_AFTER body",
	[RULE_R0] = "R0 is not set on every path",
};

static const char *const rule_name[NR_RULES] = {
	[RULE_NONE] = "accepted", [RULE_LEN] = "len", [RULE_MODE] = "mode",
	[RULE_MAX_NATIVE] = "max_native", [RULE_VERIFY_AS] = "verify_as",
	[RULE_VERIFY_AS_FIT] = "verify_as_fit",
	[RULE_UNREACHABLE] = "unreachable", [RULE_IMM64] = "imm64",
	[RULE_CALL] = "call", [RULE_EXIT] = "exit",
	[RULE_NOT_ALLOWED] = "not_allowed", [RULE_READS] = "reads",
	[RULE_WRITES] = "writes", [RULE_UNINIT] = "uninit",
	[RULE_BACKWARD] = "backward", [RULE_LEAVES] = "leaves", [RULE_R0] = "r0",
	[RULE_R10] = "r10_value", [RULE_ENCODING] = "encoding",
	[RULE_STACK] = "stack", [RULE_AFTER_DIV] = "after_div",
	[RULE_DUP] = "duplicate", [RULE_NAME] = "name",
	[RULE_EXISTS] = "exists", [RULE_FLAGS] = "flags",
};

/* rules the kernel once did not enforce */
static inline int rule_was_gap(int r)
{
	return r == RULE_R10 || r == RULE_ENCODING || r == RULE_STACK ||
	       r == RULE_AFTER_DIV || r == RULE_DUP || r == RULE_VERIFY_AS ||
	       r == RULE_VERIFY_AS_FIT || r == RULE_UNINIT;
}

/* a body as registration sees it */
struct rbody {
	int ret_void;		/* the kfunc returns void */
	int ret_ptr;		/* it returns a pointer */
	int nargs;		/* its arguments, R1 up */
	int mode, emit, max_native, null_insns;
	__u32 verify_as;
	int len;
	const struct bpf_insn *insns;
};

/* One violation: a rule, the instruction it names, a register (or -1). */
struct violation {
	__u8 rule;
	__s8 reg;
	__u16 idx;
};

#define MAX_VIOL 24

/* All violations at the first place a body breaks a rule. */
struct verdict {
	int n;
	struct violation v[MAX_VIOL];
};

static inline void viol_add(struct verdict *vd, int rule, int idx, int reg)
{
	if (vd->n < MAX_VIOL)
		vd->v[vd->n++] = (struct violation){ rule, reg, idx };
}

/* What one instruction is, as far as the rules care. */
struct insn_shape {
	int kind;		/* 0, or RULE_IMM64/CALL/EXIT/NOT_ALLOWED */
	__u16 use, def;		/* registers read and written */
	__u16 base;		/* of them, read as a load/store base */
	__u16 value;		/* of them, read as a value */
	int after_div;		/* a division an AFTER body may not do */
	int jump;		/* 1: conditional, 2: unconditional */
	long long target;	/* jumps: the next instruction it may go to */
	int malformed;		/* breaks the encoding rules */
};

#define REG(r)	(1u << (r))

static inline int alu_malformed(const struct bpf_insn *in, int is64, int op, int x)
{
	int width = is64 ? 64 : 32;

	switch (op) {
	case BPF_NEG:	/* unary, K form only */
		return x || in->src_reg || in->off || in->imm;
	case BPF_END:	/* ALU64 has only the unconditional swap (K) */
		return (is64 && x) || in->src_reg || in->off ||
		       (in->imm != 16 && in->imm != 32 && in->imm != 64);
	case BPF_MOV:
		if (!x)
			return in->src_reg || in->off;
		if (in->imm)
			return 1;
		/* sign-extending moves; the per-CPU move is judged apart */
		return !(in->off == 0 || in->off == 8 || in->off == 16 ||
			 (is64 && (in->off == 32 || in->off == BODY_ADDR_PERCPU)));
	case BPF_DIV:
	case BPF_MOD:	/* off 1: signed */
		if (in->off != 0 && in->off != 1)
			return 1;
		return x ? in->imm != 0 : in->src_reg || in->imm == 0;
	case BPF_LSH:
	case BPF_RSH:
	case BPF_ARSH:
		if (in->off)
			return 1;
		return x ? in->imm != 0 : in->src_reg || in->imm < 0 || in->imm >= width;
	}
	if (in->off)
		return 1;
	return x ? in->imm != 0 : in->src_reg != 0;
}

static inline void shape_alu(const struct bpf_insn *in, int after, struct insn_shape *s)
{
	int is64 = BPF_CLASS(in->code) == BPF_ALU64, op = BPF_OP(in->code);
	int x = BPF_SRC(in->code) == BPF_X;

	if (op > BPF_END) {
		s->kind = RULE_NOT_ALLOWED;
		return;
	}
	if (op == BPF_MOV && in->off == BODY_ADDR_PERCPU) {
		/* the per-CPU move: internal, 64-bit, AFTER bodies only */
		if (!is64 || !after) {
			s->kind = RULE_NOT_ALLOWED;
			return;
		}
		s->malformed |= !x || in->imm;
	}
	s->malformed |= alu_malformed(in, is64, op, x);
	/* unguarded: a zero divisor, or LLONG_MIN / -1, traps on x86-64 */
	s->after_div = (op == BPF_DIV || op == BPF_MOD) &&
		       (x || (in->off == 1 && in->imm == -1));
	s->def = REG(in->dst_reg);
	if (op != BPF_MOV)
		s->use |= REG(in->dst_reg);
	if (x && op != BPF_NEG && op != BPF_END)
		s->use |= REG(in->src_reg);
	s->value = s->use;
}

static inline void shape_jmp(const struct bpf_insn *in, int idx, struct insn_shape *s)
{
	int is32 = BPF_CLASS(in->code) == BPF_JMP32, op = BPF_OP(in->code);
	int x = BPF_SRC(in->code) == BPF_X;

	switch (op) {
	case BPF_CALL:
		s->kind = RULE_CALL;
		return;
	case BPF_EXIT:
		s->kind = RULE_EXIT;
		return;
	case BPF_JCOND:		/* may_goto: needs the verifier's loop state */
	case 0xf0:
		s->kind = RULE_NOT_ALLOWED;
		return;
	case BPF_JA:		/* gotol (JMP32 JA K) jumps by imm */
		/*
		 * JA with BPF_X is no instruction (a malformed one); where it
		 * goes is taken from off, as for JMP JA, so that only the
		 * encoding rule judges it
		 */
		s->jump = 2;
		s->target = idx + 1LL + (is32 && !x ? in->imm : in->off);
		s->malformed = x || in->src_reg || in->dst_reg ||
			       (is32 ? in->off != 0 : in->imm != 0);
		return;
	}
	s->jump = 1;
	s->target = idx + 1LL + in->off;
	s->use = s->value = REG(in->dst_reg) | (x ? REG(in->src_reg) : 0);
	s->malformed = x ? in->imm != 0 : in->src_reg != 0;
}

static inline void insn_shape(const struct bpf_insn *in, int idx, int after,
			      struct insn_shape *s)
{
	int mode = BPF_MODE(in->code);

	memset(s, 0, sizeof(*s));
	switch (BPF_CLASS(in->code)) {
	case BPF_LD:
		s->kind = in->code == (BPF_LD | BPF_IMM | BPF_DW) ?
			  RULE_IMM64 : RULE_NOT_ALLOWED;
		return;
	case BPF_LDX:
		if (mode != BPF_MEM && mode != BPF_MEMSX) {
			s->kind = RULE_NOT_ALLOWED;
			return;
		}
		s->use = s->base = REG(in->src_reg);
		s->def = REG(in->dst_reg);
		s->malformed = in->imm != 0 ||
			       (mode == BPF_MEMSX && BPF_SIZE(in->code) == BPF_DW);
		return;
	case BPF_ST:
		if (mode != BPF_MEM) {
			s->kind = RULE_NOT_ALLOWED;
			return;
		}
		s->use = s->base = REG(in->dst_reg);
		s->malformed = in->src_reg != 0;
		return;
	case BPF_STX:
		if (mode != BPF_MEM) {	/* atomics too */
			s->kind = RULE_NOT_ALLOWED;
			return;
		}
		s->base = REG(in->dst_reg);
		s->value = REG(in->src_reg);
		s->use = REG(in->dst_reg) | REG(in->src_reg);
		s->malformed = in->imm != 0;
		return;
	case BPF_ALU:
	case BPF_ALU64:
		shape_alu(in, after, s);
		return;
	default:
		shape_jmp(in, idx, s);
	}
}

static inline int descriptor_rules(const struct rbody *b, struct verdict *vd)
{
	if (b->len < 1 || b->len > BODY_MAX_INSNS || b->null_insns ||
	    (b->mode == BODY_AFTER && b->len > BODY_AFTER_MAX_INSNS))
		viol_add(vd, RULE_LEN, b->len, -1);
	if (b->mode != BODY_VERIFY && b->mode != BODY_AFTER)
		viol_add(vd, RULE_MODE, 0, -1);
	if (b->emit && (b->max_native < 1 || b->max_native > BODY_MAX_NATIVE))
		viol_add(vd, RULE_MAX_NATIVE, 0, -1);
	if (b->verify_as && (b->mode != BODY_AFTER ||
			      (b->verify_as != BPF_FUNC_this_cpu_ptr &&
			       b->verify_as != BPF_FUNC_per_cpu_ptr)))
		viol_add(vd, RULE_VERIFY_AS, 0, -1);
	else if (b->verify_as &&
		 (!b->ret_ptr || b->nargs != (b->verify_as == BPF_FUNC_per_cpu_ptr ? 2 : 1)))
		viol_add(vd, RULE_VERIFY_AS_FIT, 0, -1);
	return vd->n;
}

static inline void regs_add(struct verdict *vd, int rule, int idx, unsigned int mask)
{
	int r;

	for (r = 0; r < 16; r++)
		if (mask & REG(r))
			viol_add(vd, rule, idx, r);
}

/*
 * The rules for body @b.  Returns 0 (the body is valid) or the number of
 * violations in @vd, all at the first instruction that breaks a rule.
 */
static inline int body_rules(const struct rbody *b, struct verdict *vd)
{
	const unsigned int args = REG(1) | REG(2) | REG(3) | REG(4) | REG(5);
	const unsigned int params = args & (REG(b->nargs + 1) - 1);
	const unsigned int callee = REG(6) | REG(7) | REG(8) | REG(9);
	unsigned int written[BODY_MAX_INSNS + 1];
	int reached[BODY_MAX_INSNS + 1] = { 0 };
	int i, after = b->mode == BODY_AFTER;

	memset(vd, 0, sizeof(*vd));
	if (descriptor_rules(b, vd))
		return vd->n;
	/* written[i]: registers set on every path into insn i */
	for (i = 0; i <= b->len; i++)
		written[i] = ~0u;
	written[0] = params | REG(BPF_REG_10);
	reached[0] = 1;
	for (i = 0; i < b->len; i++) {
		struct insn_shape s;
		unsigned int in = written[i];

		insn_shape(&b->insns[i], i, after, &s);
		if (!reached[i])
			viol_add(vd, RULE_UNREACHABLE, i, -1);
		if (s.kind) {
			viol_add(vd, s.kind, i, -1);
			return vd->n;
		}
		regs_add(vd, RULE_READS, i, s.use & callee);
		regs_add(vd, RULE_WRITES, i, s.def & ~(REG(0) | args));
		if (reached[i])
			regs_add(vd, RULE_UNINIT, i, s.use & ~in & ~callee);
		if (s.value & REG(BPF_REG_10))
			viol_add(vd, RULE_R10, i, 10);
		if (s.malformed)
			viol_add(vd, RULE_ENCODING, i, -1);
		if (s.use & REG(BPF_REG_10))
			viol_add(vd, RULE_STACK, i, 10);
		if (after && s.after_div)
			viol_add(vd, RULE_AFTER_DIV, i, -1);
		if (s.jump && s.target < i + 1)
			viol_add(vd, RULE_BACKWARD, i, -1);
		else if (s.jump && s.target > b->len)
			viol_add(vd, RULE_LEAVES, i, -1);
		if (vd->n)
			return vd->n;
		in |= s.def;
		if (s.jump) {
			written[s.target] &= in;
			reached[s.target] = 1;
		}
		if (s.jump != 2) {
			written[i + 1] &= in;
			reached[i + 1] = 1;
		}
	}
	if (!b->ret_void && !(written[b->len] & REG(0)))
		viol_add(vd, RULE_R0, b->len, -1);
	return vd->n;
}

/* "insn N: text" as the kernel says it (after "body "), for @v */
static inline void viol_text(const struct violation *v, char *buf, size_t n)
{
	char text[120];

	snprintf(text, sizeof(text), rule_text[v->rule] ? rule_text[v->rule] : "?",
		 v->reg);
	snprintf(buf, n, "insn %u: %s", v->idx, text);
}

#endif /* _BODY_RULES_H */
