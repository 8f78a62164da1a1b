# SPDX-License-Identifier: GPL-2.0
# veristat on the selftests' BPF objects (insn.run=veristat, own boots,
# tools/veristat.sh): every program of /insn/veristat/*.bpf.o loaded and
# verified once, as root, bpf_testmod.ko loaded for the programs that
# call its kfuncs or attach to it.  veristat's CSV goes to the console as
# "VS LINE" lines (the header first), then "VSEXIT STATUS" and
# "VSTIME SECONDS"; the host compares the runs of two kernels.
V=/insn/veristat

insmod $V/bpf_testmod.ko || echo "VSMOD insmod bpf_testmod.ko failed"
echo "VSCONF jit=$(cat /proc/sys/net/core/bpf_jit_enable)" \
	"harden=$(cat /proc/sys/net/core/bpf_jit_harden)" \
	"objects=$(ls $V/*.bpf.o | wc -l)"
t0=$(date +%s)
$V/veristat -q -o csv $V/*.bpf.o >/tmp/vs.csv 2>/tmp/vs.err
echo "VSEXIT $?"
t1=$(date +%s)
sed 's/^/VS /' /tmp/vs.csv
sed 's/^/VSERR /' /tmp/vs.err | head -n 20
echo "VSTIME $((t1 - t0))"
grep -q '^file_name,' /tmp/vs.csv
