# SPDX-License-Identifier: GPL-2.0
# Native code copied from the compiled kfuncs (native=copy): the status says
# which kfuncs the JIT copies and why it declines the others; each must be
# what tests/guest/copy.expect lists for this architecture.  Then every
# family's programs run with the copies against C (check copy: the checks of
# check native, named copy.*, where the xlated program keeps the call at
# the copied kfuncs' sites and the body at the others').
P=/sys/module/insn_kfuncs/parameters
rc=0

if ! echo copy >$P/native; then
	echo "TEST copy.native FAIL the module refused native=copy"
	exit 1
fi
sed 's/^/STATUS /' $P/status

# the list is the compiler's output under this target's configuration
target=$(sed -n 's/.*insn\.target=\([^ ]*\).*/\1/p' /proc/cmdline)
if ! grep -q "^${target:-?} " /insn/tests/copy.expect; then
	echo "TEST copy.status SKIP no list of copies for target ${target:-?} in tests/guest/copy.expect"
fi
while read -r a kfunc want why; do
	case $a in "#"* | "") continue ;; esac
	[ "$a" = "$target" ] || continue
	line=$(grep " bpf_insn_$kfunc " $P/status)
	case $line in
	*"native=on (copy) copy="[0-9]*) got=copy ;;
	*"native=off (no copy) copy=no ("*) got=declined ;;
	*) got="?" ;;
	esac
	# busybox ash: case, not [[ ]], matches the reason
	ok=0
	case $want:$line in
	copy:*) ok=1 ;;
	declined:*"copy=no ($why)") ok=1 ;;
	esac
	if [ "$got" = "$want" ] && [ $ok = 1 ]; then
		echo "TEST copy.status.$kfunc PASS $want${why:+ ($why)}"
	else
		echo "TEST copy.status.$kfunc FAIL want $want${why:+ ($why)}: $line"
		rc=1
	fi
done </insn/tests/copy.expect
# and the other way: each kfunc of the status has its line in the list
if [ -n "$target" ] && grep -q "^$target " /insn/tests/copy.expect; then
	for kfunc in $(sed -n 's/^[a-z0-9_]* bpf_insn_\([a-z0-9_]*\) .*/\1/p' $P/status); do
		grep -q "^$target $kfunc " /insn/tests/copy.expect && continue
		echo "TEST copy.status.$kfunc FAIL not listed for $target in tests/guest/copy.expect"
		rc=1
	done
fi

for f in rotate select bextr load_be store_be prefetch copy16 lea bitcount mulhi crc32c; do
	/insn/bin/insn_test $f check copy /insn/bpf/$f.bpf.o || rc=1
done
echo 1 >$P/native
exit $rc
