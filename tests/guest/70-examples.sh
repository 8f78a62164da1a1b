# SPDX-License-Identifier: GPL-2.0
# The example programs of bpf/examples/ (tests/prog_tests/examples.c): results
# against C references with the module's defaults (native code where the
# JIT has emitters), STAT lines and JIT images for the host checks.
/insn/bin/insn_test examples /insn/bpf/examples
