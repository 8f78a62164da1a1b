#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel's own verifier tests: tools/testing/selftests/bpf/test_verifier
# of the 6.12 tree, run in the test guests (tests/guest/verifier.sh) on each
# kernel, with and without insn_kfuncs.ko; every test must have the same
# verdict in every run.
#
# usage: test-verifier.sh build ARCH KDIR OUT [OTHER-SRC]...
#          test_verifier from KDIR/src, static, against KDIR's libbpf.a (the
#          selftests Makefile needs bpftool, vmlinux.h and every BPF
#          program; test_verifier needs none of them).  OUT is replaced
#          only when the binary changed.  OTHER-SRC: trees of the other
#          kernels the binary runs on; the build fails unless they hold the
#          same sources, so that one binary serves them all.
#        test-verifier.sh testmod ARCH OBJ SRC OUT.ko
#          bpf_testmod.ko, which test_verifier loads from its directory (a
#          few tests call its kfuncs), from SRC's selftests, built against
#          OBJ (a kernel's build directory, or a distribution's headers)
#        test-verifier.sh boot ARCH KERNEL INITRD LOG
#          one guest boot with insn.run=verifier (tools/vm-run.sh, timeout
#          VM_TIMEOUT, default 1200 s); LOG.status gets the exit status and
#          vm-run's reason
#        test-verifier.sh compare ARCH OUTDIR [--base] LABEL=LOG:RUN...
#          TEST lines: one per run (it ran to its summary, the verdict
#          lines agree with the summary) and, for every run after the
#          first, whether each test's verdict is the first run's; the
#          verdicts of each run go to OUTDIR/LABEL.txt.  --base: the next
#          run is only the baseline (an earlier call gave its TEST line)
set -euo pipefail

cmd=${1:?command}
arch=${2:?arch}
shift 2
case $arch in
x86_64) karch=x86; cross=; libdir= ;;
arm64) karch=arm64; cross=aarch64-linux-gnu-; libdir=-L/usr/lib/aarch64-linux-gnu ;;
*) echo "test-verifier: unknown arch $arch" >&2; exit 2 ;;
esac
sel=tools/testing/selftests/bpf

# What test_verifier is compiled from, relative to a kernel tree.
sources="$sel/test_verifier.c $sel/verifier $sel/testing_helpers.c
	$sel/testing_helpers.h $sel/cap_helpers.c $sel/cap_helpers.h
	$sel/unpriv_helpers.c $sel/unpriv_helpers.h $sel/autoconf_helper.h
	$sel/bpf_rand.h $sel/bpf_util.h $sel/test_btf.h $sel/test_progs.h
	kernel/bpf/disasm.h tools/include tools/arch/$karch/include tools/lib/bpf"

build() {
	local kdir=${1:?kernel dir} out=${2:?output} src other f
	local tmp=$out.tmp.d

	shift 2
	src=$kdir/src
	for other in "$@"; do
		for f in $sources; do
			diff -rq "$src/$f" "$other/$f" >/dev/null || {
				echo "test-verifier: $f differs between $src and $other:" \
					"build test_verifier per kernel" >&2
				exit 1
			}
		done
	done
	rm -rf "$tmp"
	mkdir -p "$tmp/verifier"
	# verifier/tests.h as the selftests Makefile writes it, but with the
	# directory in each name: it lives here, not beside the tests
	{
		echo '/* Generated header, do not edit */'
		echo '#ifdef FILL_ARRAY'
		(cd "$src/$sel" && ls verifier/*.c) | sed 's/.*/#include "&"/'
		echo '#endif'
	} >"$tmp/verifier/tests.h"
	# CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS comes from autoconf_helper.h
	# (set for x86-64 and arm64): no kernel's autoconf.h, one binary
	"${cross}gcc" -O2 -Wall -static -fno-omit-frame-pointer \
		-I"$tmp" -I"$src/$sel" -I"$kdir/obj/libbpf-inst/include" \
		-I"$src/tools/lib" -I"$src/tools/include" \
		-I"$src/tools/arch/$karch/include" -I"$src/tools/include/uapi" \
		"$src/$sel/test_verifier.c" "$src/$sel/testing_helpers.c" \
		"$src/$sel/cap_helpers.c" "$src/$sel/unpriv_helpers.c" \
		"$kdir/obj/libbpf/libbpf.a" $libdir -lelf -lz -lzstd -lrt -lpthread \
		-o "$tmp/test_verifier"
	cmp -s "$tmp/test_verifier" "$out" || mv "$tmp/test_verifier" "$out"
	rm -rf "$tmp"
}

testmod() {
	local obj=${1:?kernel build dir} src=${2:?source tree} out=${3:?output} dir

	dir=$(dirname "$out")/testmod

	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$src/$sel"/bpf_testmod/*.[ch] "$dir/"
	# its Makefile, less the part that calls kbuild
	# shellcheck disable=SC2016
	printf 'obj-m += bpf_testmod.o\nCFLAGS_bpf_testmod.o = -I$(src)\n' >"$dir/Kbuild"
	make -C "$obj" M="$(realpath "$dir")" ARCH=$karch \
		CROSS_COMPILE=$cross -j"${JOBS:-2}" modules
	readelf -SW "$dir/bpf_testmod.ko" | grep -w '\.BTF' >/dev/null || {
		echo "test-verifier: bpf_testmod.ko has no .BTF section" >&2
		exit 1
	}
	cp "$dir/bpf_testmod.ko" "$out"
}

boot() {
	VM_TIMEOUT=${VM_TIMEOUT:-1200} "$(dirname "$0")/vm-run.sh" --status "$arch" \
		"${1:?kernel}" "${2:?initrd}" "${3:?log}" insn.run=verifier
}

# compare OUTDIR LABEL=LOG:RUN...
compare() {
	local outdir=${1:?output dir} arg label log run base='' st why tab=$'\t'
	local quiet=0

	shift
	mkdir -p "$outdir"
	for arg in "$@"; do
		if [ "$arg" = --base ]; then
			quiet=1
			continue
		fi
		label=${arg%%=*}
		log=${arg#*=}
		run=${log##*:}
		log=${log%:*}
		st=$(cut -d' ' -f1 "$log.status" 2>/dev/null || echo 1)
		why=$(cut -d' ' -f2- "$log.status" 2>/dev/null || echo "no $log.status")
		: >"$outdir/$label.txt"
		{ tr -d '\r' <"$log" || :; } 2>/dev/null | awk -v run="$run" -v name="$arch/verifier.$label" \
			-v st="$st" -v why="$why" -v out="$outdir/$label.txt" -v quiet=$quiet '
			$1 == "TV" && $2 == run {
				n++
				c[$4]++
				d = $0
				sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ /, "", d)
				printf "%s\t%s\t%s\n", $3, $4, d >out
			}
			$1 == "TVSUM" && $2 == run {
				sum = $0
				sub(/^TVSUM [^ ]+ /, "", sum)
				split(sum, w, /[ ,]+/)
			}
			$1 == "TVTIME" && $2 == run { secs = $3 }
			END {
				p = c["PASS"] + 0
				s = c["SKIP"] + 0
				f = c["FAIL"] + 0
				res = sprintf("%d tests: %d passed, %d skipped, %d failed, %s s", \
					n, p, s, f, secs)
				if (st == "77")
					v = "SKIP " why
				else if (st != "0")
					v = "FAIL " why
				else if (sum == "")
					v = "FAIL no summary line from test_verifier: " res
				else if (!n || w[2] != p || w[4] != s || w[6] != f)
					v = "FAIL verdict lines (" res ") disagree with \"" sum "\""
				else
					v = "PASS " res
				if (!quiet)
					print "TEST " name " " v
			}'
		quiet=0
		if [ -z "$base" ]; then
			base=$label
			continue
		fi
		# the tests whose verdicts differ, or that only one run has
		LC_ALL=C join -t "$tab" -a1 -a2 -e - -o 0,1.2,2.2,1.3,2.3 \
			<(LC_ALL=C sort -t "$tab" -k1,1 "$outdir/$base.txt") \
			<(LC_ALL=C sort -t "$tab" -k1,1 "$outdir/$label.txt") |
		awk -F "$tab" -v name="$arch/verifier.$label.same" -v base="$base" '
			{ n++ }
			$2 != $3 {
				if (nd < 20)
					diff = diff sprintf("; %s %s->%s (%s)", $1, $2, $3, \
						$4 == "-" ? $5 : $4)
				nd++
			}
			END {
				if (!n)
					print "TEST " name " FAIL no verdicts"
				else if (nd)
					printf "TEST %s FAIL %d of %d tests differ from %s%s%s\n", \
						name, nd, n, base, diff, (nd > 20 ? "; ..." : "")
				else
					printf "TEST %s PASS same verdicts as %s for all %d tests\n", \
						name, base, n
			}'
	done
}

case $cmd in
build) build "$@" ;;
testmod) testmod "$@" ;;
boot) boot "$@" ;;
compare) compare "$@" ;;
*) echo "test-verifier: unknown command $cmd" >&2; exit 2 ;;
esac
