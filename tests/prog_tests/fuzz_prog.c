// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader: random programs around calls of the scalar kfuncs, run in
 * every mode and compared with a model of the program.
 *
 * usage: fuzz_prog run N SEED   N programs from SEED, each loaded with
 *                                native code, bodies (native=0), copies
 *                                (native=copy), constant blinding, the
 *                                interpreter (where the kernel has one)
 *                                and as plain calls (bodies=0), each run
 *                                on FP_INPUTS packets; every output must
 *                                be the model's
 *
 * The kfuncs: the scalar ones, bpf_insn_cpu_id() (verified as the helper,
 * its body patched in after; the loader runs on the last CPU so that it
 * returns other than 0), bextr, lea, and the big-endian loads and stores
 * on the packet and the stack.
 *
 * The calls come as compilers and people write them: arguments moved,
 * 32-bit moved, loaded from the stack or set as constants in any order,
 * other work between those moves and the call, bpf_fastcall saves of
 * R1-R5 around it (some broken, some slots read elsewhere), the result
 * moved or 32-bit moved, zero-extended by shifts; forward branches land
 * anywhere, inside those sequences too.  So operand binding, the removal
 * of bpf_fastcall saves and of zero-extensions, and every emitter see
 * their inputs from every register, and must keep what the program
 * computes.  The model runs the program in user space, with the kfuncs in
 * C.  A mismatch prints the program; "fuzz_prog run 1 SEED" with the seed
 * it names rebuilds it.
 *
 * Bounded loops (a counter on the stack, two or three rounds) take calls
 * round again with other values, past the verifier's state pruning at the
 * loop's head and at the branches inside it.  Half the programs index
 * the stack by a register, a byte at a time, as a program indexes a table
 * by a count: by a value the generator bounds (a count, a field of bextr,
 * a lea or select of bounded values, a mask, a byte), so that the byte is
 * in the frame, and written, on every path; the verifier must know so
 * through the bodies (it refuses the program otherwise), and with plain
 * calls refuses an index by a kfunc's result.  The indexed bytes take in
 * the bpf_fastcall slots too, which the kernel must then keep.
 *
 * Two programs in five have subprograms (up to FP_NSUB, after the main
 * program's exit), written as the main program is, in their own frames:
 * each takes the packet pointer and one to three scalars, and returns its
 * registers and slots folded into R0.  The main program calls any of them,
 * a subprogram those after it, inside loops too, so bodies and native
 * code are placed, bound and checked per subprogram, the verifier follows
 * a bound into a callee, and the JIT splits the sites among the images.
 * Half the subprograms are given their caller's SPTR too, and load and
 * store the caller's general and bpf_fastcall slots through it (at
 * constant and variable offsets, and as the big-endian kfuncs' stack):
 * the verifier must keep a caller's saves a callee may read.
 *
 * Per-CPU pointers: bpf_insn_per_cpu_ptr() of the runqueues on a CPU of
 * any form (past the CPUs, a register's upper half set) beside
 * bpf_insn_this_cpu_ptr(), compared, what they gave seen.
 *
 * Most programs have bpf_for() loops too: the kernel's numeric iterator,
 * whose three kfuncs the module gives bodies patched in after the
 * analysis (next() in native code), on bounds of every form and edge,
 * with calls, branches, subprogram calls inside.  The verifier must find
 * the rounds converge at next(), so a round reads only what it wrote;
 * what new() returned is kept, sign- or zero-extended, where the end
 * reads it.  Loops nest once: a bounded loop inside a bpf_for() body, or
 * a bpf_for() inside a bounded loop or another bpf_for() body, so the
 * verifier unrolls a loop in each round it needs for convergence, and
 * converges anew in each round of the outer loop.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <sched.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "common.h"
#include "insns.h"

#define FP_MAXI		900	/* insns of a program, at most */
#define FP_BUDGET	110	/* insns of random work before the epilogue */
#define FP_NSUB		3	/* subprograms, at most */
#define FP_SUB_BUDGET	36	/* insns of random work of each */
#define FP_SUB_SITES	16	/* calls of each, at most */
#define FP_INPUTS	12	/* packets each program runs on */
#define FP_NREG		10	/* R0-R9 in the packet */
#define FP_SLOT_PKT	1	/* r10 - 8: the packet pointer */
#define FP_SLOT_R1	2	/* r10 - 16: R1 while the epilogue stores, */
#define FP_SLOT_LOOP	2	/* and before it, a loop's counter */
#define FP_SLOT_SPTR	3	/* r10 - 24: a pointer to slot FP_SLOT_HI */
#define FP_SLOT_ITER	4	/* r10 - 32: a bpf_for() loop's struct bpf_iter_num; */
					/* one inside it takes FP_SLOT_LOOP */
#define FP_SLOT_LO	5	/* general slots 5-11, copied to the packet */
#define FP_SLOT_HI	11
#define FP_FC_LO	12	/* bpf_fastcall saves: 12-16, the lowest */
#define FP_FC_HI	16
#define FP_NSLOT	16
#define FP_SPAN		(8 * (FP_SLOT_HI - FP_SLOT_LO + 1))	/* bytes from SPTR */
#define FP_OBS		(8 * FP_NREG + 8 * (FP_SLOT_HI - FP_SLOT_LO + 1))	/* see fp_index_in() */
#define FP_PKT		(FP_OBS + 8)
#define FP_STACK	(8 * FP_NSLOT)

#define BIT(n)		(1u << (n))

#define P_PARAM		"/sys/module/insn_kfuncs/parameters/"
#define P_SYSCTL	"/proc/sys/net/core/"

/*
 * The kfuncs: those with scalar arguments and one __k, which 6.12 takes as
 * plain calls too, then those it refuses as plain calls (two __k, an
 * untyped pointer: a program calling one must be refused in MODE call)
 */
enum { K_ROL64, K_ROR64, K_ROL32, K_ROR32, K_SELECT, K_POPCNT64, K_POPCNT32,
       K_CLZ64, K_CLZ32, K_CTZ64, K_CTZ32, K_BLSR64, K_BLSR32, K_MULHI,
       K_SMULHI, K_MULFOLD, K_CRC8, K_CRC16, K_CRC32, K_CRC64, K_CPUID,
       K_PLAIN_N,
       K_BEXTR = K_PLAIN_N, K_LEA, K_LDBE16, K_LDBE32, K_LDBE64, K_STBE16, K_STBE32,
       K_STBE64, K_N };

#define FP_PTR	0xff	/* width of a pointer argument, of memory of @mem bytes */

static const struct fp_kfunc {
	const char *name;
	int nargs;
	__u8 konst;		/* the __k arguments, bit per argument */
	__u8 width[4];		/* bits of each argument, or FP_PTR */
	int mem;		/* bytes a pointer argument's kfunc reads or writes */
	int store, is_void;
} fp_kfuncs[K_N] = {
	[K_ROL64] = { "bpf_insn_rol64", 2, 2, { 64, 32 } },
	[K_ROR64] = { "bpf_insn_ror64", 2, 2, { 64, 32 } },
	[K_ROL32] = { "bpf_insn_rol32", 2, 2, { 32, 32 } },
	[K_ROR32] = { "bpf_insn_ror32", 2, 2, { 32, 32 } },
	[K_SELECT] = { "bpf_insn_select64", 3, 0, { 64, 64, 64 } },
	[K_POPCNT64] = { "bpf_insn_popcnt64", 1, 0, { 64 } },
	[K_POPCNT32] = { "bpf_insn_popcnt32", 1, 0, { 32 } },
	[K_CLZ64] = { "bpf_insn_clz64", 1, 0, { 64 } },
	[K_CLZ32] = { "bpf_insn_clz32", 1, 0, { 32 } },
	[K_CTZ64] = { "bpf_insn_ctz64", 1, 0, { 64 } },
	[K_CTZ32] = { "bpf_insn_ctz32", 1, 0, { 32 } },
	[K_BLSR64] = { "bpf_insn_blsr64", 1, 0, { 64 } },
	[K_BLSR32] = { "bpf_insn_blsr32", 1, 0, { 32 } },
	[K_MULHI] = { "bpf_insn_mulhi64", 2, 0, { 64, 64 } },
	[K_SMULHI] = { "bpf_insn_smulhi64", 2, 0, { 64, 64 } },
	[K_MULFOLD] = { "bpf_insn_mulfold64", 2, 0, { 64, 64 } },
	[K_CRC8] = { "bpf_insn_crc32c_u8", 2, 0, { 32, 8 } },
	[K_CRC16] = { "bpf_insn_crc32c_u16", 2, 0, { 32, 16 } },
	[K_CRC32] = { "bpf_insn_crc32c_u32", 2, 0, { 32, 32 } },
	[K_CRC64] = { "bpf_insn_crc32c_u64", 2, 0, { 32, 64 } },
	/* verified as bpf_get_smp_processor_id(), its body patched in after */
	[K_CPUID] = { "bpf_insn_cpu_id", 0, 0, { 0 } },
	[K_BEXTR] = { "bpf_insn_bextr64", 3, 6, { 64, 32, 32 } },
	[K_LEA] = { "bpf_insn_lea64", 4, 12, { 64, 64, 32, 32 } },
	[K_LDBE16] = { "bpf_insn_load_be16", 2, 2, { FP_PTR, 32 }, 2 },
	[K_LDBE32] = { "bpf_insn_load_be32", 2, 2, { FP_PTR, 32 }, 4 },
	[K_LDBE64] = { "bpf_insn_load_be64", 2, 2, { FP_PTR, 32 }, 8 },
	[K_STBE16] = { "bpf_insn_store_be16", 3, 2, { FP_PTR, 32, 64 }, 2, 1, 1 },
	[K_STBE32] = { "bpf_insn_store_be32", 3, 2, { FP_PTR, 32, 64 }, 4, 1, 1 },
	[K_STBE64] = { "bpf_insn_store_be64", 3, 2, { FP_PTR, 32, 64 }, 8, 1, 1 },
};

static int fp_btf_id[K_N];

/* the kernel's numeric iterator, bpf_for()'s: vmlinux kfuncs */
enum { I_NEW, I_NEXT, I_DESTROY, I_N };
static const char *const fp_iter_name[I_N] = {
	"bpf_iter_num_new", "bpf_iter_num_next", "bpf_iter_num_destroy",
};
static int fp_iter_id[I_N];

/*
 * The per-CPU kfuncs, on the kernel's runqueues (a per-CPU variable of
 * vmlinux): the pointers they give are compared, never loaded through,
 * so the model knows what each gives by an address of its own per CPU
 */
enum { P_THIS, P_PER, P_N };
static const char *const fp_pcpu_name[P_N] = { "bpf_insn_this_cpu_ptr", "bpf_insn_per_cpu_ptr" };
static int fp_pcpu_id[P_N], fp_rq_id, fp_ncpus;
static int fp_rq_cpu_off = -1;	/* struct rq's cpu, where it has one (SMP) */
static int fp_rq_reads;		/* the mode's loads through a BTF pointer read */
#define FP_RQ_MODEL	0xffff888000000000ull	/* the model's &runqueues on CPU 0 */
static int fp_cpu;		/* the CPU the programs run on, bpf_insn_cpu_id()'s */

/* ---- the kfuncs in C ---- */

static __u64 fp_crc32c(__u32 crc, __u64 v, int bits)
{
	for (int i = 0; i < bits; i++) {
		crc ^= (v >> i) & 1;
		crc = crc >> 1 ^ (crc & 1 ? 0x82f63b78 : 0);
	}
	return crc;
}

/* @k's result on arguments @a; the memory of the pointer kfuncs is the caller's */
static __u64 fp_eval(int k, const __u64 *a)
{
	unsigned __int128 p = (unsigned __int128)a[0] * a[1];
	__u32 x32 = a[0], n = a[1];

	switch (k) {
	case K_ROL64: return rol64(a[0], n);
	case K_ROR64: return ror64(a[0], n);
	case K_ROL32: return rol32(x32, n);
	case K_ROR32: return ror32(x32, n);
	case K_SELECT: return a[0] ? a[1] : a[2];
	case K_POPCNT64: return __builtin_popcountll(a[0]);
	case K_POPCNT32: return __builtin_popcount(x32);
	case K_CLZ64: return a[0] ? __builtin_clzll(a[0]) : 64;
	case K_CLZ32: return x32 ? __builtin_clz(x32) : 32;
	case K_CTZ64: return a[0] ? __builtin_ctzll(a[0]) : 64;
	case K_CTZ32: return x32 ? __builtin_ctz(x32) : 32;
	case K_BLSR64: return a[0] & (a[0] - 1);
	case K_BLSR32: return x32 & (x32 - 1);
	case K_MULHI: return p >> 64;
	case K_SMULHI: return (__u64)(((__int128)(__s64)a[0] * (__s64)a[1]) >> 64);
	case K_MULFOLD: return (__u64)p ^ (__u64)(p >> 64);
	case K_CRC8: return fp_crc32c(x32, a[1], 8);
	case K_CRC16: return fp_crc32c(x32, a[1], 16);
	case K_CRC32: return fp_crc32c(x32, a[1], 32);
	case K_CRC64: return fp_crc32c(x32, a[1], 64);
	case K_BEXTR:
		if ((__u32)a[1] > 63 || !(__u32)a[2])
			return 0;
		return (__u32)a[2] >= 64 - (__u32)a[1] ? a[0] >> (__u32)a[1] :
		       a[0] >> (__u32)a[1] & ((1ull << (__u32)a[2]) - 1);
	case K_LEA: return a[0] + (a[1] << ((__u32)a[2] & 63)) + (__s64)(__s32)a[3];
	case K_CPUID: return fp_cpu;
	}
	return 0;
}

/* ---- random numbers: one stream per program, from the run's seed ---- */

static __u64 fp_rng;

static __u64 fp_rand(void)
{
	__u64 z = fp_rng += 0x9e3779b97f4a7c15ull;

	z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ z >> 27) * 0x94d049bb133111ebull;
	return z ^ z >> 31;
}

static unsigned int fp_below(unsigned int n)
{
	return fp_rand() % n;
}

static int fp_chance(unsigned int percent)
{
	return fp_below(100) < percent;
}

/* a value the JITs and the verifier treat apart: edges, then any */
static __u64 fp_value(void)
{
	static const __u64 v[] = {
		0, 1, 2, 31, 32, 63, 64, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff,
		0x80000000, 0xffffffff, 0x100000000ull, 0x8000000000000000ull,
		~0ull, ~0ull - 1, 0xffffffff00000000ull, 0x00000000fffffffeull,
	};
	__u64 x;

	if (fp_chance(40))
		return v[fp_below(ARRAY_SIZE(v))];
	/* one draw after the other: C does not order a shift's operands */
	x = fp_rand();
	return x >> fp_below(64);
}

/* ---- the generator ---- */

/* what the generator knows of a register on every path to an insn */
struct fp_reg {
	__u8 init;
	__u8 known;		/* a constant, as the verifier sees it too */
	__u8 ptr;		/* FP_SCALAR, or a pointer: FP_PKTP, FP_STKP, FP_MIXED */
	__u8 bnd;		/* at most umax, as the verifier sees it too */
	__u8 kdep;		/* that bound comes from a kfunc's result */
	__s64 val;
	__u64 umax;
};

enum { FP_SCALAR, FP_PKTP, FP_STKP, FP_MIXED };

/* a scalar on every path: what an ALU insn, a store, a branch may read */
#define fp_scalar(g, x)	((g)->st.r[x].init && (g)->st.r[x].ptr == FP_SCALAR)

struct fp_state {
	struct fp_reg r[FP_NREG];
	__u8 slot[FP_NSLOT + 1];	/* bytes written, bit per byte */
	__u8 cslot[FP_NSLOT + 1];	/* and of the caller's frame (fp_gen.cstk) */
};

struct fp_gen {
	struct bpf_insn insn[FP_MAXI + 64];	/* slack: the last action may overrun */
	int n, start;			/* insns, the first after the prologue */
	struct fp_state st;
	/* forward branches not yet placed: their insn, target and state */
	struct { int at, to; struct fp_state st; } pend[32];
	int npend;
	int breach;			/* this program reads bpf_fastcall slots */
	/* the loop being written: its first insn, its end, the state there */
	int loop_head, loop_end, loops;
	struct fp_state head;
	/*
	 * The bpf_for() loop being written: its head (the call of next), the
	 * branch out of it, its end, its iterator's slot, the state before
	 * it; with iter_nest, the one it is in, in outer_iter
	 */
	struct fp_iter {
		int head, exit, end, slot;
		struct fp_state pre;
	} iter, outer_iter;
	int iter_nest, iters;
	int nested;			/* loops opened inside another */
	int nested_iters;		/* of them, bpf_for() loops in one */
	int indexing;			/* this program indexes the stack */
	int kidx;			/* a stack access indexed by a kfunc's result */
	int idx;			/* stack accesses at a variable offset */
	int fcidx[2];			/* of them, stores, loads near bpf_fastcall's */
	int obs;			/* loads whose byte goes to FP_OBS */
	int tail;			/* the next call's result: moved, R0 kept */
	int plain;			/* it calls only kfuncs 6.12 takes as plain calls */
	int only_plain;			/* and was meant to */
	int calls, fc_pairs;
	/*
	 * Subprograms, written after the main program's exit: subprogram j
	 * takes the packet pointer in R1 and nargs scalars in R2-R4; the
	 * main program calls any, subprogram i those after it.  Their calls
	 * and the state at each, which subprogram j starts from.
	 */
	int nsub, cur;			/* cur: the one being written, -1 for main */
	struct fp_sub {
		int nargs, nsites, start;
		int cstk;		/* takes its caller's SPTR in R5 */
		struct {
			int at;
			struct fp_state st;
			__u8 sslot[FP_NSLOT + 1];	/* what SPTR's frame has written */
		} site[FP_SUB_SITES];
	} sub[FP_NSUB];
	int subs, subcalls, cstks, pcpu;	/* pcpu: per-CPU sequences */
	int cstk_acc, cstk_fc;		/* accesses of a caller's frame, loads of saves' slots */
	/*
	 * The subprogram being written took its caller's SPTR (@cstk): its
	 * own FP_SLOT_SPTR points into that frame, whose bytes written on
	 * every path to here are @st.cslot (met where branches join, as the
	 * frame's own)
	 */
	int cstk;
};

/* what the frame FP_SLOT_SPTR points into has written: this one's, or a caller's */
static __u8 *fp_sptr_slots(struct fp_gen *g)
{
	return g->cstk ? g->st.cslot : g->st.slot;
}

/* what holds of @x and of @y: into @x */
static void fp_meet_reg(struct fp_reg *x, const struct fp_reg *y)
{
	x->known = x->known && y->known && x->val == y->val && x->init && y->init;
	x->bnd = x->bnd && y->bnd && x->init && y->init;
	x->umax = x->umax > y->umax ? x->umax : y->umax;
	x->kdep |= y->kdep;
	x->init = x->init && y->init;
	if (x->ptr != y->ptr)
		x->ptr = FP_MIXED;
}

static void fp_meet(struct fp_state *a, const struct fp_state *b)
{
	for (int i = 0; i < FP_NREG; i++)
		fp_meet_reg(&a->r[i], &b->r[i]);
	for (int i = 0; i <= FP_NSLOT; i++) {
		a->slot[i] &= b->slot[i];
		a->cslot[i] &= b->cslot[i];
	}
}

static void fp_set(struct fp_gen *g, int r, int known, __s64 val)
{
	g->st.r[r] = (struct fp_reg){ 1, known, FP_SCALAR, known && val >= 0, 0, val, val };
}

/* @r is a scalar of at most @umax (from a kfunc's result: @kdep) */
static void fp_bound(struct fp_gen *g, int r, __u64 umax, int kdep)
{
	struct fp_reg *x = &g->st.r[r];

	if ((x->bnd && x->umax <= umax) || umax == ~0ull)
		return;
	x->bnd = 1;
	x->umax = umax;
	x->kdep = kdep;
}

/* insn @g->n is next: the branches to it join here */
static void fp_land(struct fp_gen *g)
{
	for (int i = 0; i < g->npend; i++) {
		if (g->pend[i].to != g->n)
			continue;
		fp_meet(&g->st, &g->pend[i].st);
		g->insn[g->pend[i].at].off = g->n - g->pend[i].at - 1;
		g->pend[i--] = g->pend[--g->npend];
	}
}

/* registers @i reads (not R10), and the bytes of the slot it loads */
static __u16 fp_reads(const struct bpf_insn *i, int *slot, __u8 *mask)
{
	__u8 cls = BPF_CLASS(i->code), op = BPF_OP(i->code);
	__u16 r = 0;

	*slot = 0;
	switch (cls) {
	case BPF_ALU:
	case BPF_ALU64:
		if (op != BPF_MOV)
			r |= BIT(i->dst_reg);
		if (BPF_SRC(i->code) == BPF_X && op != BPF_NEG && op != BPF_END)
			r |= BIT(i->src_reg);
		break;
	case BPF_LDX:
		if (i->src_reg == BPF_REG_10) {
			*slot = -i->off / 8;
			*mask = BPF_SIZE(i->code) == BPF_DW ? 0xff : 0x0f;
		}
		r |= BIT(i->src_reg);
		break;
	case BPF_STX:
		r |= BIT(i->src_reg) | BIT(i->dst_reg);
		break;
	case BPF_JMP:
	case BPF_JMP32:
		if (op == BPF_CALL || op == BPF_EXIT)
			break;
		r |= BIT(i->dst_reg);
		if (BPF_SRC(i->code) == BPF_X)
			r |= BIT(i->src_reg);
		break;
	}
	return r & ~BIT(BPF_REG_10);
}

/*
 * Append @i.  The branches to it land first; where one leaves a register
 * or slot @i reads unwritten on its path, a move or store of a constant
 * goes before it.
 */
static void fp_emit(struct fp_gen *g, struct bpf_insn i)
{
	for (;;) {
		int slot, r;
		__u8 mask = 0;
		__u16 need;

		fp_land(g);
		need = fp_reads(&i, &slot, &mask);
		for (r = 0; r < FP_NREG; r++)
			if ((need & BIT(r)) && !fp_scalar(g, r))
				break;
		if (r < FP_NREG) {
			g->insn[g->n++] = BPF_MOV64_IMM(r, 0x5a);
			fp_set(g, r, 1, 0x5a);
			continue;
		}
		if (slot && (g->st.slot[slot] & mask) != mask) {
			g->insn[g->n++] = BPF_ST_MEM(BPF_DW, BPF_REG_10, -8 * slot, 0x5a);
			g->st.slot[slot] = 0xff;
			continue;
		}
		break;
	}
	g->insn[g->n++] = i;
}

static int fp_pending_at(const struct fp_gen *g, int at)
{
	for (int i = 0; i < g->npend; i++)
		if (g->pend[i].to == at)
			return 1;
	return 0;
}

/* no branch lands on the next @len insns: those that would land after them */
static void fp_no_landing(struct fp_gen *g, int len)
{
	for (int i = 0; i < g->npend; i++)
		if (g->pend[i].to >= g->n && g->pend[i].to < g->n + len)
			g->pend[i].to = g->n + len;
}

/* every branch still ahead lands on insn @g->n */
static void fp_land_all(struct fp_gen *g)
{
	for (int i = 0; i < g->npend; i++)
		g->pend[i].to = g->n;
	fp_land(g);
}

/* a call clobbered R@lo (R0 or R1) to R5 */
static void fp_clobber(struct fp_gen *g, int lo)
{
	for (int r = lo; r <= BPF_REG_5; r++)
		g->st.r[r].init = g->st.r[r].known = 0;
}

/* @order[0..@n) in a random order */
static void fp_shuffle(int *order, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = fp_below(i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
}

/* a register holding a scalar on every path, R0-R9, or -1 */
static int fp_pick_init(const struct fp_gen *g)
{
	int c[FP_NREG], n = 0;

	for (int i = 0; i < FP_NREG; i++)
		if (fp_scalar(g, i))
			c[n++] = i;
	return n ? c[fp_below(n)] : -1;
}

/* a general slot whose bytes @mask were all written, or 0 */
static int fp_pick_slot(const struct fp_gen *g, __u8 mask, int lo, int hi)
{
	int c[FP_NSLOT], n = 0;

	for (int s = lo; s <= hi; s++)
		if ((g->st.slot[s] & mask) == mask)
			c[n++] = s;
	return n ? c[fp_below(n)] : 0;
}

static __s32 fp_imm(void)
{
	return fp_chance(50) ? (__s32)fp_below(70) - 3 : (__s32)fp_value();
}

static void fp_mov_imm(struct fp_gen *g, int r, int alu32)
{
	__s32 imm = fp_imm();

	fp_emit(g, BPF_RAW_INSN((alu32 ? BPF_ALU : BPF_ALU64) | BPF_MOV | BPF_K, r, 0, 0, imm));
	fp_set(g, r, 1, alu32 ? (__s64)(__u32)imm : imm);
}

static void fp_ld_imm64(struct fp_gen *g, int r)
{
	__u64 v = fp_value();

	/* no branch may land on its second half */
	if (fp_pending_at(g, g->n + 1)) {
		fp_mov_imm(g, r, 0);
		return;
	}
	fp_emit(g, BPF_RAW_INSN(BPF_LD | BPF_IMM | BPF_DW, r, 0, 0, (__u32)v));
	g->insn[g->n++] = BPF_RAW_INSN(0, 0, 0, 0, (__u32)(v >> 32));
	fp_set(g, r, 1, v);
}

/*
 * The bound of an ALU insn's result, where the verifier's is at least as
 * good: AND with a bounded value, a right shift by a constant, a 32-bit
 * move; @d and @x are dst and src before it
 */
static void fp_alu_bound(struct fp_gen *g, int dst, __u8 op, int alu32,
			 const struct fp_reg *d, const struct fp_reg *x)
{
	__u64 dmax = d->bnd ? d->umax : ~0ull, xmax = x && x->bnd ? x->umax : ~0ull;
	int kdep = (d->bnd && d->kdep) || (x && x->bnd && x->kdep);

	if (alu32) {
		dmax = dmax < 0xffffffffull ? dmax : 0xffffffffull;
		xmax = xmax < 0xffffffffull ? xmax : 0xffffffffull;
	}
	switch (op) {
	case BPF_AND:
		if (x || alu32)
			fp_bound(g, dst, dmax < xmax ? dmax : xmax, kdep);
		break;
	case BPF_RSH:
		if (!x)
			fp_bound(g, dst, dmax >> g->insn[g->n - 1].imm, kdep);
		break;
	case BPF_MOV:
		if (alu32)
			fp_bound(g, dst, xmax, kdep);
		break;
	}
}

/* an ALU insn on a written register (or a move into any) */
static void fp_alu(struct fp_gen *g, int dst)
{
	static const __u8 ops[] = { BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_MOD, BPF_OR,
				    BPF_AND, BPF_XOR, BPF_LSH, BPF_RSH, BPF_ARSH, BPF_NEG,
				    BPF_MOV, BPF_END };
	struct fp_reg d, x, k = { .init = 1, .bnd = 1 };
	const struct fp_reg *xs = NULL;
	int alu32, src, op, width, mask;
	__u8 cls;

	fp_land(g);
	alu32 = fp_chance(35);
	src = fp_pick_init(g);
	op = ops[fp_below(ARRAY_SIZE(ops))];
	width = alu32 ? 32 : 64;
	cls = alu32 ? BPF_ALU : BPF_ALU64;

	if (dst < 0)
		dst = fp_below(FP_NREG);
	if (!fp_scalar(g, dst) && op != BPF_MOV) {
		fp_mov_imm(g, dst, 0);
		return;
	}
	/* half the ANDs: a mask the verifier bounds a value with */
	mask = op == BPF_AND && fp_chance(50);
	switch (op) {
	case BPF_NEG:
		fp_emit(g, BPF_RAW_INSN(cls | BPF_NEG, dst, 0, 0, 0));
		break;
	case BPF_END: {
		static const int w[] = { 16, 32, 64 };

		fp_emit(g, BPF_RAW_INSN(BPF_ALU | BPF_END | (fp_chance(50) ? BPF_TO_BE : BPF_TO_LE),
					dst, 0, 0, w[fp_below(3)]));
		break;
	}
	case BPF_LSH:
	case BPF_RSH:
	case BPF_ARSH:
		if (src >= 0 && fp_chance(30)) {
			fp_emit(g, BPF_RAW_INSN(cls | op | BPF_X, dst, src, 0, 0));
			x = g->st.r[src];
			xs = &x;
		} else {
			fp_emit(g, BPF_RAW_INSN(cls | op | BPF_K, dst, 0, 0, fp_below(width)));
		}
		break;
	default:
		if (!mask && src >= 0 && fp_chance(60)) {
			x = g->st.r[src];
			xs = &x;
			fp_emit(g, BPF_RAW_INSN(cls | op | BPF_X, dst, src, 0, 0));
			if (op == BPF_MOV) {
				/* a landing branch may have changed what src holds */
				x = g->st.r[src];
				g->st.r[dst] = x;
				if (alu32) {
					g->st.r[dst].val = (__u32)g->st.r[dst].val;
					/* src's bound alone: dst's old one is gone */
					fp_alu_bound(g, dst, op, alu32, &x, &x);
				}
				return;
			}
		} else if (op == BPF_MOV) {
			fp_mov_imm(g, dst, alu32);
			return;
		} else {
			__s32 imm = mask ? (__s32)fp_below(256) : fp_imm();

			/* the verifier refuses a division by the constant 0 */
			if ((op == BPF_DIV || op == BPF_MOD) && !imm)
				imm = 7;
			fp_emit(g, BPF_RAW_INSN(cls | op | BPF_K, dst, 0, 0, imm));
			if (op == BPF_AND && imm >= 0) {
				k.umax = imm;
				xs = &k;
			}
		}
	}
	/* a landing branch may have changed what the registers hold */
	if (xs == &x)
		x = g->st.r[src];
	d = g->st.r[dst];
	fp_set(g, dst, 0, 0);
	if (op == BPF_AND && !xs)
		return;		/* a negative mask: any value */
	fp_alu_bound(g, dst, op, alu32, &d, xs);
}

/* zero-extension as clang writes it for -mcpu=v1/v2, or w = w */
static void fp_zext(struct fp_gen *g, int r)
{
	struct fp_reg d;

	if (fp_chance(70)) {
		fp_emit(g, BPF_ALU64_IMM(BPF_LSH, r, 32));
		fp_emit(g, BPF_ALU64_IMM(BPF_RSH, r, 32));
	} else {
		fp_emit(g, BPF_RAW_INSN(BPF_ALU | BPF_MOV | BPF_X, r, r, 0, 0));
	}
	/* a bound within 32 bits stays (on every path: a branch may land between the shifts) */
	d = g->st.r[r];
	fp_set(g, r, 0, 0);
	if (d.bnd && d.umax <= 0xffffffffull)
		fp_bound(g, r, d.umax, d.kdep);
}

static int fp_slot_off(int s)
{
	return -8 * s;
}

/*
 * Into @q: @v xor-ed into the packet's word at FP_OBS, so that it is seen
 * however the program goes on; the insns written (4), the two registers
 * used in *@p (the packet pointer) and *@w (the word)
 */
static int fp_obs_insns(struct bpf_insn *q, int v, int *p, int *w)
{
	*p = v == BPF_REG_1 ? BPF_REG_2 : BPF_REG_1;
	*w = *p + 1 == v ? *p + 2 : *p + 1;
	q[0] = BPF_LDX_MEM(BPF_DW, *p, BPF_REG_10, fp_slot_off(FP_SLOT_PKT));
	q[1] = BPF_LDX_MEM(BPF_DW, *w, *p, FP_OBS);
	q[2] = BPF_ALU64_REG(BPF_XOR, *w, v);
	q[3] = BPF_STX_MEM(BPF_DW, *p, *w, FP_OBS);
	return 4;
}

/* a store or load of a general slot (or, breaching, a bpf_fastcall one) */
static void fp_stack(struct fp_gen *g)
{
	int lo = FP_SLOT_LO, hi = g->breach ? FP_FC_HI : FP_SLOT_HI, s, w, r;
	__u8 mask, sz;

	fp_land(g);
	s = lo + fp_below(hi - lo + 1);
	w = fp_chance(25);
	r = fp_pick_init(g);
	mask = w ? 0x0f : 0xff;
	sz = w ? BPF_W : BPF_DW;

	if (fp_chance(50)) {
		if (r >= 0 && fp_chance(75))
			fp_emit(g, BPF_STX_MEM(sz, BPF_REG_10, r, fp_slot_off(s)));
		else
			fp_emit(g, BPF_ST_MEM(sz, BPF_REG_10, fp_slot_off(s), fp_imm()));
		g->st.slot[s] |= mask;
		return;
	}
	s = fp_pick_slot(g, mask, lo, hi);
	if (!s)
		return;
	r = fp_below(FP_NREG);
	fp_emit(g, BPF_LDX_MEM(sz, r, BPF_REG_10, fp_slot_off(s)));
	fp_set(g, r, 0, 0);
}

/* a forward branch on written registers, to an insn not yet written */
static void fp_branch(struct fp_gen *g)
{
	static const __u8 ops[] = { BPF_JEQ, BPF_JNE, BPF_JGT, BPF_JGE, BPF_JLT, BPF_JLE,
				    BPF_JSGT, BPF_JSGE, BPF_JSLT, BPF_JSLE, BPF_JSET };
	int a, b, i;
	__u8 cls = fp_chance(30) ? BPF_JMP32 : BPF_JMP, op = ops[fp_below(ARRAY_SIZE(ops))];

	fp_land(g);
	a = fp_pick_init(g);
	b = fp_pick_init(g);
	if (a < 0 || g->npend == ARRAY_SIZE(g->pend))
		return;
	if (b >= 0 && fp_chance(50))
		fp_emit(g, BPF_RAW_INSN(cls | op | BPF_X, a, b, 0, 0));
	else
		fp_emit(g, BPF_RAW_INSN(cls | op | BPF_K, a, 0, 0, fp_imm()));
	/*
	 * Where jset is false, 6.12 forgets the operand's range and keeps its
	 * tnum (regs_refine_cond_op()): a bound of at most the bits of its
	 * bound's width is left
	 */
	if (op == BPF_JSET) {
		for (int k = 0; k < 2; k++) {
			struct fp_reg *x = &g->st.r[k ? b : a];

			if ((k && (b < 0 || BPF_SRC(g->insn[g->n - 1].code) != BPF_X)) || !x->bnd)
				continue;
			while (x->umax & (x->umax + 1))
				x->umax |= x->umax >> 1;
		}
	}
	i = g->npend++;
	g->pend[i].at = g->n - 1;
	/* mostly short: into the next call's moves, saves and result */
	g->pend[i].to = g->n + 1 + (fp_chance(70) ? fp_below(6) : fp_below(40));
	g->pend[i].st = g->st;
}

/* what a call's arguments must be: constants, the pointer and its memory */
struct fp_site {
	const struct fp_kfunc *f;
	__s64 kval[4];		/* the __k constants */
	int ptr;		/* FP_PKTP or FP_STKP for a pointer argument */
};

/* the stack bytes [FP_SPAN - @off - @len, ...) below slot FP_SLOT_LO's end */
static int fp_stack_bytes(struct fp_gen *g, int off, int len, int set)
{
	for (int j = off; j < off + len; j++) {
		/* SPTR points to the lowest byte of slot FP_SLOT_HI */
		int s = FP_SLOT_HI - j / 8, b = j % 8;

		if (set)
			fp_sptr_slots(g)[s] |= 1 << b;
		else if (!(fp_sptr_slots(g)[s] & 1 << b))
			return 0;
	}
	return 1;
}

/* the constants of @c: within what the verifier takes, else anything */
static void fp_site_pick(struct fp_gen *g, struct fp_site *c, int k)
{
	const struct fp_kfunc *f = &fp_kfuncs[k];

	memset(c, 0, sizeof(*c));
	c->f = f;
	switch (k) {
	case K_BEXTR:
		c->kval[1] = fp_below(64);
		c->kval[2] = 1 + fp_below(64 - c->kval[1]);
		return;
	case K_LEA:
		c->kval[2] = fp_below(4);
		c->kval[3] = fp_chance(50) ? (__s32)fp_below(512) - 256 : (__s32)fp_rand();
		return;
	}
	if (f->width[0] == FP_PTR) {
		/* the packet, or stack whose bytes a load reads were written */
		c->ptr = FP_PKTP;
		c->kval[1] = fp_below(FP_PKT - f->mem + 1);
		if (fp_chance(50)) {
			/* the stack, aligned to the access as every stack access */
			int off = fp_below(FP_SPAN / f->mem) * f->mem;

			if (f->store || fp_stack_bytes(g, off, f->mem, 0)) {
				c->ptr = FP_STKP;
				c->kval[1] = off;
			}
		}
		return;
	}
	if (f->konst)	/* a rotate count: mostly below the width */
		c->kval[1] = fp_chance(85) ? fp_below(f->width[0]) : fp_below(200);
}

/* an argument into R(@k + 1), as a compiler might: the register moved, or -1 */
static int fp_arg(struct fp_gen *g, const struct fp_site *c, int k)
{
	int r = BPF_REG_1 + k, s, slot, cc = fp_below(100);

	fp_land(g);
	if (c->f->width[k] == FP_PTR) {
		fp_emit(g, BPF_LDX_MEM(BPF_DW, r, BPF_REG_10,
				       fp_slot_off(c->ptr == FP_PKTP ? FP_SLOT_PKT : FP_SLOT_SPTR)));
		g->st.r[r] = (struct fp_reg){ .init = 1, .ptr = c->ptr };
		return -1;
	}
	if (c->f->konst & BIT(k)) {
		/* the verifier takes no __k above U32_MAX: w = imm for bit 31 */
		fp_emit(g, BPF_RAW_INSN((c->kval[k] < 0 || c->kval[k] > 0x7fffffff ||
					 fp_chance(50) ? BPF_ALU : BPF_ALU64) | BPF_MOV | BPF_K,
					r, 0, 0, c->kval[k]));
		fp_set(g, r, 1, (__u32)c->kval[k]);
		return -1;
	}
	s = fp_pick_init(g);
	if (cc < 10 && fp_scalar(g, r))
		return -1;		/* already there */
	if (cc < 25 && (slot = fp_pick_slot(g, 0xff, FP_SLOT_LO, FP_SLOT_HI))) {
		fp_emit(g, BPF_LDX_MEM(BPF_DW, r, BPF_REG_10, fp_slot_off(slot)));
	} else if (cc < 32 && (slot = fp_pick_slot(g, 0x0f, FP_SLOT_LO, FP_SLOT_HI))) {
		fp_emit(g, BPF_LDX_MEM(BPF_W, r, BPF_REG_10, fp_slot_off(slot)));
	} else if (cc < 40 || s < 0) {
		if (fp_chance(20))
			fp_ld_imm64(g, r);
		else
			fp_mov_imm(g, r, fp_chance(30));
		return -1;
	} else {
		fp_emit(g, BPF_RAW_INSN((fp_chance(20) ? BPF_ALU : BPF_ALU64) | BPF_MOV | BPF_X,
					r, s, 0, 0));
		fp_set(g, r, 0, 0);
		return s;
	}
	fp_set(g, r, 0, 0);
	return -1;
}

/*
 * After the branches landing at the call: put right what a path left
 * wrong (a constant, the pointer, written stack), 1 if anything was
 */
static int fp_site_fix(struct fp_gen *g, const struct fp_site *c)
{
	const struct fp_kfunc *f = c->f;

	fp_land(g);
	for (int i = 0; i < f->nargs; i++) {
		const struct fp_reg *x = &g->st.r[BPF_REG_1 + i];

		if (f->width[i] == FP_PTR) {
			if (!x->init || x->ptr != c->ptr) {
				fp_arg(g, c, i);
				return 1;
			}
			if (c->ptr == FP_STKP && !f->store && !fp_stack_bytes(g, c->kval[1], f->mem, 0)) {
				/* write the slots the load reads, whole, through the pointer */
				for (int j = c->kval[1] / 8; j <= (c->kval[1] + f->mem - 1) / 8; j++) {
					fp_emit(g, BPF_ST_MEM(BPF_DW, BPF_REG_1 + i, 8 * j, j));
					fp_sptr_slots(g)[FP_SLOT_HI - j] = 0xff;
				}
				return 1;
			}
		} else if (f->konst & BIT(i)) {
			if (!x->known || x->val != (__s64)(__u32)c->kval[i]) {
				fp_arg(g, c, i);
				return 1;
			}
		} else if (!fp_scalar(g, BPF_REG_1 + i)) {
			fp_mov_imm(g, BPF_REG_1 + i, 0);
			return 1;
		}
	}
	return 0;
}

/*
 * The bound the verifier must know for @k's result, from the body, with
 * the arguments as they are now: *@bounded, and the bound
 */
static __u64 fp_result_bound(const struct fp_gen *g, int k, const struct fp_site *c,
			     int *bounded)
{
	const struct fp_reg *a = &g->st.r[BPF_REG_1], *b = &g->st.r[BPF_REG_2],
			    *e = &g->st.r[BPF_REG_3];
	const __u64 big = 1ull << 40;

	*bounded = 1;
	switch (k) {
	case K_POPCNT64:
	case K_CLZ64:
	case K_CTZ64:
		return 64;
	case K_POPCNT32:
	case K_CLZ32:
	case K_CTZ32:
		return 32;
	case K_BEXTR:
		if (c->kval[2] < 64)
			return (1ull << c->kval[2]) - 1;
		break;
	case K_SELECT:
		if (b->bnd && e->bnd)
			return b->umax > e->umax ? b->umax : e->umax;
		break;
	case K_LEA:
		/* base + (index << shift) + disp, with no wrap */
		if (a->bnd && b->bnd && a->umax < big && b->umax < big && c->kval[3] >= 0)
			return a->umax + (b->umax << c->kval[2]) + c->kval[3];
		break;
	}
	*bounded = 0;
	return 0;
}

/* byte @j of a frame (r10 + @j) whose written bytes are @slot */
static int fp_stack_byte(const __u8 *slot, int j)
{
	int s = (7 - j) / 8;

	return slot[s] >> (j + 8 * s) & 1;
}

/* byte @j of that frame is written */
static void fp_stack_mark(__u8 *slot, int j)
{
	int s = (7 - j) / 8;

	slot[s] |= 1 << (j + 8 * s);
}

/*
 * An offset from R10 in [@lo, @hi), a multiple of @step, where @len bytes
 * fit and, for a load, were all written in the frame of @slot; mostly one
 * that may reach a bpf_fastcall slot, where there is one (the verifier
 * must then keep every pattern of the frame).  INT_MIN if none.
 */
static int fp_stack_pick(const __u8 *slot, int lo, int hi, int len, int step, int store)
{
	int ok[FP_STACK], nok = 0, nfc = 0;

	for (int off = lo; off + len <= hi; off += step) {
		int j = 0;

		while (!store && j < len && fp_stack_byte(slot, off + j))
			j++;
		if (store || j == len)
			ok[nok++] = off;
	}
	if (!nok)
		return INT_MIN;
	while (nfc < nok && ok[nfc] < fp_slot_off(FP_FC_LO) + 8)
		nfc++;
	return nfc && fp_chance(60) ? ok[fp_below(nfc)] : ok[fp_below(nok)];
}

/*
 * A byte of the stack at a variable offset, as a program indexes a table
 * by a count: a copy of R10 (or the pointer in FP_SLOT_SPTR) plus a register
 * the generator bounds (@prefer if it can), so that on every path the byte
 * is in slots FP_SLOT_LO to FP_FC_HI (bpf_fastcall's among them: the kernel
 * must then keep their saves) and, for a load, written; the verifier must
 * know so through the bodies, and with plain calls may refuse it for a
 * kfunc's result.  Bytes: a stack access must be aligned, and the index's
 * low bits are not known.  The bytes lie in [@lo, @hi) from R10 (or the
 * same offsets of SPTR's frame: from SPTR if @sptr, R10 if 0, either if
 * -1); @prefer FP_OWN_INDEX: an index of its own, masked to at most 7
 * (then in any program, with @sptr 1).
 */
#define FP_OWN_INDEX	(-2)

static void fp_index_in(struct fp_gen *g, int prefer, int lo, int hi, int store, int sptr)
{
	int c[FP_NREG], n = 0, r = -1, t, v, off, span, own;
	const __u8 *slot;
	__u64 u;

	if (!g->indexing && (prefer != FP_OWN_INDEX || sptr <= 0))
		return;
	/*
	 * Now and then a small index of its own, as a table's index masked:
	 * of a value the verifier does not know, so that the offset is
	 * variable, and with no branch landing on the AND (fp_emit() could
	 * then write a constant into the index first)
	 */
	fp_land(g);
	own = prefer == FP_OWN_INDEX;
	if (own || (prefer < 0 && fp_chance(50))) {
		int bits = prefer == FP_OWN_INDEX ? fp_below(4) : fp_below(5), cand[FP_NREG], nc = 0;

		for (int i = 0; i < FP_NREG; i++)
			if (fp_scalar(g, i) && !g->st.r[i].known)
				cand[nc++] = i;
		prefer = -1;
		if (nc) {
			v = cand[fp_below(nc)];
			prefer = fp_below(FP_NREG);
			fp_no_landing(g, 2);
			g->insn[g->n++] = BPF_MOV64_REG(prefer, v);
			g->insn[g->n++] = BPF_ALU64_IMM(BPF_AND, prefer, (1 << bits) - 1);
			fp_set(g, prefer, 0, 0);
			fp_bound(g, prefer, (1 << bits) - 1, 0);
			fp_land(g);
		}
	}
	for (int i = 0; i < FP_NREG; i++)
		if (fp_scalar(g, i) && g->st.r[i].bnd && g->st.r[i].umax < (__u64)(hi - lo))
			c[n++] = i;
	for (int i = 0; i < n; i++)
		if (c[i] == prefer)
			r = prefer;
	if (r < 0 && !n)
		return;
	if (r < 0)
		r = c[fp_below(n)];
	u = g->st.r[r].umax;
	span = u + 1;
	/*
	 * From R10 or from SPTR, which in a subprogram given its caller's
	 * points into the caller's frame: the same offsets there
	 */
	if (sptr < 0)
		sptr = fp_chance(25);
	slot = sptr ? fp_sptr_slots(g) : g->st.slot;
	off = fp_stack_pick(slot, lo, hi, span, 1, store);
	if (off == INT_MIN)
		return;
	g->kidx |= g->st.r[r].kdep;
	g->cstk_acc += g->cstk && sptr;
	g->cstk_fc += g->cstk && sptr && !store && off < fp_slot_off(FP_FC_LO) + 8;
	g->fcidx[!store] += off < fp_slot_off(FP_FC_LO) + 8;

	do
		t = fp_chance(70) ? BPF_REG_1 + fp_below(5) : fp_below(FP_NREG);
	while (t == r);
	v = fp_pick_init(g);
	if (v == t || v == r)
		v = -1;

	/* nothing lands inside the three insns */
	fp_no_landing(g, 3);
	if (sptr) {
		/* SPTR: the lowest byte of slot FP_SLOT_HI */
		g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, t, BPF_REG_10, fp_slot_off(FP_SLOT_SPTR));
		off -= fp_slot_off(FP_SLOT_HI);
	} else {
		g->insn[g->n++] = BPF_MOV64_REG(t, BPF_REG_10);
	}
	g->insn[g->n++] = BPF_ALU64_REG(BPF_ADD, t, r);
	if (store && v >= 0) {
		g->insn[g->n++] = BPF_STX_MEM(BPF_B, t, v, off);
	} else if (store) {
		g->insn[g->n++] = BPF_ST_MEM(BPF_B, t, off, fp_imm());
	} else {
		v = fp_below(FP_NREG);
		g->insn[g->n++] = BPF_LDX_MEM(BPF_B, v, t, off);
	}
	/* t holds a pointer no one reads again */
	g->st.r[t].init = g->st.r[t].known = g->st.r[t].bnd = 0;
	if (!store) {
		fp_set(g, v, 0, 0);
		fp_bound(g, v, 0xff, 0);
	}
	/*
	 * A byte loaded goes into the packet's word at FP_OBS too (xor-ed), mostly,
	 * so that what it read is seen however the program goes on
	 */
	if (!store && (own || fp_chance(50))) {
		int p, w;

		fp_no_landing(g, 4);
		g->n += fp_obs_insns(&g->insn[g->n], v, &p, &w);
		g->st.r[p].init = g->st.r[p].known = g->st.r[p].bnd = 0;
		fp_set(g, w, 0, 0);
		g->obs++;
	}
	g->idx++;
}

static void fp_index(struct fp_gen *g, int prefer)
{
	fp_index_in(g, prefer, fp_slot_off(FP_FC_HI), fp_slot_off(FP_SLOT_LO) + 8,
		    fp_chance(35), -1);
}

/*
 * In a subprogram given its caller's SPTR: a load or store through it, in
 * the caller's general or bpf_fastcall slots (mostly these: the kernel
 * must keep the caller's saves a load may see), at a constant offset of
 * 1, 2, 4 or 8 bytes, or a byte at a variable one
 */
static void fp_caller_stack(struct fp_gen *g)
{
	static const __u8 size[] = { BPF_B, BPF_H, BPF_W, BPF_DW };
	int sz = fp_below(4), len = 1 << sz, store = fp_chance(30), off, at, t, v;

	if (fp_chance(60)) {
		/* a masked index of its own where the program indexes nothing */
		fp_index_in(g, g->indexing && fp_chance(50) ? -1 : FP_OWN_INDEX,
			    fp_slot_off(FP_FC_HI), fp_slot_off(FP_SLOT_LO) + 8, store, 1);
		return;
	}
	fp_land(g);
	off = fp_stack_pick(g->st.cslot, fp_slot_off(FP_FC_HI), fp_slot_off(FP_SLOT_LO) + 8, len,
			    len, store);
	if (off == INT_MIN)
		return;
	t = fp_below(FP_NREG);
	v = store ? fp_pick_init(g) : (int)fp_below(FP_NREG);

	at = off - fp_slot_off(FP_SLOT_HI);	/* from SPTR */
	fp_no_landing(g, 2);
	g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, t, BPF_REG_10, fp_slot_off(FP_SLOT_SPTR));
	if (store) {
		if (v >= 0 && v != t)
			g->insn[g->n++] = BPF_STX_MEM(size[sz], t, v, at);
		else
			g->insn[g->n++] = BPF_ST_MEM(size[sz], t, at, fp_imm());
		for (int j = off; j < off + len; j++)
			fp_stack_mark(g->st.cslot, j);
	} else {
		g->insn[g->n++] = BPF_LDX_MEM(size[sz], v, t, at);
	}
	/* t holds a pointer no one reads again (or, loaded into, the value) */
	g->st.r[t].init = g->st.r[t].known = g->st.r[t].bnd = 0;
	if (!store) {
		fp_set(g, v, 0, 0);
		if (len < 8)
			fp_bound(g, v, (1ull << 8 * len) - 1, 0);
		g->cstk_fc += off < fp_slot_off(FP_FC_LO) + 8;
	}
	g->cstk_acc++;
}

/* a call with its arguments, maybe bpf_fastcall saves, maybe a result move */
static void fp_call(struct fp_gen *g)
{
	int k = g->only_plain || fp_chance(75) ? fp_below(K_PLAIN_N) :
		K_PLAIN_N + fp_below(K_N - K_PLAIN_N);
	int order[4] = { 0, 1, 2, 3 }, save[5], nsave = 0, off, guard, src[4], nsrc = 0, tidy;
	int bounded;
	__u64 res;
	const struct fp_kfunc *f = &fp_kfuncs[k];
	struct fp_site c;

	fp_site_pick(g, &c, k);
	/*
	 * Half the calls as a compiler writes x = f(x, y): each argument a
	 * 64-bit move from a callee-saved register or R0, the constants
	 * moved in, nothing between; the others in any order and form.
	 */
	tidy = fp_chance(50);
	if (!tidy)
		fp_shuffle(order, f->nargs);
	for (int i = 0; i < f->nargs; i++) {
		int a = order[i], r, cand[5], nc = 0;

		fp_land(g);
		for (r = BPF_REG_6; r <= BPF_REG_9; r++)
			if (fp_scalar(g, r))
				cand[nc++] = r;
		if (fp_scalar(g, BPF_REG_0))
			cand[nc++] = BPF_REG_0;
		if (tidy && nc && f->width[a] != FP_PTR && !(f->konst & BIT(a))) {
			r = cand[fp_below(nc)];
			fp_emit(g, BPF_MOV64_REG(BPF_REG_1 + a, r));
			fp_set(g, BPF_REG_1 + a, 0, 0);
		} else {
			r = fp_arg(g, &c, a);
		}
		if (r >= 0)
			src[nsrc++] = r;
		/* other work between the moves, on any register */
		if (!tidy && fp_chance(15))
			fp_alu(g, fp_chance(50) ? BPF_REG_6 + (int)fp_below(4) : -1);
	}

	/*
	 * bpf_fastcall: saves right before the call, nearest the lowest slot,
	 * of registers the call does not take (now and then one it takes,
	 * which is no pattern: the kernel must keep every save then)
	 */
	if (fp_chance(45)) {
		for (int r = BPF_REG_1; r <= BPF_REG_5; r++)
			if (fp_scalar(g, r) && fp_chance(60) &&
			    (r > f->nargs || fp_chance(3)))
				save[nsave++] = r;
	}
	off = FP_FC_HI - (nsave ? (int)fp_below(FP_FC_HI - FP_FC_LO + 2 - nsave) : 0);
	/* outermost first: save[nsave - 1] at the highest slot */
	for (int i = nsave - 1; i >= 0; i--) {
		fp_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_10, save[i], fp_slot_off(off - i)));
		g->st.slot[off - i] = 0xff;
	}

	/* a branch may have landed among the moves: what the call needs */
	for (guard = 0; guard < 8 && fp_site_fix(g, &c); guard++)
		;
	res = fp_result_bound(g, k, &c, &bounded);
	fp_emit(g, KCALL(fp_btf_id[k]));
	g->calls++;
	g->cstk_acc += g->cstk && c.ptr == FP_STKP;
	g->plain &= k < K_PLAIN_N;
	if (f->store && c.ptr == FP_STKP)
		fp_stack_bytes(g, c.kval[1], f->mem, 1);
	fp_clobber(g, BPF_REG_1);
	if (f->is_void) {
		g->st.r[BPF_REG_0].init = g->st.r[BPF_REG_0].known = 0;
	} else {
		fp_set(g, BPF_REG_0, 0, 0);
		if (bounded)
			fp_bound(g, BPF_REG_0, res, 1);
	}

	/* the restores, nearest first; now and then one broken */
	for (int i = 0; i < nsave; i++) {
		int s = off - i, r = save[i];

		if (fp_chance(2))
			r = BPF_REG_1 + fp_below(5);
		fp_land(g);
		if (g->st.slot[s] != 0xff)
			break;
		fp_emit(g, BPF_LDX_MEM(BPF_DW, r, BPF_REG_10, fp_slot_off(s)));
		fp_set(g, r, 0, 0);
		g->fc_pairs++;
	}
	/*
	 * Now and then a byte of a save's slot read at a variable offset: no
	 * pattern then of the frame may go (the verifier's contract check of
	 * such a read), or the read would see a slot nothing wrote
	 */
	if (nsave && fp_chance(12)) {
		int s = off - fp_below(nsave);

		fp_index_in(g, FP_OWN_INDEX, fp_slot_off(s), fp_slot_off(s) + 8, 0, 0);
	}

	if (f->is_void)
		return;
	if (g->tail) {
		/* a 64-bit move of the result, R0 returned as it is */
		int d = BPF_REG_6 + fp_below(4);

		fp_emit(g, BPF_MOV64_REG(d, BPF_REG_0));
		g->st.r[d] = g->st.r[BPF_REG_0];
		return;
	}
	if (fp_chance(60)) {
		/* x = f(x, ...) most often: the result into an argument's source */
		int d = nsrc && fp_chance(tidy ? 80 : 40) ? src[fp_below(nsrc)] :
			fp_chance(70) ? BPF_REG_6 + (int)fp_below(4) : (int)fp_below(FP_NREG);

		int alu32 = fp_chance(25);
		struct fp_reg x;

		fp_emit(g, BPF_RAW_INSN((alu32 ? BPF_ALU : BPF_ALU64) | BPF_MOV | BPF_X,
					d, BPF_REG_0, 0, 0));
		x = g->st.r[BPF_REG_0];
		fp_set(g, d, 0, 0);
		if (x.bnd)
			fp_bound(g, d, alu32 && x.umax > 0xffffffffull ? 0xffffffffull : x.umax,
				 x.kdep);
		/* as a compiler's code: R0 is not read again before a write */
		if (d != BPF_REG_0 && fp_chance(80))
			g->st.r[BPF_REG_0].init = g->st.r[BPF_REG_0].known = 0;
		if (fp_chance(30))
			fp_zext(g, d);
		if (bounded && fp_chance(40))
			fp_index(g, d);
	} else {
		if (fp_chance(30))
			fp_zext(g, BPF_REG_0);
		if (bounded && fp_chance(40))
			fp_index(g, BPF_REG_0);
	}
}

/*
 * bpf_insn_per_cpu_ptr(&runqueues, cpu) and bpf_insn_this_cpu_ptr(
 * &runqueues), the first kept in a callee-saved register, then into a
 * register: 0 for NULL, 1 for another CPU's, 3 for this one's, and that
 * xor-ed into the packet's word at FP_OBS, shifted, so that it is seen
 * whatever the program does next.  Where struct rq has a cpu, it is
 * loaded through both pointers (the second where not NULL) and xor-ed in
 * above those two bits: a pointer to the wrong CPU's runqueue reads the
 * wrong number.  The CPU from a constant (past the CPUs too), a register
 * as it is (its upper half is not the kfunc's: it takes a u32), or
 * masked.  Nothing lands inside; 6.12 refuses these as plain calls.
 */
static void fp_percpu(struct fp_gen *g)
{
	static const __s32 cpus[] = { 0, 1, 2, 3, 63, -1, 0x7fffffff, 0x10000 };
	struct bpf_insn q[32];
	int n = 0, a = BPF_REG_6 + fp_below(4), x, s, form = fp_below(4), p, w;

	do
		x = 1 + fp_below(FP_NREG - 1);
	while (x == a);
	fp_land(g);
	s = fp_pick_init(g);
	if (s < 0 || s == BPF_REG_1)
		form = 0;
	switch (form) {
	case 0:
		q[n++] = BPF_RAW_INSN((fp_chance(50) ? BPF_ALU : BPF_ALU64) | BPF_MOV | BPF_K,
				      BPF_REG_2, 0, 0, fp_chance(40) ? fp_cpu :
				      cpus[fp_below(ARRAY_SIZE(cpus))]);
		break;
	case 1:
		q[n++] = BPF_MOV64_REG(BPF_REG_2, s);
		break;
	default:
		q[n++] = BPF_RAW_INSN((form == 2 ? BPF_ALU : BPF_ALU64) | BPF_MOV | BPF_X,
				      BPF_REG_2, s, 0, 0);
		q[n++] = BPF_ALU64_IMM(BPF_AND, BPF_REG_2, fp_chance(50) ? 3 : 1);
		break;
	}
	q[n++] = BPF_RAW_INSN(BPF_LD | BPF_IMM | BPF_DW, BPF_REG_1, BPF_PSEUDO_BTF_ID, 0, fp_rq_id);
	q[n++] = BPF_RAW_INSN(0, 0, 0, 0, 0);
	q[n++] = KCALL(fp_pcpu_id[P_PER]);
	q[n++] = BPF_MOV64_REG(a, BPF_REG_0);
	q[n++] = BPF_RAW_INSN(BPF_LD | BPF_IMM | BPF_DW, BPF_REG_1, BPF_PSEUDO_BTF_ID, 0, fp_rq_id);
	q[n++] = BPF_RAW_INSN(0, 0, 0, 0, 0);
	q[n++] = KCALL(fp_pcpu_id[P_THIS]);
	q[n++] = BPF_MOV64_IMM(x, 0);
	q[n++] = BPF_JMP_IMM(BPF_JEQ, a, 0, 3);
	q[n++] = BPF_MOV64_IMM(x, 1);
	q[n++] = BPF_RAW_INSN(BPF_JMP | BPF_JNE | BPF_X, a, BPF_REG_0, 1, 0);
	q[n++] = BPF_MOV64_IMM(x, 3);
	if (fp_rq_cpu_off >= 0) {
		q[n++] = BPF_LDX_MEM(BPF_W, BPF_REG_0, BPF_REG_0, fp_rq_cpu_off);
		q[n++] = BPF_ALU64_IMM(BPF_LSH, BPF_REG_0, 2);
		q[n++] = BPF_ALU64_REG(BPF_XOR, x, BPF_REG_0);
		q[n++] = BPF_JMP_IMM(BPF_JEQ, a, 0, 3);
		q[n++] = BPF_LDX_MEM(BPF_W, a, a, fp_rq_cpu_off);
		q[n++] = BPF_ALU64_IMM(BPF_LSH, a, 12);
		q[n++] = BPF_ALU64_REG(BPF_XOR, x, a);
	}
	/* below 2^22 (a CPU below 1024): shifted, nothing falls off */
	q[n++] = BPF_ALU64_IMM(BPF_LSH, x, fp_below(fp_rq_cpu_off >= 0 ? 42 : 63));
	n += fp_obs_insns(&q[n], x, &p, &w);

	fp_no_landing(g, n);
	memcpy(&g->insn[g->n], q, n * sizeof(q[0]));
	g->n += n;
	fp_clobber(g, BPF_REG_0);
	g->st.r[a].init = g->st.r[a].known = 0;		/* no one reads it */
	fp_set(g, x, 0, 0);
	fp_set(g, w, 0, 0);
	g->plain = 0;
	g->pcpu++;
}

/*
 * A call of a subprogram after the one being written: the packet pointer
 * into R1 and its arguments as a kfunc's, in any order and form; its
 * result moved now and then.  The state at the call is kept: the
 * subprogram starts from what every call gives it.
 */
static void fp_subcall(struct fp_gen *g)
{
	int j = g->cur + 1 + fp_below(g->nsub - g->cur - 1), order[4] = { 0, 1, 2, 3 }, guard;
	struct fp_sub *sp = &g->sub[j];
	const struct fp_kfunc f = { .name = "subprog", .nargs = 1 + sp->nargs,
				    .width = { FP_PTR, 64, 64, 64 } };
	const struct fp_site c = { .f = &f, .ptr = FP_PKTP };

	if (sp->nsites == FP_SUB_SITES)
		return;
	fp_shuffle(order, f.nargs);
	for (int i = 0; i < f.nargs; i++)
		fp_arg(g, &c, order[i]);
	/*
	 * And SPTR into R5, for one that takes it.  Each fix may be where a
	 * branch lands that undoes another: no call if they do not settle.
	 */
	for (guard = 0;; guard++) {
		const struct fp_reg *x = &g->st.r[BPF_REG_5];

		if (guard == 16)
			return;
		if (fp_site_fix(g, &c))
			continue;
		if (!sp->cstk || (x->init && x->ptr == FP_STKP))
			break;
		fp_emit(g, BPF_LDX_MEM(BPF_DW, BPF_REG_5, BPF_REG_10, fp_slot_off(FP_SLOT_SPTR)));
		g->st.r[BPF_REG_5] = (struct fp_reg){ .init = 1, .ptr = FP_STKP };
	}
	/* the offset is set when the subprogram is written */
	fp_emit(g, BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 0));
	sp->site[sp->nsites].at = g->n - 1;
	memcpy(sp->site[sp->nsites].sslot, fp_sptr_slots(g), sizeof(g->st.cslot));
	sp->site[sp->nsites++].st = g->st;
	g->subcalls++;
	fp_clobber(g, BPF_REG_1);
	fp_set(g, BPF_REG_0, 0, 0);
	if (fp_chance(50)) {
		int d = BPF_REG_6 + fp_below(4);

		fp_emit(g, BPF_MOV64_REG(d, BPF_REG_0));
		fp_set(g, d, 0, 0);
	}
}

/*
 * A bounded loop: its counter in slot FP_SLOT_LOOP, 2 or 3 times round.
 * No branch from before it lands inside it, none from inside it lands
 * past the end of a bpf_for() body it is in.  At its head the generator
 * forgets constants and bounds (a later round may change them); at its
 * end what the head had is written again where the body left it unwritten,
 * so that every round starts with what the first did.
 */
static void fp_loop_start(struct fp_gen *g)
{
	fp_land_all(g);
	g->insn[g->n++] = BPF_ST_MEM(BPF_DW, BPF_REG_10, fp_slot_off(FP_SLOT_LOOP),
				     2 + fp_below(2));
	for (int r = 0; r < FP_NREG; r++) {
		struct fp_reg *x = &g->st.r[r];

		x->known = x->bnd = 0;
		if (x->ptr != FP_SCALAR)
			x->init = 0;
	}
	g->head = g->st;
	g->loop_head = g->n;
	g->loop_end = g->n + 12 + fp_below(30);
	g->loops++;
	if (g->iter.head) {
		/* inside a bpf_for() body, which ends after it */
		g->nested++;
		if (g->iter.end < g->loop_end + 4)
			g->iter.end = g->loop_end + 4;
	}
}

static void fp_loop_end(struct fp_gen *g)
{
	struct bpf_insn fix[FP_NREG + FP_NSLOT];
	int nfix = 0, t = fp_below(FP_NREG);

	fp_land(g);
	for (int r = 0; r < FP_NREG; r++) {
		if (g->head.r[r].init && !fp_scalar(g, r)) {
			fix[nfix++] = BPF_MOV64_IMM(r, 0x5a);
			fp_set(g, r, 1, 0x5a);
		}
	}
	for (int s = 1; s <= FP_NSLOT; s++) {
		if ((g->head.slot[s] & g->st.slot[s]) != g->head.slot[s]) {
			fix[nfix++] = BPF_ST_MEM(BPF_DW, BPF_REG_10, fp_slot_off(s), s);
			g->st.slot[s] = 0xff;
		}
	}
	/* the branches into these insns land after them */
	fp_no_landing(g, nfix + 4);
	memcpy(&g->insn[g->n], fix, nfix * sizeof(fix[0]));
	g->n += nfix;
	g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, t, BPF_REG_10, fp_slot_off(FP_SLOT_LOOP));
	g->insn[g->n++] = BPF_ALU64_IMM(BPF_ADD, t, -1);
	g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_10, t, fp_slot_off(FP_SLOT_LOOP));
	g->insn[g->n] = BPF_JMP_IMM(BPF_JNE, t, 0, g->loop_head - g->n - 1);
	g->n++;
	fp_set(g, t, 0, 0);
	g->loop_head = 0;
}

/*
 * A bpf_for() loop: bpf_iter_num_new() on slot FP_SLOT_ITER (FP_SLOT_LOOP
 * for one inside another, no bounded loop being open then) from bounds of
 * any form (constants, edges of int among them, a register and that plus
 * a little, in 64 or 32 bits, a masked register: zero to eleven rounds, an
 * empty range, start > end, a range past BPF_MAX_LOOPS), its result kept
 * zero- or sign-extended, moved in 32 bits or not at all; then next() at
 * the head, out on
 * NULL, the value it points to loaded; the body; destroy() after the loop.
 * The verifier checks these as calls and must find the body's states
 * converge at next(): so the body reads only what it wrote itself (what a
 * register or slot held before the loop is not readable in it), and every
 * round is verified from one state.  No branch from before the loop lands
 * in it, none from the body leaves it.
 */
static void fp_iter_ptr(struct fp_gen *g)
{
	fp_land(g);
	fp_no_landing(g, 2);
	g->insn[g->n++] = BPF_MOV64_REG(BPF_REG_1, BPF_REG_10);
	g->insn[g->n++] = BPF_ALU64_IMM(BPF_ADD, BPF_REG_1, fp_slot_off(g->iter.slot));
	g->st.r[BPF_REG_1] = (struct fp_reg){ .init = 1, .ptr = FP_STKP };
}

/* a bound: every two of these are at most 11 apart or past BPF_MAX_LOOPS */
static void fp_iter_bound(struct fp_gen *g, int r)
{
	static const __s32 edge[] = { 0, 1, -1, -3, 0x7fffffff, 0x7ffffffe, 0x7ffffffc,
				      -0x7fffffff - 1, -0x7fffffff, 0x7f000000 };

	fp_emit(g, BPF_RAW_INSN((fp_chance(50) ? BPF_ALU : BPF_ALU64) | BPF_MOV | BPF_K, r, 0, 0,
				fp_chance(50) ? edge[fp_below(ARRAY_SIZE(edge))] :
				(__s32)fp_below(12) - 4));
	fp_set(g, r, 0, 0);
}

static void fp_iter_start(struct fp_gen *g)
{
	int order[3] = { 0, 1, 2 }, form = fp_below(4), x, v;

	fp_land_all(g);
	g->iter.slot = FP_SLOT_ITER;
	if (g->iter.head) {
		/* inside a bpf_for() body: the outer loop waits in outer_iter */
		g->outer_iter = g->iter;
		g->iter_nest = 1;
		g->iter.head = 0;
		g->iter.slot = FP_SLOT_LOOP;
	}
	fp_shuffle(order, 3);
	/* end from start: start first */
	for (int i = 0; form == 1 && i < 3; i++) {
		if (order[i] == 2)
			for (int j = i + 1; j < 3; j++)
				if (order[j] == 1)
					order[j] = 2, order[i] = 1;
	}
	for (int i = 0; i < 3; i++) {
		int a = order[i];

		if (a == 0) {
			fp_iter_ptr(g);
			continue;
		}
		switch (form) {
		case 0:		/* constants */
			fp_iter_bound(g, BPF_REG_1 + a);
			break;
		case 1:		/* a register; end = start + a little */
			if (a == 1) {
				x = fp_pick_init(g);
				if (x < 0 || x == BPF_REG_1) {
					fp_iter_bound(g, BPF_REG_2);
					break;
				}
				fp_emit(g, BPF_RAW_INSN((fp_chance(30) ? BPF_ALU : BPF_ALU64) |
							BPF_MOV | BPF_X, BPF_REG_2, x, 0, 0));
				fp_set(g, BPF_REG_2, 0, 0);
				break;
			}
			v = fp_chance(25) ? BPF_ALU : BPF_ALU64;
			fp_emit(g, BPF_RAW_INSN(v | BPF_MOV | BPF_X, BPF_REG_3, BPF_REG_2, 0, 0));
			fp_set(g, BPF_REG_3, 0, 0);
			fp_emit(g, BPF_RAW_INSN(v | BPF_ADD | BPF_K, BPF_REG_3, 0, 0,
						(__s32)fp_below(9) - 2));
			break;
		default:	/* a masked register and a constant, either way round */
			if ((a == 1) == (form == 2)) {
				x = fp_pick_init(g);
				if (x < 0 || x == BPF_REG_1)
					x = BPF_REG_1 + a;
				fp_emit(g, BPF_RAW_INSN((fp_chance(30) ? BPF_ALU : BPF_ALU64) |
							BPF_MOV | BPF_X, BPF_REG_1 + a, x, 0, 0));
				fp_set(g, BPF_REG_1 + a, 0, 0);
				fp_emit(g, BPF_ALU64_IMM(BPF_AND, BPF_REG_1 + a, 7));
			} else {
				fp_emit(g, BPF_MOV64_IMM(BPF_REG_1 + a, fp_below(9)));
				fp_set(g, BPF_REG_1 + a, 0, 0);
			}
			break;
		}
	}
	fp_emit(g, VKCALL(fp_iter_id[I_NEW]));
	/* R0 too: an int, its upper half is no one's to read */
	fp_clobber(g, BPF_REG_0);
	/*
	 * Its result kept where the loop leaves it readable (a callee-saved
	 * register, a general slot): zero- or sign-extended first, or moved in
	 * 32 bits
	 */
	v = fp_below(100);
	x = BPF_REG_6 + fp_below(4);
	if (v < 50) {
		fp_set(g, BPF_REG_0, 0, 0);
		if (v < 30) {
			fp_zext(g, BPF_REG_0);
		} else {
			fp_emit(g, BPF_ALU64_IMM(BPF_LSH, BPF_REG_0, 32));
			fp_emit(g, BPF_ALU64_IMM(BPF_ARSH, BPF_REG_0, 32));
		}
		if (fp_chance(50)) {
			fp_emit(g, BPF_MOV64_REG(x, BPF_REG_0));
			fp_set(g, x, 0, 0);
		} else {
			int s = FP_SLOT_LO + fp_below(FP_SLOT_HI - FP_SLOT_LO + 1);

			fp_emit(g, BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_0, fp_slot_off(s)));
			g->st.slot[s] = 0xff;
		}
	} else if (v < 70) {
		g->insn[g->n++] = BPF_RAW_INSN(BPF_ALU | BPF_MOV | BPF_X, x, BPF_REG_0, 0, 0);
		fp_set(g, x, 0, 0);
	}
	g->st.slot[g->iter.slot] = 0;
	g->iter.pre = g->st;

	/* the body starts from nothing but the frame's two pointers */
	memset(&g->st, 0, sizeof(g->st));
	g->st.slot[FP_SLOT_PKT] = 0xff;
	g->st.slot[FP_SLOT_SPTR] = 0xff;
	g->iter.head = g->n;
	fp_iter_ptr(g);
	fp_emit(g, VKCALL(fp_iter_id[I_NEXT]));
	g->iter.exit = g->n;
	g->insn[g->n++] = BPF_JMP_IMM(BPF_JEQ, BPF_REG_0, 0, 0);	/* set at the end */
	g->st.r[BPF_REG_1].init = 0;
	if (fp_chance(85)) {
		/* i = *p, mostly into a callee-saved register */
		x = fp_chance(70) ? BPF_REG_6 + (int)fp_below(4) : (int)fp_below(FP_NREG);
		g->insn[g->n++] = BPF_LDX_MEM(BPF_W, x, BPF_REG_0, 0);
		fp_set(g, x, 0, 0);
	}
	g->iter.end = g->n + 10 + fp_below(32);
	g->iters++;
	if (g->loop_head) {
		/* inside a bounded loop, which ends after it */
		g->nested++;
		if (g->loop_end < g->iter.end + 4)
			g->loop_end = g->iter.end + 4;
	}
	if (g->iter_nest) {
		/* inside a bpf_for() body, which ends after it */
		g->nested++;
		g->nested_iters++;
		if (g->outer_iter.end < g->iter.end + 4)
			g->outer_iter.end = g->iter.end + 4;
	}
}

/* registers @i may write */
static __u16 fp_writes(const struct bpf_insn *i)
{
	switch (BPF_CLASS(i->code)) {
	case BPF_ALU:
	case BPF_ALU64:
	case BPF_LDX:
	case BPF_LD:
		return BIT(i->dst_reg);
	case BPF_JMP:
		if (BPF_OP(i->code) == BPF_CALL)
			return BIT(BPF_REG_6) - 1;
	}
	return 0;
}

static void fp_iter_end(struct fp_gen *g)
{
	struct fp_state pre = g->iter.pre;
	__u16 w = 0;

	/* the body's branches land before the jump back */
	fp_land_all(g);
	g->insn[g->n] = BPF_JMP_A(g->iter.head - g->n - 1);
	g->n++;
	g->insn[g->iter.exit].off = g->n - g->iter.exit - 1;
	/*
	 * After the loop: no round, or rounds; a register a round writes
	 * (somewhere) holds either, one it does not what it held before.
	 * Written bytes stay written.
	 */
	for (int i = g->iter.head; i < g->n; i++) {
		w |= fp_writes(&g->insn[i]);
		i += g->insn[i].code == (BPF_LD | BPF_IMM | BPF_DW);
	}
	for (int r = 0; r < FP_NREG; r++)
		if (w & BIT(r))
			fp_meet_reg(&pre.r[r], &g->st.r[r]);
	g->st = pre;
	g->iter.head = 0;
	fp_iter_ptr(g);
	fp_emit(g, VKCALL(fp_iter_id[I_DESTROY]));
	fp_clobber(g, BPF_REG_0);
	if (g->iter_nest) {
		/* back in the outer loop's body */
		g->iter = g->outer_iter;
		g->iter_nest = 0;
	}
}

/*
 * May a bpf_for() loop start here, in work that ends at insn @end?  Loops
 * nest once: one inside a bpf_for() body takes the bounded loop's slot,
 * so none may be open
 */
static int fp_iter_may_start(struct fp_gen *g, int end)
{
	if (g->iter_nest || (g->iter.head && g->loop_head))
		return 0;
	if (g->iter.head || g->loop_head)
		return fp_chance(3) && g->n + 48 < end;
	return g->n + 24 < end && fp_chance(4);
}

/*
 * End the bounded loop (@iter 0) or the innermost bpf_for() loop (1), one
 * inside it first: the outer of two open loops has the lower head
 */
static void fp_close(struct fp_gen *g, int iter)
{
	if (g->loop_head && g->iter.head && (g->iter.head < g->loop_head) == iter)
		fp_close(g, !iter);
	if (iter)
		fp_iter_end(g);
	else
		fp_loop_end(g);
}

/*
 * Random work up to insn @end, in the main program or a subprogram, then
 * the loops left open closed and the branches still ahead landed.  Loops
 * nest once, either kind in either; a frame has no slot left for a third
 * loop (four frames of FP_STACK bytes fill MAX_BPF_STACK)
 */
static void fp_work(struct fp_gen *g, int end)
{
	int loops = g->loops, iters = g->iters, r;

	while (g->n < end) {
		unsigned int c = fp_below(100);

		if (g->loop_head && g->n >= g->loop_end)
			fp_close(g, 0);
		else if (g->iter.head && g->n >= g->iter.end)
			fp_close(g, 1);
		else if (!g->loop_head && !g->iter_nest && g->loops - loops < 2 &&
			 g->n + 40 < end &&
			 (g->iter.head ? fp_chance(3) && g->n + 56 < end : fp_chance(4)))
			fp_loop_start(g);
		else if (g->iters - iters < 2 && fp_iter_may_start(g, end))
			fp_iter_start(g);
		else if (g->cur + 1 < g->nsub && fp_chance(4))
			fp_subcall(g);
		else if (g->cstk && fp_chance(15))
			fp_caller_stack(g);
		else if (!g->only_plain && fp_chance(3))
			fp_percpu(g);
		else if (c < 5)
			fp_index(g, -1);
		else if (c < 30)
			fp_call(g);
		else if (c < 58)
			fp_alu(g, -1);
		else if (c < 70)
			fp_stack(g);
		else if (c < 82)
			fp_branch(g);
		else if (c < 87)
			fp_zext(g, fp_pick_init(g) < 0 ? BPF_REG_6 : fp_pick_init(g));
		else if (c < 92)
			fp_ld_imm64(g, fp_below(FP_NREG));
		else {
			/* one draw after the other: C does not order arguments */
			r = fp_below(FP_NREG);
			fp_mov_imm(g, r, fp_chance(40));
		}
	}

	if (g->loop_head)
		fp_close(g, 0);
	while (g->iter.head)
		fp_close(g, 1);
	fp_land_all(g);
}

/*
 * Subprogram @j, after the insns written: it starts from what all its calls
 * pass (the packet pointer spilled to its own slot FP_SLOT_PKT, SPTR set up
 * in its own frame), works, and returns its registers and general slots
 * folded into R0
 */
static void fp_sub(struct fp_gen *g, int j)
{
	struct fp_sub *sp = &g->sub[j];
	struct fp_state st = sp->site[0].st;

	sp->start = g->n;
	g->cstk = sp->cstk;
	memset(&g->st, 0, sizeof(g->st));
	memcpy(g->st.cslot, sp->site[0].sslot, sizeof(g->st.cslot));
	for (int i = 0; i < sp->nsites; i++) {
		g->insn[sp->site[i].at].imm = sp->start - sp->site[i].at - 1;
		fp_meet(&st, &sp->site[i].st);
		for (int s = 0; s <= FP_NSLOT; s++)
			g->st.cslot[s] &= sp->site[i].sslot[s];
	}
	for (int r = BPF_REG_2; r <= BPF_REG_1 + sp->nargs; r++)
		g->st.r[r] = st.r[r];
	g->st.r[BPF_REG_1] = (struct fp_reg){ .init = 1, .ptr = FP_PKTP };
	g->st.slot[FP_SLOT_PKT] = 0xff;
	g->st.slot[FP_SLOT_SPTR] = 0xff;
	g->cur = j;
	g->subs++;

	g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_1, fp_slot_off(FP_SLOT_PKT));
	if (sp->cstk) {
		g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_5,
					      fp_slot_off(FP_SLOT_SPTR));
		g->cstks++;
	} else {
		g->insn[g->n++] = BPF_MOV64_REG(BPF_REG_0, BPF_REG_10);
		g->insn[g->n++] = BPF_ALU64_IMM(BPF_ADD, BPF_REG_0, fp_slot_off(FP_SLOT_HI));
		g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_0,
					      fp_slot_off(FP_SLOT_SPTR));
	}
	fp_work(g, g->n + FP_SUB_BUDGET);

	/* now and then it ends as y = f(x); return: R0 is read by the exit alone */
	if (fp_chance(30)) {
		g->tail = 1;
		fp_call(g);
		g->tail = 0;
		if (fp_scalar(g, BPF_REG_0)) {
			g->insn[g->n++] = BPF_EXIT_INSN();
			return;
		}
	}

	/*
	 * R0 as it is, as for return f(x) (one time in four), or R0 and the
	 * scalars and whole general slots, each step multiplied
	 */
	if (fp_scalar(g, BPF_REG_0) && fp_chance(25)) {
		g->insn[g->n++] = BPF_EXIT_INSN();
		return;
	}
	if (!fp_scalar(g, BPF_REG_0))
		g->insn[g->n++] = BPF_MOV64_IMM(BPF_REG_0, j + 1);
	for (int r = BPF_REG_1; r < FP_NREG; r++) {
		if (!fp_scalar(g, r))
			continue;
		g->insn[g->n++] = BPF_ALU64_IMM(BPF_MUL, BPF_REG_0, 0x1000193);
		g->insn[g->n++] = BPF_ALU64_REG(BPF_XOR, BPF_REG_0, r);
	}
	for (int s = FP_SLOT_LO; s <= FP_SLOT_HI; s++) {
		if (g->st.slot[s] != 0xff)
			continue;
		g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_10, fp_slot_off(s));
		g->insn[g->n++] = BPF_ALU64_IMM(BPF_MUL, BPF_REG_0, 0x1000193);
		g->insn[g->n++] = BPF_ALU64_REG(BPF_XOR, BPF_REG_0, BPF_REG_1);
	}
	g->insn[g->n++] = BPF_EXIT_INSN();
}

/* the program: packet in, random work, registers and slots out */
static int fp_generate(struct fp_gen *g)
{
	memset(g, 0, sizeof(*g));
	g->breach = fp_chance(8);
	g->plain = 1;
	g->only_plain = fp_chance(50);
	g->indexing = fp_chance(50);
	g->cur = -1;
	g->nsub = fp_chance(40) ? 1 + fp_below(FP_NSUB) : 0;
	for (int j = 0; j < g->nsub; j++) {
		g->sub[j].nargs = 1 + fp_below(3);
		g->sub[j].cstk = fp_chance(50);
	}

	/* r2 = data, r3 = data_end; FP_PKT bytes or return 0 */
	g->insn[g->n++] = BPF_LDX_MEM(BPF_W, BPF_REG_2, BPF_REG_1, 0);
	g->insn[g->n++] = BPF_LDX_MEM(BPF_W, BPF_REG_3, BPF_REG_1, 4);
	g->insn[g->n++] = BPF_MOV64_REG(BPF_REG_4, BPF_REG_2);
	g->insn[g->n++] = BPF_ALU64_IMM(BPF_ADD, BPF_REG_4, FP_PKT);
	g->insn[g->n++] = BPF_RAW_INSN(BPF_JMP | BPF_JLE | BPF_X, BPF_REG_4, BPF_REG_3, 2, 0);
	g->insn[g->n++] = BPF_MOV64_IMM(BPF_REG_0, 0);
	g->insn[g->n++] = BPF_EXIT_INSN();
	g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_2, fp_slot_off(FP_SLOT_PKT));
	g->insn[g->n++] = BPF_MOV64_REG(BPF_REG_3, BPF_REG_10);
	g->insn[g->n++] = BPF_ALU64_IMM(BPF_ADD, BPF_REG_3, fp_slot_off(FP_SLOT_HI));
	g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_3, fp_slot_off(FP_SLOT_SPTR));
	for (int r = 0; r < FP_NREG; r++)
		if (r != BPF_REG_2)
			g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, r, BPF_REG_2, 8 * r);
	g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_2, 8 * BPF_REG_2);
	g->start = g->n;
	for (int r = 0; r < FP_NREG; r++)
		fp_set(g, r, 0, 0);
	g->st.slot[FP_SLOT_PKT] = 0xff;
	g->st.slot[FP_SLOT_SPTR] = 0xff;

	/* then the branches still ahead land on the epilogue */
	fp_work(g, g->start + FP_BUDGET);
	if (g->st.r[BPF_REG_1].init)
		g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_1, fp_slot_off(FP_SLOT_R1));
	g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_10, fp_slot_off(FP_SLOT_PKT));
	for (int r = 0; r < FP_NREG; r++)
		if (r != BPF_REG_1 && g->st.r[r].init)
			g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_1, r, 8 * r);
	if (g->st.r[BPF_REG_1].init) {
		g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_10,
					      fp_slot_off(FP_SLOT_R1));
		g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_2, 8 * BPF_REG_1);
	}
	for (int s = FP_SLOT_LO; s <= FP_SLOT_HI; s++) {
		int at = 8 * FP_NREG + 8 * (s - FP_SLOT_LO);

		if (g->st.slot[s] == 0xff) {
			g->insn[g->n++] = BPF_LDX_MEM(BPF_DW, BPF_REG_2, BPF_REG_10, fp_slot_off(s));
			g->insn[g->n++] = BPF_STX_MEM(BPF_DW, BPF_REG_1, BPF_REG_2, at);
			continue;
		}
		/* the bytes written: halves whole, else byte by byte */
		for (int h = 0; h < 8; h += 4) {
			if ((g->st.slot[s] >> h & 0xf) == 0xf) {
				g->insn[g->n++] = BPF_LDX_MEM(BPF_W, BPF_REG_2, BPF_REG_10,
							      fp_slot_off(s) + h);
				g->insn[g->n++] = BPF_STX_MEM(BPF_W, BPF_REG_1, BPF_REG_2, at + h);
				continue;
			}
			for (int b = h; b < h + 4; b++) {
				if (!(g->st.slot[s] & 1 << b))
					continue;
				g->insn[g->n++] = BPF_LDX_MEM(BPF_B, BPF_REG_2, BPF_REG_10,
							      fp_slot_off(s) + b);
				g->insn[g->n++] = BPF_STX_MEM(BPF_B, BPF_REG_1, BPF_REG_2, at + b);
			}
		}
	}
	g->insn[g->n++] = BPF_MOV64_IMM(BPF_REG_0, 2);	/* XDP_PASS */
	g->insn[g->n++] = BPF_EXIT_INSN();
	/* the subprograms called, each after all its callers */
	for (int j = 0; j < g->nsub; j++)
		if (g->sub[j].nsites)
			fp_sub(g, j);
	return g->n <= FP_MAXI ? 0 : -E2BIG;
}

/* ---- the model ---- */

static int fp_kfunc_of(__s32 id)
{
	for (int k = 0; k < K_N; k++)
		if (fp_btf_id[k] == id)
			return k;
	return -1;
}

static __u64 fp_bswap(__u64 v, int w)
{
	return w == 16 ? __builtin_bswap16(v) : w == 32 ? __builtin_bswap32(v) :
	       __builtin_bswap64(v);
}

static int fp_cond(__u8 op, __u64 a, __u64 b, int w32)
{
	if (w32) {
		a = (__u32)a;
		b = (__u32)b;
	}
	__s64 sa = w32 ? (__s32)a : (__s64)a, sb = w32 ? (__s32)b : (__s64)b;

	switch (op) {
	case BPF_JEQ: return a == b;
	case BPF_JNE: return a != b;
	case BPF_JGT: return a > b;
	case BPF_JGE: return a >= b;
	case BPF_JLT: return a < b;
	case BPF_JLE: return a <= b;
	case BPF_JSGT: return sa > sb;
	case BPF_JSGE: return sa >= sb;
	case BPF_JSLT: return sa < sb;
	case BPF_JSLE: return sa <= sb;
	case BPF_JSET: return !!(a & b);
	}
	return -1;
}

static __u64 fp_alu_model(__u8 op, __u64 d, __u64 s, int w32)
{
	int w = w32 ? 32 : 64;

	if (w32) {
		d = (__u32)d;
		s = (__u32)s;
	}
	switch (op) {
	case BPF_ADD: d += s; break;
	case BPF_SUB: d -= s; break;
	case BPF_MUL: d *= s; break;
	case BPF_DIV: d = s ? d / s : 0; break;
	case BPF_MOD: d = s ? d % s : d; break;
	case BPF_OR: d |= s; break;
	case BPF_AND: d &= s; break;
	case BPF_XOR: d ^= s; break;
	case BPF_LSH: d <<= s & (w - 1); break;
	case BPF_RSH: d >>= s & (w - 1); break;
	case BPF_ARSH:
		d = w32 ? (__u32)((__s32)d >> (s & 31)) : (__u64)((__s64)d >> (s & 63));
		break;
	case BPF_NEG: d = -d; break;
	case BPF_MOV: d = s; break;
	}
	return w32 ? (__u32)d : d;
}

/*
 * In bounds of the stack (the frames from @lo, the main program's, to the
 * end of @stk, the current one's) or the packet: @len bytes at @a
 */
static int fp_mem_ok(__u64 a, int len, const __u8 *lo, const __u8 *stk, const __u8 *pkt)
{
	__u64 s = (__u64)(unsigned long)lo, p = (__u64)(unsigned long)pkt;
	__u64 e = (__u64)(unsigned long)stk + FP_STACK;

	return (a >= s && a + len <= e) || (a >= p && a + len <= p + FP_PKT);
}

/*
 * The stack bytes the path ran has written, a flag per byte of the frames
 * from @lo: @a's @len bytes (checked by fp_mem_ok()) marked written
 * (@set), or whether they all were; the packet's are always
 */
static int fp_model_wr(__u8 *wr, const __u8 *lo, __u64 a, int len, int set)
{
	__u64 s = (__u64)(unsigned long)lo;

	if (a < s || a >= s + (FP_NSUB + 1) * FP_STACK)
		return 1;
	for (int j = 0; j < len; j++) {
		if (set)
			wr[a - s + j] = 1;
		else if (!wr[a - s + j])
			return 0;
	}
	return 1;
}

/*
 * The iterator kfunc @id, as kernel/bpf/bpf_iter.c: the int new() returns
 * in R0's lower half (the upper one is not the program's to read); -2
 * for an iterator out of the current frame @stk, -1 for another kfunc
 */
static int fp_model_iter(__s32 id, __u64 *r, const __u8 *stk, const __u8 *pkt)
{
	__s32 *it = (__s32 *)(unsigned long)r[BPF_REG_1], start = r[BPF_REG_2], end = r[BPF_REG_3];
	__s32 ret = 0;

	if (!fp_mem_ok(r[BPF_REG_1], 8, stk, stk, pkt))
		return -2;
	if (id == fp_iter_id[I_NEW]) {
		if (start > end)
			ret = -EINVAL;
		else if ((__s64)end - start > 8 * 1024 * 1024)	/* BPF_MAX_LOOPS */
			ret = -E2BIG;
		it[0] = ret ? 0 : (__s32)((__u32)start - 1);
		it[1] = ret ? 0 : end;
		r[BPF_REG_0] = 0xdeadbeef00000000ull | (__u32)ret;
	} else if (id == fp_iter_id[I_NEXT]) {
		__s32 n = (__u32)it[0] + 1;

		if (n >= it[1]) {
			it[0] = it[1] = 0;
			r[BPF_REG_0] = 0;
		} else {
			it[0] = n;
			r[BPF_REG_0] = (unsigned long)it;
		}
	} else if (id == fp_iter_id[I_DESTROY]) {
		r[BPF_REG_0] = 0xdeadbeefdeadbeefull;
	} else {
		return -1;
	}
	/* R1-R5 are clobbered: nothing reads them before a write */
	for (int j = BPF_REG_1; j <= BPF_REG_5; j++)
		r[j] = 0xdeadbeefdeadbeefull;
	return 0;
}

/*
 * Run @g from after its prologue on packet @pkt (FP_PKT bytes, changed in
 * place as the program does): 0, -2 if it reads or writes out of the
 * packet and the stack, -3 if it reads a stack byte the path has not
 * written (which a privileged program may: the kernel gives what lay
 * there), or -1 if the model cannot run it (each a generator bug,
 * reported as such)
 */
static int fp_model_pc;		/* the insn fp_model() stopped at */

/*
 * A load of rq->cpu through the model's per-CPU pointer of a CPU: that
 * CPU into *@v, where the mode's loads through a BTF pointer read
 */
static int fp_rq_cpu(__u64 a, int sz, __u64 *v)
{
	__u64 d = a - FP_RQ_MODEL;

	if (fp_rq_cpu_off < 0 || a < FP_RQ_MODEL || sz != 4 ||
	    d >= 0x100000ull * fp_ncpus || d % 0x100000 != (__u64)fp_rq_cpu_off)
		return 0;
	*v = fp_rq_reads ? d / 0x100000 : 0;
	return 1;
}

static int fp_model(const struct fp_gen *g, __u8 *pkt)
{
	/* a frame per call depth: the main program's, then its callees' */
	__u8 frame[FP_NSUB + 1][FP_STACK] __attribute__((aligned(8))) = {};
	__u8 wr[FP_NSUB + 1][FP_STACK] = {};	/* the bytes written, per frame */
	struct { int pc; __u64 r[5]; } ret[FP_NSUB];	/* R6-R9 and R10 kept */
	__u64 r[11], steps = 0;
	int pc = g->start, depth = 0;
	__u8 *stk = frame[0];

	for (int i = 0; i < FP_NREG; i++)
		memcpy(&r[i], pkt + 8 * i, 8);
	r[10] = (__u64)(unsigned long)(stk + FP_STACK);
	memcpy(stk + FP_STACK - 8 * FP_SLOT_PKT, &(__u64){ (__u64)(unsigned long)pkt }, 8);
	memcpy(stk + FP_STACK - 8 * FP_SLOT_SPTR,
	       &(__u64){ (__u64)(unsigned long)(stk + FP_STACK - 8 * FP_SLOT_HI) }, 8);
	memset(wr[0] + FP_STACK - 8 * FP_SLOT_SPTR, 1, 8 * (FP_SLOT_SPTR - FP_SLOT_PKT + 1));

	while (pc < g->n && steps++ < 64 * FP_MAXI) {
		const struct bpf_insn *i = (fp_model_pc = pc, &g->insn[pc++]);
		__u8 cls = BPF_CLASS(i->code), op = BPF_OP(i->code);
		int sz = BPF_SIZE(i->code) == BPF_DW ? 8 : BPF_SIZE(i->code) == BPF_W ? 4 :
			 BPF_SIZE(i->code) == BPF_H ? 2 : 1;
		__u64 src = BPF_SRC(i->code) == BPF_X ? r[i->src_reg] : (__u64)(__s64)i->imm;
		__u64 a, v = 0;

		switch (cls) {
		case BPF_ALU:
		case BPF_ALU64:
			if (op == BPF_END) {
				a = r[i->dst_reg];
				if (BPF_SRC(i->code) == BPF_TO_BE)
					r[i->dst_reg] = fp_bswap(a, i->imm);
				else
					r[i->dst_reg] = i->imm == 64 ? a : i->imm == 32 ?
							(__u32)a : (__u16)a;
				break;
			}
			r[i->dst_reg] = fp_alu_model(op, r[i->dst_reg], src, cls == BPF_ALU);
			break;
		case BPF_LD:
			r[i->dst_reg] = (__u32)i->imm | (__u64)(__u32)g->insn[pc].imm << 32;
			pc++;
			break;
		case BPF_LDX:
			a = r[i->src_reg] + i->off;
			if (fp_rq_cpu(a, sz, &v)) {
				r[i->dst_reg] = v;
				break;
			}
			if (!fp_mem_ok(a, sz, frame[0], stk, pkt))
				return -2;
			if (!fp_model_wr(wr[0], frame[0], a, sz, 0))
				return -3;
			memcpy(&v, (void *)(unsigned long)a, sz);
			r[i->dst_reg] = v;
			break;
		case BPF_ST:
		case BPF_STX:
			a = r[i->dst_reg] + i->off;
			if (!fp_mem_ok(a, sz, frame[0], stk, pkt))
				return -2;
			v = cls == BPF_ST ? (__u64)(__s64)i->imm : r[i->src_reg];
			memcpy((void *)(unsigned long)a, &v, sz);
			fp_model_wr(wr[0], frame[0], a, sz, 1);
			break;
		case BPF_JMP:
		case BPF_JMP32:
			if (op == BPF_EXIT && depth) {
				/* R1-R5 are clobbered: nothing reads them before a write */
				depth--;
				pc = ret[depth].pc;
				memcpy(&r[BPF_REG_6], ret[depth].r, sizeof(ret[depth].r));
				for (int j = BPF_REG_1; j <= BPF_REG_5; j++)
					r[j] = 0xdeadbeefdeadbeefull;
				stk = frame[depth];
				break;
			}
			if (op == BPF_EXIT)
				return r[0] == 2 ? 0 : -1;
			if (op == BPF_CALL && i->src_reg == BPF_PSEUDO_CALL) {
				if (depth == FP_NSUB)
					return -1;
				ret[depth].pc = pc;
				memcpy(ret[depth].r, &r[BPF_REG_6], sizeof(ret[depth].r));
				stk = frame[++depth];
				memset(stk, 0, FP_STACK);
				memset(wr[depth], 0, FP_STACK);
				r[BPF_REG_10] = (__u64)(unsigned long)(stk + FP_STACK);
				pc += i->imm;
				break;
			}
			if (op == BPF_CALL && !i->off) {
				/* new() writes the iterator, next() and destroy() read it */
				__u64 it = r[BPF_REG_1];
				int err = fp_model_iter(i->imm, r, stk, pkt);

				if (err)
					return err;
				if (!fp_model_wr(wr[0], frame[0], it, 8,
						 i->imm == fp_iter_id[I_NEW]))
					return -3;
				break;
			}
			if (op == BPF_CALL && (i->imm == fp_pcpu_id[P_THIS] ||
					       i->imm == fp_pcpu_id[P_PER])) {
				__u32 cpu = i->imm == fp_pcpu_id[P_THIS] ? (__u32)fp_cpu
									 : (__u32)r[BPF_REG_2];

				r[0] = cpu < (__u32)fp_ncpus ? FP_RQ_MODEL + 0x100000ull * cpu : 0;
				for (int j = BPF_REG_1; j <= BPF_REG_5; j++)
					r[j] = 0xdeadbeefdeadbeefull;
				break;
			}
			if (op == BPF_CALL) {
				int k = fp_kfunc_of(i->imm), mem;
				__u64 args[4];

				if (k < 0)
					return -1;
				for (int j = 0; j < 4; j++)
					args[j] = r[BPF_REG_1 + j];
				mem = fp_kfuncs[k].mem;
				if (mem) {
					/* big-endian: the most significant byte first */
					__u8 *m = (__u8 *)(unsigned long)(args[0] + (__u32)args[1]);

					if (!fp_mem_ok((unsigned long)m, mem, frame[0], stk, pkt))
						return -2;
					if (!fp_model_wr(wr[0], frame[0], (unsigned long)m, mem,
							 fp_kfuncs[k].store))
						return -3;
					for (int j = 0; j < mem; j++)
						if (fp_kfuncs[k].store)
							m[j] = args[2] >> 8 * (mem - 1 - j);
						else
							v = v << 8 | m[j];
					r[0] = fp_kfuncs[k].is_void ? 0xdeadbeefdeadbeefull : v;
				} else {
					r[0] = fp_eval(k, args);
				}
				/* R1-R5 are clobbered: nothing reads them before a write */
				for (int j = BPF_REG_1; j <= BPF_REG_5; j++)
					r[j] = 0xdeadbeefdeadbeefull;
				break;
			}
			if (op == BPF_JA && cls == BPF_JMP) {
				pc += i->off;
				break;
			}
			switch (fp_cond(op, r[i->dst_reg], src, cls == BPF_JMP32)) {
			case 1:
				pc += i->off;
				break;
			case -1:
				return -1;
			}
			break;
		default:
			return -1;
		}
	}
	return -1;
}

/* ---- the modes ---- */

struct fp_mode {
	const char *name;
	const char *native, *bodies, *harden, *jit;	/* the settings */
};

static const struct fp_mode fp_modes[] = {
	{ "native", "1", "1", "0", "1" },
	{ "body", "0", "1", "0", "1" },
	{ "copy", "copy", "1", "0", "1" },
	{ "harden", "1", "1", "2", "1" },
	{ "interp", "1", "1", "0", "0" },
	{ "call", "1", "0", "0", "1" },
};

/* apply @m; 1 if this kernel has no such mode (no interpreter), -errno */
static int fp_mode_set(const struct fp_mode *m)
{
	int err = write_str(P_PARAM "native", m->native) ?:
		  write_str(P_PARAM "bodies", m->bodies) ?:
		  write_str(P_SYSCTL "bpf_jit_harden", m->harden);

	if (err)
		return err;
	/* CONFIG_BPF_JIT_ALWAYS_ON refuses 0: the kernel has no interpreter */
	if (write_str(P_SYSCTL "bpf_jit_enable", m->jit))
		return 1;
	return 0;
}

static char fp_log[1 << 22];

/*
 * rq->cpu read through bpf_this_cpu_ptr(&runqueues), the helper, in the
 * mode set: fp_cpu, or 0 where the interpreter runs the load (it reads a
 * BTF pointer with bpf_probe_read_kernel_common(), which gives zeroes
 * without CONFIG_BPF_EVENTS); what the loads through the kfuncs' pointers
 * must read too.  A negative errno if it cannot run.
 */
static int fp_rq_probe(void)
{
	const struct bpf_insn q[] = {
		BPF_RAW_INSN(BPF_LD | BPF_IMM | BPF_DW, BPF_REG_1, BPF_PSEUDO_BTF_ID, 0, fp_rq_id),
		BPF_RAW_INSN(0, 0, 0, 0, 0),
		BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_this_cpu_ptr),
		BPF_LDX_MEM(BPF_W, BPF_REG_0, BPF_REG_0, fp_rq_cpu_off),
		BPF_EXIT_INSN(),
	};
	__u8 in[FP_PKT] = {}, out[FP_PKT];
	__u32 ret = 0;
	int fd, err;

	fd = bpf_prog_load(BPF_PROG_TYPE_XDP, NULL, "GPL", q, ARRAY_SIZE(q), NULL);
	if (fd < 0)
		return -errno;
	err = run_prog(fd, 0, in, FP_PKT, out, &ret);
	close(fd);
	return err ?: (int)ret;
}

/* load @g; refused, again with the verifier's log for the reason */
static int fp_load(const struct fp_gen *g, int btf_fd)
{
	int fd_array[2] = { 0, btf_fd }, fd, err;
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .fd_array = fd_array);

	fp_log[0] = 0;
	fd = bpf_prog_load(BPF_PROG_TYPE_XDP, NULL, "GPL", g->insn, g->n, &opts);
	if (fd >= 0)
		return fd;
	err = -errno;
	opts.log_buf = fp_log;
	opts.log_size = sizeof(fp_log);
	opts.log_level = 1;
	fd = bpf_prog_load(BPF_PROG_TYPE_XDP, NULL, "GPL", g->insn, g->n, &opts);
	if (fd >= 0)
		close(fd);
	return err;
}

/*
 * The xlated program @fd: its kfunc calls kept for native code (dst_reg 1)
 * into *@sites, its bpf_fastcall saves into *@saves; -1 if unreadable
 */
static int fp_xlated(int fd, int *sites, int *saves)
{
	struct bpf_prog_info info;
	struct bpf_insn *x = NULL;

	if (prog_xlated(fd, &info, &x))
		return -1;
	for (__u32 i = 0; i < info.xlated_prog_len / sizeof(*x); i++) {
		*sites += kfunc_call_native(&x[i]);
		*saves += x[i].code == (BPF_STX | BPF_MEM | BPF_DW) &&
			  x[i].dst_reg == BPF_REG_10 && x[i].off <= -8 * FP_FC_LO;
	}
	free(x);
	return 0;
}

/* the last lines of the verifier's log, where it says why, on one line */
static const char *fp_log_tail(void)
{
	char *p = fp_log + strlen(fp_log);

	for (int lines = 0; p > fp_log && lines < 5; p--)
		if (p[-1] == '\n' && ++lines > 1)
			p[-1] = '|';
	return p;
}

static void fp_dump(const struct fp_gen *g)
{
	for (int i = 0; i < g->n; i++) {
		const struct bpf_insn *x = &g->insn[i];

		printf("INSN %3d: code 0x%02x dst r%d src r%d off %d imm %d\n", i, x->code,
		       x->dst_reg, x->src_reg, x->off, x->imm);
	}
}

static void fp_inputs(__u8 in[FP_INPUTS][FP_PKT])
{
	for (int k = 0; k < FP_INPUTS; k++)
		for (int j = 0; j < FP_PKT; j += 8) {
			__u64 v = fp_value();

			memcpy(&in[k][j], &v, 8);
		}
}

/*
 * The verifier's reasons for refusing a stack access at an offset not
 * bounded (a plain call's result: any value, or any u32 when moved in 32
 * bits, or narrowed by a branch): check_reg_sane_offset(),
 * check_stack_access_within_bounds()
 */
static int fp_range_refusal(void)
{
	static const char *const msg[] = {
		"math between fp pointer and register with unbounded min value is not allowed",
		"makes fp pointer be out of bounds",
		"invalid unbounded variable-offset",
		"invalid variable-offset",
		/*
		 * An index a branch made a constant (below) that lands the
		 * access on a bpf_for() loop's iterator (seed 5, program 137:
		 * r8 == 68 after a clz32(), a byte stored at r10 + r8 - 100):
		 * next() then finds no iterator
		 */
		"expected an initialized iter_num",
	};

	static const char *const fixed[] = {
		"invalid write to stack R", "invalid read from stack R",
	};
	const char *p;
	int r, off;

	for (size_t i = 0; i < ARRAY_SIZE(msg); i++)
		if (strstr(fp_log, msg[i]))
			return 1;
	/*
	 * An index a branch made a constant: "if r0 != 18275340" after a
	 * clz64(), whose other side the verifier knows dead where it knows
	 * the result's range
	 */
	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		for (p = fp_log; (p = strstr(p, fixed[i])); p++)
			if (sscanf(p + strlen(fixed[i]), "%d off=%d", &r, &off) == 2)
				return 1;
	return 0;
}

/*
 * Program @idx of seed @seed in the mode set: load, run on every input, compare
 * with the model; counts into @sites (native calls) and @saves (R10 saves).
 * With plain calls (@call), one 6.12 refuses is refused, counted in @refused,
 * as is one with a stack access indexed by a kfunc's result (@unbounded).
 */
static int fp_one(int call, __u64 seed, int idx, int btf_fd, int *sites,
		  int *saves, int *refused, int *unbounded, char *why, size_t len)
{
	static struct fp_gen g;
	__u8 in[FP_INPUTS][FP_PKT], want[FP_PKT], got[FP_PKT];
	int fd, err;

	fp_rng = seed + (__u64)idx * 0x100000001b3ull;
	if (fp_generate(&g)) {
		snprintf(why, len, "seed %llu program %d: %d insns, more than %d",
			 (unsigned long long)seed, idx, g.n, FP_MAXI);
		return 1;
	}
	fp_inputs(in);
	fd = fp_load(&g, btf_fd);
	if (fd < 0 && call && g.kidx && fp_range_refusal()) {
		++*unbounded;
		return 0;
	}
	/*
	 * As plain calls, a call 6.12 refuses is refused, with its reason; a
	 * program whose only such calls the verifier finds dead loads.
	 */
	if (call && !g.plain && fd < 0) {
		if (!strstr(fp_log, TWO_CONSTS_MSG) && !strstr(fp_log, "must point to scalar") &&
		    !strstr(fp_log, "args#0 pointer type")) {
			snprintf(why, len, "seed %llu program %d: refused as plain calls, not for a constant or pointer: %s",
				 (unsigned long long)seed, idx, fp_log_tail());
			return 1;
		}
		++*refused;
		return 0;
	}
	if (fd < 0) {
		fp_dump(&g);
		snprintf(why, len, "seed %llu program %d refused (%s): %s",
			 (unsigned long long)seed, idx, strerror(-fd), fp_log_tail());
		return 1;
	}
	if (fp_xlated(fd, sites, saves)) {
		snprintf(why, len, "seed %llu program %d: no xlated program: %s",
			 (unsigned long long)seed, idx, strerror(errno));
		close(fd);
		return 1;
	}
	for (int k = 0; k < FP_INPUTS; k++) {
		__u32 ret = 0;

		memcpy(want, in[k], FP_PKT);
		err = fp_model(&g, want);
		if (err) {
			fp_dump(&g);
			snprintf(why, len, "seed %llu program %d input %d: %s at insn %d",
				 (unsigned long long)seed, idx, k, err == -2 ?
				 "loaded, but it reaches out of the packet and the stack in the model" :
				 err == -3 ? "it reads a stack byte the path has not written" :
				 "the model cannot run it", fp_model_pc);
			close(fd);
			return 1;
		}
		memset(got, 0, sizeof(got));
		err = run_prog(fd, 0, in[k], FP_PKT, got, &ret);
		if (err || ret != 2 || memcmp(got, want, FP_PKT)) {
			int at = 0;
			__u64 gv, wv;

			while (at < FP_PKT - 8 && !memcmp(got + at, want + at, 8))
				at += 8;
			memcpy(&gv, got + at, 8);
			memcpy(&wv, want + at, 8);
			fp_dump(&g);
			snprintf(why, len, "seed %llu program %d input %d: %s%s ret %u, %s %d 0x%llx, model 0x%llx",
				 (unsigned long long)seed, idx, k, err ? "test_run: " : "",
				 err ? strerror(-err) : "", ret, at < 8 * FP_NREG ? "R" :
				 at < FP_OBS ? "slot" : "loaded bytes, word",
				 at < 8 * FP_NREG ? at / 8 : at < FP_OBS ?
				 FP_SLOT_LO + (at - 8 * FP_NREG) / 8 : 0,
				 (unsigned long long)gv, (unsigned long long)wv);
			close(fd);
			return 1;
		}
	}
	close(fd);
	return 0;
}

static int fp_run(int n, __u64 seed)
{
	int btf_fd = -1, fails = 0, calls = 0, pairs = 0, saves[ARRAY_SIZE(fp_modes)] = {};
	int loops = 0, idx = 0, kidx = 0, subs = 0, subcalls = 0, fcld = 0, obs = 0, iters = 0;
	int cstks = 0, cstk_acc = 0, cstk_fc = 0, pcpu = 0, nested = 0, nested_iters = 0;
	static struct fp_gen g;
	char name[64], why[1024];
	cpu_set_t set;

	/* on the last CPU: bpf_insn_cpu_id() then says something other than 0 */
	fp_cpu = sysconf(_SC_NPROCESSORS_ONLN) - 1;
	CPU_ZERO(&set);
	CPU_SET(fp_cpu, &set);
	if (fp_cpu < 0 || sched_setaffinity(0, sizeof(set), &set)) {
		test_line("fuzzprog", 0, "cannot run on CPU %d: %s", fp_cpu, strerror(errno));
		return 1;
	}
	fp_ncpus = libbpf_num_possible_cpus();
	fp_rq_id = vmlinux_btf_id("runqueues", BTF_KIND_VAR);
	if (fp_rq_id < 0 || fp_ncpus < 1) {
		test_line("fuzzprog", 0, "no runqueues in vmlinux BTF (%d) or no CPU count (%d)",
			  fp_rq_id, fp_ncpus);
		return 1;
	}
	/* a kernel without CONFIG_SMP has no rq->cpu: the pointers are compared only */
	fp_rq_cpu_off = vmlinux_member_off("rq", "cpu");
	if (fp_rq_cpu_off < 0 && fp_rq_cpu_off != -ENOENT) {
		test_line("fuzzprog", 0, "cannot read struct rq in vmlinux BTF: %s",
			  strerror(-fp_rq_cpu_off));
		return 1;
	}
	for (int k = 0; k < I_N; k++) {
		fp_iter_id[k] = vmlinux_kfunc(fp_iter_name[k]);
		if (fp_iter_id[k] < 0) {
			test_line("fuzzprog", 0, "no kfunc %s in vmlinux BTF: %s",
				  fp_iter_name[k], strerror(-fp_iter_id[k]));
			return 1;
		}
	}
	for (int k = 0; k < K_N; k++) {
		if (k)
			close(btf_fd);
		fp_btf_id[k] = mod_kfunc("insn_kfuncs", fp_kfuncs[k].name, &btf_fd);
		if (fp_btf_id[k] < 0) {
			test_line("fuzzprog", 0, "no kfunc %s in insn_kfuncs' BTF: %s",
				  fp_kfuncs[k].name, strerror(-fp_btf_id[k]));
			return 1;
		}
	}
	for (int k = 0; k < P_N; k++) {
		close(btf_fd);
		fp_pcpu_id[k] = mod_kfunc("insn_kfuncs", fp_pcpu_name[k], &btf_fd);
		if (fp_pcpu_id[k] < 0) {
			test_line("fuzzprog", 0, "no kfunc %s in insn_kfuncs' BTF: %s",
				  fp_pcpu_name[k], strerror(-fp_pcpu_id[k]));
			return 1;
		}
	}
	for (int i = 0; i < n; i++) {
		fp_rng = seed + (__u64)i * 0x100000001b3ull;
		fp_generate(&g);
		calls += g.calls;
		pairs += g.fc_pairs;
		loops += g.loops;
		iters += g.iters;
		nested += g.nested;
		nested_iters += g.nested_iters;
		idx += g.idx;
		kidx += g.kidx;
		subs += g.subs;
		subcalls += g.subcalls;
		cstks += g.cstks;
		cstk_acc += g.cstk_acc;
		cstk_fc += g.cstk_fc;
		pcpu += g.pcpu;
		fcld += g.fcidx[1];
		obs += g.obs;
	}
	printf("STAT fuzzprog seed=%llu programs=%d calls=%d fastcall_pairs=%d loops=%d "
	       "bpf_for_loops=%d nested_loops=%d of_them_bpf_for_in_bpf_for=%d "
	       "indexed_stack_accesses=%d "
	       "indexed_loads_reaching_fastcall_slots=%d "
	       "indexed_loads_seen=%d programs_indexing_by_a_kfunc_result=%d "
	       "subprograms=%d subprogram_calls=%d subprograms_given_the_callers_stack=%d "
	       "accesses_of_a_callers_stack=%d of_them_loads_of_its_fastcall_slots=%d "
	       "per_cpu_pointer_pairs=%d rq_cpu_offset=%d\n",
	       (unsigned long long)seed, n, calls, pairs, loops, iters, nested, nested_iters,
	       idx, fcld, obs,
	       kidx, subs, subcalls, cstks, cstk_acc, cstk_fc, pcpu, fp_rq_cpu_off);

	for (size_t m = 0; m < ARRAY_SIZE(fp_modes); m++) {
		const struct fp_mode *md = &fp_modes[m];
		int sites = 0, err = fp_mode_set(md), bad = 0, refused = 0, unbounded = 0;
		int call = !strcmp(md->name, "call");

		snprintf(name, sizeof(name), "fuzzprog.%s", md->name);
		saves[m] = -1;
		if (err == 1) {
			/* a kernel without an interpreter has no such mode */
			printf("STAT %s not run: bpf_jit_enable=0 refused (CONFIG_BPF_JIT_ALWAYS_ON)\n",
			       name);
			continue;
		}
		if (err) {
			test_line(name, 0, "cannot set the mode: %s", strerror(-err));
			fails++;
			continue;
		}
		if (fp_rq_cpu_off >= 0) {
			/* JIT'd code reads what the pointer points at */
			err = fp_rq_probe();
			fp_rq_reads = err == fp_cpu;
			if (err != fp_cpu && (err || strcmp(md->jit, "0"))) {
				test_line(name, 0,
					  "rq->cpu through bpf_this_cpu_ptr() on CPU %d: %d",
					  fp_cpu, err);
				fails++;
				continue;
			}
			printf("STAT %s rq->cpu through a per-CPU pointer: %s\n", name,
			       fp_rq_reads ? "read" : "0 (the interpreter reads no BTF pointer here)");
		}
		saves[m] = 0;
		for (int i = 0; i < n && !bad; i++)
			bad = fp_one(call, seed, i, btf_fd, &sites, &saves[m], &refused,
				     &unbounded, why, sizeof(why));
		if (bad) {
			test_line(name, 0, "%s", why);
			fails++;
			continue;
		}
		/* native code must have been there to be tested */
		if (!strcmp(md->name, "native") && !sites) {
			test_line(name, 0, "no call became native code in %d programs", n);
			fails++;
			continue;
		}
		test_line(name, 1, "%d programs x %d packets as the model%s; %d native sites, %d bpf_fastcall saves kept",
			  n - refused - unbounded, FP_INPUTS,
			  call ? ", the others refused as by 6.12 (for a constant, a pointer, an index by a result)" : "",
			  sites, saves[m]);
	}
	fp_mode_set(&fp_modes[0]);
	close(btf_fd);

	/* native code took saves out: the removal was tested too */
	if (saves[0] >= 0 && saves[1] >= 0) {
		test_line("fuzzprog.fastcall_removed", saves[0] < saves[1],
			  "%d of %d saves removed with native code", saves[1] - saves[0], saves[1]);
		fails += saves[0] >= saves[1];
	}
	return fails;
}

int fuzz_prog_main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "run"))
		return fp_run(atoi(argv[2]), strtoull(argv[3], NULL, 0));
	fprintf(stderr, "usage: %s run N SEED\n", argv[0]);
	return 2;
}
