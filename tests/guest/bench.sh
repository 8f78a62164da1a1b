# SPDX-License-Identifier: GPL-2.0
# make bench: load the benchmark programs as plain-BPF idioms, and their
# kfunc versions as plain calls (bodies=0), as bodies (native=0), as
# native code and as the compiled kfuncs copied (native=copy), and print their results, maps and JIT images for the
# host's replay (tools/replay/); native also as built with clang-22
# (bpf_fastcall kfuncs: variant clang22).  Run only with insn.run=bench.
# With insn.bench=idiom (the stock kernel, mk/bench.mk) only the
# plain-BPF programs load: their images are compared with the patched
# kernel's.
P=/sys/module/insn_kfuncs/parameters
OBJ=/insn/bpf/bench/bench.bpf.o
B="/insn/bin/insn_test bench"
echo "BENCH-GUEST $(uname -r) $(nproc) CPUs"
insmod /insn/insn_kfuncs.ko || exit 1
# call targets the replay relinks (module kfuncs, kernel kfuncs, helpers,
# and on a kernel with return thunks the thunks its JIT may jump to)
grep -w 'bpf_insn_[a-z0-9_]*\|bpf_iter_num_[a-z]*\|bpf_this_cpu_ptr\|bpf_get_smp_processor_id\|this_cpu_off\|pcpu_hot\|runqueues\|[a-z0-9_]*return_thunk' \
	/proc/kallsyms | sed 's/^/KSYM /'
# which return thunk, if any, the kernel chose (make bench's mitigated run)
for f in retbleed spec_rstack_overflow; do
	v=/sys/devices/system/cpu/vulnerabilities/$f
	[ -r $v ] && echo "BVULN $f: $(cat $v)"
done
rc=0
$B idiom $OBJ || rc=1
grep -qw insn.bench=idiom /proc/cmdline && exit $rc
echo 0 >$P/bodies
$B call $OBJ || rc=1
echo 1 >$P/bodies
echo 0 >$P/native
$B body $OBJ || rc=1
echo 1 >$P/native
$B native $OBJ || rc=1
# the compiled kfuncs copied in place of the calls, where the JIT can
echo copy >$P/native
$B copy $OBJ || rc=1
echo 1 >$P/native
$B clang22 /insn/bpf/clang22/bench/bench.bpf.o || rc=1
exit $rc
