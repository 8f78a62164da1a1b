# make demo: load the module, run the XDP program once, dump its JIT image.
insmod /insn/insn_kfuncs.ko || exit 1
grep -w 'bpf_insn_[a-z0-9_]*' /proc/kallsyms | sed 's/^/KSYM /'
/insn/bin/smoke /insn/bpf/smoke.bpf.o --demo
