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
# rrr OP P PM A B C: OP Rd, Rn, Rm for every Rd and Rn (prefix P), Rm
# (prefix PM) number (A * d + B * n + C) % 32
rrr() {
	local d n
	for d in $(seq 0 31); do
		for n in $(seq 0 31); do
			echo "$1 $(reg $2 $d), $(reg $2 $n), $(reg $3 $((($4 * d + $5 * n + $6) % 32)))"
		done
	done
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
		rrr $op x x 7 3 1
	done
	rrr and x x 7 3 1
	rrr and w w 7 3 1
	# Rm: W, or X for crc32cx; an Rm of its own, taking every value too
	for op in crc32cb crc32ch crc32cw crc32cx; do
		m=w; [ $op = crc32cx ] && m=x
		rrr $op w $m 5 11 3
	done
} >"$tmp/ref.s"
"$as" -march=armv8-a+cssc+crc -o "$tmp/ref.o" "$tmp/ref.s"
"${as%as}objcopy" -O binary -j .text "$tmp/ref.o" "$tmp/ref.bin"
od -An -v -tx4 --endian=little "$tmp/ref.bin" | awk '{ for (i = 1; i <= NF; i++) printf "0x%s,\n", $i }' >"$out.tmp"
mv "$out.tmp" "$out"
