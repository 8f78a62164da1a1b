// SPDX-License-Identifier: GPL-2.0
/*
 * Test module for the body validator fuzzer (tests/prog_tests/fuzz_body.c): each
 * write to /dev/insn_fuzz_body registers the bodies it carries for the
 * kfuncs below, returns the kernel's verdict and unregisters them again
 * (insn_fuzz_body.h has the format).
 *
 * Its kfuncs are registered for XDP programs only.  Two of them keep a
 * body while the module is loaded, one verified through the body and one
 * inlined after verification, so that tests/prog_tests/misuse.c can check that
 * other program types cannot reach a kfunc through its body.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bpf.h>
#include <linux/bpf_kfunc_body.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "insn_fuzz_body.h"

static u64 fuzz_sink;

__bpf_kfunc_start_defs();

__bpf_kfunc u64 bpf_insn_fuzz_u64(u64 a, u64 b, u64 c, u64 d, u64 e)
{
	return a ^ b ^ c ^ d ^ e;
}

__bpf_kfunc void bpf_insn_fuzz_void(u64 a, u64 b)
{
	WRITE_ONCE(fuzz_sink, a + b);
}

__bpf_kfunc u32 bpf_insn_fuzz_k(u64 x, u32 n__k)
{
	return x >> (n__k & 63);
}

__bpf_kfunc u64 bpf_insn_fuzz_noargs(void)
{
	return 42;
}

__bpf_kfunc void *bpf_insn_fuzz_ptr1(const void *p)
{
	return (void *)p;
}

__bpf_kfunc void *bpf_insn_fuzz_ptr2(const void *p, u32 cpu)
{
	return cpu ? NULL : (void *)p;
}

__bpf_kfunc u64 bpf_insn_fuzz_xdp_add(u64 a, u64 b)
{
	return a + b;
}

__bpf_kfunc u64 bpf_insn_fuzz_xdp_sub(u64 a, u64 b)
{
	return a - b;
}

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(fuzz_ids)
BTF_ID_FLAGS(func, bpf_insn_fuzz_u64)
BTF_ID_FLAGS(func, bpf_insn_fuzz_void)
BTF_ID_FLAGS(func, bpf_insn_fuzz_k)
BTF_ID_FLAGS(func, bpf_insn_fuzz_noargs)
BTF_ID_FLAGS(func, bpf_insn_fuzz_ptr1)
BTF_ID_FLAGS(func, bpf_insn_fuzz_ptr2)
BTF_ID_FLAGS(func, bpf_insn_fuzz_xdp_add)
BTF_ID_FLAGS(func, bpf_insn_fuzz_xdp_sub)
BTF_KFUNCS_END(fuzz_ids)

static const struct btf_kfunc_id_set fuzz_set = {
	.owner = THIS_MODULE,
	.set = &fuzz_ids,
};

static const char *const fuzz_names[INSN_FUZZ_NPROTOS] = {
	[INSN_FUZZ_U64] = "bpf_insn_fuzz_u64",
	[INSN_FUZZ_VOID] = "bpf_insn_fuzz_void",
	[INSN_FUZZ_K] = "bpf_insn_fuzz_k",
	[INSN_FUZZ_NOARGS] = "bpf_insn_fuzz_noargs",
	[INSN_FUZZ_PTR1] = "bpf_insn_fuzz_ptr1",
	[INSN_FUZZ_PTR2] = "bpf_insn_fuzz_ptr2",
	[INSN_FUZZ_MISSING] = "bpf_insn_fuzz_missing",
};

/* the bodies kept while the module is loaded */
static const struct bpf_insn add_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_2),
};

static const struct bpf_insn sub_body[] = {
	BPF_MOV64_REG(BPF_REG_0, BPF_REG_1),
	BPF_ALU64_REG(BPF_SUB, BPF_REG_0, BPF_REG_2),
};

static const struct bpf_kfunc_body kept_bodies[] = {
	{
		.name = "bpf_insn_fuzz_xdp_add",
		.insns = add_body,
		.len = ARRAY_SIZE(add_body),
		.mode = BPF_KFUNC_BODY_VERIFY,
	},
	{
		.name = "bpf_insn_fuzz_xdp_sub",
		.insns = sub_body,
		.len = ARRAY_SIZE(sub_body),
		.mode = BPF_KFUNC_BODY_AFTER,
	},
};

/* an emitter that always declines: registration only checks it is there */
static int fuzz_emit(const struct bpf_kfunc_emit *e, u8 *buf)
{
	return -EOPNOTSUPP;
}

static DEFINE_MUTEX(fuzz_lock);

static int fuzz_fill(struct bpf_kfunc_body *b, struct insn_fuzz_body *f)
{
	if (f->proto >= INSN_FUZZ_NPROTOS || f->len > INSN_FUZZ_MAX_INSNS)
		return -EBADMSG;
	b->name = fuzz_names[f->proto];
	b->insns = f->null_insns ? NULL : f->insns;
	b->len = f->len;
	b->mode = f->mode;
	b->max_native = f->max_native;
	b->emit = f->emit ? fuzz_emit : NULL;
	b->verify_as = f->verify_as;
	return 0;
}

/* Register the request's bodies, as one set or two, and take them back. */
static int fuzz_register(struct insn_fuzz_req *req, struct bpf_kfunc_body *b)
{
	u32 first = req->split ? req->split : req->nbodies;
	int err;

	mutex_lock(&fuzz_lock);
	err = register_bpf_kfunc_bodies(THIS_MODULE, b, first, req->flags);
	if (!err && req->split) {
		err = register_bpf_kfunc_bodies(THIS_MODULE, b + first,
						req->nbodies - first, req->flags);
		if (!err)
			unregister_bpf_kfunc_bodies(b + first);
		unregister_bpf_kfunc_bodies(b);
	} else if (!err) {
		unregister_bpf_kfunc_bodies(b);
	}
	mutex_unlock(&fuzz_lock);
	return err;
}

static ssize_t fuzz_write(struct file *file, const char __user *ubuf,
			  size_t n, loff_t *pos)
{
	struct bpf_kfunc_body *bodies = NULL;
	struct insn_fuzz_req *req;
	int i, err = -EBADMSG;

	if (n != sizeof(*req))
		return -EBADMSG;
	req = memdup_user(ubuf, n);
	if (IS_ERR(req))
		return PTR_ERR(req);
	if (req->nbodies > INSN_FUZZ_MAX_BODIES ||
	    (req->split && req->split >= req->nbodies))
		goto out;
	bodies = kcalloc(INSN_FUZZ_MAX_BODIES, sizeof(*bodies), GFP_KERNEL);
	if (!bodies) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < req->nbodies; i++) {
		err = fuzz_fill(&bodies[i], &req->body[i]);
		if (err)
			goto out;
	}
	err = fuzz_register(req, bodies);
out:
	kfree(bodies);
	kfree(req);
	return err ? err : n;
}

static const struct file_operations fuzz_fops = {
	.owner = THIS_MODULE,
	.write = fuzz_write,
	.llseek = noop_llseek,
};

static struct miscdevice fuzz_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "insn_fuzz_body",
	.fops = &fuzz_fops,
	.mode = 0600,
};

static int __init fuzz_init(void)
{
	int err;

	err = register_btf_kfunc_id_set(BPF_PROG_TYPE_XDP, &fuzz_set);
	if (err)
		return err;
	err = register_bpf_kfunc_bodies(THIS_MODULE, kept_bodies,
					ARRAY_SIZE(kept_bodies), 0);
	if (err)
		return err;
	err = misc_register(&fuzz_dev);
	if (err)
		unregister_bpf_kfunc_bodies(kept_bodies);
	return err;
}

static void __exit fuzz_exit(void)
{
	misc_deregister(&fuzz_dev);
	unregister_bpf_kfunc_bodies(kept_bodies);
}

module_init(fuzz_init);
module_exit(fuzz_exit);

MODULE_DESCRIPTION("registers bodies written to /dev/insn_fuzz_body, for the validator fuzzer");
MODULE_LICENSE("GPL");
