#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build a test kernel, libbpf and bpftool from Debian's linux-source-6.12.
#
# usage: build-kernel.sh [--cached | --rebuildable] ARCH FLAVOR
#   ARCH    x86_64 | arm64
#   FLAVOR  patched (patches/*.patch) | stock (no patches) | debug (patched
#           plus tools/configs/debug.config) | distro (patched, on Debian's
#           cloud-amd64/cloud-arm64 configuration instead of tinyconfig:
#           tools/configs/distro.config says what differs)
#   --cached  build nothing: exit 0 if the kernel is cached, 1 if not
#   --rebuildable  build nothing: exit 0 if the kernel is cached or was
#           built before from the same source version with the same
#           compiler (a changed patch, fragment or builder then rebuilds
#           it incrementally, in minutes), 1 if not
#
# Everything lands in $INSN_CACHE/kernel/ARCH-FLAVOR (default cache
# ~/.cache/insn-kfuncs).  The build is keyed by a hash of everything it is
# built from; an unchanged key is never rebuilt.  A changed key re-stages the
# tree with rsync, which copies only files whose content changed, so kbuild
# rebuilds incrementally.
#
# Prints the build directory on stdout as its last line.
set -euo pipefail

query=
case ${1:-} in --cached | --rebuildable) query=${1#--}; shift ;; esac
arch=${1:?arch}
flavor=${2:?flavor}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=$("$top"/tools/cache-dir.sh)
tarball=/usr/src/linux-source-6.12.tar.xz
jobs=${JOBS:-$(nproc)}
V=${V:-0}

say() { echo "  $*" >&2; }
run() {
	if [ "$V" = 1 ]; then
		"$@" >&2
	else
		"$@" >"$log" 2>&1 || { tail -n 40 "$log" >&2; return 1; }
	fi
}

case $arch in
x86_64) karch=x86; cross=; image=arch/x86/boot/bzImage; debian=cloud-amd64 ;;
arm64) karch=arm64; cross=aarch64-linux-gnu-; image=arch/arm64/boot/Image; debian=cloud-arm64 ;;
*) echo "unknown arch $arch" >&2; exit 2 ;;
esac

patches=()
frags=("$top/tools/configs/base.config" "$top/tools/configs/$arch.config")
case $flavor in
patched) ;;
stock) ;;
debug) frags+=("$top/tools/configs/debug.config") ;;
distro)
	# Debian's configuration of its own kernel of this source version
	# (the .config of its headers, which debian-kernel.sh fetches), with
	# none of the tinyconfig fragments
	set -- $("$top"/tools/debian-kernel.sh "$debian")
	base_config=$3/.config
	frags=("$top/tools/configs/distro.config")
	;;
*) echo "unknown flavor $flavor" >&2; exit 2 ;;
esac
if [ "$flavor" != stock ]; then
	frags+=("$top/tools/configs/patched.config")
	# all but the cover letter (tools/series/gen.py), which is no patch
	for p in "$top"/patches/*.patch; do
		if [ -f "$p" ] && [ "${p##*/}" != 0000-cover-letter.patch ]; then
			patches+=("$p")
		fi
	done
fi

srcver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
key=$( {
	echo "src $srcver $arch $flavor"
	"${cross}gcc" --version | head -n1
	pahole --version
	for f in ${base_config:+"$base_config"} "${frags[@]}" "${patches[@]}" "$0"; do
		echo "== $(basename "$f")"; cat "$f"
	done
} | sha256sum | cut -c1-16)

dir=$cache/kernel/$arch-$flavor
cached() {
	[ -f "$dir/key" ] && [ "$(cat "$dir/key")" = "$key" ] && [ -f "$dir/obj/$image" ] || return 1
	say "KERNEL  $arch-$flavor cached ($key)"
	echo "$dir"
}
# Built before from this source version with this compiler: what differs
# is a patch, a fragment or this script, and kbuild rebuilds only what
# that touches.
rebuildable() {
	local ver cc
	[ -f "$dir/obj/$image" ] && [ -f "$dir/obj/.config" ] && [ -f "$dir/src/Makefile" ] || return 1
	ver=$(awk '$2 == "=" && $1 ~ /^(VERSION|PATCHLEVEL|SUBLEVEL)$/ { v = v (n++ ? "." : "") $3 }
		   END { print v }' "$dir/src/Makefile")
	cc=$("${cross}gcc" --version | head -n1)
	[ "$ver" = "${srcver%%-*}" ] && grep -qxF "CONFIG_CC_VERSION_TEXT=\"$cc\"" "$dir/obj/.config"
}
cached && exit 0
case $query in
cached) say "KERNEL  $arch-$flavor not cached ($key)"; exit 1 ;;
rebuildable)
	if rebuildable; then
		say "KERNEL  $arch-$flavor rebuildable ($key; built from $(cat "$dir/key" 2>/dev/null || echo '?'))"
		exit 0
	fi
	say "KERNEL  $arch-$flavor not cached nor rebuildable ($key)"
	exit 1 ;;
esac

# One build of a kernel at a time (two makes, two work trees): a second
# caller waits for the first, then finds the kernel cached or builds it.
mkdir -p "$dir"
exec 9>"$dir.lock"
flock 9
cached && exit 0

mkdir -p "$dir" "$cache/src"
log=$dir/build.log
pristine=$cache/src/linux-source-$srcver
# the pristine tree is every kernel's: one unpack, the other builds wait
exec 8>"$pristine.lock"
flock 8
if [ ! -f "$pristine/.unpacked" ]; then
	say "UNPACK  $tarball"
	rm -rf "$pristine" "$pristine.tmp"
	mkdir -p "$pristine.tmp"
	tar -C "$pristine.tmp" --strip-components=1 -xf "$tarball"
	touch "$pristine.tmp/.unpacked"
	mv "$pristine.tmp" "$pristine"
fi
exec 8>&-

# Stage: hard-link copy of the pristine tree, patches applied (GNU patch
# writes a new file, so the pristine tree is never modified).
stage=$dir/stage
rm -rf "$stage"
cp -al "$pristine" "$stage"
for p in "${patches[@]}"; do
	say "PATCH   $(basename "$p")"
	if ! out=$(patch -d "$stage" -p1 -F3 --no-backup-if-mismatch -s -i "$p" 2>&1); then
		echo "error: patch $(basename "$p") does not apply to linux-source $srcver:" >&2
		echo "$out" >&2
		find "$stage" -name '*.rej' -exec sh -c 'echo "--- reject $1"; cat "$1"' _ {} \; >&2
		rm -rf "$stage"
		exit 1
	fi
done
rm -f "$dir/key"
# Copy only what differs, and leave the times of the rest alone: kbuild then
# rebuilds just what a changed patch touches.
rsync -rlpgoD --checksum --delete "$stage/" "$dir/src/"
rm -rf "$stage"

src=$dir/src
obj=$dir/obj
mkdir -p "$obj"
kmake() { make -C "$src" O="$obj" ARCH="$karch" CROSS_COMPILE="$cross" -j"$jobs" "$@"; }

if [ -n "${base_config:-}" ]; then
	# every built-in option as Debian has it, its modules off (the guest
	# loads none of them): far less to build
	say "CONFIG  $arch-$flavor: Debian's $debian, modules off + $(for f in "${frags[@]}"; do basename "$f" .config; done | paste -sd+)"
	cp "$base_config" "$obj/.config"
	run kmake mod2noconfig
else
	say "CONFIG  $arch-$flavor: tinyconfig + $(for f in "${frags[@]}"; do basename "$f" .config; done | paste -sd+)"
	run kmake tinyconfig
fi
(cd "$obj" && run "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "${frags[@]}")
run kmake olddefconfig
# every line of every fragment must survive olddefconfig
missing=0
for f in "${frags[@]}"; do
	while read -r line; do
		case $line in
		CONFIG_*=*) grep -qx "$line" "$obj/.config" || { echo "config: $line did not stick" >&2; missing=1; } ;;
		"# CONFIG_"*" is not set")
			sym=${line#"# "}; sym=${sym%% *}
			! grep -q "^$sym=" "$obj/.config" || { echo "config: $sym should be off" >&2; missing=1; } ;;
		esac
	done <"$f"
done
[ $missing = 0 ] || exit 1

say "BUILD   $arch-$flavor kernel (log: $log)"
run kmake "$(basename "$image")" modules

say "BUILD   $arch-$flavor libbpf"
mkdir -p "$obj/libbpf/" "$obj/libbpf-inst"
run make -C "$src/tools/lib/bpf" OUTPUT="$obj/libbpf/" BUILD_STATIC_ONLY=1 \
	CROSS_COMPILE="$cross" CC="${cross}gcc" -j"$jobs" \
	DESTDIR="$obj/libbpf-inst" prefix= install_headers "$obj/libbpf/libbpf.a"

if [ "$arch" = x86_64 ]; then
	# host bpftool (vmlinux.h, object inspection); the guests dump what
	# they need through the loaders and the host disassembles it.
	say "BUILD   $arch-$flavor bpftool"
	mkdir -p "$obj/bpftool/"
	run make -C "$src/tools/bpf/bpftool" OUTPUT="$obj/bpftool/" \
		feature-llvm=0 feature-libbfd=0 -j"$jobs"
fi

echo "$key" >"$dir/key"
say "KERNEL  $arch-$flavor built ($key)"
echo "$dir"
