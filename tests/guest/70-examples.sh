# SPDX-License-Identifier: GPL-2.0
# The example programs of bpf/examples/ (tests/prog_tests/examples.c): results
# against C references with the module's defaults (native code where the
# JIT has emitters), STAT lines and JIT images for the host checks; the
# same built with clang-22 (bpf_fastcall), then both with the bodies kept
# (native=0, constant blinding, the interpreter) and as plain calls.
P=/sys/module/insn_kfuncs/parameters
S=/proc/sys/net/core
E="/insn/bin/insn_test examples"
rc=0

# the kfuncs' addresses, for the host's check of dead address loads
grep -w 'bpf_insn_[a-z0-9_]*' /proc/kallsyms | sed 's/^/KSYM /'

$E /insn/bpf/examples || rc=1
$E /insn/bpf/clang22/examples clang22 --jit || rc=1

# modes MODE [NAME...]: the examples NAME (default: all) of both compilers
modes() {
	local mode=$1

	shift
	$E /insn/bpf/examples "$mode" "$@" || rc=1
	$E /insn/bpf/clang22/examples "clang22.$mode" "$@" || rc=1
}

echo 0 >$P/native
modes body
echo 1 >$P/native

echo 2 >$S/bpf_jit_harden
modes harden
echo 0 >$S/bpf_jit_harden

# counter: without CONFIG_BPF_EVENTS the interpreter reads 0 through the
# runqueue's BTF pointer, helper and kfunc alike (docs/design.md), and
# the test wants that there
echo 0 >$S/bpf_jit_enable
modes interp
echo 1 >$S/bpf_jit_enable

# plain calls: 6.12 refuses load_be's and the per-CPU kfuncs' pointer
# arguments (parse, counter)
echo 0 >$P/bodies
modes call hash sum
echo 1 >$P/bodies
exit $rc
