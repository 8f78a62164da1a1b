# Programs calling the rotate kfuncs: results against C, JIT image dump.
/insn/bin/smoke /insn/bpf/smoke.bpf.o
