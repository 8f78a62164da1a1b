// SPDX-License-Identifier: GPL-2.0
/*
 * The select family: every aliasing of result and operands (select_all),
 * verifier knowledge of the result (select_pkt), and a loop of Collatz steps
 * as the kfunc, the plain C idiom and the portable wrapper.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "select.h"

/*
 * In assembly, so that the moves around each call are exactly the ones
 * operand binding folds: r7, r8, r9 hold c, a, b; a result moved into one
 * of them is stored and the operand reloaded.
 */
#define SEL_CALL(c, a, b, res, i, reload)				\
	"r1 = " c "; r2 = " a "; r3 = " b ";"				\
	"call %[bpf_insn_select64];"					\
	res " = r0;"							\
	"*(u64 *)(r6 + " #i " * 8 + 24) = " res ";"			\
	reload

SEC("syscall")
__attribute__((naked)) int select_all(void)
{
	asm volatile (
	"r6 = r1;"
	"r7 = *(u64 *)(r6 + 0);"
	"r8 = *(u64 *)(r6 + 8);"
	"r9 = *(u64 *)(r6 + 16);"
	"r1 = r7; r2 = r8; r3 = r9;"
	"call %[bpf_insn_select64];"
	"*(u64 *)(r6 + 24) = r0;"
	SEL_CALL("r7", "r8", "r9", "r8", 1, "r8 = *(u64 *)(r6 + 8);")
	SEL_CALL("r7", "r8", "r9", "r9", 2, "r9 = *(u64 *)(r6 + 16);")
	SEL_CALL("r7", "r8", "r9", "r7", 3, "r7 = *(u64 *)(r6 + 0);")
	SEL_CALL("r7", "r7", "r9", "r7", 4, "r7 = *(u64 *)(r6 + 0);")
	SEL_CALL("r7", "r9", "r9", "r9", 5, "r9 = *(u64 *)(r6 + 16);")
	SEL_CALL("r7", "r7", "r7", "r7", 6, "")
	"r1 = *(u64 *)(r6 + 0);"
	"r2 = *(u64 *)(r6 + 8);"
	"r3 = *(u64 *)(r6 + 16);"
	"call %[bpf_insn_select64];"
	"*(u64 *)(r6 + 80) = r0;"
	"r0 = 0;"
	"exit;"
	:
	: [bpf_insn_select64] "i"(bpf_insn_select64)
	: "memory");
}

/*
 * Loads only because the verifier knows off is 4 or 8: the one bounds
 * check covers data + 8 + 4.  As a plain call off is any scalar.
 */
SEC("xdp")
int select_pkt(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	struct sel_kpkt *p = data;
	u64 off;

	if (data + 12 > (void *)(long)ctx->data_end)
		return XDP_DROP;
	off = bpf_insn_select64(p->c, 4, 8);
	p->c = *(u32 *)(data + off);
	return XDP_PASS;
}

/* x and n from the packet, so nothing folds at compile time */
#define SEL_LOOP(name, expr)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct sel_pkt *p = (void *)(long)ctx->data;			\
	u64 x;								\
	u32 i;								\
									\
	if ((void *)(p + 1) > (void *)(long)ctx->data_end)		\
		return XDP_DROP;					\
	x = p->x;							\
	for (i = 0; i < p->n && i < SEL_LOOP_MAX; i++)			\
		x = expr;						\
	p->x = x;							\
	return XDP_PASS;						\
}

SEL_LOOP(select_loop, bpf_insn_select64(x & 1, 3 * x + 1, x >> 1))
SEL_LOOP(select_idiom, x & 1 ? 3 * x + 1 : x >> 1)
SEL_LOOP(select_wrapper, insn_select64(x & 1, 3 * x + 1, x >> 1))

char LICENSE[] SEC("license") = "GPL";
