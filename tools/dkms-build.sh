#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build insn_kfuncs.ko the way DKMS does, into a private DKMS tree: nothing
# of the host's DKMS or modules is touched but DKMS's signing key, which
# DKMS makes (/var/lib/dkms/mok.key) the first time it signs a module for
# a kernel with CONFIG_MODULE_SIG (Debian's own).
#
# usage: dkms-build.sh [--arm64] KOBJ OUT.ko  (KOBJ: the kernel's build
#                                             directory or headers)
#        dkms-build.sh --refuse KOBJ WHY  the kernel fails one condition
#                                      of dkms.conf's BUILD_EXCLUSIVE, WHY
#                                      (a CONFIG_ option, or "kernel" for
#                                      the version), and only that one:
#                                      DKMS must refuse it
#   --arm64: cross-built for an arm64 kernel (ARCH and CROSS_COMPILE in the
#   environment of DKMS's make, dkms -a aarch64)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
refuse=0
[ "${1:-}" = --refuse ] && { refuse=1; shift; }
dkms_arch=()
if [ "${1:-}" = --arm64 ]; then
	export ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
	dkms_arch=(-a aarch64)
	shift
fi
kobj=${1:?kernel build dir}
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")
if [ $refuse = 1 ]; then
	# the conditions this kernel fails must be WHY alone, so that DKMS's
	# refusal (which does not say which) is the one under test
	want=${2:?the BUILD_EXCLUSIVE condition the kernel fails}
	failed=
	for opt in $(sed -n 's/^BUILD_EXCLUSIVE_CONFIG="\(.*\)"/\1/p' "$top/dkms.conf"); do
		grep -q "^$opt=[ym]" "$kobj/.config" || failed="$failed $opt"
	done
	re=$(sed -n 's/^BUILD_EXCLUSIVE_KERNEL="\(.*\)"/\1/p' "$top/dkms.conf")
	grep -q "$re" "$kobj/include/config/kernel.release" || failed="$failed kernel"
	if [ "$failed" != " $want" ]; then
		echo "the kernel of $kobj fails BUILD_EXCLUSIVE conditions${failed:- none}, want $want alone"
		exit 1
	fi
fi
rel=$(cat "$kobj/include/config/kernel.release")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/src/insn-kfuncs-$ver" "$tmp/tree"
cp -r "$top/Kbuild" "$top/module" "$top/dkms.conf" "$tmp/src/insn-kfuncs-$ver/"
opts=(--sourcetree "$tmp/src" --dkmstree "$tmp/tree")
dkms add -m insn-kfuncs -v "$ver" "${opts[@]}" >"$tmp/log" 2>&1
if dkms build -m insn-kfuncs -v "$ver" -k "$rel" "${dkms_arch[@]}" --kernelsourcedir "$kobj" \
		"${opts[@]}" >>"$tmp/log" 2>&1; then
	[ $refuse = 0 ] || { echo "dkms built for a kernel it must refuse"; exit 1; }
else
	if [ $refuse = 1 ] && grep -q 'BUILD_EXCLUSIVE' "$tmp/log"; then
		echo "refused, $want the only condition failed: $(grep -m1 -o 'includes a BUILD_EXCLUSIVE.*' "$tmp/log")"
		exit 0
	fi
	cat "$tmp/log"
	exit 1
fi
# DKMS compresses the module as the kernel's configuration says (Debian's:
# xz); the guest's insmod takes it plain, signature and all
ko=$(find "$tmp/tree" -name 'insn_kfuncs.ko*' | sed -n 1p)
case $ko in
*.ko.xz) xz -dc "$ko" >"$tmp/insn_kfuncs.ko" ;;
*.ko.zst) zstd -qdc "$ko" >"$tmp/insn_kfuncs.ko" ;;
*.ko.gz) gzip -dc "$ko" >"$tmp/insn_kfuncs.ko" ;;
*.ko) cp "$ko" "$tmp/insn_kfuncs.ko" ;;
*) echo "DKMS built no insn_kfuncs.ko"; cat "$tmp/log"; exit 1 ;;
esac
readelf -SW "$tmp/insn_kfuncs.ko" | grep -w '\.BTF' >/dev/null ||
	{ echo "DKMS module has no .BTF section"; exit 1; }
cp "$tmp/insn_kfuncs.ko" "${2:?output .ko}"
