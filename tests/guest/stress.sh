# SPDX-License-Identifier: GPL-2.0
# Module load and unload while programs are loaded and freed, then the
# debug kernel's checkers (make check-debug runs it after the numbered
# scripts; not in the default run):
#  - rounds: the rotate programs (module kfuncs, native and body) and the
#    iterator programs (the kernel's kfuncs with the module's native code
#    and bodies) loaded and pinned; rmmod refused while the rotate programs
#    hold the module; all results right; the rotate programs freed, the
#    module unloads with the iterator programs still loaded, which keep
#    working without it and after it is loaded again;
#  - churn: module load, parameter switches and unload, again and again,
#    beside a loader that loads, runs and frees programs (tests/prog_tests/stress.c);
#  - no report of any kind in the kernel log (KASAN, UBSAN, lockdep,
#    sleeping in atomic context, list corruption, stalls), lockdep still
#    on, and nothing that kmemleak finds unreferenced.
# Kernel arguments: insn.stress_n=ROUNDS (5), insn.stress_cycles=CYCLES (6).
P=/sys/module/insn_kfuncs/parameters
M=/insn/insn_kfuncs.ko
F=/sys/fs/bpf/stress
R="/insn/bin/insn_test rotate"
I="/insn/bin/insn_test iter"
ROT=/insn/bpf/rotate.bpf.o
ITER=/insn/bpf/iter.bpf.o
S=/tmp/stress
rounds=5
cycles=6
for arg in $(cat /proc/cmdline); do
	case $arg in
	insn.stress_n=*) rounds=${arg#*=} ;;
	insn.stress_cycles=*) cycles=${arg#*=} ;;
	esac
done
rc=0
r=0
rm -rf $S && mkdir -p $S
grep -q ' /sys/fs/bpf ' /proc/mounts || { mkdir -p /sys/fs/bpf && mount -t bpf bpf /sys/fs/bpf; }

# note CHECK WHY: the first failure of CHECK, with its round
note() { [ -s $S/$1 ] || echo "round $r: $2" >$S/$1; }
# quiet CHECK COMMAND...: run a loader; on failure note its first FAIL line
quiet() {
	local c=$1 out why
	shift
	out=$("$@" 2>&1) && return 0
	why=$(echo "$out" | grep -m1 ' FAIL')
	note $c "$*: ${why:-$(echo "$out" | tail -n1)}"
	return 1
}
loaded() { grep -q '^insn_kfuncs ' /proc/modules; }
# rmmod, retried while freed programs still hold the module (their free
# waits for an RCU grace period); $1 tries 0.2 s apart
unload() {
	local i=0
	while ! rmmod insn_kfuncs 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt $1 ] || return 1
		sleep 0.2
	done
}
load() { loaded || insmod $M || note insmod "insmod exited $?"; }

for r in $(seq $rounds); do
	load
	rm -rf $F && mkdir -p $F
	echo 1 >$P/native
	quiet load $R pin $ROT $F/rot_native
	quiet load $I pin $ITER $F/iter_native
	echo 0 >$P/native
	quiet load $R pin $ROT $F/rot_body
	quiet load $I pin $ITER $F/iter_body
	echo 1 >$P/native

	if rmmod insn_kfuncs 2>/dev/null; then
		note rmmod_refused "rmmod worked with rotate programs loaded"
		load
	fi
	quiet run $R pinned native $F/rot_native
	quiet run $R pinned body $F/rot_body
	quiet run $I pinned native $F/iter_native
	quiet run $I pinned body $F/iter_body

	# iterator programs hold no reference: the native code and the bodies
	# are theirs once loaded
	rm $F/rot_native $F/rot_body
	unload 50 || note rmmod_iter_loaded "still loaded 10 s after the rotate programs were freed"
	quiet iter_unloaded $I pinned native $F/iter_native
	quiet iter_unloaded $I pinned body $F/iter_body
	load
	quiet iter_reloaded $I pinned native $F/iter_native
	quiet iter_reloaded $I pinned body $F/iter_body
	rm -rf $F
done
for c in load rmmod_refused run rmmod_iter_loaded iter_unloaded insmod iter_reloaded; do
	if [ -s $S/$c ]; then
		echo "TEST stress.$c FAIL $(cat $S/$c)"
		rc=1
	else
		echo "TEST stress.$c PASS $rounds rounds"
	fi
done

# churn: the loader runs until $S/stop appears
r=churn
/insn/bin/insn_test stress churn $S/stop $ITER $ROT >$S/churn.out 2>&1 &
pid=$!
for j in $(seq $cycles); do
	load
	for v in 0 1; do
		echo $v >$P/native
		sleep 0.3
		echo $v >$P/bodies
		sleep 0.3
	done
	unload 100 || note cycles "cycle $j: rmmod refused for 20 s beside the loader"
	sleep 0.5
done
touch $S/stop
wait $pid
cat $S/churn.out
grep -q '^TEST stress.churn ' $S/churn.out || note cycles "the loader died: $(tail -n1 $S/churn.out)"
if [ -s $S/cycles ]; then
	echo "TEST stress.cycles FAIL $(cat $S/cycles)"
	rc=1
else
	echo "TEST stress.cycles PASS $cycles module cycles"
fi
grep -q '^TEST stress.churn PASS' $S/churn.out || rc=1
load

# Reports in the kernel log since it was last cleared (35-bad-body.sh
# clears it; tools/vm-run.sh judges the whole console log).
bad=$(dmesg | grep -m1 -E 'BUG:|WARNING:|KASAN|UBSAN|Oops|general protection|possible (circular|recursive) locking|inconsistent lock state|suspicious RCU usage|sleeping function called|non-static key|list_(add|del) corruption|detected stall|suspected memory leak')
if [ -n "$bad" ]; then
	echo "TEST stress.dmesg FAIL $bad"
	rc=1
else
	echo "TEST stress.dmesg PASS"
fi

# lockdep switches itself off after its first report
if [ ! -e /proc/lockdep_stats ]; then
	echo "TEST stress.lockdep SKIP kernel without lockdep"
elif grep -q 'debug_locks: *1$' /proc/lockdep_stats; then
	echo "TEST stress.lockdep PASS still on"
else
	echo "TEST stress.lockdep FAIL lockdep turned itself off: $(grep debug_locks /proc/lockdep_stats)"
	rc=1
fi

# kmemleak reports an object unreferenced in a scan that began at least
# 5 s after it was allocated; the programs freed above are gone by then
# (RCU, deferred work).  Two scans, as its documentation advises.
grep -q ' /sys/kernel/debug ' /proc/mounts ||
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
K=/sys/kernel/debug/kmemleak
if [ ! -e $K ]; then
	echo "TEST stress.kmemleak SKIP kernel without kmemleak"
elif ! { sleep 6 && echo scan >$K && sleep 1 && echo scan >$K; }; then
	echo "TEST stress.kmemleak FAIL cannot scan: kmemleak is off"
	rc=1
else
	leaks=$(grep -c '^unreferenced object' $K)
	if [ "$leaks" = 0 ]; then
		echo "TEST stress.kmemleak PASS"
	else
		sed 's/^/KMEMLEAK /' $K
		echo "TEST stress.kmemleak FAIL $leaks unreferenced objects: $(grep -m1 -A40 '^unreferenced' $K | sed -n '/backtrace/,$p' | sed -n '2,7s/^ *//p' | paste -sd' ')"
		rc=1
	fi
fi
exit $rc
