#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Pull the JIT images a guest printed ("JIT hex" lines closed by
# "JIT-END name len address", see tests/prog_tests/smoke.c) out of its console log
# and disassemble them on the host, at the address they run at.  Call
# targets the guest listed as "KSYM address type name" lines (from
# /proc/kallsyms) get their name appended.
#
# usage: jit-disasm.sh ARCH LOG OUTDIR [--print]
#   writes OUTDIR/NAME.bin, OUTDIR/NAME.dis, OUTDIR/images and
#   OUTDIR/ksyms; prints one "TEST jit.NAME PASS|FAIL ..." line per image
#   (none found is a FAIL); --print also shows each disassembly.
set -euo pipefail

arch=${1:?arch}
log=${2:?log}
out=${3:?outdir}
print=${4:-}

case $arch in
x86_64) objdump=(objdump -m i386:x86-64) ;;
arm64) objdump=(aarch64-linux-gnu-objdump -m aarch64) ;;
*) echo "jit-disasm: unknown arch $arch" >&2; exit 2 ;;
esac

mkdir -p "$out"
rm -f "$out"/*.bin "$out"/*.dis "$out/ksyms" "$out/images"
[ -f "$log" ] || { echo "TEST jit FAIL no guest log $log"; exit 0; }

# One NAME.hex per image; a kernel message inside an image shows up as a
# length mismatch below.
tr -d '\r' <"$log" | awk -v out="$out" '
	/^JIT [0-9a-f]+$/ { hex = hex $2; next }
	/^JIT-END / { printf "%s", hex > (out "/" $2 ".hex"); close(out "/" $2 ".hex")
		      print $2, $3, $4; hex = "" }
	/^KSYM / { print "0x" $2, $4 > (out "/ksyms") }' >"$out/images"
touch "$out/ksyms"

if [ ! -s "$out/images" ]; then
	echo "TEST jit FAIL no JIT image in $log"
	exit 0
fi
while read -r name len addr; do
	perl -ne 'print pack("H*", $_)' "$out/$name.hex" >"$out/$name.bin"
	rm -f "$out/$name.hex"
	size=$(stat -c %s "$out/$name.bin")
	if [ "$size" != "$len" ]; then
		echo "TEST jit.$name FAIL image is $size bytes, guest said $len"
		continue
	fi
	"${objdump[@]}" -D -b binary --adjust-vma="${addr:-0}" "$out/$name.bin" |
		sed -n '/^Disassembly/,$p' |
		awk 'FILENAME == ARGV[1] { sym[$1] = $2; next }
		     { for (a in sym) if (index($0, a)) { $0 = $0 " <" sym[a] ">"; break } }
		     1' "$out/ksyms" - >"$out/$name.dis"
	[ -z "$print" ] || { echo "--- $arch JIT image of $name ($len bytes)"; cat "$out/$name.dis"; }
	insns=$(grep -cE '^ *[0-9a-f]+:\s' "$out/$name.dis" || true)
	if grep -q '(bad)' "$out/$name.dis"; then
		echo "TEST jit.$name FAIL undecodable bytes ($out/$name.dis)"
	elif ! grep -qwE 'retq?' "$out/$name.dis"; then
		echo "TEST jit.$name FAIL no ret in $out/$name.dis"
	else
		echo "TEST jit.$name PASS $insns insns, $len bytes"
	fi
done <"$out/images"
# images (name length address) and ksyms (address name) stay: tools/replay
# reads the one, tests/host/jit-shapes.sh the kfuncs' addresses in the other
