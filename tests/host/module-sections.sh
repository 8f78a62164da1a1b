#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The module's per-CPU variables must sit in .data..percpu, the one
# per-CPU section the module loader allocates per CPU: another one
# (DEFINE_PER_CPU_READ_MOSTLY's .data..percpu..read_mostly, ...) stays
# plain data, and per_cpu() of it points anywhere (an oops on Debian's
# arm64 kernel, a silent write elsewhere).
#
# usage: module-sections.sh NAME=MODULE.ko...
rc=0
for arg in "$@"; do
	name=${arg%%=*} ko=${arg#*=}
	if ! sections=$(readelf -SW "$ko" 2>&1) || ! grep -q '\.text' <<<"$sections"; then
		echo "TEST module-sections.$name FAIL readelf -S $ko: ${sections##*$'\n'}"
		rc=1
		continue
	fi
	bad=$(grep -o '\.data\.\.percpu[^ ]*' <<<"$sections" | grep -vx '\.data\.\.percpu' |
	      sort -u | tr '\n' ' ')
	if [ -n "$bad" ]; then
		echo "TEST module-sections.$name FAIL per-CPU sections the loader ignores: $bad"
		rc=1
		continue
	fi
	# arm64's module keeps a per-CPU variable (module/percpu.c's
	# insn_cpu_number; x86-64 reads the kernel's): it must be in it
	ndx=$(readelf -sW "$ko" | awk '$8 == "insn_cpu_number" { print $7 }')
	percpu=$(sed -n 's/^ *\[ *\([0-9]*\)\] \.data\.\.percpu .*/\1/p' <<<"$sections")
	if [ -z "$ndx" ] && [[ $name == arm64* ]]; then
		echo "TEST module-sections.$name FAIL no insn_cpu_number in the arm64 module"
		rc=1
	elif [ -n "$ndx" ] && [ "$ndx" != "$percpu" ]; then
		echo "TEST module-sections.$name FAIL insn_cpu_number in section $ndx, .data..percpu is ${percpu:-missing}"
		rc=1
	else
		echo "TEST module-sections.$name PASS${ndx:+ insn_cpu_number in .data..percpu}"
	fi
done
exit $rc
