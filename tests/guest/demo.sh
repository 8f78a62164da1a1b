# SPDX-License-Identifier: GPL-2.0
# make demo: load the module, run the example programs of bpf/examples/
# beside their C references and dump their JIT images.  DEMO lines are
# progress, shown by the host with the RESULT lines.
echo "DEMO guest up ($(uname -r), $(nproc) CPUs); loading insn_kfuncs.ko"
insmod /insn/insn_kfuncs.ko || exit 1
echo "DEMO kfuncs: $(grep -c ' native=on' /sys/module/insn_kfuncs/parameters/status) with native code, $(grep -c ' body=' /sys/module/insn_kfuncs/parameters/status) with bodies"
# call targets for the host's disassembly, should any call be left
grep -w 'bpf_insn_[a-z0-9_]*\|bpf_iter_num_[a-z]*' /proc/kallsyms | sed 's/^/KSYM /'
echo "DEMO running hash, parse, sum and counter with BPF_PROG_TEST_RUN"
/insn/bin/insn_test examples /insn/bpf/examples --demo
