#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench, arm64: what can be measured without an arm64 CPU.  From the
# arm64 guest's bench log (tests/guest/bench.sh) and its disassembled JIT
# images (tools/jit-disasm.sh arm64), one line per program: the loop's
# static size (instructions and bytes from the earliest target of a
# backward branch to the branch), the image size and the verifier's count;
# each result is checked against the x86-64 guest's for the same program
# and packet (TEST lines, for make check).
#
# usage: arm64-figures.sh ARM64_LOG JITDIR X86_LOG [--table]
set -euo pipefail

log=${1:?arm64 log}
jit=${2:?jit dir}
x86=${3:?x86 log}
table=${4:-}

# loop size of one disassembly: aarch64 insns are 4 bytes
loop_size() {
	perl -ne '
		next unless /^\s*([0-9a-f]+):\t[0-9a-f]+ \t(\S+)\s*(\S*)/;
		my ($a, $op, $arg) = (hex $1, $2, $3);
		push @at, $a;
		if ($op =~ /^(b|b\.\w+|cbn?z|tbn?z)$/ && $arg =~ /0x([0-9a-f]+)/) {
			my $t = hex $1;
			if ($t <= $a) {
				$lo = $t if !defined $lo || $t < $lo;
				$hi = $a if !defined $hi || $a > $hi;
			}
		}
		END {
			if (!defined $lo) { print "- -\n"; exit }
			my $c = grep { $_ >= $lo && $_ <= $hi } @at;
			print $c, " ", $c * 4, "\n";
		}' "$1"
}

[ -z "$table" ] || printf '%-14s %-7s %6s %6s %6s %8s\n' op variant loop bytes jited verified
while read -r _ name variant rest; do
	[ "$variant" = refused ] && continue
	jited=$(sed -n 's/.*jited=\([0-9]*\).*/\1/p' <<<"$rest")
	verified=$(sed -n 's/.*verified=\([0-9]*\).*/\1/p' <<<"$rest")
	if [ ! -f "$jit/$name.dis" ]; then
		echo "TEST result.$name FAIL no JIT image"
		continue
	fi
	read -r li lb < <(loop_size "$jit/$name.dis")
	[ -z "$table" ] || printf '%-14s %-7s %6s %6s %6s %8s\n' "${name%.*}" "$variant" \
		"$li" "$lb" "$jited" "$verified"
	for pkt in rand same; do
		a=$(awk -v n="$name" -v p=$pkt '$1 == "BRES" && $2 == n && $3 == p { print $4 }' "$log")
		x=$(awk -v n="$name" -v p=$pkt '$1 == "BRES" && $2 == n && $3 == p { print $4 }' "$x86")
		if [ -n "$a" ] && [ "$a" = "$x" ]; then
			[ -n "$table" ] || echo "TEST result.$name.$pkt PASS $a as on x86-64"
		else
			echo "TEST result.$name.$pkt FAIL arm64 '${a}', x86-64 '${x}'"
		fi
	done
done < <(grep '^BENCH [^ ]* ' "$log")
