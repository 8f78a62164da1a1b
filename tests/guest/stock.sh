# SPDX-License-Identifier: GPL-2.0
# The unpatched tier (insn.run=stock): Linux 6.12 without the companion
# series.  The module loads, says it serves plain calls, and the kfuncs
# give the same results as plain calls; what needs the series is refused.
P=/sys/module/insn_kfuncs/parameters
rc=0
sh /insn/tests/10-module.sh || exit 1
if dmesg | grep -q 'insn_kfuncs: kernel without kfunc bodies: serving plain kfunc calls'; then
	echo "TEST stock.mode PASS"
else
	echo "TEST stock.mode FAIL $(dmesg | grep insn_kfuncs | tail -n1)"
	rc=1
fi
grep -q 'body=verify\|body=after' $P/status &&
	{ echo "TEST stock.status FAIL $(cat $P/status)"; rc=1; } ||
	echo "TEST stock.status PASS no bodies registered"
sh /insn/tests/20-smoke.sh || rc=1
for L in rotate select bitcount mulhi crc32c; do
	/insn/bin/insn_test $L check call /insn/bpf/$L.bpf.o || rc=1
done
/insn/bin/insn_test rotate bad call /insn/bpf/rotate_bad.bpf.o || rc=1
/insn/bin/insn_test bitcount bad call /insn/bpf/bitcount_bad.bpf.o || rc=1
/insn/bin/insn_test crc32c bad call /insn/bpf/crc32c_bad.bpf.o || rc=1
# bextr, lea: plain calls (start, shift are ordinary arguments without the
# series); load_be, store_be, prefetch, copy16: 6.12 refuses the untyped
# pointer argument, the wrappers fall back to C
for L in bextr lea load_be store_be prefetch copy16; do
	/insn/bin/insn_test $L check stock /insn/bpf/$L.bpf.o || rc=1
done
for L in store_be prefetch copy16; do
	/insn/bin/insn_test $L bad call /insn/bpf/${L}_bad.bpf.o || rc=1
done
/insn/bin/insn_test iter check call /insn/bpf/iter.bpf.o || rc=1
/insn/bin/insn_test percpu call /insn/bpf/percpu.bpf.o || rc=1
# without a JIT, 6.12 refuses kfunc calls
echo 0 >/proc/sys/net/core/bpf_jit_enable
/insn/bin/insn_test rotate nojit /insn/bpf/rotate.bpf.o || rc=1
echo 1 >/proc/sys/net/core/bpf_jit_enable
sh /insn/tests/90-unload.sh || rc=1
exit $rc
