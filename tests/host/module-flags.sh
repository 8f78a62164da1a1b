#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kfunc flags each build of the module registers (its .BTF_ids set):
# KF_FASTCALL (bit 12) only with the series, which honours it where a call
# becomes native code.  A kernel without the series that has a flag of
# that name (upstream, 6.13 on) removes the spills and fills around every
# call of such a kfunc, while the compiled kfunc clobbers R1-R5: a build
# against such a kernel must not set it.
#
# usage: module-flags.sh patched|plain:NAME=MODULE.ko...
#   patched: the bpf_fastcall kfuncs have KF_FASTCALL (bpf_insn_rol64 among
#   them: the check of the reader itself); plain: no kfunc has it
rc=0
for arg in "$@"; do
	kind=${arg%%:*} rest=${arg#*:}
	name=${rest%%=*} ko=${rest#*=}
	flags=$(python3 - "$ko" 2>/dev/null <<'EOF'
import re, subprocess, sys
ko = sys.argv[1]
secs = subprocess.run(['readelf', '-SW', ko], capture_output=True, text=True,
                      check=True).stdout
m = re.search(r'\[\s*(\d+)\]\s+\.BTF_ids\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)', secs)
if not m:
    sys.exit('no .BTF_ids section')
idx, off, size = m.group(1), int(m.group(2), 16), int(m.group(3), 16)
with open(ko, 'rb') as f:
    f.seek(off)
    data = f.read(size)
syms = subprocess.run(['readelf', '-sW', ko], capture_output=True, text=True,
                      check=True).stdout
# BTF_ID_FLAGS(func, name, flags): the id's 4 bytes, then the flags'
for line in syms.splitlines():
    f = line.split()
    if len(f) >= 8 and f[6] == idx and f[7].startswith('__BTF_ID__func__'):
        v = int(f[1], 16)
        name = re.sub(r'^__BTF_ID__func__(.*)__\d+$', r'\1', f[7])
        print(name, int.from_bytes(data[v + 4:v + 8], 'little'))
EOF
) || { echo "TEST module-flags.$name FAIL cannot read $ko"; rc=1; continue; }
	fast=$(awk '$2 >= 0 && int($2 / 4096) % 2 == 1 { print $1 }' <<<"$flags" | tr '\n' ' ')
	n=$(grep -c . <<<"$flags")
	case $kind in
	patched)
		if grep -qw bpf_insn_rol64 <<<"$fast"; then
			echo "TEST module-flags.$name PASS $(wc -w <<<"$fast") of $n kfuncs KF_FASTCALL"
		else
			echo "TEST module-flags.$name FAIL bpf_insn_rol64 not KF_FASTCALL ($n kfuncs read)"
			rc=1
		fi ;;
	plain)
		if [ "$n" -gt 0 ] && [ -z "$fast" ]; then
			echo "TEST module-flags.$name PASS none of $n kfuncs KF_FASTCALL"
		else
			echo "TEST module-flags.$name FAIL KF_FASTCALL without the series: ${fast:-no kfuncs read}"
			rc=1
		fi ;;
	*)
		echo "TEST module-flags.$name FAIL unknown kind $kind"
		rc=1 ;;
	esac
done
exit $rc
