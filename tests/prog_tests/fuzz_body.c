// SPDX-License-Identifier: GPL-2.0
/*
 * The body validator fuzzer, in the guest: generates kfunc bodies, has the
 * kernel register each through /dev/insn_fuzz_body (tests/kmod/
 * insn_fuzz_body.c), reads the kernel's message from /dev/kmsg and compares
 * verdict, error and message with the oracle of body_rules.h.
 *
 *   fuzz_body [-n REQUESTS] [-t SECONDS] [-s SEED] CORPUS_DIR
 *
 * The bodies: the corpus (the CORPUS_DIR/NAME.body files, valid bodies of every kind),
 * the corpus mutated (fields, registers, jumps, opcodes, insertions,
 * deletions, the descriptor), bodies built valid at random and random
 * instructions; now and then several bodies in one registration, or two
 * registrations, and bad flags.  TEST lines: the corpus, the random
 * requests (any mismatch fails, the first ones are printed whole), that
 * every rule was reached, each rule the kernel once did not enforce (FAIL
 * with a count and an example if it lets such bodies through again), and
 * no kernel warning (taint).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "body_rules.h"
#include "loaders.h"
#include "../kmod/insn_fuzz_body.h"

#define MAX_CORPUS	64
#define SHOW_MISMATCH	5
#define TAINT_BAD	(1u << 5 | 1u << 7 | 1u << 9 | 1u << 14)	/* B D W L */

static const char *const proto_name[INSN_FUZZ_NPROTOS] = {
	"u64", "void", "k", "noargs", "ptr1", "ptr2", "missing",
};

static const char *const kfunc_name[INSN_FUZZ_NPROTOS] = {
	"bpf_insn_fuzz_u64", "bpf_insn_fuzz_void", "bpf_insn_fuzz_k",
	"bpf_insn_fuzz_noargs", "bpf_insn_fuzz_ptr1", "bpf_insn_fuzz_ptr2",
	"bpf_insn_fuzz_missing",
};

static struct insn_fuzz_body corpus[MAX_CORPUS];
static char corpus_file[MAX_CORPUS][64];
static int ncorpus;
static int dev_fd, kmsg_fd;

static __u64 rng = 0x9e3779b97f4a7c15ull;

static __u64 rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

static int pick(int n)
{
	return rnd() % n;
}

static int chance(int percent)
{
	return pick(100) < percent;
}

/* ---- the corpus: "proto", "mode", "emit", "verify_as", insn lines ---- */

static int parse_corpus(const char *path, struct insn_fuzz_body *b)
{
	char line[256], word[32];
	FILE *f = fopen(path, "r");
	int i, n = 0;
	long v[5];

	if (!f)
		return -1;
	memset(b, 0, sizeof(*b));
	while (fgets(line, sizeof(line), f)) {
		char *hash = strchr(line, '#');

		if (hash)
			*hash = 0;
		if (sscanf(line, "%31s", word) != 1)
			continue;
		if (!strcmp(word, "proto")) {
			sscanf(line, "%*s %31s", word);
			for (i = 0; i < INSN_FUZZ_NPROTOS; i++)
				if (!strcmp(word, proto_name[i]))
					b->proto = i;
		} else if (!strcmp(word, "mode")) {
			sscanf(line, "%*s %31s", word);
			b->mode = !strcmp(word, "after");
		} else if (!strcmp(word, "emit")) {
			b->emit = 1;
			b->max_native = strtol(line + 4, NULL, 0);
		} else if (!strcmp(word, "verify_as")) {
			b->verify_as = strtoul(line + 9, NULL, 0);
		} else if (sscanf(line, "%li %li %li %li %li", &v[0], &v[1], &v[2],
				  &v[3], &v[4]) == 5 && n < INSN_FUZZ_MAX_INSNS) {
			b->insns[n++] = (struct bpf_insn){ .code = v[0], .dst_reg = v[1],
				.src_reg = v[2], .off = v[3], .imm = v[4] };
		} else {
			fprintf(stderr, "%s: cannot read: %s", path, line);
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	b->len = n;
	return n ? 0 : -1;
}

static int load_corpus(const char *dir)
{
	struct dirent **names;
	char path[512];
	int i, n = scandir(dir, &names, NULL, alphasort);

	for (i = 0; i < n; i++) {
		const char *d = names[i]->d_name;
		size_t l = strlen(d);

		if (l > 5 && !strcmp(d + l - 5, ".body") && ncorpus < MAX_CORPUS) {
			snprintf(path, sizeof(path), "%s/%s", dir, d);
			snprintf(corpus_file[ncorpus], sizeof(corpus_file[0]), "%s", d);
			if (parse_corpus(path, &corpus[ncorpus]))
				return -1;
			ncorpus++;
		}
		free(names[i]);
	}
	free(n >= 0 ? names : NULL);
	return ncorpus ? 0 : -1;
}

/* ---- generation ---- */

/* opcodes worth trying: every valid one a body may hold, and others */
static const __u8 codes[] = {
	/* ALU64 and ALU32, X and K */
	0x07, 0x0f, 0x17, 0x1f, 0x27, 0x2f, 0x37, 0x3f, 0x47, 0x4f, 0x57, 0x5f,
	0x67, 0x6f, 0x77, 0x7f, 0x87, 0x97, 0x9f, 0xa7, 0xaf, 0xb7, 0xbf, 0xc7,
	0xcf, 0xd7, 0x04, 0x0c, 0x14, 0x1c, 0x24, 0x2c, 0x34, 0x3c, 0x44, 0x4c,
	0x54, 0x5c, 0x64, 0x6c, 0x74, 0x7c, 0x84, 0x94, 0x9c, 0xa4, 0xac, 0xb4,
	0xbc, 0xc4, 0xcc, 0xd4, 0xdc,
	/* loads, stores */
	0x61, 0x69, 0x71, 0x79, 0x81, 0x89, 0x91, 0x62, 0x6a, 0x72, 0x7a,
	0x63, 0x6b, 0x73, 0x7b,
	/* jumps, JMP and JMP32 */
	0x05, 0x06, 0x15, 0x1d, 0x25, 0x2d, 0x35, 0x3d, 0x45, 0x4d, 0x55, 0x5d,
	0x65, 0x6d, 0x75, 0x7d, 0xa5, 0xad, 0xb5, 0xbd, 0xc5, 0xcd, 0xd5, 0xdd,
	0x16, 0x1e, 0x26, 0x2e, 0x36, 0x3e, 0x46, 0x4e, 0x56, 0x5e, 0x66, 0x6e,
	0x76, 0x7e, 0xa6, 0xae, 0xb6, 0xbe, 0xc6, 0xce, 0xd6, 0xde,
	/* not for bodies: calls, exit, 64-bit constants, legacy loads,
	 * atomics, may_goto, and opcodes that do not exist
	 */
	0x85, 0x8d, 0x95, 0x86, 0x96, 0x18, 0x20, 0x28, 0x30, 0x40, 0x48, 0x50,
	0xc3, 0xdb, 0xe5, 0xf5, 0xe7, 0xf4, 0x0d, 0xdf, 0x8c, 0x8f, 0x99, 0xc2,
	0xe1, 0x00,
};

static const __s32 imms[] = {
	0, 1, -1, 2, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 255,
	0x7fffffff, (__s32)0x80000000, 154, 153,
};

static struct bpf_insn insn(int code, int dst, int src, int off, int imm)
{
	return (struct bpf_insn){ .code = code, .dst_reg = dst, .src_reg = src,
				  .off = off, .imm = imm };
}

static int rnd_reg(void)
{
	int p = pick(100);

	if (p < 70)
		return pick(6);			/* R0-R5 */
	if (p < 82)
		return 6 + pick(4);		/* R6-R9 */
	if (p < 94)
		return 10;
	return 11 + pick(5);			/* no such register */
}

static __s32 rnd_imm(void)
{
	return chance(70) ? imms[pick(sizeof(imms) / sizeof(imms[0]))] : (__s32)rnd();
}

static __s16 rnd_off(int at, int len)
{
	switch (pick(4)) {
	case 0:
		return 0;
	case 1:
		return pick(len - at + 3) - 2;		/* near the end */
	case 2:
		return (__s16)(pick(33) - 16);
	}
	return (__s16)rnd();
}

/* (one statement per draw: the same seed gives the same bodies on any arch) */
static struct bpf_insn rnd_insn_any(int at, int len)
{
	struct bpf_insn in;

	in.code = chance(85) ? codes[pick(sizeof(codes))] : (__u8)rnd();
	in.dst_reg = rnd_reg();
	in.src_reg = chance(60) ? 0 : rnd_reg();
	in.off = chance(60) ? 0 : rnd_off(at, len);
	in.imm = chance(40) ? 0 : rnd_imm();
	return in;
}

/*
 * Most random instructions are malformed; half the time draw again until
 * one is not, so that the rules checked after the encoding's are reached
 */
static struct bpf_insn rnd_insn(int at, int len)
{
	struct bpf_insn in = rnd_insn_any(at, len);
	struct insn_shape s;
	int tries;

	if (chance(50))
		return in;
	for (tries = 0; tries < 16; tries++) {
		insn_shape(&in, at, 0, &s);
		if (!s.malformed)
			break;
		in = rnd_insn_any(at, len);
	}
	return in;
}

/*
 * a valid ALU instruction on R0-R5 (all written), for built bodies; @after:
 * for an AFTER body (divisions by a nonzero constant, signed not by -1)
 */
static struct bpf_insn valid_alu(int after)
{
	static const __u8 ops[] = {
		BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_OR, BPF_AND, BPF_LSH, BPF_RSH,
		BPF_NEG, BPF_MOD, BPF_XOR, BPF_MOV, BPF_ARSH, BPF_END,
	};
	int op = ops[pick(sizeof(ops))], is64 = chance(60), x = chance(50);
	struct bpf_insn in = { 0 };

	in.dst_reg = pick(6);

	if (op == BPF_NEG)
		x = 0;
	if (op == BPF_END && is64)
		x = 0;
	if ((op == BPF_DIV || op == BPF_MOD) && after)
		x = 0;
	in.code = (is64 ? BPF_ALU64 : BPF_ALU) | op | (x ? BPF_X : BPF_K);
	if (x && op != BPF_END)
		in.src_reg = pick(6);
	if (op == BPF_END)
		in.imm = 16 << pick(3);
	else if (!x && op != BPF_NEG)
		in.imm = rnd_imm();
	if (!x && (op == BPF_LSH || op == BPF_RSH || op == BPF_ARSH))
		in.imm = pick(is64 ? 64 : 32);
	if (!x && (op == BPF_DIV || op == BPF_MOD) && !in.imm)
		in.imm = 3;
	if ((op == BPF_DIV || op == BPF_MOD) && chance(30))
		in.off = 1;				/* signed */
	if (after && in.off == 1 && in.imm == -1)
		in.imm = 3;
	if (op == BPF_MOV && x && chance(30))
		in.off = is64 ? 8 << pick(3) : 8 << pick(2);
	return in;
}

/*
 * a body valid by construction: R0 set first, R0-R5 only, forward jumps;
 * now and then a load or store on the stack, which no body may do, and an
 * AFTER body with the divisions of a VERIFY one, which the AFTER rules
 * refuse
 */
static void build_valid(struct insn_fuzz_body *b)
{
	int i, len = chance(90) ? 1 + pick(12) : 1 + pick(BODY_MAX_INSNS);
	int after;

	memset(b, 0, sizeof(*b));
	b->proto = pick(INSN_FUZZ_MISSING);
	b->mode = chance(30);
	after = b->mode == BODY_AFTER && chance(60);
	b->len = len;
	if (chance(40)) {
		b->emit = 1;
		b->max_native = 1 + pick(BODY_MAX_NATIVE);
	}
	b->insns[0] = insn(BPF_ALU64 | BPF_MOV | BPF_X, 0, 1 + pick(5), 0, 0);
	for (i = 1; i < len; i++) {
		int p = pick(100), stack = chance(3) && !after;
		int base = stack ? BPF_REG_10 : 1 + pick(5);
		int off = base == BPF_REG_10 ? -8 * (1 + pick(8)) : 8 * pick(4);
		int size = pick(4) << 3, x = chance(50), r1 = pick(6), r2 = pick(6);
		int cls = chance(50) ? BPF_JMP : BPF_JMP32, op = 0x10 * (1 + pick(6));
		int to = pick(len - i), imm = rnd_imm();

		if (p < 55)
			b->insns[i] = valid_alu(after);
		else if (p < 65)
			b->insns[i] = insn(BPF_LDX | BPF_MEM | size, r1, base, off, 0);
		else if (p < 75)
			b->insns[i] = insn(BPF_STX | BPF_MEM | size, base, r1, off, 0);
		else if (p < 80)
			b->insns[i] = insn(BPF_ST | BPF_MEM | size, base, 0, off, imm);
		else if (p < 83 && b->mode == BODY_AFTER)
			b->insns[i] = insn(BPF_ALU64 | BPF_MOV | BPF_X, r1, r2,
					   BODY_ADDR_PERCPU, 0);
		else if (x)	/* JEQ..JSGT, forward within the body */
			b->insns[i] = insn(cls | op | BPF_X, r1, r2, to, 0);
		else
			b->insns[i] = insn(cls | op | BPF_K, r1, 0, to, imm);
	}
	/*
	 * the AFTER body with a VERIFY one's insns has a division by a
	 * register, or uses the stack, first thing after R0 is set: else these
	 * rules are reached only by chance, and a corpus or family added
	 * elsewhere moves the draws away
	 */
	if (b->mode == BODY_AFTER && !after && len > 1) {
		if (chance(60))
			b->insns[1] =
				insn((chance(50) ? BPF_ALU64 : BPF_ALU) |
				     (chance(50) ? BPF_DIV : BPF_MOD) | BPF_X, pick(6), pick(6), 0, 0);
		else
			b->insns[1] =
				insn(BPF_STX | BPF_MEM | BPF_DW, BPF_REG_10, pick(6), -8, 0);
	}
}

static void rnd_body(struct insn_fuzz_body *b)
{
	int i;

	memset(b, 0, sizeof(*b));
	b->proto = pick(INSN_FUZZ_MISSING);
	b->mode = chance(70) ? 0 : 1;
	b->len = 1 + pick(10);
	for (i = 0; i < b->len; i++)
		b->insns[i] = rnd_insn(i, b->len);
}

static void mutate_descriptor(struct insn_fuzz_body *b)
{
	static const __u8 natives[] = { 0, 1, 63, 64, 65, 128, 255 };
	static const __u32 helpers[] = {
		0, 1, 153, 154, __BPF_FUNC_MAX_ID - 1, __BPF_FUNC_MAX_ID,
		__BPF_FUNC_MAX_ID + 1, 0xffffffff,
	};
	static const __u16 lens[] = { 0, 1, 32, 33, 511, 512, 513, INSN_FUZZ_MAX_INSNS };
	int i;

	switch (pick(7)) {
	case 0:
		b->mode = chance(60) ? !b->mode : chance(50) ? 2 : (__u8)rnd();
		break;
	case 1:
		b->emit = !b->emit;
		break;
	case 2:
		b->max_native = chance(70) ? natives[pick(sizeof(natives))] : (__u8)rnd();
		break;
	case 3:
		b->verify_as = chance(80) ? helpers[pick(8)] : (__u32)rnd();
		break;
	case 4:
		b->proto = pick(INSN_FUZZ_NPROTOS);
		break;
	case 5:
		for (i = b->len; i < INSN_FUZZ_MAX_INSNS; i++)
			b->insns[i] = insn(BPF_ALU64 | BPF_MOV | BPF_X, 0, 1, 0, 0);
		b->len = lens[pick(sizeof(lens) / sizeof(lens[0]))];
		break;
	default:
		b->null_insns = 1;
	}
}

/* Insn @at moved up by one, and kept at @at too: 0 if @b is full. */
static int make_room(struct insn_fuzz_body *b, int at)
{
	if (b->len >= INSN_FUZZ_MAX_INSNS)
		return 0;
	memmove(&b->insns[at + 1], &b->insns[at], (b->len - at) * sizeof(b->insns[0]));
	b->len++;
	return 1;
}

static void mutate(struct insn_fuzz_body *b)
{
	struct bpf_insn *in, t;
	int at = b->len ? pick(b->len) : 0, j;

	in = &b->insns[at];
	switch (pick(12)) {
	case 0:			/* flip a bit */
		j = pick(64);
		if (j < 8)
			in->code ^= 1 << j;
		else if (j < 12)
			in->dst_reg ^= 1 << (j - 8);
		else if (j < 16)
			in->src_reg ^= 1 << (j - 12);
		else if (j < 32)
			in->off ^= 1 << (j - 16);
		else
			in->imm ^= 1u << (j - 32);
		break;
	case 1:
		in->code = codes[pick(sizeof(codes))];
		break;
	case 2:
		in->dst_reg = rnd_reg();
		break;
	case 3:
		in->src_reg = rnd_reg();
		break;
	case 4:
		in->off = rnd_off(at, b->len);
		break;
	case 5:
		in->imm = rnd_imm();
		break;
	case 6:			/* insert */
		if (make_room(b, at))
			*in = chance(50) ? rnd_insn(at, b->len) : valid_alu(b->mode == BODY_AFTER);
		break;
	case 7:			/* delete */
		if (b->len < 1)
			break;
		memmove(in, in + 1, (b->len - at - 1) * sizeof(*in));
		b->len--;
		break;
	case 8:			/* swap */
		j = b->len ? pick(b->len) : 0;
		t = *in;
		*in = b->insns[j];
		b->insns[j] = t;
		break;
	case 9:			/* duplicate */
		make_room(b, at);
		break;
	case 10:		/* truncate */
		b->len = b->len ? pick(b->len) + 1 : 0;
		break;
	default:
		mutate_descriptor(b);
	}
}

static void gen_body(struct insn_fuzz_body *b)
{
	int p = pick(100), n;

	if (p < 10) {
		*b = corpus[pick(ncorpus)];
		return;
	}
	if (p < 55) {
		*b = corpus[pick(ncorpus)];
		n = 1 + pick(3);
	} else if (p < 85) {
		build_valid(b);
		n = chance(40) ? 1 : 0;
	} else {
		rnd_body(b);
		n = 0;
	}
	while (n--)
		mutate(b);
}

static void gen_req(struct insn_fuzz_req *req)
{
	int i;

	memset(req, 0, sizeof(*req));
	req->nbodies = chance(85) ? 1 : 2 + pick(INSN_FUZZ_MAX_BODIES - 1);
	for (i = 0; i < req->nbodies; i++)
		gen_body(&req->body[i]);
	if (req->nbodies > 1 && chance(40))
		req->split = 1 + pick(req->nbodies - 1);
	if (req->nbodies > 1 && chance(30))	/* one kfunc twice */
		req->body[req->nbodies - 1].proto = req->body[0].proto;
	if (chance(4))
		req->flags = chance(50) ? BODY_NO_NATIVE : (__u32)rnd() | 2;
	if (chance(1))
		req->nbodies = req->split = 0;
}

/* ---- what registration must say ---- */

struct cause {
	int err;		/* -EINVAL, -ENOENT, -EEXIST; 0: registered */
	int body;		/* the body named, -1: no message */
	struct violation v;	/* for -EINVAL: the rule broken */
};

struct expect {
	int n;
	struct cause c[2 * (MAX_VIOL + 3)];
};

static void rbody_of(const struct insn_fuzz_body *f, struct rbody *b)
{
	static const int nargs[INSN_FUZZ_NPROTOS] = {
		[INSN_FUZZ_U64] = 5, [INSN_FUZZ_VOID] = 2, [INSN_FUZZ_K] = 2,
		[INSN_FUZZ_NOARGS] = 0, [INSN_FUZZ_PTR1] = 1, [INSN_FUZZ_PTR2] = 2,
		[INSN_FUZZ_MISSING] = 5,
	};

	b->ret_void = f->proto == INSN_FUZZ_VOID;
	b->ret_ptr = f->proto == INSN_FUZZ_PTR1 || f->proto == INSN_FUZZ_PTR2;
	b->nargs = f->proto < INSN_FUZZ_NPROTOS ? nargs[f->proto] : 5;
	b->mode = f->mode;
	b->emit = f->emit;
	b->max_native = f->max_native;
	b->null_insns = f->null_insns;
	b->verify_as = f->verify_as;
	b->len = f->len;
	b->insns = f->insns;
}

static void cause_add(struct expect *e, int err, int body, int rule, int idx, int reg)
{
	if (e->n < (int)(sizeof(e->c) / sizeof(e->c[0])))
		e->c[e->n++] = (struct cause){ err, body, { rule, reg, idx } };
}

/* The causes one body fails with, in registration @set (first body @from). */
static int body_causes(const struct insn_fuzz_req *req, int k, int from,
		       unsigned int registered, struct expect *e)
{
	const struct insn_fuzz_body *f = &req->body[k];
	struct verdict vd;
	struct rbody b;
	int i, n = e->n;

	if (f->proto == INSN_FUZZ_MISSING)
		cause_add(e, -ENOENT, k, RULE_NAME, 0, -1);
	rbody_of(f, &b);
	body_rules(&b, &vd);
	for (i = 0; i < vd.n; i++)
		cause_add(e, -EINVAL, k, vd.v[i].rule, vd.v[i].idx, vd.v[i].reg);
	if (f->proto != INSN_FUZZ_MISSING && (registered & 1u << f->proto))
		cause_add(e, -EEXIST, k, RULE_EXISTS, 0, -1);
	for (i = from; i < k; i++)
		if (req->body[i].proto == f->proto && f->proto != INSN_FUZZ_MISSING) {
			cause_add(e, -EEXIST, k, RULE_DUP, 0, -1);
			break;
		}
	return e->n > n;
}

/*
 * The outcomes registration may have.  Which of several bad bodies the
 * kernel names first, and which of a body's faults, is the kernel's
 * choice: the first bad body in order, any of its faults.
 */
static void expect_req(const struct insn_fuzz_req *req, struct expect *e)
{
	int set, k, from = 0, to;
	unsigned int registered = 0;

	if ((req->flags & ~BODY_NO_NATIVE) || !req->nbodies) {
		cause_add(e, -EINVAL, -1, RULE_FLAGS, 0, -1);
		return;
	}
	for (set = 0; set < (req->split ? 2 : 1); set++) {
		to = req->split && !set ? req->split : req->nbodies;
		for (k = from; k < to; k++)
			if (body_causes(req, k, from, registered, e))
				return;
		for (k = from; k < to; k++)
			registered |= 1u << req->body[k].proto;
		from = to;
	}
	cause_add(e, 0, -1, RULE_NONE, 0, -1);
}

/* ---- asking the kernel ---- */

struct kernel_says {
	int err;
	int nmsg;
	char msg[4][200];	/* "bpf: kfunc ..." lines, "bpf: " dropped */
};

static void read_kmsg(struct kernel_says *k)
{
	char rec[2048];
	ssize_t n;

	for (;;) {
		char *text, *end;

		n = read(kmsg_fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;		/* overwritten records: go on */
		if (n <= 0)
			return;
		rec[n] = 0;
		text = strchr(rec, ';');
		if (!text || strncmp(text + 1, "bpf: kfunc ", 11))
			continue;
		text += 6;
		end = strchr(text, '\n');
		if (end)
			*end = 0;
		if (k->nmsg < 4)
			snprintf(k->msg[k->nmsg], sizeof(k->msg[0]), "%s", text);
		k->nmsg++;
	}
}

static void ask_kernel(const struct insn_fuzz_req *req, struct kernel_says *k)
{
	memset(k, 0, sizeof(*k));
	if (write(dev_fd, req, sizeof(*req)) < 0)
		k->err = -errno;
	read_kmsg(k);
}

/* Does the kernel's answer fit cause @c? */
static int fits(const struct insn_fuzz_req *req, const struct cause *c,
		const struct kernel_says *k)
{
	char want[200], text[144];	/* viol_text(): "insn N: " and up to 119 */
	const char *name = c->body >= 0 ? kfunc_name[req->body[c->body].proto] : "";

	if (c->err != k->err)
		return 0;
	if (c->body < 0)
		return k->nmsg == 0;
	if (k->nmsg != 1)
		return 0;
	switch (c->v.rule) {
	case RULE_NAME:
		snprintf(want, sizeof(want), "kfunc %s: no such kernel function in BTF", name);
		break;
	case RULE_EXISTS:
	case RULE_DUP:
		snprintf(want, sizeof(want), "kfunc %s already has a body", name);
		break;
	default:
		viol_text(&c->v, text, sizeof(text));
		snprintf(want, sizeof(want), "kfunc %s: body %s", name, text);
	}
	return !strcmp(k->msg[0], want);
}

/* ---- reporting ---- */

static void fmt_body(char *buf, size_t n, const struct insn_fuzz_body *b)
{
	size_t at;
	int i;

	at = snprintf(buf, n, "%s mode=%u emit=%u/%u verify_as=%u len=%u%s [",
		      proto_name[b->proto < INSN_FUZZ_NPROTOS ? b->proto : 0], b->mode,
		      b->emit, b->max_native, b->verify_as, b->len,
		      b->null_insns ? " insns=NULL" : "");
	for (i = 0; i < b->len && i < INSN_FUZZ_MAX_INSNS && at < n; i++)
		at += snprintf(buf + at, n - at, "%s%02x:%u:%u:%d:%d", i ? " " : "",
			       b->insns[i].code, b->insns[i].dst_reg, b->insns[i].src_reg,
			       b->insns[i].off, b->insns[i].imm);
	if (at < n)
		snprintf(buf + at, n - at, "]");
}

static void fmt_req(char *buf, size_t n, const struct insn_fuzz_req *req)
{
	size_t at = snprintf(buf, n, "flags=%#x split=%u", req->flags, req->split);
	int i;

	for (i = 0; i < req->nbodies && at < n; i++) {
		at += snprintf(buf + at, n - at, " body%d: ", i);
		if (at < n)
			fmt_body(buf + at, n - at, &req->body[i]);
		at += strlen(buf + at);
	}
}

static void fmt_expect(char *buf, size_t n, const struct insn_fuzz_req *req,
		       const struct expect *e)
{
	size_t at = 0;
	char text[144];	/* viol_text(): "insn N: " and up to 119 */
	int i;

	buf[0] = 0;
	for (i = 0; i < e->n && at < n; i++) {
		const struct cause *c = &e->c[i];

		if (c->v.rule == RULE_NONE || c->v.rule >= RULE_NAME)
			snprintf(text, sizeof(text), "%s", rule_name[c->v.rule]);
		else
			viol_text(&c->v, text, sizeof(text));
		at += snprintf(buf + at, n - at, "%s%d %s%s%s", i ? " | " : "", c->err,
			       c->body >= 0 ? kfunc_name[req->body[c->body].proto] : "",
			       c->body >= 0 ? ": " : "", text);
	}
}

static unsigned long hits[NR_RULES];		/* the kernel refused for it */
static unsigned long gap_open[NR_RULES];	/* the kernel let it through again */
static char gap_first[NR_RULES][1024];
static unsigned long requests, bodies, accepted, refused, mismatches;
static unsigned long malformed_open[256];	/* by opcode */
static unsigned long malformed_after;		/* in AFTER bodies */

/* note the opcodes of the malformed instructions the kernel registered */
static void note_malformed(const struct insn_fuzz_req *req)
{
	struct insn_shape s;
	int i, j;

	for (i = 0; i < req->nbodies; i++)
		for (j = 0; j < req->body[i].len && j < BODY_MAX_INSNS; j++) {
			const struct bpf_insn *in = &req->body[i].insns[j];

			insn_shape(in, j, req->body[i].mode == BODY_AFTER, &s);
			malformed_open[in->code] += s.malformed;
			malformed_after += s.malformed && req->body[i].mode == BODY_AFTER;
		}
}

/* Registered, though a rule the kernel once did not enforce refuses it. */
static void note_gap(const struct insn_fuzz_req *req, const struct expect *e)
{
	int j, r;

	for (j = 0; j < e->n; j++) {
		r = e->c[j].v.rule;
		if (!rule_was_gap(r) || (j && e->c[j - 1].v.rule == r))
			continue;
		if (!gap_open[r]++)
			fmt_req(gap_first[r], sizeof(gap_first[0]), req);
		if (r == RULE_ENCODING)
			note_malformed(req);
	}
}

/* one request: returns 1 on a mismatch */
static int check_req(const struct insn_fuzz_req *req, int show)
{
	struct expect e = { 0 };
	struct kernel_says k;
	char what[2048], want[2048];
	int i;

	expect_req(req, &e);
	ask_kernel(req, &k);
	requests++;
	bodies += req->nbodies;
	k.err ? refused++ : accepted++;
	for (i = 0; i < e.n; i++) {
		if (!fits(req, &e.c[i], &k))
			continue;
		hits[e.c[i].v.rule]++;
		return 0;
	}
	mismatches++;
	if (!k.err)
		note_gap(req, &e);
	if (show) {
		fmt_req(what, sizeof(what), req);
		fmt_expect(want, sizeof(want), req, &e);
		printf("# mismatch: %s\n#   kernel: %d, %d messages: %s\n#   oracle: %s\n",
		       what, k.err, k.nmsg, k.nmsg ? k.msg[0] : "", want);
	}
	return 1;
}

static unsigned int taint(void)
{
	unsigned int t = 0;
	FILE *f = fopen("/proc/sys/kernel/tainted", "r");

	if (f) {
		if (fscanf(f, "%u", &t) != 1)
			t = 0;
		fclose(f);
	}
	return t;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* every corpus body is valid by the oracle, and registers */
static int test_corpus(void)
{
	struct insn_fuzz_req req = { .nbodies = 1 };
	struct kernel_says k;
	struct verdict vd;
	struct rbody b;
	int i, bad = 0;

	for (i = 0; i < ncorpus; i++) {
		req.body[0] = corpus[i];
		rbody_of(&corpus[i], &b);
		ask_kernel(&req, &k);
		if (body_rules(&b, &vd))
			printf("TEST fuzzbody.corpus.%s FAIL the oracle refuses it: %s at insn %u\n",
			       corpus_file[i], rule_name[vd.v[0].rule], vd.v[0].idx);
		else if (k.err)
			printf("TEST fuzzbody.corpus.%s FAIL the kernel refuses it: %d %s\n",
			       corpus_file[i], k.err, k.nmsg ? k.msg[0] : "");
		bad += vd.n || k.err;
	}
	if (!bad)
		printf("TEST fuzzbody.corpus PASS %d valid bodies registered\n", ncorpus);
	return bad;
}

static int usage(void)
{
	fprintf(stderr, "usage: fuzz_body [-n REQUESTS] [-t SECONDS] [-s SEED] CORPUS_DIR\n");
	return 2;
}

int fuzz_body_main(int argc, char **argv)
{
	static const int need[] = {
		RULE_NONE, RULE_LEN, RULE_MODE, RULE_MAX_NATIVE, RULE_VERIFY_AS,
		RULE_VERIFY_AS_FIT, RULE_UNREACHABLE, RULE_IMM64, RULE_CALL, RULE_EXIT,
		RULE_NOT_ALLOWED,
		RULE_READS, RULE_WRITES, RULE_UNINIT, RULE_BACKWARD, RULE_LEAVES,
		RULE_R10, RULE_ENCODING, RULE_STACK, RULE_AFTER_DIV,
		RULE_R0, RULE_NAME, RULE_EXISTS, RULE_DUP, RULE_FLAGS,
	};
	unsigned long max = 2000, shown = 0;
	double limit = 0, start;
	unsigned int taint0;
	char missing[512] = "";
	int opt, fails = 0;
	size_t i;

	while ((opt = getopt(argc, argv, "n:t:s:")) != -1) {
		switch (opt) {
		case 'n':
			max = strtoul(optarg, NULL, 0);
			break;
		case 't':
			limit = atof(optarg);
			break;
		case 's':
			rng = strtoull(optarg, NULL, 0) | 1;
			break;
		default:
			return usage();
		}
	}
	if (optind + 1 != argc)
		return usage();
	printf("# fuzz_body: seed %#llx\n", (unsigned long long)rng);
	if (load_corpus(argv[optind])) {
		printf("TEST fuzzbody.corpus FAIL cannot read a corpus in %s\n", argv[optind]);
		return 1;
	}
	dev_fd = open("/dev/insn_fuzz_body", O_WRONLY);
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (dev_fd < 0 || kmsg_fd < 0) {
		printf("TEST fuzzbody FAIL cannot open /dev/insn_fuzz_body or /dev/kmsg: %s\n",
		       strerror(errno));
		return 1;
	}
	lseek(kmsg_fd, 0, SEEK_END);
	taint0 = taint();

	fails += test_corpus();

	start = now();
	while (requests < max && (!limit || now() - start < limit)) {
		struct insn_fuzz_req req;

		gen_req(&req);
		shown += check_req(&req, shown < SHOW_MISMATCH);
	}
	printf("TEST fuzzbody.random %s %lu requests, %lu bodies: %lu registered, %lu refused, "
	       "%lu mismatches\n", mismatches ? "FAIL" : "PASS", requests, bodies, accepted,
	       refused, mismatches);
	fails += !!mismatches;

	for (i = 0; i < sizeof(need) / sizeof(need[0]); i++)
		if (!hits[need[i]])
			snprintf(missing + strlen(missing), sizeof(missing) - strlen(missing),
				 " %s", rule_name[need[i]]);
	printf("TEST fuzzbody.rules %s", missing[0] ? "FAIL never reached:" : "PASS");
	for (i = 0; !missing[0] && i < NR_RULES; i++)
		if (hits[i])
			printf(" %s=%lu", rule_name[i], hits[i]);
	printf("%s\n", missing);
	fails += !!missing[0];

	/* a rule the kernel once let bodies through: now each is a failure */
	for (i = 0; i < NR_RULES; i++) {
		if (!rule_was_gap(i))
			continue;
		if (gap_open[i]) {
			/* fmt_req() left it terminated, in its 1024 bytes */
			printf("TEST fuzzbody.gap.%s FAIL not enforced: %lu requests registered; "
			       "first: %s\n", rule_name[i], gap_open[i], gap_first[i]);
		} else {
			printf("TEST fuzzbody.gap.%s %s %lu requests refused for it\n", rule_name[i],
			       hits[i] ? "PASS" : "FAIL", hits[i]);
		}
		fails += gap_open[i] || !hits[i];
	}

	if (gap_open[RULE_ENCODING]) {
		printf("STAT fuzzbody.malformed_registered after_bodies=%lu", malformed_after);
		for (i = 0; i < 256; i++)
			if (malformed_open[i])
				printf(" %#04zx=%lu", i, malformed_open[i]);
		printf("\n");
	}
	printf("TEST fuzzbody.no_warn %s tainted %#x before, %#x after\n",
	       (taint() & ~taint0 & TAINT_BAD) ? "FAIL" : "PASS", taint0, taint());
	fails += !!(taint() & ~taint0 & TAINT_BAD);
	printf("STAT fuzzbody requests=%lu bodies=%lu registered=%lu refused=%lu "
	       "mismatches=%lu seconds=%.1f\n", requests, bodies, accepted, refused,
	       mismatches, now() - start);
	return fails ? 1 : 0;
}
