#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The mitigated bench guest's images (mk/bench.mk): its kernel chose a
# return thunk, and its JIT emitted it.  Reads tools/jit-disasm.sh's TEST
# lines on stdin and passes them on, but for its "no ret" failure, which is
# what a kernel with return thunks should give: that image passes here if
# it has no ret and leaves through a jump to a *return_thunk symbol, and
# each call out of it is a direct call to a named kernel symbol (the kfunc
# or helper, as the distro JIT emits it: no retpoline, no indirect branch,
# no call-depth accounting, which only Intel's retbleed=stuff adds).  Then
# one line for the guest's choice ("active return thunk:" at boot).
#
# usage: jit-disasm.sh ... | rethunk.sh JITDIR GUESTLOG
set -euo pipefail

jit=${1:?jitdir}
log=${2:?guest log}

judge() { # NAME: "PASS ..." or "FAIL ..."
	local dis=$jit/$1.dis len addr
	read -r _ len addr < <(grep "^$1 " "$jit/images")
	# addresses as 16 hex digits, compared as strings (awk has 53-bit numbers)
	# the image's other functions (BFUNC: a bpf_loop() callback) are called
	# at their own addresses; replay -t checks their returns by running them
	funcs=$(tr -d '\r' <"$log" | awk -v n="$1" '$1 == "BFUNC" && $2 == n {
		a = $4; sub(/^0x/, "", a); while (length(a) < 16) a = "0" a; printf " %s", a }')
	awk -v lo="$(printf %016x $((addr)))" -v hi="$(printf %016x $((addr + len)))" -v dis="$dis" \
		-v funcs="$funcs" '
		function hex16(h) { sub(/^0x/, "", h); while (length(h) < 16) h = "0" h; return h }
		/^ *[0-9a-f]+:\t/ {
			n++
			split($0, f, "\t"); insn = f[3]
			if (insn ~ /^retq? *$/ || insn ~ /^retq? /) rets++
			if (insn ~ /^(call|jmp) +\*/ || insn ~ /__x86_indirect/) { ind++; bad = bad " " insn }
			if (insn ~ /^jmp +0x[0-9a-f]+ <[a-z0-9_]*return_thunk>/) {
				thunks++; t = insn; sub(/.*</, "", t); sub(/>.*/, "", t); thunk = t
			}
			if (insn ~ /^call +0x/) {
				split(insn, w, " "); to = hex16(w[2])
				if ((to >= lo && to < hi) || index(funcs, " " to)) next
				if (insn ~ /<[a-z0-9_]+>/) { c = insn; sub(/.*</, "", c); sub(/>.*/, "", c); calls[c] = 1 }
				else { ind++; bad = bad " call to an unlisted address " w[2] }
			}
		}
		END {
			for (c in calls) cl = cl (cl ? ", " : "") c
			if (rets || !thunks || ind)
				printf "FAIL %d ret, %d jumps to a return thunk%s (%s)\n", rets, thunks,
					(ind ? ", indirect or unknown:" bad : ""), dis
			else
				printf "PASS %d insns, no ret: %d jump%s to %s; calls: %s\n", n, thunks,
					(thunks > 1 ? "s" : ""), thunk, (cl ? cl " (direct)" : "none")
		}' "$dis" || echo "FAIL cannot read $dis"
}

while IFS= read -r line; do
	if [[ $line =~ ^TEST\ ([^ ]*/)?jit\.([^ ]+)\ FAIL\ no\ ret\ in ]]; then
		echo "TEST ${BASH_REMATCH[1]}rethunk.${BASH_REMATCH[2]} $(judge "${BASH_REMATCH[2]}")"
	else
		printf '%s\n' "$line"
	fi
done

chose=$(tr -d '\r' <"$log" | sed -n 's/.*\] active return thunk: //p' | sed -n 1p)
case $chose in
*return_thunk) echo "TEST rethunk.guest PASS active return thunk: $chose" \
	"($(tr -d '\r' <"$log" | sed -n 's/^BVULN retbleed: /retbleed: /p' | sed -n 1p))" ;;
*) echo "TEST rethunk.guest FAIL the guest's kernel chose no return thunk (no \"active return thunk:\" in $log)" ;;
esac
