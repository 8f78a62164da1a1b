#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Debian packages (bindeb-pkg) of a kernel a user can install: Debian's
# linux-source-6.12 with patches/, a configuration (default: the running
# kernel's), local version -insn, every module the configuration has.
#
# usage: kernel-deb.sh [CONFIG]   build; print the directory of the .debs
#        kernel-deb.sh --test     the packaging test of make check: the
#          packages of the x86-64 test kernel's small configuration,
#          unpacked (dpkg -x) into DIR/root; print
#          "KEY HEADERS VMLINUZ -" for the Makefile's kernel key
#
# Cached in $INSN_CACHE/deb/KEY, KEY a hash of what the packages are built
# from; the tree and objects of the last build of each configuration stay
# in $INSN_CACHE/deb/work-NAME (NAME: "test" or the configuration's file
# name), so a changed patch rebuilds incrementally and the test's small
# build never clobbers a full one.  Then, as root:
#   dpkg -i DIR/linux-image-*.deb DIR/linux-headers-*.deb; reboot;
#   make dkms-install
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cache=$("$top"/tools/cache-dir.sh)
jobs=${JOBS:-$(nproc)}
test=0
[ "${1:-}" = --test ] && { test=1; shift; }
if [ $test = 1 ]; then
	config=$("$top"/tools/build-kernel.sh x86_64 patched)/obj/.config
else
	config=${1:-/boot/config-$(uname -r)}
fi
[ -f "$config" ] || { echo "kernel-deb: no configuration $config" >&2; exit 1; }

srcver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
pristine=$cache/src/linux-source-$srcver
[ -f "$pristine/.unpacked" ] || "$top"/tools/build-kernel.sh x86_64 stock >/dev/null
patches=()
for p in "$top"/patches/*.patch; do
	if [ "${p##*/}" != 0000-cover-letter.patch ]; then
		patches+=("$p")
	fi
done
frag=$top/tools/configs/distro.config
key=$( {
	echo "src $srcver"
	gcc --version | head -n1
	pahole --version
	for f in "$config" "$frag" "${patches[@]}" "$0"; do
		echo "== $(basename "$f")"; cat "$f"
	done
} | sha256sum | cut -c1-16)
out=$cache/deb/$key

if [ $test = 1 ]; then name=test; else name=$(basename "$config"); fi
work=$cache/deb/work-$name
mkdir -p "$work"
exec 9>"$work/.lock"
flock 9
if [ ! -f "$out/.done" ]; then
	src=$work/src obj=$work/obj/build log=$work/build.log
	mkdir -p "$obj"
	echo "  DEB     linux-source $srcver + ${#patches[@]} patches, $(basename "$config") (log: $log)" >&2
	stage=$work/stage
	rm -rf "$stage" && cp -al "$pristine" "$stage"
	for p in "${patches[@]}"; do
		patch -d "$stage" -p1 -F3 -s --no-backup-if-mismatch -i "$p"
	done
	rsync -rlpgoD --checksum --delete --exclude=/.unpacked "$stage/" "$src/"
	rm -rf "$stage"
	cp "$config" "$obj/.config"
	{
		(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$frag")
		make -C "$src" O="$obj" olddefconfig
		# the .debs land beside $obj; start with none there
		rm -f "$obj"/../*.deb "$obj"/../*.buildinfo "$obj"/../*.changes
		make -C "$src" O="$obj" -j"$jobs" LOCALVERSION=-insn bindeb-pkg
	} >"$log" 2>&1 || { tail -n 30 "$log" >&2; exit 1; }
	rm -rf "$out" && mkdir -p "$out"
	mv "$obj"/../linux-image-*.deb "$obj"/../linux-headers-*.deb "$out/"
	# The headers get vmlinux's BTF, as Debian's do: kbuild builds a
	# module's BTF against it, and DKMS builds insn_kfuncs.ko only so.
	rel=$(cat "$obj/include/config/kernel.release")
	hdr=$(ls "$out"/linux-headers-"$rel"_*.deb)
	tmp=$(mktemp -d)
	dpkg-deb -R "$hdr" "$tmp"
	objcopy --only-section=.BTF --only-section=.BTF_ids "$obj/vmlinux" \
		"$tmp/usr/src/linux-headers-$rel/vmlinux" 2>/dev/null
	dpkg-deb -b "$tmp" "$hdr" >/dev/null
	rm -rf "$tmp"
	touch "$out/.done"
fi

if [ $test = 0 ]; then
	echo "$out"
	exit 0
fi
# the test: both packages unpacked as dpkg -i would place their files
if [ ! -f "$out/root/.unpacked" ]; then
	rm -rf "$out/root"
	for d in "$out"/linux-image-*.deb "$out"/linux-headers-*.deb; do
		case $d in *-dbg_*) continue ;; esac
		dpkg -x "$d" "$out/root"
	done
	touch "$out/root/.unpacked"
fi
rel=$(basename "$(ls -d "$out"/root/lib/modules/*)")
echo "$key $out/root/usr/src/linux-headers-$rel $out/root/boot/vmlinuz-$rel -"
