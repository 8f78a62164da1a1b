#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Are the plain-BPF images of make bench what users get today?  Compare
# each idiom image (OP.idiom, OP.mask) of the patched x86-64 guest with
# the stock kernel's JIT output of the same program: instruction by
# instruction, with the same length each, the addresses in them aside
# (branch targets inside the image as offsets from its start, calls by
# the kernel symbol jit-disasm.sh named, other 64-bit immediates and
# kernel addresses, which the two kernels place differently, as ADDR).
# One TEST line per image.
#
# usage: stock-idioms.sh PATCHED_JITDIR STOCK_JITDIR
set -uo pipefail

patched=${1:?patched jit dir}
stock=${2:?stock jit dir}

# NAME.dis as "length mnemonic operands", addresses made comparable
norm() {
	perl -e '
		use bigint;
		my ($base, $len) = (hex($ARGV[0]), $ARGV[1]);
		while (<STDIN>) {
			next unless /^\s*([0-9a-f]+):\t([0-9a-f ]+)\t(.*)$/;
			my ($bytes, $t) = ($2, $3);
			my $n = () = $bytes =~ /[0-9a-f]{2}/g;
			$t =~ s/\s+<([^>]+)>$/ <$1>/;
			$t =~ s/0x([0-9a-f]{9,16})\b(?! <)/
				my $a = hex($1);
				$a >= $base && $a < $base + $len ? sprintf("+0x%x", $a - $base) : "ADDR"/ge;
			$t =~ s/0x[0-9a-f]+ <([^>]+)>/<$1>/;
			$t =~ s/\s+/ /g;
			print "$n $t\n";
		}' "$2" "$3" <"$1"
}

n=0
while read -r name len addr; do
	case $name in *.idiom | *.mask) ;; *) continue ;; esac
	n=$((n + 1))
	read -r _ slen saddr < <(grep "^$name " "$stock/images" || echo "- - -")
	if [ "$slen" = - ]; then
		echo "TEST stock.$name FAIL the stock kernel printed no image"
		continue
	fi
	d=$(diff <(norm "$patched/$name.dis" "$addr" "$len") \
		<(norm "$stock/$name.dis" "$saddr" "$slen") | grep -m2 '^[<>]' | tr '\n' ' ')
	if [ "$len" = "$slen" ] && [ -z "$d" ]; then
		echo "TEST stock.$name PASS $len bytes, same instructions as the stock JIT's"
	else
		echo "TEST stock.$name FAIL patched $len bytes, stock $slen: ${d:-lengths differ}"
	fi
done <"$patched/images"
[ $n -gt 0 ] || echo "TEST stock FAIL no idiom image in $patched/images"
