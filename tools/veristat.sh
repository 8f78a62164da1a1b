#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# veristat (tools/testing/selftests/bpf/veristat.c of the 6.12 tree) on the
# selftests' own BPF programs, built as test_progs-no_alu32 builds them
# (-mcpu=v2: no 32-bit ALU, so a u32 the compiler widens takes a shift
# pair), run in the test guests (tests/guest/veristat.sh) on Debian's own
# kernel and on the series with Debian's configuration: what the series
# costs the verifier on programs that call none of its kfuncs (patch 19's
# prune points and precision marks at their pairs), and that no program's
# verdict changes.  make veristat.
#
# usage: veristat.sh build ARCH KDIR OUT
#          OUT/veristat (static, against KDIR's libbpf.a) and OUT/obj/
#          *.bpf.o: every program of KDIR/src's selftests, compiled with
#          $CLANG (default clang-22) -mcpu=$VERISTAT_CPU (default v2)
#          against KDIR's vmlinux BTF and uapi headers, DWARF stripped
#          (veristat needs the BTF only).  Sources that do not compile
#          against this configuration (types in module BTF only) are
#          listed in OUT/not-built.txt.  KDIR: a kernel built by
#          tools/build-kernel.sh (obj/ with vmlinux, bpftool, libbpf; src/).
#          VERISTAT_PROGS (names without .c): only these, each of which
#          must build.  BPFTOOL: the bpftool that dumps KDIR's BTF (default
#          KDIR's own; a cross-built kernel has none)
#        veristat.sh boot ARCH KERNEL INITRD LOG
#          one guest boot with insn.run=veristat (tools/vm-run.sh, timeout
#          VM_TIMEOUT, default 3600 s); LOG.status gets the exit status and
#          vm-run's reason
#        veristat.sh compare ARCH OUTDIR BASE=LOG NEW=LOG
#          TEST lines: one per run (veristat ran to its end and printed a
#          row for every program), whether every program has the same
#          verdict in both, and whether no program's verification grew past
#          BASE's instructions plus PCT percent plus ABS (VERISTAT_SLACK="PCT
#          ABS", default "100 1024": twice plus 1024); OUTDIR/LABEL.csv gets
#          each run's rows, OUTDIR/report.txt the totals and the programs
#          whose counts changed (printed too, as lines that are not TEST
#          lines).  TEST names: ARCH/$VERISTAT_NAME.LABEL (default veristat)
set -euo pipefail

cmd=${1:?command}
arch=${2:?arch}
shift 2
case $arch in
x86_64) karch=x86 cross='' libdir='' mendian=-mlittle-endian ;;
arm64) karch=arm64 cross=aarch64-linux-gnu- libdir=-L/usr/lib/aarch64-linux-gnu \
	mendian=-mlittle-endian ;;
*) echo "veristat: unknown arch $arch" >&2; exit 2 ;;
esac
sel=tools/testing/selftests/bpf
tname=${VERISTAT_NAME:-veristat}

build() {
	local kdir=${1:?kernel dir} out=${2:?output} src tmp inc sys f b
	local clang=${CLANG:-clang-22} cpu=${VERISTAT_CPU:-v2}

	src=$kdir/src
	# absolute: make -C "$src" takes O= and INSTALL_HDR_PATH= from there
	out=$(realpath -m "$out")
	tmp=$out.tmp.d
	inc=$tmp/include
	rm -rf "$tmp"
	mkdir -p "$inc" "$tmp/obj" "$tmp/err"
	"${BPFTOOL:-$kdir/obj/bpftool/bpftool}" btf dump file "$kdir/obj/vmlinux" format c \
		>"$inc/vmlinux.h"
	cp -r "$kdir/obj/libbpf-inst/include/bpf" "$inc/"
	make -s -C "$src" O="$tmp/hdr" ARCH="$karch" \
		INSTALL_HDR_PATH="$tmp/usr" headers_install
	# the programs' uapi headers are the tree's, not the host's older ones
	[ -f "$tmp/usr/include/asm/ptrace.h" ] || {
		echo "veristat: no uapi headers in $tmp/usr" >&2
		exit 1
	}
	# the compiler's own include directories after the others, as the
	# selftests Makefile passes them (-idirafter)
	sys=$("$clang" -v -E - </dev/null 2>&1 |
		sed -n '/<...> search starts here:/,/End of search list./s| \(/.*\)|-idirafter \1|p')
	export clang cpu src inc sys mendian karch tmp
	# shellcheck disable=SC2016
	if [ -n "${VERISTAT_PROGS:-}" ]; then
		for b in $VERISTAT_PROGS; do
			[ -f "$src/$sel/progs/$b.c" ] || {
				echo "veristat: no $sel/progs/$b.c" >&2
				exit 1
			}
			printf '%s\0' "$src/$sel/progs/$b.c"
		done
	else
		find "$src/$sel/progs" -maxdepth 1 -name '*.c' -print0 | sort -z
	fi |
	xargs -0 -P "${JOBS:-$(nproc)}" -n 1 sh -c '
		b=$(basename "$1" .c)
		# shellcheck disable=SC2086
		if "$clang" -g -Wall -Werror -D__TARGET_ARCH_$karch $mendian \
			-I"$inc" -I"$src/'"$sel"'" -I"$src/tools/include/uapi" \
			-I"$tmp/usr/include" -Wno-compare-distinct-pointer-types \
			$sys -O2 --target=bpf -mcpu=$cpu \
			-c "$1" -o "$tmp/obj/$b.bpf.o" 2>"$tmp/err/$b"; then
			rm -f "$tmp/err/$b"
		else
			rm -f "$tmp/obj/$b.bpf.o"
		fi' sh
	for f in "$tmp/obj"/*.bpf.o; do
		llvm-strip --strip-debug "$f"
	done
	: >"$tmp/not-built.txt"
	for f in "$tmp/err"/*; do
		[ -e "$f" ] || continue
		b=$(basename "$f")
		echo "$b.c: $(grep -m1 'error:' "$f" | sed 's/.*error: //')" >>"$tmp/not-built.txt"
	done
	# a chosen program is one to verify: its build may not fail
	if [ -n "${VERISTAT_PROGS:-}" ] && [ -s "$tmp/not-built.txt" ]; then
		cat "$tmp/not-built.txt" >&2
		exit 1
	fi
	"${cross}gcc" -O2 -Wall -static \
		-I"$kdir/obj/libbpf-inst/include" -I"$src/tools/lib" \
		-I"$src/tools/include" -I"$src/tools/include/uapi" \
		"$src/$sel/veristat.c" "$kdir/obj/libbpf/libbpf.a" $libdir \
		-lelf -lz -lzstd -lrt -lpthread -lm -o "$tmp/veristat" 2>"$tmp/veristat.log" || {
		cat "$tmp/veristat.log" >&2
		exit 1
	}
	echo "veristat: $(find "$tmp/obj" -name '*.bpf.o' | wc -l) objects built," \
		"$(wc -l <"$tmp/not-built.txt") not (types in module BTF):"
	cat "$tmp/not-built.txt"
	rm -rf "$out" "${tmp:?}/hdr" "${tmp:?}/usr" "${tmp:?}/include" "${tmp:?}/err"
	mv "$tmp" "$out"
}

boot() {
	VM_TIMEOUT=${VM_TIMEOUT:-3600} "$(dirname "$0")/vm-run.sh" --status "$arch" \
		"${1:?kernel}" "${2:?initrd}" "${3:?log}" insn.run=veristat
}

# run LABEL LOG OUTDIR: the run's rows to OUTDIR/LABEL.csv, its TEST line
run() {
	local label=$1 log=$2 outdir=$3 st why

	st=$(cut -d' ' -f1 "$log.status" 2>/dev/null || echo 1)
	why=$(cut -d' ' -f2- "$log.status" 2>/dev/null || echo "no $log.status")
	{ tr -d '\r' <"$log" || :; } 2>/dev/null | sed -n 's/^VS //p' >"$outdir/$label.csv"
	{ tr -d '\r' <"$log" || :; } 2>/dev/null | awk -v name="$arch/$tname.$label" \
		-v st="$st" -v why="$why" -v csv="$outdir/$label.csv" '
		$1 == "VSCONF" { for (i = 2; i <= NF; i++) if ($i ~ /^objects=/) objs = substr($i, 9) }
		$1 == "VSEXIT" { ex = $2 }
		$1 == "VSTIME" { secs = $2 }
		$1 == "VSERR" && nerr < 3 { sub(/^VSERR /, ""); err = err "; " $0; nerr++ }
		END {
			FS = ","
			while ((getline line < csv) > 0) {
				split(line, f, ",")
				if (!nl++) {
					hdr = line
					continue
				}
				n++
				v[f[3]]++
				file[f[1]] = 1
			}
			nf = 0
			for (k in file)
				nf++
			res = sprintf("%d programs in %d of %d objects: %d success, %d failure, %s s", \
				n, nf, objs, v["success"], v["failure"], secs)
			if (st != "0")
				r = "FAIL " why
			else if (hdr !~ /^file_name,prog_name,verdict,/)
				r = "FAIL no CSV header from veristat" err
			else if (ex != "0")
				r = "FAIL veristat exited " ex err
			else if (!n || v["success"] + v["failure"] != n)
				r = "FAIL rows without a verdict: " res
			else
				r = "PASS " res
			print "TEST " name " " r
		}'
}

# compare OUTDIR BASE=LOG NEW=LOG
compare() {
	local outdir=${1:?output dir} base=${2%%=*} blog=${2#*=} new=${3%%=*} nlog=${3#*=}
	local pct abs

	read -r pct abs <<<"${VERISTAT_SLACK:-100 1024}"

	mkdir -p "$outdir"
	run "$base" "$blog" "$outdir"
	run "$new" "$nlog" "$outdir"
	# rows: file,prog -> verdict, insns, states, peak states (by column name)
	awk -F, -v base="$base" -v new="$new" -v name="$arch/$tname.$new" \
		-v report="$outdir/report.txt" -v pct="$pct" -v abs="$abs" '
		FNR == 1 {
			run++
			for (i = 1; i <= NF; i++)
				col[run, $i] = i
			next
		}
		{
			k = $1 " " $2
			keys[k] = 1
			verdict[run, k] = $(col[run, "verdict"])
			insns[run, k] = $(col[run, "total_insns"])
			states[run, k] = $(col[run, "total_states"])
			peak[run, k] = $(col[run, "peak_states"])
		}
		END {
			for (k in keys) {
				n++
				if (!((1, k) in verdict) || !((2, k) in verdict)) {
					if (nd < 20)
						diff = diff sprintf("; %s only on %s", k, (1, k) in verdict ? base : new)
					nd++
					continue
				}
				if (verdict[1, k] != verdict[2, k]) {
					if (nd < 20)
						diff = diff sprintf("; %s %s->%s", k, verdict[1, k], verdict[2, k])
					nd++
					continue
				}
				if (verdict[1, k] != "success")
					continue
				both++
				i1 += insns[1, k]; i2 += insns[2, k]
				s1 += states[1, k]; s2 += states[2, k]
				p1 += peak[1, k]; p2 += peak[2, k]
				if (insns[1, k] != insns[2, k] || states[1, k] != states[2, k]) {
					changed++
					if (insns[2, k] > insns[1, k])
						more++
					else if (insns[2, k] < insns[1, k])
						fewer++
					printf "%s %d %d %d %d\n", k, insns[1, k], insns[2, k], \
						states[1, k], states[2, k] > (report ".rows")
				}
				if (insns[2, k] > insns[1, k] * (1 + pct / 100) + abs) {
					if (ng < 10)
						grow = grow sprintf("; %s %d->%d", k, insns[1, k], insns[2, k])
					ng++
				}
			}
			if (!n)
				print "TEST " name ".same FAIL no rows"
			else if (nd)
				printf "TEST %s.same FAIL %d of %d programs differ from %s%s%s\n", \
					name, nd, n, base, diff, (nd > 20 ? "; ..." : "")
			else
				printf "TEST %s.same PASS same verdicts as %s for all %d programs\n", \
					name, base, n
			if (!both)
				print "TEST " name ".insns FAIL no program verified on both"
			else if (ng)
				printf "TEST %s.insns FAIL %d programs past %s'"'"'s insns + %d%% + %d%s\n", \
					name, ng, base, pct, abs, grow
			else
				printf "TEST %s.insns PASS %d programs verified on both, none past %s'"'"'s insns + %d%% + %d\n", \
					name, both, base, pct, abs
			printf "programs verified on both: %d; insns processed %d on %s, %d on %s (%+.2f%%);" \
				" states %d, %d (%+.2f%%); peak states %d, %d (%+.2f%%);" \
				" %d programs with other counts (%d more insns, %d fewer)\n", \
				both, i1, base, i2, new, i1 ? 100 * (i2 - i1) / i1 : 0, \
				s1, s2, s1 ? 100 * (s2 - s1) / s1 : 0, \
				p1, p2, p1 ? 100 * (p2 - p1) / p1 : 0, changed, more, fewer > report
		}' "$outdir/$base.csv" "$outdir/$new.csv"
	touch "$outdir/report.txt.rows"
	{
		printf '%-60s %9s %9s %7s %7s %7s\n' "program (object prog)" "insns" "insns" "states" \
			"states" "insns"
		printf '%-60s %9s %9s %7s %7s %7s\n' "" "$base" "$new" "$base" "$new" "ratio"
		awk '{ printf "%-60s %9d %9d %7d %7d %7.3f\n", \
			$1 " " $2, $3, $4, $5, $6, $4 / ($3 ? $3 : 1) }' "$outdir/report.txt.rows" |
			sort -k7,7gr >"$outdir/report.txt.sorted"
		head -n 15 "$outdir/report.txt.sorted"
		[ "$(wc -l <"$outdir/report.txt.sorted")" -le 15 ] ||
			{ echo "..."; tail -n 5 "$outdir/report.txt.sorted"; }
	} >>"$outdir/report.txt"
	rm -f "$outdir/report.txt.rows" "$outdir/report.txt.sorted"
	sed 's/^/  /' "$outdir/report.txt"
}

case $cmd in
build) build "$@" ;;
boot) boot "$@" ;;
compare) compare "$@" ;;
*) echo "veristat: unknown command $cmd" >&2; exit 2 ;;
esac
