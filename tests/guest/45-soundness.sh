# SPDX-License-Identifier: GPL-2.0
# The soundness rules of the series, each with a program that broke it
# (tests/prog_tests/soundness.c, the kfuncs of tests/kmod/insn_test_kfuncs.c).
P=/sys/module/insn_kfuncs/parameters
S=/proc/sys/net/core
T=/insn/insn_test_kfuncs.ko
L="/insn/bin/insn_test soundness"
K=/sys/module/kfunc_body/parameters/test_no_percpu_insn
rc=0
grep -qw register_bpf_kfunc_bodies /proc/kallsyms || { echo "TEST soundness SKIP kernel without kfunc bodies"; exit 0; }
[ -s $T ] || { echo "TEST soundness FAIL $T is not in the initramfs"; exit 1; }

# rmmod right after programs are freed can fail "in use" for a while
unload() {
	for i in 1 2 3 4 5 6 7 8 9 10; do
		rmmod "$1" 2>/dev/null && return 0
		sleep 1
	done
	echo "TEST soundness.rmmod.$1 FAIL still in use"
	return 1
}

# void kfuncs (R0), __k read marks: native code, then bodies
if insmod $T; then
	$L void native || rc=1
	$L konst || rc=1
	$L fastcall native || rc=1
	$L fastcall_llvm native || rc=1
	$L fastcall_region || rc=1
	$L fastcall_frame || rc=1
	$L fastcall_escape || rc=1
	$L fastcall_dead || rc=1
	$L flagged || rc=1
	$L filtered || rc=1
	$L sext native || rc=1
	$L memarg native || rc=1
	$L copy_narrow || rc=1
	$L copy_wide || rc=1
	# a later module's function of a kfunc's or destructor's name, or
	# variable of a ksym's: the module's own function is copied or
	# called, its own variable read; a ksym of a program's BTF, a kfunc
	# of two functions' BTF id refused
	$L copy_collide own || rc=1
	$L plain_collide own || rc=1
	$L ksym_collide own || rc=1
	$L dtor_collide own /insn/bpf/dtor.bpf.o || rc=1
	$L ksym_userbtf || rc=1
	$L dedup || rc=1
	if insmod /insn/insn_collide.ko; then
		$L copy_collide other || rc=1
		$L plain_collide other || rc=1
		$L ksym_collide other || rc=1
		$L dtor_collide other /insn/bpf/dtor.bpf.o || rc=1
		unload insn_collide || rc=1
	else
		echo "TEST soundness.copy.collide.insmod FAIL"
		rc=1
	fi
	$L ksym || rc=1
	$L zext || rc=1
	$L zext_many 20000 || rc=1
	$L zext_counters 40 || rc=1
	$L zext_body || rc=1
	$L zext_badreg || rc=1
	$L zext_async || rc=1
	echo 2 >$S/bpf_jit_harden
	$L void body || rc=1
	$L sext body || rc=1
	$L memarg body || rc=1
	$L fastcall blinding || rc=1
	$L fastcall_llvm blinding || rc=1
	echo 0 >$S/bpf_jit_harden
	echo 0 >$S/bpf_jit_enable
	$L fastcall interpreter || rc=1
	$L sext interpreter || rc=1
	$L memarg interpreter || rc=1
	$L fastcall_llvm interpreter || rc=1
	$L flagged_nojit || rc=1
	echo 1 >$S/bpf_jit_enable
	unload insn_test_kfuncs || rc=1
else
	echo "TEST soundness.insmod FAIL"
	rc=1
fi

# a loader without CAP_PERFMON: Spectre v1 masking in a body keeps it;
# a constant argument that differs only under speculation is no conflict
$L nospec || rc=1
$L konst_spec || rc=1

# native sites in the xlated program name their kfunc's BTF
$L xlated || rc=1

# the operand-binding liveness pass on a long program of nested loops:
# native code may not cost DEPTH sweeps of the program over bodies
$L bigloop 800 200000 || rc=1

# bodies that would take a program over a million instructions: refused
# before any is patched in
$L bigprog 3300 || rc=1

# bodies that would put a jump's target past its 16-bit offset: refused
# before any is patched in, naming the jump (one call fewer loads)
$L bigjump || rc=1

# arithmetic on an arena pointer in a body: kept 32-bit, as 6.12 keeps
# arena pointers, so no native code there
$L arena || rc=1

# a native result's move, then an arena cmpxchg reading R0: not folded
$L fold_atomic || rc=1
# a native result's move, then the exit of a subprog, which returns R0
$L fold_exit || rc=1

# a kfunc call with a reserved field set: refused, not replaced by the body
$L reserved || rc=1

# the per-program limits on native sites and on calls of kfuncs with a
# body, lowered by the test switches (patch 27): the sites past the first
# keep their bodies, a call past the second is refused
KN=${K%/*}/test_native_max KB=${K%/*}/test_bodies_max
if [ -w $KN ] && [ -w $KB ]; then
	echo 0 >$KN
	echo 0 >$KB
	$L limits native 0 || rc=1
	echo 3 >$KN
	$L limits native 3 || rc=1
	echo 1 >$KN
	$L limits native 1 || rc=1
	echo 0 >$KN
	echo 4 >$KB
	$L limits bodies 4 || rc=1
	echo 0 >$KB
else
	echo "TEST soundness.limits.switch FAIL no $KN or $KB (CONFIG_BPF_KFUNC_BODY_TEST)"
	rc=1
fi

# per-CPU bodies where the JIT lacks the per-CPU move: the calls stay
if [ -w $K ]; then
	echo 1 >$K
	$L percpu /insn/bpf/percpu.bpf.o || rc=1
	/insn/bin/insn_test percpu check nopcpu /insn/bpf/percpu.bpf.o || rc=1
	# and no kfunc calls either (arm32, mips): a call that stays is refused
	KC=${K%/*}/test_no_kfunc_call
	if [ -w $KC ]; then
		echo 1 >$KC
		$L nokcall /insn/bpf/percpu.bpf.o || rc=1
		echo 0 >$KC
	else
		echo "TEST soundness.nokcall.switch FAIL no $KC (CONFIG_BPF_KFUNC_BODY_TEST)"
		rc=1
	fi
	echo 0 >$K
else
	echo "TEST soundness.percpu.switch FAIL no $K (CONFIG_BPF_KFUNC_BODY_TEST)"
	rc=1
fi

# a failing JIT with a helper call the JIT would inline
U=/proc/sys/kernel/unprivileged_bpf_disabled
unpriv=$(cat $U)
limit=$(cat $S/bpf_jit_limit)
echo 0 >$U
$L zext_unpriv jit || rc=1
echo 1 >$S/bpf_jit_limit
$L jitfail || rc=1
$L zext_unpriv interp || rc=1
echo "$limit" >$S/bpf_jit_limit
echo "$unpriv" >$U

# bodies of a module still in its init: the real module must be out of
# the way (it gives bpf_iter_num_destroy() a body too)
unload insn_kfuncs || rc=1
dmesg -c >/dev/null
insmod $T fail_init_ms=6000 2>/dev/null &
pid=$!
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
	dmesg | grep -q 'insn_test_kfuncs: bodies registered' && break
	sleep 0.2
done
if dmesg | grep -q 'insn_test_kfuncs: bodies registered'; then
	$L coming /insn/bpf/iter.bpf.o || rc=1
else
	echo "TEST soundness.coming.registered FAIL $(dmesg | tail -n 3 | tr '\n' ' ')"
	rc=1
fi
if wait $pid; then
	echo "TEST soundness.coming.init_failed FAIL the module's init did not fail"
	rmmod insn_test_kfuncs
	rc=1
else
	echo "TEST soundness.coming.init_failed PASS"
fi
insmod /insn/insn_kfuncs.ko || rc=1
exit $rc
