// SPDX-License-Identifier: GPL-2.0
/*
 * insn_kfuncs: kfuncs that stand for single CPU instructions.
 *
 * The kfuncs are registered for BPF_PROG_TYPE_UNSPEC, the common hook, so
 * every program type may call them.  On a kernel with the companion series
 * (CONFIG_BPF_KFUNC_BODY) their bodies and native emitters are registered
 * too; the module parameters switch those off and on for programs loaded
 * afterwards.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>

#include "insn_kfuncs.h"

/* every family's kfuncs, in the one set the module registers */
BTF_KFUNCS_START(insn_kfunc_ids)
#define INSN_FAMILY(...)
#define INSN_KFUNC(op, ...)	BTF_ID_FLAGS(func, bpf_insn_##op, ##__VA_ARGS__)
#define INSN_NATIVE(...)
#include "families.h"
#undef INSN_FAMILY
#undef INSN_KFUNC
#undef INSN_NATIVE
BTF_KFUNCS_END(insn_kfunc_ids)

static const struct btf_kfunc_id_set insn_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &insn_kfunc_ids,
};

static const struct insn_family *const insn_families[] = {
#define INSN_FAMILY(n)	(&insn_family_##n),
#define INSN_KFUNC(...)
#define INSN_NATIVE(...)
#include "families.h"
#undef INSN_FAMILY
#undef INSN_KFUNC
#undef INSN_NATIVE
};

static DEFINE_MUTEX(insn_lock);
static bool insn_ready;		/* module_init done: parameters apply */
static bool insn_registered;	/* bodies registered with the kernel */
/* native code: 0 none, 1 the emitters (else copies), 2 copies only */
enum { INSN_NATIVE_OFF, INSN_NATIVE_ON, INSN_NATIVE_COPY };
static int native = INSN_NATIVE_ON;
static bool bodies = true;

static void insn_unregister_bodies(void)
{
	int i;

	if (!insn_registered)
		return;
	for (i = 0; i < ARRAY_SIZE(insn_families); i++)
		unregister_bpf_kfunc_bodies(insn_families[i]->table);
	insn_registered = false;
}

/* (Re)register the bodies as the parameters say; caller holds insn_lock. */
static int insn_apply(void)
{
	u32 flags = native == INSN_NATIVE_OFF ? BPF_KFUNC_BODIES_NO_NATIVE :
		    native == INSN_NATIVE_COPY ? BPF_KFUNC_BODIES_COPY : 0;
	int i, err = 0;

	insn_unregister_bodies();
	if (!bodies || !INSN_KFUNCS_PATCHED)
		return 0;
	for (i = 0; i < ARRAY_SIZE(insn_families); i++) {
		const struct insn_family *f = insn_families[i];

		err = register_bpf_kfunc_bodies(THIS_MODULE, f->table, f->cnt, flags);
		if (err) {
			pr_err("cannot register %s bodies: %d\n", f->name, err);
			while (i--)
				unregister_bpf_kfunc_bodies(insn_families[i]->table);
			return err;
		}
	}
	insn_registered = true;
	return 0;
}

/*
 * Take the new parameters and apply them; caller holds insn_lock.  Where
 * registering fails, the parameters go back to what they were and so do
 * the bodies; where even that fails, the bodies are off and "bodies" says
 * so.  A parameter reads what is in effect.
 */
static int insn_set(int new_native, bool new_bodies)
{
	int old_native = native;
	bool old_bodies = bodies;
	int err;

	native = new_native;
	bodies = new_bodies;
	if (!insn_ready)
		return 0;
	err = insn_apply();
	if (err) {
		native = old_native;
		bodies = old_bodies;
		if (insn_apply()) {
			pr_err("cannot register the bodies again: bodies off\n");
			bodies = false;
		}
	}
	return err;
}

static int insn_bodies_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int err;

	err = kstrtobool(val, &on);
	if (err)
		return err;
	mutex_lock(&insn_lock);
	err = insn_set(native, on);
	mutex_unlock(&insn_lock);
	return err;
}

static const struct kernel_param_ops insn_bodies_ops = {
	.set = insn_bodies_set,
	.get = param_get_bool,
};

/* native: a boolean, or "copy" where the kernel copies compiled kfuncs */
static int insn_native_set(const char *val, const struct kernel_param *kp)
{
	int mode = INSN_NATIVE_COPY;
	bool on;
	int err;

	if (sysfs_streq(val, "copy")) {
		if (!INSN_KFUNCS_COPY)
			return -EOPNOTSUPP;
	} else {
		err = kstrtobool(val, &on);
		if (err)
			return err;
		mode = on ? INSN_NATIVE_ON : INSN_NATIVE_OFF;
	}
	mutex_lock(&insn_lock);
	err = insn_set(mode, bodies);
	mutex_unlock(&insn_lock);
	return err;
}

static int insn_native_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", native == INSN_NATIVE_COPY ? "copy" :
			  native ? "Y" : "N");
}

static const struct kernel_param_ops insn_native_ops = {
	.set = insn_native_set,
	.get = insn_native_get,
};

module_param_cb(native, &insn_native_ops, &native, 0644);
MODULE_PARM_DESC(native,
		 "native code for calls: 1 the emitters, else the compiled kfunc copied where it can be; copy: copies only; 0: bodies (default: 1)");
module_param_cb(bodies, &insn_bodies_ops, &bodies, 0644);
MODULE_PARM_DESC(bodies, "give the kfuncs their BPF bodies (default: on)");

/*
 * Native code of @b's calls: the emitter's, where there is one, it is
 * asked for and the CPU has what it needs; else the compiled kfunc's,
 * copied, where the kernel can (copy=: its length, or why not); else none,
 * the body stays.
 */
static int insn_status_native(const struct insn_family *f,
			      const struct bpf_kfunc_body *b, char *buf, size_t size)
{
	const char *lacks = b->emit && f->lacks ? f->lacks(b) : NULL;
	const char *why = insn_registered ? "verified as a call" : "no bodies";
	int copy = -EOPNOTSUPP;
	char state[48];

	if (insn_registered && b->mode == BPF_KFUNC_BODY_VERIFY)
		copy = bpf_kfunc_body_copy_check(THIS_MODULE, b, &why);
	if (!insn_registered || native == INSN_NATIVE_OFF)
		strscpy(state, "off");
	else if (native == INSN_NATIVE_ON && b->emit && !lacks)
		strscpy(state, "on");
	else if (copy > 0)
		strscpy(state, "on (copy)");
	else if (native == INSN_NATIVE_COPY)
		strscpy(state, "off (no copy)");
	else
		snprintf(state, sizeof(state), "off (no %s)", lacks ?: "emitter");
	if (copy > 0)
		return scnprintf(buf, size, "%s copy=%d\n", state, copy);
	return scnprintf(buf, size, "%s copy=no (%s)\n", state, why);
}

/* /sys/module/insn_kfuncs/parameters/status: what is active, per kfunc */
static int insn_status_get(char *buf, const struct kernel_param *kp)
{
	int i, j, len = 0;

	mutex_lock(&insn_lock);
	for (i = 0; i < ARRAY_SIZE(insn_families); i++) {
		const struct insn_family *f = insn_families[i];

		for (j = 0; j < f->cnt; j++) {
			len += scnprintf(buf + len, PAGE_SIZE - len, "%s %s body=%s native=",
					 f->name, f->table[j].name,
					 insn_registered ? (f->table[j].mode ? "after" : "verify") :
					 "off");
			len += insn_status_native(f, &f->table[j], buf + len, PAGE_SIZE - len);
		}
	}
	mutex_unlock(&insn_lock);
	return len;
}

static const struct kernel_param_ops insn_status_ops = {
	.get = insn_status_get,
};

module_param_cb(status, &insn_status_ops, NULL, 0444);
MODULE_PARM_DESC(status, "bodies and native code in use");

static int __init insn_kfuncs_init(void)
{
	int err;

	err = register_btf_kfunc_id_set(BPF_PROG_TYPE_UNSPEC, &insn_kfunc_set);
	if (err) {
		pr_err("cannot register kfuncs: %d\n", err);
		return err;
	}
	insn_percpu_init();
	mutex_lock(&insn_lock);
	insn_ready = true;
	err = insn_apply();
	mutex_unlock(&insn_lock);
	if (err)
		return err;
	if (INSN_KFUNCS_PATCHED)
		pr_info("kernel has kfunc bodies: bodies %s, native code %s\n",
			bodies ? "on" : "off", native ? "on" : "off");
	else
		pr_info("kernel without kfunc bodies: serving plain kfunc calls\n");
	return 0;
}

/*
 * The kfunc set lives in this module's BTF and goes away with it; the
 * bodies must be unregistered.  Programs that used them keep their code.
 */
static void __exit insn_kfuncs_exit(void)
{
	mutex_lock(&insn_lock);
	insn_ready = false;
	insn_unregister_bodies();
	mutex_unlock(&insn_lock);
}

module_init(insn_kfuncs_init);
module_exit(insn_kfuncs_exit);

MODULE_DESCRIPTION("kfuncs that stand for single CPU instructions");
MODULE_LICENSE("GPL");
