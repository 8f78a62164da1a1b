#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tools/build-kernel.sh's queries, against a cache of stand-in build
# trees (nothing is built): --cached holds only for the kernel's own key;
# --rebuildable also for a tree built before from the same source version
# with the same compiler (make check then rebuilds it incrementally), not
# for one of another version or compiler, nor for one without an image.
#
# usage: kernel-query.sh (TEST lines on stdout)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir=$tmp/cache/kernel/x86_64-debug
srcver=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null) || {
	echo "TEST kernel-query FAIL linux-source-6.12 is not installed (make deps)"
	exit 0
}
up=${srcver%%-*}
cc=$(gcc --version | head -n1)

# a tree as build-kernel.sh leaves one: VERSION SUBLEVEL CC IMAGE KEY
fake() {
	rm -rf "$dir"
	mkdir -p "$dir/src" "$dir/obj/arch/x86/boot"
	printf 'VERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = %s\nEXTRAVERSION =\n' \
		"${1%%.*}" "$(echo "$1" | cut -d. -f2)" "$(echo "$1" | cut -d. -f3)" >"$dir/src/Makefile"
	printf 'CONFIG_CC_VERSION_TEXT="%s"\nCONFIG_BPF=y\n' "$2" >"$dir/obj/.config"
	[ "$3" = no ] || : >"$dir/obj/arch/x86/boot/bzImage"
	echo "$4" >"$dir/key"
}

query() {
	INSN_CACHE=$tmp/cache "$top/tools/build-kernel.sh" "--$1" x86_64 debug 2>"$tmp/err" >/dev/null
}

# the key build-kernel.sh wants, from what it says when it is not cached
INSN_CACHE=$tmp/cache "$top/tools/build-kernel.sh" --cached x86_64 debug 2>"$tmp/err" >/dev/null
key=$(sed -n 's/.*not cached (\([0-9a-f]*\)).*/\1/p' "$tmp/err")
[ -n "$key" ] || { echo "TEST kernel-query FAIL no key in: $(cat "$tmp/err")"; exit 0; }

# case NAME SETUP WANT-CACHED WANT-REBUILDABLE
case1() {
	local name=$1 setup=$2 want_c=$3 want_r=$4 c r
	eval "$setup"
	query cached; c=$?
	query rebuildable; r=$?
	if [ "$c" = "$want_c" ] && [ "$r" = "$want_r" ]; then
		echo "TEST kernel-query.$name PASS --cached $c, --rebuildable $r: $(tail -n1 "$tmp/err")"
	else
		echo "TEST kernel-query.$name FAIL --cached $c (want $want_c), --rebuildable $r (want $want_r): $(tail -n1 "$tmp/err")"
	fi
}

case1 empty 'rm -rf "$dir"' 1 1
case1 current 'fake "$up" "$cc" yes "$key"' 0 0
case1 stale_key 'fake "$up" "$cc" yes 0123456789abcdef' 1 0
case1 no_key 'fake "$up" "$cc" yes 0123456789abcdef; rm "$dir/key"' 1 0
case1 other_source 'fake "${up%.*}.$((${up##*.} + 1))" "$cc" yes 0123456789abcdef' 1 1
case1 other_compiler 'fake "$up" "gcc (Debian 99.0.0-1) 99.0.0" yes 0123456789abcdef' 1 1
case1 no_image 'fake "$up" "$cc" no 0123456789abcdef' 1 1
exit 0
