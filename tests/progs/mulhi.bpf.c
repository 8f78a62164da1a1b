// SPDX-License-Identifier: GPL-2.0
/*
 * The wide multiply family: the three kfuncs (mulhi_all), every aliasing
 * of the result and the operands (mulhi_alias), a loop of a wyhash-style
 * mix as the kfunc, the plain C idiom and the portable wrapper, with
 * mulhi64 and with mulfold64, and one-call programs for the verifier's
 * instruction count (cost_*).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "mulhi.h"

SEC("syscall")
int mulhi_all(struct mh_ctx *c)
{
	c->r[0] = bpf_insn_mulhi64(c->a, c->b);
	c->r[1] = bpf_insn_smulhi64(c->a, c->b);
	c->r[2] = bpf_insn_mulfold64(c->a, c->b);
	return 0;
}

/*
 * In assembly, so that binding sees exactly these moves around the calls:
 * r7 and r8 hold a and b, reloaded after a result lands in one of them.
 * MH_CALL(i, args, res): alias[i] is the result moved to res.
 */
#define MH_ALIAS_OFF "40"
_Static_assert(__builtin_offsetof(struct mh_ctx, alias) == 40, "MH_ALIAS_OFF");
#define MH_CALL(i, args, res, kfunc)					\
	args "call %[" kfunc "];"					\
	res " = r0;"							\
	"*(u64 *)(r6 + " MH_ALIAS_OFF " + (" #i ") * 8) = " res ";"	\
	"r7 = *(u64 *)(r6 + 0);"					\
	"r8 = *(u64 *)(r6 + 8);"

/* the cases of MH_ALIAS; in place (5), the result stays in R0 */
#define MH_CALLS(base, kfunc)						\
	MH_CALL(base + 0, "r1 = r7; r2 = r8;", "r7", kfunc)		\
	MH_CALL(base + 1, "r1 = r7; r2 = r8;", "r8", kfunc)		\
	MH_CALL(base + 2, "r1 = r7; r2 = r7;", "r7", kfunc)		\
	MH_CALL(base + 3, "r1 = r7; r2 = r7;", "r9", kfunc)		\
	MH_CALL(base + 4, "r1 = r8; r2 = r7;", "r9", kfunc)		\
	"r1 = *(u64 *)(r6 + 0); r2 = *(u64 *)(r6 + 8);"			\
	"call %[" kfunc "];"						\
	"*(u64 *)(r6 + " MH_ALIAS_OFF " + (" #base " + 5) * 8) = r0;"	\
	MH_CALL(base + 6, "r3 = r7; r1 = r3; r2 = r8;", "r3", kfunc)	\
	MH_CALL(base + 7, "r3 = r8; r1 = r7; r2 = r3;", "r9", kfunc)

SEC("syscall")
__attribute__((naked)) int mulhi_alias(void)
{
	asm volatile (
	"r6 = r1;"
	"r7 = *(u64 *)(r6 + 0);"
	"r8 = *(u64 *)(r6 + 8);"
	MH_CALLS(0, "bpf_insn_mulhi64")
	MH_CALLS(8, "bpf_insn_smulhi64")
	MH_CALLS(16, "bpf_insn_mulfold64")
	"r0 = 0;"
	"exit;"
	:
	: [bpf_insn_mulhi64] "i"(bpf_insn_mulhi64),
	  [bpf_insn_smulhi64] "i"(bpf_insn_smulhi64),
	  [bpf_insn_mulfold64] "i"(bpf_insn_mulfold64)
	: "memory");
}

/*
 * x and n from the packet, so nothing folds at compile time; MIX(x) is
 * the step after x ^= MH_P0
 */
#define MH_LOOP(name, MIX)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct mh_pkt *p = (void *)(long)ctx->data;			\
	u64 x;								\
	u32 i;								\
									\
	if ((void *)(p + 1) > (void *)(long)ctx->data_end)		\
		return XDP_DROP;					\
	x = p->x;							\
	for (i = 0; i < p->n && i < MH_LOOP_MAX; i++) {			\
		x ^= MH_P0;						\
		x = MIX(x);						\
	}								\
	p->x = x;							\
	return XDP_PASS;						\
}

#define MIX_HI(hi, x) ((x) * MH_P1 ^ hi(x, MH_P1))
#define MIX_KFUNC(x) MIX_HI(bpf_insn_mulhi64, x)
#define MIX_IDIOM(x) MIX_HI(__insn_mulhi64, x)
#define MIX_WRAPPER(x) MIX_HI(insn_mulhi64, x)
#define FOLD_KFUNC(x) bpf_insn_mulfold64(x, MH_P1)
#define FOLD_IDIOM(x) __insn_mulfold64(x, MH_P1)
#define FOLD_WRAPPER(x) insn_mulfold64(x, MH_P1)

MH_LOOP(mulhi_loop, MIX_KFUNC)
MH_LOOP(mulhi_idiom, MIX_IDIOM)
MH_LOOP(mulhi_wrapper, MIX_WRAPPER)
MH_LOOP(mulfold_loop, FOLD_KFUNC)
MH_LOOP(mulfold_idiom, FOLD_IDIOM)
MH_LOOP(mulfold_wrapper, FOLD_WRAPPER)

SEC("syscall")
int cost_none(struct mh_cctx *c)
{
	c->out = c->a ^ c->b;
	return 0;
}

SEC("syscall")
int cost_mulhi64(struct mh_cctx *c)
{
	c->out = bpf_insn_mulhi64(c->a, c->b);
	return 0;
}

SEC("syscall")
int cost_smulhi64(struct mh_cctx *c)
{
	c->out = bpf_insn_smulhi64(c->a, c->b);
	return 0;
}

SEC("syscall")
int cost_mulfold64(struct mh_cctx *c)
{
	c->out = bpf_insn_mulfold64(c->a, c->b);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
