# SPDX-License-Identifier: GPL-2.0
# Bad inputs from BPF programs (tests/prog_tests/misuse.c), each refused with the
# verifier's message: with native code, with the bodies kept (native=0),
# under constant blinding; the iterator's also as plain calls (bodies=0),
# where the verifier must say the same.  Program types: the XDP-only
# kfuncs of tests/kmod/insn_fuzz_body.ko, body or not, are refused to
# other types and right in XDP in every mode.
P=/sys/module/insn_kfuncs/parameters
S=/proc/sys/net/core
L="/insn/bin/insn_test misuse"
O=/insn/bpf
rc=0
grep -qw register_bpf_kfunc_bodies /proc/kallsyms || { echo "TEST misuse SKIP kernel without kfunc bodies"; exit 0; }
[ -s /insn/insn_fuzz_body.ko ] || { echo "TEST misuse FAIL insn_fuzz_body.ko is not in the initramfs"; exit 1; }
insmod /insn/insn_fuzz_body.ko || { echo "TEST misuse.insmod FAIL insmod exited $?"; exit 1; }

run() {
	$L konst $1 $O/konst_bad.bpf.o || rc=1
	$L iter $1 $O/iter_bad.bpf.o || rc=1
	$L percpu $1 $O/percpu_bad.bpf.o || rc=1
	$L progtype $1 $O/progtype.bpf.o || rc=1
}

run native
echo 0 >$P/native
run body
echo 1 >$P/native
echo 2 >$S/bpf_jit_harden
run harden
echo 0 >$S/bpf_jit_harden
echo 0 >$P/bodies
$L iter call $O/iter_bad.bpf.o || rc=1
echo 1 >$P/bodies

# programs are freed after an RCU grace period: retry "in use"
for i in 1 2 3 4 5 6 7 8 9 10; do
	rmmod insn_fuzz_body 2>/dev/null && break
	sleep 1
done
grep -q '^insn_fuzz_body ' /proc/modules && { echo "TEST misuse.rmmod FAIL still loaded"; rc=1; }
exit $rc
