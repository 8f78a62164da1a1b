# SPDX-License-Identifier: GPL-2.0
# Programs calling the rotate kfuncs: results against C, JIT image dump.
# The kfunc addresses let the host name the call targets in the image.
grep -w 'bpf_insn_[a-z0-9_]*' /proc/kallsyms | sed 's/^/KSYM /'
/insn/bin/insn_test smoke /insn/bpf/smoke.bpf.o
