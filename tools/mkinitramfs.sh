#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build a gzip'ed newc initramfs for the test guests.
#
# usage: mkinitramfs.sh OUT BUSYBOX GEN_INIT_CPIO [DEST=SRC]...
#   BUSYBOX        static busybox for the guest architecture
#   GEN_INIT_CPIO  the kernel's usr/gen_init_cpio (built with every kernel):
#                  it writes device nodes and modes without needing root
#   DEST=SRC       put host file SRC at /DEST in the guest; executables keep
#                  mode 755, the rest get 644
#
# The archive holds /init (tools/guest-init), /bin/busybox, /dev/console and
# the given files.
set -euo pipefail

out=${1:?out}
busybox=${2:?busybox}
gen=${3:?gen_init_cpio}
shift 3
top=$(cd "$(dirname "$0")/.." && pwd)

list=$(mktemp)
trap 'rm -f "$list" "$out.tmp"' EXIT

declare -A dirs=()
adddir() {
	local d=$1
	[ "$d" = / ] || [ -n "${dirs[$d]:-}" ] && return
	adddir "$(dirname "$d")"
	dirs[$d]=1
	echo "dir $d 0755 0 0" >>"$list"
}
addfile() {
	local dest=/${1#/} src=$2 mode=0644
	[ -f "$src" ] || { echo "mkinitramfs: $src: no such file" >&2; exit 1; }
	[ -x "$src" ] && mode=0755
	adddir "$(dirname "$dest")"
	echo "file $dest $(realpath "$src") $mode 0 0" >>"$list"
}

for d in /bin /dev /proc /sys /tmp; do
	adddir $d
done
echo "nod /dev/console 0600 0 0 c 5 1" >>"$list"
addfile /init "$top/tools/guest-init"
addfile /bin/busybox "$busybox"
for m in "$@"; do
	addfile "${m%%=*}" "${m#*=}"
done

"$gen" "$list" | gzip -n -9 >"$out.tmp"
mv "$out.tmp" "$out"
