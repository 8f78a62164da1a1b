// SPDX-License-Identifier: GPL-2.0
/*
 * The address arithmetic family: every (shift, disp) case of lea.h
 * (lea_all), the result register bound to each operand's and to another,
 * and base and index in one register (lea_alias), verifier knowledge of
 * the result's range (lea_map), and a loop as the kfunc, the plain C idiom
 * and the portable wrapper.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "lea.h"

#define LEA(i, shift, disp)	c->r[i] = bpf_insn_lea64(c->base, c->index, shift, (u32)(disp));

SEC("syscall")
int lea_all(struct lea_ctx *c)
{
	LEA_CASES(LEA)
	return 0;
}

#define STR_(x) #x
#define STR(x) STR_(x)
/* w4: a 32-bit move zero-extends; r4 = -1 would be a 64-bit constant */
#define LEA_ARGS(n) "r3 = " STR(LEA_ALIAS_SHIFT##n) "; w4 = " STR(LEA_ALIAS_DISP##n) ";"

/* assembly, so that binding sees exactly these moves around the calls */
SEC("syscall")
__attribute__((naked)) int lea_alias(void)
{
	asm volatile (
	"r6 = r1;"
	"r7 = *(u64 *)(r6 + 0);"
	"r8 = *(u64 *)(r6 + 8);"
	"r1 = r7; r2 = r8;" LEA_ARGS(0)
	"call %[bpf_insn_lea64];"
	"r7 = r0;"				/* into base's register */
	"*(u64 *)(r6 + 144) = r7;"
	"r7 = *(u64 *)(r6 + 0);"
	"r1 = r7; r2 = r8;" LEA_ARGS(1)
	"call %[bpf_insn_lea64];"
	"r8 = r0;"				/* into index's register */
	"*(u64 *)(r6 + 152) = r8;"
	"r1 = r7; r2 = r7;" LEA_ARGS(2)
	"call %[bpf_insn_lea64];"
	"r7 = r0;"				/* base, index and result */
	"*(u64 *)(r6 + 160) = r7;"
	"r7 = *(u64 *)(r6 + 0);"
	"r8 = *(u64 *)(r6 + 8);"
	"r1 = r7; r2 = r8;" LEA_ARGS(3)
	"call %[bpf_insn_lea64];"
	"r9 = r0;"				/* another register */
	"*(u64 *)(r6 + 168) = r9;"
	"*(u64 *)(r6 + 0) = r7;"		/* r7 and r8 survive */
	"*(u64 *)(r6 + 8) = r8;"
	"r0 = 0;"
	"exit;"
	:
	: [bpf_insn_lea64] "i"(bpf_insn_lea64)
	: "memory");
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct lea_table);
} lea_map SEC(".maps");

/*
 * Loads only because the verifier knows the offset is 8 to 64: no bounds
 * check of its own.  As a plain call the offset is any scalar.
 */
SEC("syscall")
int lea_map_read(struct lea_kctx *c)
{
	u32 key = 0;
	struct lea_table *t = bpf_map_lookup_elem(&lea_map, &key);

	if (!t)
		return 1;
	c->out = *(u64 *)((void *)t + bpf_insn_lea64(0, c->x & 7, 3, LEA_KDISP));
	return 0;
}

/* x and n from the packet, so nothing folds at compile time */
#define LEA_LOOP(name, expr)						\
SEC("xdp")								\
int name(struct xdp_md *ctx)						\
{									\
	struct lea_pkt *p = (void *)(long)ctx->data;			\
	u64 x;								\
	u32 i;								\
									\
	if ((void *)(p + 1) > (void *)(long)ctx->data_end)		\
		return XDP_DROP;					\
	x = p->x;							\
	for (i = 0; i < p->n && i < LEA_LOOP_MAX; i++)			\
		x = (expr);						\
	p->x = x;							\
	return XDP_PASS;						\
}

LEA_LOOP(lea_loop, bpf_insn_lea64(x, x >> LEA_LOOP_RSH, LEA_LOOP_SHIFT, (u32)LEA_LOOP_DISP))
LEA_LOOP(lea_idiom, x + ((x >> LEA_LOOP_RSH) << LEA_LOOP_SHIFT) + LEA_LOOP_DISP)
LEA_LOOP(lea_wrapper, insn_lea64(x, x >> LEA_LOOP_RSH, LEA_LOOP_SHIFT, LEA_LOOP_DISP))

char LICENSE[] SEC("license") = "GPL";
