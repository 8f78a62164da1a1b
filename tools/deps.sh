#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages the test bed needs, and fetch the static arm64
# busybox for the arm64 initramfs.  A no-op (one dpkg-query) when everything
# is present; otherwise needs root and Debian's apt.
#
# busybox-static:arm64 conflicts with busybox-static (amd64), so it is not
# installed: its .deb is unpacked into $INSN_CACHE/busybox-arm64.
set -euo pipefail

cache=$("$(dirname "$0")"/cache-dir.sh)
busybox_arm64=$cache/busybox-arm64/bin/busybox

pkgs=(
	build-essential bc bison flex patch perl python3 rsync kmod cpio gzip
	xz-utils libelf-dev libssl-dev zlib1g-dev libzstd-dev libcap-dev
	dwarves clang clang-16 clang-22 llvm dkms openssl linux-source-6.12 gnuplot-nox debhelper
	qemu-system-x86 qemu-system-arm qemu-user-static busybox-static
	gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu
	libelf-dev:arm64 zlib1g-dev:arm64 libzstd-dev:arm64
)

missing() {
	local p
	for p in "${pkgs[@]}"; do
		case $(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null) in
		ii*) ;;
		*) echo "$p" ;;
		esac
	done
}

need=$(missing)
if [ -z "$need" ] && [ -x "$busybox_arm64" ]; then
	exit 0
fi

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing (run as root to install):" $need >&2
	[ -x "$busybox_arm64" ] || echo "deps: missing $busybox_arm64" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
updated=0
update() {
	[ $updated = 1 ] && return
	echo "  DEPS    apt-get update" >&2
	apt-get update -qq
	updated=1
}

if ! dpkg --print-foreign-architectures | grep -x arm64 >/dev/null; then
	echo "  DEPS    dpkg --add-architecture arm64" >&2
	dpkg --add-architecture arm64
fi

if [ -n "$need" ]; then
	update
	echo "  DEPS    apt-get install" $need >&2
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $need >/dev/null
fi

if [ ! -x "$busybox_arm64" ]; then
	update
	echo "  DEPS    busybox-static:arm64 -> $busybox_arm64" >&2
	tmp=$(mktemp -d)
	chown _apt "$tmp" 2>/dev/null || true	# apt downloads as user _apt
	trap 'rm -rf "$tmp"' EXIT
	(cd "$tmp" && apt-get download -qq busybox-static:arm64)
	rm -rf "$cache/busybox-arm64"
	mkdir -p "$cache"
	dpkg-deb -x "$tmp"/busybox-static_*_arm64.deb "$tmp/root"
	mkdir -p "$cache/busybox-arm64/bin"
	cp "$tmp/root/bin/busybox" "$busybox_arm64"
fi
