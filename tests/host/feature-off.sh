#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The x86-64 emitters' code with CPU features forced off (host_test -o DIR:
# DIR/off-MASK.bin, MASK a hex mask of enum host_feature in
# tests/host/shim/asm/cpufeature.h) holds no instruction of a feature that
# was off: on a CPU without it, that instruction would #UD in the kernel.
# Run on a host that has every feature, the native comparison cannot tell.
#
# usage: feature-off.sh DIR
dir=${1:?directory of off-MASK.bin files}
# by bit of enum host_feature: BMI1, BMI2, MOVBE, POPCNT, ABM, SSE4.2
insns=('andn|bextr|blsi|blsmsk|blsr|tzcnt' 'bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx'
       'movbe' 'popcnt' 'lzcnt' 'crc32')
names=(BMI1 BMI2 MOVBE POPCNT ABM SSE4.2)
shopt -s nullglob
files=("$dir"/off-*.bin)
if [ ${#files[@]} = 0 ]; then
	echo "TEST host.x86_64.feature-off FAIL no code recorded with a feature off in $dir"
	exit 1
fi
rc=0
for f in "${files[@]}"; do
	mask=$((16#$(basename "$f" .bin | sed 's/^off-//')))
	re= off=
	for b in "${!insns[@]}"; do
		if [ $((mask >> b & 1)) = 1 ]; then
			re=${re:+$re|}${insns[$b]}
			off="${off:+$off }${names[$b]}"
		fi
	done
	[ -n "$re" ] || continue	# arm64 features only: not this architecture
	if ! raw=$(objdump -D -b binary -m i386:x86-64 "$f" 2>&1); then
		echo "TEST host.x86_64.feature-off.${off// /-} FAIL objdump: ${raw##*$'\n'}"
		rc=1
		continue
	fi
	dis=$(sed -n 's/^ *[0-9a-f]*:\t[0-9a-f ]*\t//p' <<<"$raw")
	n=$(grep -c . <<<"$dis")
	bad=$(grep -Ew "^($re)" <<<"$dis" | sort | uniq -c | head -5 | tr -s ' \n' ' ')
	if [ -n "$bad" ]; then
		echo "TEST host.x86_64.feature-off.${off// /-} FAIL instructions of a feature that is off:$bad"
		rc=1
	elif grep -q '(bad)' <<<"$dis"; then
		echo "TEST host.x86_64.feature-off.${off// /-} FAIL undecodable bytes ($n instructions)"
		rc=1
	elif [ "$n" = 0 ]; then
		echo "TEST host.x86_64.feature-off.${off// /-} FAIL no instruction in $f"
		rc=1
	else
		echo "TEST host.x86_64.feature-off.${off// /-} PASS $n instructions, none of $off"
	fi
done
exit $rc
