# make demo: load the module, run the XDP program once, dump its JIT image.
insmod /insn/insn_kfuncs.ko || exit 1
/insn/bin/smoke /insn/bpf/smoke.bpf.o --demo
