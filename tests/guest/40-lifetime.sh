# SPDX-License-Identifier: GPL-2.0
# Module lifetime: programs hold the module; programs that used bodies or
# native code keep working after the bodies are unregistered.
P=/sys/module/insn_kfuncs/parameters
R="/insn/bin/insn_test rotate"
OBJ=/insn/bpf/rotate.bpf.o
rc=0

mkdir -p /sys/fs/bpf
mount -t bpf bpf /sys/fs/bpf
$R pin $OBJ /sys/fs/bpf/rot_native || rc=1
echo 0 >$P/native
$R pin $OBJ /sys/fs/bpf/rot_body || rc=1
echo 1 >$P/native

if rmmod insn_kfuncs 2>/dev/null; then
	echo "TEST lifetime.rmmod_refused FAIL rmmod worked with programs loaded"
	insmod /insn/insn_kfuncs.ko
	rc=1
else
	echo "TEST lifetime.rmmod_refused PASS"
fi

echo 0 >$P/bodies
grep -q 'body=off' $P/status && echo "TEST lifetime.unregistered PASS" ||
	{ echo "TEST lifetime.unregistered FAIL $(cat $P/status)"; rc=1; }
$R pinned native /sys/fs/bpf/rot_native || rc=1
$R pinned body /sys/fs/bpf/rot_body || rc=1

# A parameter write whose re-registration fails is refused and changes
# nothing: bodies reads N and none is registered.  The test module's body
# for bpf_iter_num_destroy() (a vmlinux kfunc the iterator family gives a
# body too) makes the iterator family's registration fail, "already has a
# body".  Without it the same write works.
M=/insn/insn_bad_body.ko
if ! grep -qw register_bpf_kfunc_bodies /proc/kallsyms; then
	echo "TEST lifetime.param_refused SKIP kernel without kfunc bodies"
elif [ ! -s $M ]; then
	echo "TEST lifetime.param_refused FAIL $M is not in the initramfs"
	rc=1
elif ! insmod $M body=void1 kfunc=bpf_iter_num_destroy; then
	echo "TEST lifetime.param_refused FAIL the test module did not load"
	rc=1
else
	if echo 1 2>/dev/null >$P/bodies; then
		why="the write worked"
	elif [ "$(cat $P/bodies)" != N ]; then
		why="bodies reads $(cat $P/bodies) after the refused write"
	elif grep -v -q ' body=off ' $P/status; then
		why="bodies registered: $(grep -v ' body=off ' $P/status | head -n1)"
	else
		why=
	fi
	rmmod insn_bad_body
	if [ -n "$why" ]; then
		echo "TEST lifetime.param_refused FAIL $why"
		rc=1
	elif ! echo 1 >$P/bodies || [ "$(cat $P/bodies)" != Y ] ||
	     ! grep -q ' body=verify ' $P/status; then
		echo "TEST lifetime.param_refused FAIL bodies=1 failed without the test module"
		rc=1
	else
		echo "TEST lifetime.param_refused PASS"
	fi
fi
echo 1 >$P/bodies

rm /sys/fs/bpf/rot_native /sys/fs/bpf/rot_body
for i in 1 2 3 4 5 6 7 8 9 10; do
	rmmod insn_kfuncs 2>/dev/null && break
	sleep 1
done
if grep -q '^insn_kfuncs ' /proc/modules; then
	echo "TEST lifetime.rmmod_after_free FAIL still loaded after $i tries"
	rc=1
else
	echo "TEST lifetime.rmmod_after_free PASS"
	insmod /insn/insn_kfuncs.ko || rc=1
fi
exit $rc
