# SPDX-License-Identifier: GPL-2.0
# Per-CPU access on each of the guest's CPUs, in every mode: reads of a
# kernel per-CPU variable, and writes through a per-CPU kptr (kptr).
P=/sys/module/insn_kfuncs/parameters
S=/proc/sys/net/core
OBJ=/insn/bpf/percpu.bpf.o
C="/insn/bin/insn_test percpu"
rc=0

$C check native $OBJ || rc=1
$C kptr native $OBJ || rc=1
echo 0 >$P/native
$C check body $OBJ || rc=1
$C kptr body $OBJ || rc=1
echo 1 >$P/native
echo 2 >$S/bpf_jit_harden
$C check body $OBJ || rc=1
$C kptr harden $OBJ || rc=1
echo 0 >$S/bpf_jit_harden
echo 0 >$S/bpf_jit_enable
$C check interp $OBJ || rc=1
$C kptr interp $OBJ || rc=1
echo 1 >$S/bpf_jit_enable
echo 0 >$P/bodies
$C call $OBJ || rc=1
echo 1 >$P/bodies
exit $rc
