#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# arm64-ref.sh AS OUT: the reference words for tests/host/arm64_encode.c,
# in its order, assembled by GNU as (AS, with FEAT_CSSC for cnt and
# FEAT_CRC32 for crc32c*) from
# their mnemonics, as a C initializer list.
set -euo pipefail
as=${1:?as} out=${2:?out}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

reg() { # reg PREFIX N: x0..x30, and xzr for 31
	if [ "$2" = 31 ]; then echo "$1zr"; else echo "$1$2"; fi
}

{
	for op in rbit clz cnt; do
		for p in x w; do
			for d in $(seq 0 31); do
				for n in $(seq 0 31); do
					echo "$op $(reg $p $d), $(reg $p $n)"
				done
			done
		done
	done
	for op in umulh smulh mul eor; do
		for d in $(seq 0 31); do
			for n in $(seq 0 31); do
				echo "$op $(reg x $d), $(reg x $n), $(reg x $(((7 * d + 3 * n + 1) % 32)))"
			done
		done
	done
	for p in x w; do
		for d in $(seq 0 31); do
			for n in $(seq 0 31); do
				echo "and $(reg $p $d), $(reg $p $n), $(reg $p $(((7 * d + 3 * n + 1) % 32)))"
			done
		done
	done
	# Rm: W, or X for crc32cx; an Rm of its own, taking every value too
	for op in crc32cb crc32ch crc32cw crc32cx; do
		m=w; [ $op = crc32cx ] && m=x
		for d in $(seq 0 31); do
			for n in $(seq 0 31); do
				echo "$op $(reg w $d), $(reg w $n), $(reg $m $(((5 * d + 11 * n + 3) % 32)))"
			done
		done
	done
} >"$tmp/ref.s"
"$as" -march=armv8-a+cssc+crc -o "$tmp/ref.o" "$tmp/ref.s"
"${as%as}objcopy" -O binary -j .text "$tmp/ref.o" "$tmp/ref.bin"
od -An -v -tx4 --endian=little "$tmp/ref.bin" | awk '{ for (i = 1; i <= NF; i++) printf "0x%s,\n", $i }' >"$out.tmp"
mv "$out.tmp" "$out"
