#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: the native code where each example program called a kfunc,
# out of the disassembled JIT images (tools/jit-disasm.sh), with a few
# instructions of context.  "=>" marks the instruction the kfunc became.
#
# usage: demo-sites.sh DIR   (DIR holds xdp_hash.dis, xdp_parse.dis, ...)
set -uo pipefail

dir=${1:?dir}
ctx=${DEMO_CONTEXT:-3}		# lines of context each side
max=${DEMO_SITES:-5}		# sites shown per image, each mnemonic first

# image, source, what to look for, regex on "mnemonic operands"
sites=(
	"xdp_hash|hash.bpf.c|insn_rol64(): rol/ror, or rorx into another register|^(rol|ror|rorx)[lq]? "
	"xdp_parse|parse.bpf.c|bpf_insn_load_be32(): movbe; load_be16: movzx + rol \$8; bpf_insn_select64(): test + cmov|^((movbe|cmov[a-z]*|bswap)[wlq]? |rol +\\\$0x8,)"
	"xdp_csum|sum.bpf.c|bpf_for(): bpf_iter_num_new's range check and next() inline (add, cmp with the end)|^(cmp +\\\$0x800000,|cmp +0x4\\(%)"
	"cpu_counter|counter.bpf.c|every %gs access: the kernel's inlined lookup in the per-CPU array map, insn_this_cpu_ptr() (add %gs:this_cpu_off), insn_cpu_id() (load through %gs)|%gs:"
)

for s in "${sites[@]}"; do
	IFS='|' read -r name src what re <<<"$s"
	f=$dir/$name.dis
	if [ ! -f "$f" ]; then
		echo "--- $name: no disassembly ($f)"
		continue
	fi
	# "address: mnemonic operands [<symbol>]", bytes left out
	grep -P '^\s*[0-9a-f]+:\t' "$f" |
		awk -F'\t' '{ a = $1; sub(/^ */, "", a); if ($3 == "") next
			      i = $3; gsub(/  +/, " ", i); print a " " i }' >"$f.insns"
	awk -v re="$re" -v ctx="$ctx" -v max="$max" -v name="$name" -v src="$src" \
	    -v what="$what" -v calls="$(grep -cE '	call ' "$f")" '
	{ line[NR] = $0; ins = $0; sub(/^[0-9a-f]+: /, "", ins)
	  if (ins ~ re) { all[++n] = NR; split(ins, w, " "); mn[n] = w[1] } }
	END {
		# the first site of each mnemonic, then the others in order
		for (k = 1; k <= n; k++)
			if (!(mn[k] in seen) && nh < max) { seen[mn[k]] = 1; pick[k] = 1; nh++ }
		for (k = 1; k <= n && nh < max; k++)
			if (!(k in pick)) { pick[k] = 1; nh++ }
		for (k = 1; k <= n; k++)
			if (k in pick) hit[++nhit] = all[k]
		printf "--- %s (%s), %d instructions: %s\n", name, src, NR, what
		printf "    %d site%s, %d call%s left in the image\n",
		       n, n == 1 ? "" : "s", calls, calls == 1 ? "" : "s"
		last = 0
		for (k = 1; k <= n && k <= max; k++) {
			lo = hit[k] - ctx; hi = hit[k] + ctx
			if (lo <= last) lo = last + 1
			else if (last) print "    ..."
			for (j = k + 1; j <= n && j <= max && hit[j] - ctx <= hi + 1; j++)
				hi = hit[j] + ctx
			for (i = lo; i <= hi && i <= NR; i++) {
				mark = "  "
				for (m = k; m < j; m++) if (hit[m] == i) mark = "=>"
				printf "  %s %s\n", mark, line[i]
				if (line[i] ~ /^[0-9a-f]+: mov.*<bpf_/) addr = 1
			}
			last = hi; k = j - 1
		}
		if (addr)
			print "    (mov of a kfunc address: what bpf_ksym_exists() in the insn_*() wrappers leaves; unused)"
		if (n > max) printf "    ... %d more site%s in %s.dis\n", n - max, n - max == 1 ? "" : "s", name
	}' "$f.insns"
	rm -f "$f.insns"
done
