# SPDX-License-Identifier: GPL-2.0
# The rotate family in every mode: results against C, the xlated shape that
# says which mode ran, and the JIT images of the loop programs (native).
P=/sys/module/insn_kfuncs/parameters
S=/proc/sys/net/core
OBJ=/insn/bpf/rotate.bpf.o
R="/insn/bin/insn_test rotate"
rc=0

# native code where the JIT has the hook (x86-64, arm64), else the body
case $(uname -m) in
x86_64 | aarch64) native=native ;;
*) native=body ;;
esac

cat $P/status | sed 's/^/STATUS /'
$R check $native $OBJ --jit || rc=1

echo 0 >$P/native
$R check body $OBJ --jit || rc=1
echo 1 >$P/native

echo 2 >$S/bpf_jit_harden
$R check body $OBJ || rc=1
echo 0 >$S/bpf_jit_harden

# the interpreter: bodies make kfunc calls run without a JIT
echo 0 >$S/bpf_jit_enable
$R check body $OBJ || rc=1
echo 0 >$P/bodies
$R nojit $OBJ || rc=1
echo 1 >$P/bodies
echo 1 >$S/bpf_jit_enable

# plain calls, as on a kernel without the series
echo 0 >$P/bodies
$R check call $OBJ --jit || rc=1
$R bad call /insn/bpf/rotate_bad.bpf.o || rc=1
echo 1 >$P/bodies

$R bad body /insn/bpf/rotate_bad.bpf.o || rc=1
exit $rc
