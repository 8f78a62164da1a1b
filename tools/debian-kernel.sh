#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian's own kernel of the version linux-source-6.12 has, for FLAVOUR
# (cloud-amd64, cloud-arm64): find its linux-headers-<release> package in
# apt and get it with its linux-image, then print "RELEASE VMLINUZ HEADERS".
#
# usage: debian-kernel.sh FLAVOUR
#
# The host's own architecture is installed (as root, where missing).  A
# foreign one is downloaded and unpacked into $INSN_CACHE/debian/RELEASE;
# its headers' host programs (scripts/, tools/) are arm64 binaries, so they
# are pointed at the host's linux-kbuild of the same Debian version
# (installed with the host's own kernel headers, or alone where missing):
# modules are then cross-built.
set -euo pipefail

flavour=${1:?flavour}
cache=$("$(dirname "$0")"/cache-dir.sh)
src=$(dpkg-query -W -f='${Version}' linux-source-6.12)
upstream=${src%%-*}
arch=${flavour##*-}
host=$(dpkg --print-architecture)
qual=
[ "$arch" = "$host" ] || qual=:$arch

pkg=
for p in $(apt-cache search --names-only "^linux-headers-${upstream//./\\.}\\+.*-$flavour\$" |
	   awk '{print $1}'); do
	[ "$(apt-cache policy "$p$qual" | awk '/Candidate:/ {print $2}')" = "$src" ] && pkg=$p
done
if [ -z "$pkg" ]; then
	echo "debian-kernel: no linux-headers-$upstream+*-$flavour of version $src in apt" >&2
	exit 1
fi
rel=${pkg#linux-headers-}
kbuild=/usr/lib/linux-kbuild-${rel%-"$flavour"}

need_root() {
	[ "$(id -u)" = 0 ] && return
	echo "debian-kernel: missing (run as root to get it): $*" >&2
	exit 1
}

install() {
	need_root "$@"
	echo "  DEPS    apt-get install $*" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# one at a time: apt-get installs (dpkg's lock), and the foreign unpack
mkdir -p "$cache"
exec 9>"$cache/debian.lock"
flock 9

if [ -z "$qual" ]; then
	# the signed image comes some days after the unsigned one, the same
	# kernel (6.12.118 on 2026-12-02): take the unsigned until it does
	img=linux-image-$rel
	[ "$(apt-cache policy "$img" | awk '/Candidate:/ {print $2}')" = "$src" ] ||
		img=linux-image-$rel-unsigned
	if [ ! -f "/boot/vmlinuz-$rel" ] || [ ! -f "/usr/src/$pkg/include/config/kernel.release" ]; then
		install "$pkg" "$img"
	fi
	echo "$rel /boot/vmlinuz-$rel /usr/src/$pkg"
	exit 0
fi

root=$cache/debian/$rel
if [ ! -f "$root/.unpacked" ]; then
	[ -d "$kbuild/scripts" ] || install "${kbuild##*/}"
	echo "  DEPS    apt-get download $pkg$qual linux-image-$rel-unsigned$qual" >&2
	rm -rf "$root" && mkdir -p "$root/deb"
	(cd "$root/deb" && apt-get download -qq "$pkg$qual" "linux-image-$rel-unsigned$qual" 2>/dev/null)
	for d in "$root"/deb/*.deb; do
		dpkg -x "$d" "$root"
	done
	rm -rf "$root/deb"
	ln -sfn "$kbuild/scripts" "$root/usr/src/$pkg/scripts"
	ln -sfn "$kbuild/tools" "$root/usr/src/$pkg/tools"
	touch "$root/.unpacked"
fi
echo "$rel $root/boot/vmlinuz-$rel $root/usr/src/$pkg"
