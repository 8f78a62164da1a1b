// SPDX-License-Identifier: GPL-2.0
/*
 * The CRC32C family: the four steps (crc32c_all), every aliasing of the
 * result and the operands (crc32c_alias), a loop of 64-bit steps and the
 * CRC32C of a 64-byte buffer as the kfunc, the bit-at-a-time C idiom and
 * the portable wrapper, a check value the verifier must compute through
 * the bodies (crc32c_known), and one-call programs for the verifier's
 * instruction count (cost_*).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "crc32c.h"

SEC("syscall")
int crc32c_all(struct cc_ctx *c)
{
	c->r[0] = bpf_insn_crc32c_u8(c->crc, c->v);
	c->r[1] = bpf_insn_crc32c_u16(c->crc, c->v);
	c->r[2] = bpf_insn_crc32c_u32(c->crc, c->v);
	c->r[3] = bpf_insn_crc32c_u64(c->crc, c->v);
	return 0;
}

/*
 * In assembly, so that binding sees exactly these moves around the calls:
 * r7 and r8 hold crc and v (the whole 64 bits: the kfuncs read only their
 * arguments' width), reloaded after a result lands in one of them.
 * CC_CALL(i, args, res): alias[i] is the result moved to res.
 */
#define CC_CALL(i, args, res, kfunc)					\
	args "call %[" kfunc "];"					\
	res " = r0;"							\
	"*(u64 *)(r6 + 48 + (" #i ") * 8) = " res ";"			\
	"r7 = *(u64 *)(r6 + 0);"					\
	"r8 = *(u64 *)(r6 + 8);"

/* the cases of CC_ALIAS; in place (5), the result stays in R0 */
#define CC_CALLS(base, kfunc)						\
	CC_CALL(base + 0, "r1 = r7; r2 = r8;", "r7", kfunc)		\
	CC_CALL(base + 1, "r1 = r7; r2 = r8;", "r8", kfunc)		\
	CC_CALL(base + 2, "r1 = r7; r2 = r7;", "r7", kfunc)		\
	CC_CALL(base + 3, "r1 = r7; r2 = r7;", "r9", kfunc)		\
	CC_CALL(base + 4, "r1 = r8; r2 = r7;", "r9", kfunc)		\
	"r1 = *(u64 *)(r6 + 0); r2 = *(u64 *)(r6 + 8);"			\
	"call %[" kfunc "];"						\
	"*(u64 *)(r6 + 48 + (" #base " + 5) * 8) = r0;"

SEC("syscall")
__attribute__((naked)) int crc32c_alias(void)
{
	asm volatile (
	"r6 = r1;"
	"r7 = *(u64 *)(r6 + 0);"
	"r8 = *(u64 *)(r6 + 8);"
	CC_CALLS(0, "bpf_insn_crc32c_u8")
	CC_CALLS(6, "bpf_insn_crc32c_u16")
	CC_CALLS(12, "bpf_insn_crc32c_u32")
	CC_CALLS(18, "bpf_insn_crc32c_u64")
	"r0 = 0;"
	"exit;"
	:
	: [bpf_insn_crc32c_u8] "i"(bpf_insn_crc32c_u8),
	  [bpf_insn_crc32c_u16] "i"(bpf_insn_crc32c_u16),
	  [bpf_insn_crc32c_u32] "i"(bpf_insn_crc32c_u32),
	  [bpf_insn_crc32c_u64] "i"(bpf_insn_crc32c_u64)
	: "memory");
}

static __always_inline __u32 cc_idiom_u64(__u32 crc, __u64 v)
{
	return __insn_crc32c(crc, v, 64);
}

/* x and n from the packet, so nothing folds at compile time */
#define CC_LOOP(name, step)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct cc_pkt *p = (void *)(long)ctx->data;			\
	u64 x;								\
	u32 i;								\
									\
	if ((void *)(p + 1) > (void *)(long)ctx->data_end)		\
		return XDP_DROP;					\
	x = p->x;							\
	for (i = 0; i < p->n && i < CC_LOOP_MAX; i++)			\
		x = x * CC_MUL ^ step((u32)x, x);			\
	p->x = x;							\
	return XDP_PASS;						\
}

CC_LOOP(crc32c_loop, bpf_insn_crc32c_u64)
CC_LOOP(crc32c_idiom, cc_idiom_u64)
CC_LOOP(crc32c_wrapper, insn_crc32c_u64)

/* the CRC32C of the packet's first CC_BUF bytes, a 64-bit word at a time */
#define CC_BUFPROG(name, step)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct cc_bpkt *p = (void *)(long)ctx->data;			\
	u32 crc = ~0u;							\
	int i;								\
									\
	if ((void *)(p + 1) > (void *)(long)ctx->data_end)		\
		return XDP_DROP;					\
	for (i = 0; i < CC_BUF / 8; i++)				\
		crc = step(crc, p->w[i]);				\
	p->crc = ~crc;							\
	return XDP_PASS;						\
}

CC_BUFPROG(crc32c_buf, bpf_insn_crc32c_u64)
CC_BUFPROG(crc32c_buf_idiom, cc_idiom_u64)

/*
 * "123456789" a step of each width: 4 + 2 + 1 bytes, then the 9th in the
 * 64-bit step's low byte would not do, so: u32 "1234", u16 "56", u8 "7",
 * u8 "8", u8 "9".  The verifier knows the result only through the
 * bodies: with plain calls it must follow the store through R0, a
 * scalar, and refuses the program.
 */
SEC("syscall")
int crc32c_known(void *ctx)
{
	u32 crc = ~0u;

	crc = bpf_insn_crc32c_u32(crc, 0x34333231);
	crc = bpf_insn_crc32c_u16(crc, 0x3635);
	crc = bpf_insn_crc32c_u8(crc, 0x37);
	crc = bpf_insn_crc32c_u8(crc, 0x38);
	crc = bpf_insn_crc32c_u8(crc, 0x39);
	if (~crc != CC_CHECK)
		/* a store through a scalar: refused wherever it is reachable */
		*(volatile u64 *)(unsigned long)crc = 1;
	/* and the 64-bit step, of "12345678" then "9" */
	crc = bpf_insn_crc32c_u64(~0u, 0x3837363534333231ull);
	crc = bpf_insn_crc32c_u8(crc, 0x39);
	if (~crc != CC_CHECK)
		*(volatile u64 *)(unsigned long)crc = 2;
	return 0;
}

SEC("syscall")
int cost_none(struct cc_cctx *c)
{
	c->out = c->crc ^ c->v;
	return 0;
}

#define CC_COST(op)							\
SEC("syscall")								\
int cost_##op(struct cc_cctx *c)					\
{									\
	c->out = bpf_insn_##op(c->crc, c->v);				\
	return 0;							\
}
CC_COST(crc32c_u8)
CC_COST(crc32c_u16)
CC_COST(crc32c_u32)
CC_COST(crc32c_u64)

char LICENSE[] SEC("license") = "GPL";
