# SPDX-License-Identifier: GPL-2.0
# The body validator, fuzzed: tests/prog_tests/fuzz_body.c generates bodies from
# the corpus in /insn/fuzz, registers each through tests/kmod/
# insn_fuzz_body.ko and compares the kernel's verdict and message with its
# oracle.  insn.fuzz_n=N and insn.fuzz_seed=S on the kernel command line
# (make fuzz) give a longer run or another seed.
M=/insn/insn_fuzz_body.ko
grep -qw register_bpf_kfunc_bodies /proc/kallsyms || { echo "TEST fuzzbody SKIP kernel without kfunc bodies"; exit 0; }
[ -s $M ] || { echo "TEST fuzzbody FAIL $M is not in the initramfs"; exit 1; }
n=3000
seed=
for arg in $(cat /proc/cmdline); do
	case $arg in
	insn.fuzz_n=*) n=${arg#*=} ;;
	insn.fuzz_seed=*) seed="-s ${arg#*=}" ;;
	esac
done

insmod $M || { echo "TEST fuzzbody.insmod FAIL insmod exited $?"; exit 1; }
rc=0
/insn/bin/insn_test fuzz_body -n $n $seed /insn/fuzz || rc=1
rmmod insn_fuzz_body || { echo "TEST fuzzbody.rmmod FAIL"; rc=1; }
exit $rc
