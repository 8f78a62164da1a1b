#!/usr/bin/env python3
"""Generate patches 0001-0008 of the companion series from a development
tree, stage by stage (developer tool, not run by make check).

The development tree is the x86-64 kernel source the builder staged
($INSN_CACHE/kernel/x86_64-patched/src = pristine + patches/): edit it,
build it there, then run this to split the result back into patches.

Stage k's tree = final tree with every replacement of a later stage undone
(applied newest first).  Stage 0 = pristine.  Writes a git repo and runs
format-patch into the given output dir.
"""
import os, subprocess, sys, shutil, glob
for _v in ("GIT_DIR", "GIT_WORK_TREE"):
    os.environ.pop(_v, None)
# stable output: the same tree gives the same patches
os.environ["GIT_AUTHOR_DATE"] = os.environ["GIT_COMMITTER_DATE"] = "2026-11-29T12:00:00+0000"

CACHE = os.environ.get('INSN_CACHE', os.path.expanduser('~/.cache/insn-kfuncs'))
FINAL = CACHE + '/kernel/x86_64-patched/src'
PRIS = glob.glob(CACHE + '/src/linux-source-*')[0]
OUT = sys.argv[1]
GEN = CACHE + '/dev/gen'
# usage: gen.py OUTDIR   (then copy OUTDIR/000[1-8]-*.patch over patches/)

FILES = {  # file -> stage it first appears or changes
    'include/linux/bpf_kfunc_body.h': 1, 'kernel/bpf/kfunc_body.c': 1,
    'kernel/bpf/Kconfig': 1, 'kernel/bpf/Makefile': 1, 'kernel/bpf/btf.c': 1,
    'include/linux/btf.h': 1,
    'kernel/bpf/verifier.c': 2, 'include/linux/bpf_verifier.h': 2,
    'include/linux/bpf.h': 3, 'kernel/bpf/core.c': 3, 'kernel/bpf/syscall.c': 3,
    'arch/x86/net/bpf_jit_comp.c': 5,
    'Documentation/bpf/kfunc_body.rst': 8, 'Documentation/bpf/index.rst': 8,
}

def between(text, start, end):
    """text[start:end-marker) — the block beginning at start, up to end."""
    i = text.index(start)
    j = text.index(end, i)
    return text[i:j]

def func(text, head):
    """A top-level C function (and its leading comment) starting at head."""
    i = text.index(head)
    c = text.rfind('\n\n', 0, i) + 2
    if text[c:c + 2] == '/*':
        i = c
    j = text.index('\n}\n', i) + 3
    if text[j:j + 1] == '\n':
        j += 1
    return text[i:j]

# (stage, file, function computing (old, new) from the current text)
R = []
def rep(stage, path, old, new=''):
    R.append((stage, path, old, new))

OLD_FIXUP = '/*\n * Fixup of a call of a kfunc with a body verified as a call: keep the call\n * for native code, or return the body to patch in.\n */\nstatic int kfunc_body_fixup(struct bpf_verifier_env *env, struct bpf_insn *insn,\n\t\t\t    int insn_idx, int *cnt)\n{\n\tstruct bpf_kfunc_body_ref ref;\n\tstruct bpf_kfunc_call_body *s;\n\tconst struct btf *btf;\n\tint idx;\n\n\t*cnt = 0;\n\tif (env->insn_aux_data[insn_idx].kfunc_site ||\n\t    !kfunc_call_body(env, insn, &btf, &ref))\n\t\treturn 0;\n\tif (ref.body->mode != BPF_KFUNC_BODY_AFTER) {\n\t\tbpf_kfunc_body_put(&ref);\n\t\treturn 0;\n\t}\n\tidx = kfunc_body_new(env, btf, insn, &ref);\n\tif (idx < 0) {\n\t\tbpf_kfunc_body_put(&ref);\n\t\treturn idx;\n\t}\n\ts = &env->kfunc_bodies[idx - 1];\n\tif (kfunc_site_native_ok(env, s)) {\n\t\tenv->insn_aux_data[insn_idx].kfunc_site = idx;\n\t\treturn 0;\n\t}\n\tmemcpy(env->insn_buf, ref.body->insns, ref.body->len * sizeof(*insn));\n\t*cnt = ref.body->len;\n\treturn 0;\n}\n'

# ---- beyond stage 8: patches kept as files in patches/ (0009-0012) ----
rep(12, 'kernel/bpf/verifier.c', "		if (prog->jit_requested && bpf_jit_inlines_helper_call(insn->imm))",
    "		if (bpf_jit_inlines_helper_call(insn->imm))")

# ---- stage 7: per-CPU move in the interpreter ----
rep(7, 'kernel/bpf/core.c', """		case BPF_ADDR_PERCPU:
			DST = (unsigned long)
			      this_cpu_ptr((const void __percpu *)(unsigned long)SRC);
			break;
""")

# ---- stage 6: verify a kfunc as a helper ----
rep(6, 'include/linux/bpf_kfunc_body.h', """	/*
	 * BPF_KFUNC_BODY_AFTER only, optional: verify the call as a call of
	 * this helper (enum bpf_func_id), for the helper's argument and
	 * return types.
	 */
	u32 verify_as;
""")
rep(6, 'include/linux/bpf_verifier.h', "	bool as_helper;		/* verified as a call of body->verify_as */\n")
rep(6, 'kernel/bpf/kfunc_body.c', """	if (b->verify_as && (!after || b->verify_as >= __BPF_FUNC_MAX_ID))
		return body_err(b, 0, "verify_as needs BPF_KFUNC_BODY_AFTER and a helper");
""")
rep(6, 'kernel/bpf/verifier.c', "	if (s->as_helper)\n		return 0;\n	for (i = 0; i < MAX_BPF_FUNC_REG_ARGS; i++) {",
    "	for (i = 0; i < MAX_BPF_FUNC_REG_ARGS; i++) {")
rep(6, 'kernel/bpf/verifier.c', "		if (ref.body->mode != BPF_KFUNC_BODY_VERIFY && !ref.body->verify_as) {",
    "		if (ref.body->mode != BPF_KFUNC_BODY_VERIFY) {")
rep(6, 'kernel/bpf/verifier.c', """		if (ref.body->verify_as) {
			/* checked as the helper; do_misc_fixups() puts it back */
			env->kfunc_bodies[idx - 1].as_helper = true;
			env->prog->insnsi[i] = BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, 0, 0,
							    ref.body->verify_as);
			env->insn_aux_data[i].kfunc_site = idx;
			continue;
		}
""")
rep(6, 'kernel/bpf/verifier.c', "		if (s->as_helper)\n			continue;\n		len = s->site.ref.body->len;",
    "		len = s->site.ref.body->len;")
rep(6, 'kernel/bpf/verifier.c', lambda t: func(t, 'static int kfunc_helper_restore('))
rep(6, 'kernel/bpf/verifier.c', lambda t: func(t, 'static int kfunc_body_fixup('), OLD_FIXUP)
rep(6, 'kernel/bpf/verifier.c', """		if (!insn->src_reg && env->insn_aux_data[i + delta].kfunc_site) {
			cnt = kfunc_helper_restore(env, insn, i + delta);
			if (cnt > 1) {
				new_prog = bpf_patch_insn_data(env, i + delta, insn_buf, cnt);
				if (!new_prog)
					return -ENOMEM;
				delta += cnt - 1;
				env->prog = prog = new_prog;
				insn = new_prog->insnsi + i + delta;
			}
		}
""")

# ---- stage 4: operand binding ----
rep(4, 'kernel/bpf/kfunc_body.c', lambda t: func(t, 'bool bpf_kfunc_insn_folded('))
for h in ['static void kfunc_insn_use_def(', 'static int kfunc_insn_succ(',
          'static u16 *kfunc_live_regs(', 'static unsigned long *kfunc_jump_targets(',
          'static bool kfunc_arg_is_32bit(', 'static bool kfunc_fold_arg(',
          'static void kfunc_site_bind(']:
    rep(4, 'kernel/bpf/verifier.c', (lambda h: lambda t: func(t, h))(h))
rep(4, 'kernel/bpf/verifier.c', '	unsigned long *targets = NULL, *claimed = NULL;\n')
rep(4, 'kernel/bpf/verifier.c', '	u16 *live = NULL;\n')
rep(4, 'kernel/bpf/verifier.c', '''	sites = kzalloc(struct_size(sites, site, cnt), GFP_KERNEL);
	targets = kfunc_jump_targets(env);
	claimed = bitmap_zalloc(prog->len + 1, GFP_KERNEL);
	live = kfunc_live_regs(env);
	if (!sites || !targets || !claimed || !live)
		goto out;
''', '''	sites = kzalloc(struct_size(sites, site, cnt), GFP_KERNEL);
	if (!sites)
		return -ENOMEM;
''')
rep(4, 'kernel/bpf/verifier.c', '		kfunc_site_bind(env, &sites->site[k], s, i, targets, live, claimed);\n')
rep(4, 'kernel/bpf/verifier.c', '''	prog->aux->kfunc_sites = sites;
	sites = NULL;
	err = 0;
out:
	if (sites)
		bpf_kfunc_sites_free(sites);
	bitmap_free(targets);
	bitmap_free(claimed);
	kvfree(live);
	return err;
}''', '''	prog->aux->kfunc_sites = sites;
	return 0;
}''')
rep(4, 'kernel/bpf/verifier.c', '	int err = -ENOMEM;\n\n	for (i = 0; i < prog->len; i++) {\n		if (!bpf_pseudo_kfunc_call(&insn[i]))\n			continue;\n		calls++;',
    '\n	for (i = 0; i < prog->len; i++) {\n		if (!bpf_pseudo_kfunc_call(&insn[i]))\n			continue;\n		calls++;')

# ---- stage 3: native sites ----
rep(3, 'kernel/bpf/kfunc_body.c', lambda t: t[t.index('\nvoid bpf_kfunc_sites_free('):])
rep(3, 'include/linux/bpf.h', '	/* kfunc calls the JIT replaces with native code */\n	struct bpf_kfunc_sites *kfunc_sites;\n')
rep(3, 'kernel/bpf/core.c', '#include <linux/bpf_kfunc_body.h>\n')
rep(3, 'kernel/bpf/core.c', '	bpf_kfunc_sites_free(prog->aux->kfunc_sites);\n	prog->aux->kfunc_sites = NULL;\n')
rep(3, 'kernel/bpf/syscall.c', '	bpf_kfunc_sites_free(prog->aux->kfunc_sites);\n')
rep(3, 'kernel/bpf/verifier.c', '		func[i]->aux->kfunc_sites = prog->aux->kfunc_sites;\n')
rep(3, 'kernel/bpf/verifier.c', lambda t: func(t, 'static bool kfunc_body_mem_native_ok('))
rep(3, 'kernel/bpf/verifier.c', lambda t: func(t, 'static bool kfunc_site_native_ok('))
rep(3, 'kernel/bpf/verifier.c', lambda t: between(t, '		if (aux->seen && kfunc_body_mem_native_ok(', '		if (err)\n			return err;\n	}\n	return 0;\n}'),
    '		aux->kfunc_site = 0;\n		err = verifier_remove_insns(env, i + len, 1);\n')
rep(3, 'kernel/bpf/verifier.c', '	struct bpf_insn_aux_data *aux, keep;\n	struct bpf_kfunc_call_body *s;\n	int i, len, err;\n',
    '	struct bpf_insn_aux_data *aux;\n	struct bpf_kfunc_call_body *s;\n	int i, len, err;\n')
rep(3, 'kernel/bpf/verifier.c', '''/*
 * After the analysis: where native code will be emitted, put the call back
 * in place of the body; elsewhere the verified body stays.
 */''', '''/* After the analysis the verified body stays, without its closing NOP. */''')
rep(3, 'kernel/bpf/verifier.c', '''	s = &env->kfunc_bodies[idx - 1];
	if (kfunc_site_native_ok(env, s)) {
		env->insn_aux_data[insn_idx].kfunc_site = idx;
		return 0;
	}
''')
rep(3, 'kernel/bpf/verifier.c', '	struct bpf_kfunc_body_ref ref;\n	struct bpf_kfunc_call_body *s;\n	const struct btf *btf;\n	int idx;\n',
    '	struct bpf_kfunc_body_ref ref;\n	const struct btf *btf;\n	int idx;\n')
rep(3, 'kernel/bpf/verifier.c', '''/*
 * Fixup of a call of a kfunc with a body verified as a call: keep the call
 * for native code, or return the body to patch in.
 */''', '''/* Fixup of a call of a kfunc with a body verified as a call: the body. */''')
rep(3, 'kernel/bpf/verifier.c', lambda t: func(t, 'static int kfunc_sites_finalize('), '''/*
 * A program left without kfunc calls (all replaced by bodies) does not need
 * a JIT.
 */
static int kfunc_sites_finalize(struct bpf_verifier_env *env)
{
	struct bpf_prog *prog = env->prog;
	u32 i;

	for (i = 0; i < prog->len; i++)
		if (bpf_pseudo_kfunc_call(&prog->insnsi[i]))
			return 0;
	kfree(prog->aux->kfunc_tab);
	prog->aux->kfunc_tab = NULL;
	return 0;
}

''')

def stage_text(path, k):
    final = os.path.join(FINAL, path)
    text = open(final).read() if os.path.exists(final) else None
    if k < FILES[path]:
        p = os.path.join(PRIS, path)
        return open(p).read() if os.path.exists(p) else None
    for stage, f, old, new in sorted(R, key=lambda r: -r[0]):
        if f != path or stage <= k:
            continue
        o = old(text) if callable(old) else old
        if text.count(o) != 1:
            sys.exit(f'stage {stage} {path}: {text.count(o)} matches for {o[:80]!r}')
        text = text.replace(o, new)
    return text

MSGS = open(os.path.join(os.path.dirname(__file__), 'messages.txt')).read().split('\n=====\n')

def git(*a):
    subprocess.run(['git', '-C', GEN] + list(a), check=True, stdout=subprocess.DEVNULL)

shutil.rmtree(GEN, ignore_errors=True)
os.makedirs(GEN)
git('init', '-q')
git('config', 'user.name', 'insn-kfuncs developers')
git('config', 'user.email', 'insn-kfuncs@example.org')
for k in range(0, 9):
    for path in FILES:
        t = stage_text(path, k)
        dst = os.path.join(GEN, path)
        if t is None:
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        open(dst, 'w').write(t)
    git('add', '-A')
    if k == 0:
        git('commit', '-qm', 'base')
    else:
        msg = MSGS[k - 1].strip() + '\n'
        open(GEN + '/.msg', 'w').write(msg)
        subprocess.run(['git', '-C', GEN, 'commit', '-q', '-F', GEN + '/.msg'], check=True)
        os.remove(GEN + '/.msg')
for f in glob.glob(OUT + '/000[1-8]-*.patch'):
    os.remove(f)
subprocess.run(['git', '-C', GEN, 'format-patch', '-q', '--no-signature', '--zero-commit', '-o', OUT, 'HEAD~8'], check=True)
print('\n'.join(sorted(os.listdir(OUT))))
