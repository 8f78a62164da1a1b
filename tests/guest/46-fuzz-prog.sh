# SPDX-License-Identifier: GPL-2.0
# Random programs around calls of the scalar kfuncs, in every mode, against
# a model of each program in user space (tests/prog_tests/fuzz_prog.c):
# operand binding, the removal of bpf_fastcall saves and zero-extensions,
# and every emitter with its operands in any register.  insn.fuzzprog_n=N
# and insn.fuzzprog_seed=S on the kernel command line (make fuzz-progs)
# give a longer run or another seed.
grep -qw register_bpf_kfunc_bodies /proc/kallsyms || { echo "TEST fuzzprog SKIP kernel without kfunc bodies"; exit 0; }
n=150
seed=1
for arg in $(cat /proc/cmdline); do
	case $arg in
	insn.fuzzprog_n=*) n=${arg#*=} ;;
	insn.fuzzprog_seed=*) seed=${arg#*=} ;;
	esac
done
/insn/bin/insn_test fuzz_prog run $n $seed
