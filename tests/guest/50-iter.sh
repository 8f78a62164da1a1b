# SPDX-License-Identifier: GPL-2.0
# The numeric iterator with the module's bodies, in every mode.
P=/sys/module/insn_kfuncs/parameters
S=/proc/sys/net/core
OBJ=/insn/bpf/iter.bpf.o
I="/insn/bin/insn_test iter"
rc=0

case $(uname -m) in
x86_64 | aarch64) native=native ;;
*) native=body ;;
esac

$I check $native $OBJ --jit || rc=1
echo 0 >$P/native
$I check body $OBJ || rc=1
echo 1 >$P/native
echo 2 >$S/bpf_jit_harden
$I check body $OBJ || rc=1
echo 0 >$S/bpf_jit_harden
# bpf_for() in the interpreter: 6.12 alone refuses it (JIT required)
echo 0 >$S/bpf_jit_enable
$I check body $OBJ || rc=1
echo 1 >$S/bpf_jit_enable
echo 0 >$P/bodies
$I check call $OBJ || rc=1
echo 1 >$P/bodies
exit $rc
