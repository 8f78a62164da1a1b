# SPDX-License-Identifier: GPL-2.0
# The kernel's own verifier tests (insn.run=verifier, own boots): the
# 6.12 tree's tools/testing/selftests/bpf/test_verifier, as root with
# unprivileged BPF allowed, so each test runs privileged (#N/p) and, where
# it has an unprivileged form, unprivileged (#N/u).  One run without our
# module; on a boot whose initramfs has insn_kfuncs.ko, one more with it
# loaded.  Per test one line "TV RUN ID VERDICT DESCRIPTION" (VERDICT:
# PASS, FAIL or SKIP), which the host compares between runs and kernels
# (tools/test-verifier.sh compare); the first lines of each failure's
# output follow as "TVLOG RUN ID TEXT" (after a load that failed before
# the verifier ran, test_verifier prints the previous test's log).
V=/insn/verifier
rc=0

# test_verifier's own lines: "#N/p DESCR " and then "OK", "N cases OK",
# "OK (NOTE: ...)", "SKIP", "SKIP (why)", or "FAIL" and a log on the lines
# after.  Kernel-log words in the log are defused: the host reads the
# console for kernel trouble.
verdicts() {
	awk -v run="$1" '
	BEGIN { nlog = 3 }
	/^#[0-9]+\/[pu] / {
		id = substr($1, 2)
		descr = $0
		sub(/^#[^ ]+ /, "", descr)
		if ($0 ~ / OK$/ || $0 ~ / OK \(NOTE: [^)]*\)$/) {
			v = "PASS"
			sub(/ ([0-9]+ cases )?OK( \(NOTE: [^)]*\))?$/, "", descr)
		} else if ($0 ~ / SKIP$/ || $0 ~ / SKIP \([^)]*\)$/) {
			v = "SKIP"
			if (sub(/ SKIP \(/, " [", descr))
				sub(/\)$/, "]", descr)
			else
				sub(/ SKIP$/, "", descr)
		} else {
			v = "FAIL"
			sub(/ FAIL.*$/, "", descr)
		}
		printf "TV %s %s %s %s\n", run, id, v, descr
		nlog = v == "FAIL" ? 0 : 3
		next
	}
	/^Summary: / { print "TVSUM " run " " $0; nlog = 3; next }
	nlog < 3 && $0 != "" {
		gsub(/BUG:/, "BUG-")
		gsub(/WARNING:/, "WARNING-")
		gsub(/Oops/, "oops")
		gsub(/cut here/, "cut-here")
		printf "TVLOG %s %s %s\n", run, id, $0
		nlog++
	}'
}

# run NAME: test_verifier once; its exit status is not the verdict (6.12
# fails some tests on this config in every run), the lines are.
run() {
	local t0 t1

	t0=$(date +%s)
	(cd $V && ./test_verifier >/tmp/tv-$1.out 2>/tmp/tv-$1.err)
	echo "TVEXIT $1 $?"
	t1=$(date +%s)
	verdicts "$1" </tmp/tv-$1.out
	sed "s/^/TVERR $1 /" /tmp/tv-$1.err | head -n 20
	echo "TVTIME $1 $((t1 - t0))"
	grep -q '^Summary: ' /tmp/tv-$1.out
}

echo 0 >/proc/sys/kernel/unprivileged_bpf_disabled
echo "TVCONF jit=$(cat /proc/sys/net/core/bpf_jit_enable)" \
	"harden=$(cat /proc/sys/net/core/bpf_jit_harden)" \
	"unpriv_disabled=$(cat /proc/sys/kernel/unprivileged_bpf_disabled)"

run plain || rc=1
if [ -f /insn/insn_kfuncs.ko ]; then
	insmod /insn/insn_kfuncs.ko || { echo "TVMOD insmod failed"; exit 1; }
	run module || rc=1
	for i in 1 2 3 4 5 6 7 8 9 10; do
		rmmod insn_kfuncs 2>/dev/null && break
		sleep 1
	done
	grep -q '^insn_kfuncs ' /proc/modules && { echo "TVMOD rmmod failed"; rc=1; }
fi
exit $rc
