#!/bin/bash
# Check that every prefix of the series builds (x86-64, the test config):
# patches 1..k applied, for each k, in one tree rebuilt incrementally.
# Slow (the first step is a full kernel build); `make check-series`.
#
# usage: check-series.sh
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${INSN_CACHE:-$HOME/.cache/insn-kfuncs}
base=$(tools/build-kernel.sh x86_64 stock)
dir=$cache/kernel/x86_64-series
src=$dir/src
obj=$dir/obj
mkdir -p "$dir" "$obj"
rsync -rlpgoD --checksum --delete "$base/src/" "$src/"
cp "$base/obj/.config" "$obj/.config"

n=0
for p in "$top"/patches/*.patch; do
	n=$((n + 1))
	patch -d "$src" -p1 -F3 -s --no-backup-if-mismatch -i "$p"
	echo "  BUILD   series 1..$n: $(basename "$p")"
	if ! make -C "$src" O="$obj" ARCH=x86 -j"${JOBS:-$(nproc)}" olddefconfig bzImage \
			>"$dir/build-$n.log" 2>&1; then
		tail -n 30 "$dir/build-$n.log"
		echo "FAIL: the series does not build after $(basename "$p")"
		exit 1
	fi
	if grep -E '(warning|error):' "$dir/build-$n.log"; then
		echo "FAIL: warnings after $(basename "$p")"
		exit 1
	fi
done
echo "series: all $n prefixes build"
