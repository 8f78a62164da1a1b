#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build insn_kfuncs.ko the way DKMS does, into a private DKMS tree: nothing
# of the host's DKMS or modules is touched.
#
# usage: dkms-build.sh KOBJ OUT.ko      (KOBJ: the kernel's build directory)
#        dkms-build.sh --refuse KOBJ   the kernel lacks a needed option:
#                                      DKMS must refuse, saying which
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
refuse=0
[ "${1:-}" = --refuse ] && { refuse=1; shift; }
kobj=${1:?kernel build dir}
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")
rel=$(cat "$kobj/include/config/kernel.release")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/src/insn-kfuncs-$ver" "$tmp/tree"
cp -r "$top/Kbuild" "$top/module" "$top/dkms.conf" "$tmp/src/insn-kfuncs-$ver/"
opts=(--sourcetree "$tmp/src" --dkmstree "$tmp/tree")
dkms add -m insn-kfuncs -v "$ver" "${opts[@]}" >"$tmp/log" 2>&1
if dkms build -m insn-kfuncs -v "$ver" -k "$rel" --kernelsourcedir "$kobj" \
		"${opts[@]}" >>"$tmp/log" 2>&1; then
	[ $refuse = 0 ] || { echo "dkms built for a kernel it must refuse"; exit 1; }
else
	if [ $refuse = 1 ] && grep -q 'BUILD_EXCLUSIVE' "$tmp/log"; then
		grep -m1 'BUILD_EXCLUSIVE' "$tmp/log"
		exit 0
	fi
	cat "$tmp/log"
	exit 1
fi
ko=$(find "$tmp/tree" -name insn_kfuncs.ko | head -n1)
readelf -SW "$ko" | grep -qw '\.BTF' || { echo "DKMS module has no .BTF section"; exit 1; }
cp "$ko" "${2:?output .ko}"
