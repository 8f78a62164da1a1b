#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Check that every prefix of the series builds, with the test config:
# patches 1..k applied, for each k, in one tree rebuilt incrementally.
# Slow (the first step is a full kernel build); `make check-series`.
#
# usage: check-series.sh [ARCH [DIR]]
#   x86_64 (default)  every prefix, from the stock kernel's tree and config
#   arm64             the prefixes that end in an arm64 patch (10 on; 1-9
#                     are common code, checked on x86_64), cross-built from
#                     the pristine source with the patched kernel's config
#   DIR               the tree and objects (default
#                     $INSN_CACHE/kernel/ARCH-series); it is reset first
# SERIES_FIRST=K builds only the prefixes from 1..K on (the objects of the
# last run stay, so after a change to patch K the first build is
# incremental too)
set -euo pipefail

arch=${1:-x86_64}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=$("$(dirname "$0")"/cache-dir.sh)
dir=${2:-$cache/kernel/$arch-series}

case $arch in
x86_64)
	karch=x86 cross='' image=bzImage first=1
	base=$("$top"/tools/build-kernel.sh x86_64 stock)
	from=$base/src
	;;
arm64)
	karch=arm64 cross=aarch64-linux-gnu- image=Image first=10
	base=$("$top"/tools/build-kernel.sh arm64 patched)
	from=$cache/src/linux-source-$(dpkg-query -W -f='${Version}' linux-source-6.12)
	[ -f "$from/.unpacked" ] || { echo "no pristine source in $from" >&2; exit 1; }
	;;
*) echo "unknown arch $arch" >&2; exit 2 ;;
esac
first=${SERIES_FIRST:-$first}

src=$dir/src
obj=$dir/obj
mkdir -p "$dir" "$obj"
rsync -rlpgoD --checksum --delete --exclude=/.unpacked "$from/" "$src/"
cp "$base/obj/.config" "$obj/.config"

n=0
for p in "$top"/patches/*.patch; do
	[ "$(basename "$p")" != 0000-cover-letter.patch ] || continue
	n=$((n + 1))
	patch -d "$src" -p1 -F3 -s --no-backup-if-mismatch -i "$p"
	[ "$n" -ge "$first" ] || continue
	echo "  BUILD   $arch series 1..$n: $(basename "$p")"
	if ! make -C "$src" O="$obj" ARCH="$karch" CROSS_COMPILE="$cross" \
			-j"${JOBS:-$(nproc)}" olddefconfig "$image" \
			>"$dir/build-$n.log" 2>&1; then
		tail -n 30 "$dir/build-$n.log"
		echo "FAIL: the series does not build for $arch after $(basename "$p")"
		exit 1
	fi
	if grep -E '(warning|error):' "$dir/build-$n.log"; then
		echo "FAIL: warnings for $arch after $(basename "$p")"
		exit 1
	fi
done
echo "series: all $((n - first + 1)) $arch prefixes from $first build"
