// SPDX-License-Identifier: GPL-2.0
/*
 * Test module: kfuncs with bodies that the soundness tests need and the
 * real module does not have (tests/prog_tests/soundness.c, tests/guest/45-soundness.sh).
 *
 *   bpf_insn_test_void(a)       void; its body leaves R0 alone, and its native
 *                               code is a NOP: a result move after the call
 *                               must not be folded, nor R0 read
 *   bpf_insn_test_void_r0(a)    void; its body uses R0 as a temporary, its
 *                               native code does not: R0 must not be read
 *   bpf_insn_test_konst(x, k)   returns x; its body never reads its constant
 *                               k and overwrites it first, so only the marks
 *                               the verifier puts on k (read, precise) keep
 *                               two states with different k apart
 *   bpf_insn_test_fastcall(x)   returns x + 1, KF_FASTCALL; its body uses R2
 *                               and R5 as temporaries, its native code writes
 *                               the result only: the bpf_fastcall spills and
 *                               fills around a call may go with native code
 *                               and must stay with the body
 *   bpf_insn_test_hi32(x)       returns x << 32, never native (the body
 *                               stays); its body ends in the shift,
 *                               which a shift down after the call makes a
 *                               zero-extension pair only once the body's end
 *                               marker goes: the pair must stay
 *   bpf_insn_test_narrow(v)     returns v, a u8; registered for copying: a
 *                               compiled kfunc may rely on the caller having
 *                               extended a narrow argument, which BPF does
 *                               not do, so it must not be copied
 *   bpf_insn_test_copy(x)       returns x & 0xff; registered for copying:
 *                               tests/kmod/insn_collide.c has a function of
 *                               the same name, whose code must not be
 *                               copied for this kfunc's calls
 *   bpf_insn_test_plain(x)      returns x + 1, no body: a plain call;
 *                               tests/kmod/insn_collide.c has a function of
 *                               the same name, which its calls must not
 *                               reach
 *   bpf_insn_test_wide(x, y)    returns y; x is a 16-byte integer, one BPF
 *                               register and two of the C calling
 *                               convention, whose code reads y from R3:
 *                               registered for copying, it must not be
 *                               copied
 *   bpf_insn_test_sext(x)       returns x, an int, sign-extended to 64 bits
 *                               in R0 by its body and its native code alike:
 *                               a 32-bit move of the result after the call
 *                               clears the upper half, so it must stay
 *   bpf_insn_test_memarg(a, v)  returns a + v; on x86-64 its native code
 *                               takes v from memory where the program
 *                               loads it just before the call (mem_args),
 *                               and declines that where the load's base
 *                               is the result's register (and not a's)
 *   bpf_insn_test_sleepy(x)     returns x + 1, KF_SLEEPABLE: a body verified
 *                               in place of its calls would bypass the
 *                               verifier's check that the program may
 *                               sleep, so its calls must stay calls
 *   bpf_insn_test_sleepy_pcpu(p)  this_cpu_ptr(p), KF_SLEEPABLE, with an
 *                               AFTER body verified as bpf_this_cpu_ptr():
 *                               the helper's checks know nothing of the
 *                               flag, so its calls must stay calls too
 *   bpf_insn_test_null_pcpu(p)  this_cpu_ptr(p), KF_RET_NULL, with an AFTER
 *                               body verified as bpf_this_cpu_ptr(), whose
 *                               result is never NULL: typed as the helper's,
 *                               a NULL the kfunc may return would be taken
 *                               for a pointer, so its calls stay calls
 *   bpf_insn_test_filtered(x)   returns x + 1, in a set of its own for XDP
 *                               and struct_ops whose filter refuses programs
 *                               attached to a function (attach_func_name,
 *                               set once the verifier checks the target):
 *                               its body must not let such a program past it
 *
 * And a per-CPU variable, bpf_insn_test_pcpu_var (0x1235 on each CPU),
 * which insn_collide.c has one of the name of too: a program's typed ksym
 * of this module's must be this one.  And an object for referenced kptrs,
 * struct bpf_insn_test_obj (bpf_insn_test_obj_new(), KF_ACQUIRE,
 * bpf_insn_test_obj_release(), KF_RELEASE), whose destructor
 * bpf_insn_test_obj_dtor() counts what it frees (parameter obj_released):
 * insn_collide.c has a function of that name too, which a map freeing the
 * objects it holds must not call.
 *
 * And int_sqrt(x), returning x + 7: named and typed as vmlinux's
 * int_sqrt(), so that BTF deduplication gives it vmlinux's BTF id, which
 * its kfunc set then holds.  Reached through this module's BTF, that id
 * names two functions, this module's and vmlinux's: its calls must be
 * refused, not go to either.
 *
 * With fail_init_ms=N the module instead gives the kernel's
 * bpf_iter_num_destroy() a body (the real module must not be loaded), waits
 * N ms and fails its init: a program verified meanwhile must not get that
 * body, whose module is about to be freed.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bpf.h>
#include <linux/bpf_kfunc_body.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/delay.h>
#include <linux/cfi.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

/* global, as a module's variables for programs are */
DEFINE_PER_CPU(u64, bpf_insn_test_pcpu_var) = 0x1235;

struct bpf_insn_test_obj {
	u64 v;
};

static atomic_t obj_released = ATOMIC_INIT(0);

static int obj_released_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&obj_released));
}

static const struct kernel_param_ops obj_released_ops = {
	.get = obj_released_get,
};
module_param_cb(obj_released, &obj_released_ops, NULL, 0444);
MODULE_PARM_DESC(obj_released, "objects bpf_insn_test_obj_dtor() freed");

__bpf_kfunc_start_defs();

__bpf_kfunc void bpf_insn_test_void(u64 a)
{
}

__bpf_kfunc void bpf_insn_test_void_r0(u64 a)
{
}

__bpf_kfunc u64 bpf_insn_test_konst(u64 x, u32 k__k)
{
	return x;
}

__bpf_kfunc u64 bpf_insn_test_fastcall(u64 x)
{
	return x + 1;
}

__bpf_kfunc u64 bpf_insn_test_hi32(u64 x)
{
	return x << 32;
}

__bpf_kfunc u32 bpf_insn_test_narrow(u8 v)
{
	return v;
}

__bpf_kfunc u64 bpf_insn_test_copy(u64 x)
{
	return x & 0xff;
}

__bpf_kfunc u64 bpf_insn_test_plain(u64 x)
{
	return x + 1;
}

__bpf_kfunc u64 bpf_insn_test_wide(unsigned __int128 x, u64 y)
{
	return y;
}

__bpf_kfunc int bpf_insn_test_sext(int x)
{
	return x;
}

__bpf_kfunc u64 bpf_insn_test_memarg(u64 a, u64 v)
{
	return a + v;
}

__bpf_kfunc u64 bpf_insn_test_sleepy(u64 x)
{
	might_sleep();
	return x + 1;
}

__bpf_kfunc void *bpf_insn_test_sleepy_pcpu(const void *p)
{
	might_sleep();
	return this_cpu_ptr((void __percpu *)p);
}

__bpf_kfunc void *bpf_insn_test_null_pcpu(const void *p)
{
	return p ? this_cpu_ptr((void __percpu *)p) : NULL;
}

__bpf_kfunc u64 bpf_insn_test_filtered(u64 x)
{
	return x + 1;
}

__bpf_kfunc unsigned long int_sqrt(unsigned long x)
{
	return x + 7;
}

__bpf_kfunc struct bpf_insn_test_obj *bpf_insn_test_obj_new(u64 v)
{
	struct bpf_insn_test_obj *o = kmalloc(sizeof(*o), GFP_ATOMIC);

	if (o)
		o->v = v;
	return o;
}

__bpf_kfunc void bpf_insn_test_obj_release(struct bpf_insn_test_obj *o)
{
	kfree(o);
}

/* called through a pointer when a map holding the object goes */
__bpf_kfunc void bpf_insn_test_obj_dtor(void *o)
{
	kfree(o);
	atomic_inc(&obj_released);
}
CFI_NOSEAL(bpf_insn_test_obj_dtor);

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(test_ids)
BTF_ID_FLAGS(func, bpf_insn_test_void)
BTF_ID_FLAGS(func, bpf_insn_test_void_r0)
BTF_ID_FLAGS(func, bpf_insn_test_konst)
BTF_ID_FLAGS(func, bpf_insn_test_fastcall, KF_FASTCALL)
BTF_ID_FLAGS(func, bpf_insn_test_hi32)
BTF_ID_FLAGS(func, bpf_insn_test_narrow)
BTF_ID_FLAGS(func, bpf_insn_test_copy)
BTF_ID_FLAGS(func, bpf_insn_test_plain)
BTF_ID_FLAGS(func, bpf_insn_test_obj_new, KF_ACQUIRE | KF_RET_NULL)
BTF_ID_FLAGS(func, bpf_insn_test_obj_release, KF_RELEASE)
BTF_ID_FLAGS(func, int_sqrt)
BTF_ID_FLAGS(func, bpf_insn_test_wide)
BTF_ID_FLAGS(func, bpf_insn_test_sext)
BTF_ID_FLAGS(func, bpf_insn_test_memarg)
BTF_ID_FLAGS(func, bpf_insn_test_sleepy, KF_SLEEPABLE)
BTF_ID_FLAGS(func, bpf_insn_test_sleepy_pcpu, KF_SLEEPABLE)
BTF_ID_FLAGS(func, bpf_insn_test_null_pcpu, KF_RET_NULL)
BTF_KFUNCS_END(test_ids)

static const struct btf_kfunc_id_set test_set = {
	.owner = THIS_MODULE,
	.set = &test_ids,
};

BTF_KFUNCS_START(filtered_ids)
BTF_ID_FLAGS(func, bpf_insn_test_filtered)
BTF_KFUNCS_END(filtered_ids)

/*
 * The filters of a program type see every kfunc looked up for it: refuse
 * only this set's, for a program attached to a function
 */
static int filter_attached(const struct bpf_prog *prog, u32 kfunc_id)
{
	if (btf_id_set8_contains(&filtered_ids, kfunc_id) && prog->aux->attach_func_name)
		return -EACCES;
	return 0;
}

static const struct btf_kfunc_id_set filtered_set = {
	.owner = THIS_MODULE,
	.set = &filtered_ids,
	.filter = filter_attached,
};

/* native code that does nothing, as a void kfunc's may */
static int emit_nop(const struct bpf_kfunc_emit *e, u8 *buf)
{
#if defined(CONFIG_X86_64)
	buf[0] = 0x90;					/* nop */
	return 1;
#elif defined(CONFIG_ARM64)
	*(__le32 *)buf = cpu_to_le32(0xd503201f);	/* nop */
	return 4;
#else
	return -EOPNOTSUPP;
#endif
}

/* dst = arg + 1, writing nothing else */
static int emit_inc(const struct bpf_kfunc_emit *e, u8 *buf)
{
#if defined(CONFIG_X86_64)
	u8 d = e->dst, a = e->arg[0], n = 0;

	/* lea d, [a + 1] */
	buf[n++] = 0x48 | (d >= 8 ? 4 : 0) | (a >= 8 ? 1 : 0);
	buf[n++] = 0x8d;
	buf[n++] = 0x40 | (d & 7) << 3 | (a & 7);
	if ((a & 7) == 4)
		buf[n++] = 0x24;			/* SIB: base only */
	buf[n++] = 1;
	return n;
#elif defined(CONFIG_ARM64)
	/* add xd, xa, #1 */
	*(__le32 *)buf = cpu_to_le32(0x91000400 | e->arg[0] << 5 | e->dst);
	return 4;
#else
	return -EOPNOTSUPP;
#endif
}

/* dst = (s64)(s32)arg, as the body computes it */
static int emit_sext(const struct bpf_kfunc_emit *e, u8 *buf)
{
#if defined(CONFIG_X86_64)
	u8 d = e->dst, a = e->arg[0];

	/* movsxd d, a32 */
	buf[0] = 0x48 | (d >= 8 ? 4 : 0) | (a >= 8 ? 1 : 0);
	buf[1] = 0x63;
	buf[2] = 0xc0 | (d & 7) << 3 | (a & 7);
	return 3;
#elif defined(CONFIG_ARM64)
	/* sxtw xd, wa */
	*(__le32 *)buf = cpu_to_le32(0x93407c00 | e->arg[0] << 5 | e->dst);
	return 4;
#else
	return -EOPNOTSUPP;
#endif
}

/*
 * dst = a + v: mov dst, a; add dst, v, or add dst, [base + disp32] with v
 * in memory; add a, dst where dst is v's register
 */
static int emit_memarg(const struct bpf_kfunc_emit *e, u8 *buf)
{
#if defined(CONFIG_X86_64)
	u8 d = e->dst, a = e->arg[0], v = e->arg[1], n = 0;
	bool mem = e->mem_mask & BIT(1);
	s32 disp = e->mem_off[1];

	if (e->mem_mask & ~BIT(1) || (mem && d == v && d != a))
		return -EINVAL;
	if (!mem && d == v) {
		/* add d, a */
		buf[n++] = 0x48 | (a >= 8 ? 4 : 0) | (d >= 8 ? 1 : 0);
		buf[n++] = 0x01;
		buf[n++] = 0xc0 | (a & 7) << 3 | (d & 7);
		return n;
	}
	if (d != a) {
		/* mov d, a */
		buf[n++] = 0x48 | (a >= 8 ? 4 : 0) | (d >= 8 ? 1 : 0);
		buf[n++] = 0x89;
		buf[n++] = 0xc0 | (a & 7) << 3 | (d & 7);
	}
	if (!mem) {
		/* add d, v */
		buf[n++] = 0x48 | (v >= 8 ? 4 : 0) | (d >= 8 ? 1 : 0);
		buf[n++] = 0x01;
		buf[n++] = 0xc0 | (v & 7) << 3 | (d & 7);
		return n;
	}
	/* add d, [v + disp32] */
	buf[n++] = 0x48 | (d >= 8 ? 4 : 0) | (v >= 8 ? 1 : 0);
	buf[n++] = 0x03;
	buf[n++] = 0x80 | (d & 7) << 3 | (v & 7);
	if ((v & 7) == 4)
		buf[n++] = 0x24;			/* SIB: base only */
	memcpy(buf + n, &disp, 4);
	return n + 4;
#elif defined(CONFIG_ARM64)
	/* add xd, xa, xv */
	if (e->mem_mask)
		return -EINVAL;
	*(__le32 *)buf = cpu_to_le32(0x8b000000 | e->arg[1] << 16 | e->arg[0] << 5 |
				     e->dst);
	return 4;
#else
	return -EOPNOTSUPP;
#endif
}

static const struct bpf_insn void_body[] = {
	BPF_ALU64_IMM(BPF_ADD, BPF_REG_1, 1),
};
static const struct bpf_insn void_r0_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
};
/*
 * k overwritten first: the precision the verifier marks on entry must not
 * be taken back by backtracking through this insn, which has not run yet
 */
static const struct bpf_insn konst_body[] = {
	BPF_MOV64_IMM(BPF_REG_2, 0),
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
};
static const struct bpf_insn fastcall_body[] = {
	BPF_MOV64_REG(BPF_REG_5, BPF_REG_1),
	BPF_ALU64_IMM(BPF_ADD, BPF_REG_5, 1),
	BPF_MOV64_IMM(BPF_REG_2, 0),
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_5),
};
static const struct bpf_insn hi32_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_IMM(BPF_LSH, BPF_REG_0, 32),
};
static const struct bpf_insn narrow_body[] = {
	BPF_MOV32_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU32_IMM(BPF_AND, BPF_REG_0, 0xff),
};
static const struct bpf_insn copy_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_IMM(BPF_AND, BPF_REG_0, 0xff),
};
/* BPF's R2 is y, where compiled code finds x's upper half */
static const struct bpf_insn wide_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_2),
};
static const struct bpf_insn sext_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_IMM(BPF_LSH, BPF_REG_0, 32),
	BPF_ALU64_IMM(BPF_ARSH, BPF_REG_0, 32),
};
static const struct bpf_insn memarg_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_2),
};
static const struct bpf_insn sleepy_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_IMM(BPF_ADD, BPF_REG_0, 1),
};
static const struct bpf_insn sleepy_pcpu_body[] = {
	BPF_MOV64_PERCPU_REG(BPF_REG_0, BPF_REG_1),
};
static const struct bpf_insn filtered_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_IMM(BPF_ADD, BPF_REG_0, 1),
};
/* what bpf_iter_num_destroy() does: cur = end = 0 */
static const struct bpf_insn destroy_body[] = {
	BPF_ST_MEM(BPF_DW, BPF_REG_1, 0, 0),
};

#define BODY(n, b, m, e, max)	{ .name = n, .insns = b, .len = ARRAY_SIZE(b), \
				  .mode = m, .max_native = max, .emit = e }
static const struct bpf_kfunc_body test_bodies[] = {
	BODY("bpf_insn_test_void", void_body, BPF_KFUNC_BODY_VERIFY, emit_nop, 4),
	BODY("bpf_insn_test_void_r0", void_r0_body, BPF_KFUNC_BODY_VERIFY, emit_nop, 4),
	BODY("bpf_insn_test_konst", konst_body, BPF_KFUNC_BODY_VERIFY, NULL, 0),
	BODY("bpf_insn_test_fastcall", fastcall_body, BPF_KFUNC_BODY_VERIFY, emit_inc, 5),
	BODY("bpf_insn_test_sext", sext_body, BPF_KFUNC_BODY_VERIFY, emit_sext, 4),
	{ .name = "bpf_insn_test_memarg", .insns = memarg_body,
	  .len = ARRAY_SIZE(memarg_body), .mode = BPF_KFUNC_BODY_VERIFY,
	  .max_native = 11, .emit = emit_memarg,
	  .mem_args = IS_ENABLED(CONFIG_X86_64) ? BIT(1) : 0 },
};
/* no native code, not even a copy: the body stays */
static const struct bpf_kfunc_body body_only_bodies[] = {
	BODY("bpf_insn_test_hi32", hi32_body, BPF_KFUNC_BODY_VERIFY, NULL, 0),
	BODY("bpf_insn_test_sleepy", sleepy_body, BPF_KFUNC_BODY_VERIFY, NULL, 0),
	{ .name = "bpf_insn_test_sleepy_pcpu", .insns = sleepy_pcpu_body,
	  .len = ARRAY_SIZE(sleepy_pcpu_body), .mode = BPF_KFUNC_BODY_AFTER,
	  .verify_as = BPF_FUNC_this_cpu_ptr },
	{ .name = "bpf_insn_test_null_pcpu", .insns = sleepy_pcpu_body,
	  .len = ARRAY_SIZE(sleepy_pcpu_body), .mode = BPF_KFUNC_BODY_AFTER,
	  .verify_as = BPF_FUNC_this_cpu_ptr },
	BODY("bpf_insn_test_filtered", filtered_body, BPF_KFUNC_BODY_VERIFY, NULL, 0),
};
static const struct bpf_kfunc_body copy_bodies[] = {
	BODY("bpf_insn_test_narrow", narrow_body, BPF_KFUNC_BODY_VERIFY, NULL, 0),
	BODY("bpf_insn_test_copy", copy_body, BPF_KFUNC_BODY_VERIFY, NULL, 0),
	BODY("bpf_insn_test_wide", wide_body, BPF_KFUNC_BODY_VERIFY, NULL, 0),
};
static const struct bpf_kfunc_body coming_bodies[] = {
	BODY("bpf_iter_num_destroy", destroy_body, BPF_KFUNC_BODY_AFTER, NULL, 0),
};

static uint fail_init_ms;
module_param(fail_init_ms, uint, 0444);
MODULE_PARM_DESC(fail_init_ms, "register a body, wait this long, fail init");

/* Bodies registered by a module whose init then fails. */
static int coming_then_fail(void)
{
	int err;

	err = register_bpf_kfunc_bodies(THIS_MODULE, coming_bodies,
					ARRAY_SIZE(coming_bodies), 0);
	if (err)
		return err;
	pr_info("bodies registered, failing init in %u ms\n", fail_init_ms);
	msleep(fail_init_ms);
	unregister_bpf_kfunc_bodies(coming_bodies);
	pr_info("failing init\n");
	return -EAGAIN;
}

BTF_ID_LIST(obj_dtor_ids)
BTF_ID(struct, bpf_insn_test_obj)
BTF_ID(func, bpf_insn_test_obj_dtor)

static int __init test_init(void)
{
	const struct btf_id_dtor_kfunc obj_dtors[] = {
		{ .btf_id = obj_dtor_ids[0], .kfunc_btf_id = obj_dtor_ids[1] },
	};
	int err;

	if (fail_init_ms)
		return coming_then_fail();
	err = register_btf_kfunc_id_set(BPF_PROG_TYPE_UNSPEC, &test_set) ?:
	      register_btf_kfunc_id_set(BPF_PROG_TYPE_XDP, &filtered_set) ?:
	      register_btf_kfunc_id_set(BPF_PROG_TYPE_STRUCT_OPS, &filtered_set) ?:
	      register_btf_id_dtor_kfuncs(obj_dtors, ARRAY_SIZE(obj_dtors), THIS_MODULE);
	if (err)
		return err;
	err = register_bpf_kfunc_bodies(THIS_MODULE, test_bodies,
					ARRAY_SIZE(test_bodies), 0);
	if (err)
		return err;
	err = register_bpf_kfunc_bodies(THIS_MODULE, body_only_bodies,
					ARRAY_SIZE(body_only_bodies), BPF_KFUNC_BODIES_NO_NATIVE);
	if (err)
		goto out_test;
	err = register_bpf_kfunc_bodies(THIS_MODULE, copy_bodies, ARRAY_SIZE(copy_bodies),
					BPF_KFUNC_BODIES_COPY);
	if (!err)
		return 0;
	unregister_bpf_kfunc_bodies(body_only_bodies);
out_test:
	unregister_bpf_kfunc_bodies(test_bodies);
	return err;
}

static void __exit test_exit(void)
{
	unregister_bpf_kfunc_bodies(copy_bodies);
	unregister_bpf_kfunc_bodies(body_only_bodies);
	unregister_bpf_kfunc_bodies(test_bodies);
}

module_init(test_init);
module_exit(test_exit);

MODULE_DESCRIPTION("kfuncs with bodies for the soundness tests");
MODULE_LICENSE("GPL");
