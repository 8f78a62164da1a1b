#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Are the plain-BPF images of make bench what users get today?  Compare
# each idiom image (OP.idiom, OP.mask) of the patched x86-64 guest with
# the stock kernel's JIT output of the same program: instruction by
# instruction, with the same length each, the addresses in them aside:
# an address inside one of the image's functions (the guest's BFUNC
# lines; one function unless it has subprograms) as that function and
# offset, calls by the kernel symbol jit-disasm.sh named, other kernel
# addresses (map values, the map behind a lookup), which the two kernels
# place differently, as ADDR.  Small negative immediates (stack offsets)
# and fixed kernel constants stay as they are.  One TEST line per image.
# An image that differs only by zero-extension pairs the stock JIT has
# and the patched kernel removed (patch 19) or made one 32-bit move
# (patch 30: mov %eX,%eX) passes, with their numbers.
#
# usage: stock-idioms.sh PATCHED_JITDIR PATCHED_LOG STOCK_JITDIR STOCK_LOG
set -uo pipefail

patched=${1:?patched jit dir}
plog=${2:?patched guest log}
stock=${3:?stock jit dir}
slog=${4:?stock guest log}

# the functions of image $2 in log $1 as "addr:len ...", or $3:$4 (one)
funcs() {
	local f
	f=$(awk -v n="$2" '$1 == "BFUNC" && $2 == n { printf "%s:%s ", $4, $5 }' "$1")
	echo "${f:-$3:$4}"
}

# NAME.dis as "length mnemonic operands", addresses made comparable.
# jit-disasm.sh shows function k at the image address plus the lengths of
# the functions before it: a target in function k as shown, or in
# function j where the kernel had it, is that function and offset.
norm() {
	perl -e '
		use bigint;
		my @f = map { my ($a, $l) = split /:/; [ hex($a), $l ] } split " ", $ARGV[0];
		my ($shown, @at) = ($f[0][0]);
		for (@f) { push @at, $shown; $shown += $_->[1] }
		sub fn {
			my ($a, $k) = @_;
			return sprintf("f%d+0x%x", $k, $a - $at[$k])
				if $a >= $at[$k] && $a < $at[$k] + $f[$k][1];
			for my $j (0 .. $#f) {
				return sprintf("f%d+0x%x", $j, $a - $f[$j][0])
					if $a >= $f[$j][0] && $a < $f[$j][0] + $f[$j][1];
			}
			# a kernel address; not a small negative number
			# (stack offsets) nor a fixed constant of the kernel
			return "ADDR" if $a >= 0xff00000000000000 && $a < 0xffffffffff000000;
			return sprintf("0x%x", $a);
		}
		while (<STDIN>) {
			next unless /^\s*([0-9a-f]+):\t([0-9a-f ]+)\t(.*)$/;
			my ($pc, $bytes, $t) = (hex($1), $2, $3);
			my $k = 0;
			$k++ while $k < $#f && $pc >= $at[$k + 1];
			my $n = () = $bytes =~ /[0-9a-f]{2}/g;
			$t =~ s/0x[0-9a-f]+ <([^>]+)>$/<$1>/;
			$t =~ s/0x([0-9a-f]{9,16})\b/fn(hex($1), $k)/ge;
			$t =~ s/\s+/ /g;
			print "$n $t\n";
		}' "$2" <"$1"
}

# A norm() listing without lengths and jump targets, and without the
# zero-extension pairs (shl, shr by 32 of one register) that patch 19
# removes where the value fits in 32 bits, nor the moves of a 32-bit
# register to itself (mov %eX,%eX) patch 30 makes of the others: the
# relaxed comparison.  "PAIRS MOVES" goes to stderr.
relax() {
	perl -e '
		my @l = map { chomp; s/^\d+ //; s/^(j\S*) .*/$1 T/; $_ } <STDIN>;
		my ($pairs, $moves) = (0, 0);
		for (my $i = 0; $i < @l; $i++) {
			if ($i + 1 < @l && $l[$i] =~ /^shl \$0x20,(%\w+)$/ &&
			    $l[$i + 1] eq "shr \$0x20,$1") {
				$pairs++;
				$i++;
				next;
			}
			if ($l[$i] =~ /^mov (%(?:e\w\w|r\d+d)),(%\w+)$/ && $1 eq $2) {
				$moves++;
				next;
			}
			print "$l[$i]\n";
		}
		print STDERR "$pairs $moves\n";
	'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
while read -r name len addr; do
	case $name in *.idiom | *.mask) ;; *) continue ;; esac
	n=$((n + 1))
	read -r _ slen saddr < <(grep "^$name " "$stock/images" || echo "- - -")
	if [ "$slen" = - ]; then
		echo "TEST stock.$name FAIL the stock kernel printed no image"
		continue
	fi
	d=$(diff <(norm "$patched/$name.dis" "$(funcs "$plog" "$name" "$addr" "$len")") \
		<(norm "$stock/$name.dis" "$(funcs "$slog" "$name" "$saddr" "$slen")") |
		grep -m2 '^[<>]' | tr '\n' ' ')
	if [ "$len" = "$slen" ] && [ -z "$d" ]; then
		echo "TEST stock.$name PASS $len bytes, same instructions as the stock JIT's"
		continue
	fi
	# the same but for zero-extension pairs only the stock image has
	read -r pp pm < <(norm "$patched/$name.dis" "$(funcs "$plog" "$name" "$addr" "$len")" |
		relax 2>&1 >"$tmp/p")
	read -r sp sm < <(norm "$stock/$name.dis" "$(funcs "$slog" "$name" "$saddr" "$slen")" |
		relax 2>&1 >"$tmp/s")
	# each of the stock image's pairs removed, or a move; no move lost
	if cmp -s "$tmp/p" "$tmp/s" && [ "$sp" -gt "$pp" ] && [ "$pm" -ge "$sm" ] &&
		[ $((pm - sm)) -le $((sp - pp)) ]; then
		echo "TEST stock.$name PASS patched $len bytes, stock $slen: the stock JIT's instructions" \
			"but for $((sp - pp)) of its $sp zero-extension pairs: $((sp - pp - pm + sm))" \
			"removed (patch 19), $((pm - sm)) one mov r32, r32 (patch 30)"
	else
		echo "TEST stock.$name FAIL patched $len bytes, stock $slen: ${d:-lengths differ}"
	fi
done <"$patched/images"
[ $n -gt 0 ] || echo "TEST stock FAIL no idiom image in $patched/images"
