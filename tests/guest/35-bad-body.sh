# SPDX-License-Identifier: GPL-2.0
# The body validator: each bad body is refused at registration, with a
# message naming the kfunc, the instruction and the rule; a good one loads.
M=/insn/insn_bad_body.ko
rc=0
# a kernel with the series exports register_bpf_kfunc_bodies()
grep -qw register_bpf_kfunc_bodies /proc/kallsyms || { echo "TEST badbody SKIP kernel without kfunc bodies"; exit 0; }
[ -s $M ] || { echo "TEST badbody FAIL $M is not in the initramfs"; exit 1; }

for good in good good_after r0_is_r1 r0_is_r1_after void0 void0_after \
	    verify_as_this_cpu_ptr:bpf_insn_test_pcpu longest longest_after; do
	k=bpf_insn_test_add
	case $good in *:*) k=${good#*:} good=${good%%:*};; esac
	if insmod $M body=$good kfunc=$k && rmmod insn_bad_body; then
		echo "TEST badbody.$good PASS"
	else
		echo "TEST badbody.$good FAIL a valid body was refused"
		rc=1
	fi
done
# Bodies a module leaves registered go with it, from an exit that does
# not unregister them and from an init that fails after registering them:
# the log names the module, and the same vmlinux kfunc takes a body again
# (before, "already has a body", and programs calling it got the body in
# the freed module).  A module that unregisters gets no warning.
L="body=void1 kfunc=bpf_iter_bits_destroy"
left="bpf: module insn_bad_body left kfunc bodies registered, dropped"
for how in exit init; do
	dmesg -c >/dev/null
	if [ $how = exit ]; then
		insmod $M $L leak=1 && rmmod insn_bad_body
	else
		! insmod $M $L fail=1 2>/dev/null
	fi
	ok=$?
	# one warning a load (insmod may try a failing init twice)
	warned=$(dmesg | grep -c "$left")
	loads=$(dmesg | grep -c "body void1: 0")
	dmesg -c >/dev/null
	if [ $ok != 0 ]; then
		echo "TEST badbody.leak_$how FAIL the leaking module did not load as asked"
		rc=1
	elif ! insmod $M $L; then
		echo "TEST badbody.leak_$how FAIL the body was not dropped: $(dmesg | grep kfunc | tail -n1)"
		rc=1
	elif [ "$warned" = 0 ] || [ "$warned" != "$loads" ]; then
		rmmod insn_bad_body
		echo "TEST badbody.leak_$how FAIL warned $warned times for $loads loads"
		rc=1
	elif ! rmmod insn_bad_body || dmesg | grep -q "$left"; then
		echo "TEST badbody.leak_$how FAIL a module that unregisters was warned about"
		rc=1
	else
		echo "TEST badbody.leak_$how PASS"
	fi
done

# refused TEST BODY KFUNC MESSAGE: insmod of BODY for KFUNC fails, and the
# kernel log says MESSAGE
refused() {
	dmesg -c >/dev/null
	if insmod $M body=$2 kfunc=$3 2>/dev/null; then
		echo "TEST $1 FAIL registered"
		rmmod insn_bad_body
		rc=1
	elif dmesg | grep -q "$4"; then
		echo "TEST $1 PASS"
	else
		echo "TEST $1 FAIL log: $(dmesg | grep kfunc | tail -n1)"
		rc=1
	fi
}

# The verifier checks or rewrites the calls of these kfuncs itself (its
# special_kfunc_list): no body of either mode may stand in for them.
# Each body fits its kfunc's arguments and result (and registers for
# bpf_insn_test_add() above); before, each registered.
for spec in r0_is_r1:bpf_cast_to_kern_ctx r0_is_r1_after:bpf_cast_to_kern_ctx \
	    good:bpf_obj_new_impl good_after:bpf_obj_new_impl \
	    void0_after:bpf_rcu_read_lock void0:bpf_preempt_disable; do
	name=${spec%%:*} k=${spec#*:}
	refused badbody.special.$k.$name $name $k \
		"kfunc $k: the verifier checks or rewrites its calls itself"
done

while read -r name want; do
	dmesg -c >/dev/null
	if insmod $M body=$name 2>/dev/null; then
		echo "TEST badbody.$name FAIL registered"
		rmmod insn_bad_body
		rc=1
	elif dmesg | grep -q -e "kfunc bpf_insn_test_add: $want" \
			     -e "kfunc bpf_insn_test_add $want"; then
		echo "TEST badbody.$name PASS"
	else
		echo "TEST badbody.$name FAIL log: $(dmesg | grep kfunc | tail -n1)"
		rc=1
	fi
done <<'CASES'
call body insn 0: calls are not allowed
exit body insn 1: exit is not allowed
back body insn 1: backward jump
leave body insn 1: jump leaves the body
write6 body insn 0: writes R6
write10 body insn 0: writes R10
read7 body insn 0: reads R7
imm64 body insn 0: constants over 32 bits are not allowed
no_r0 body insn 1: R0 is not set on every path
r0_first body insn 0: reads R0 before it is written
half_r0 body insn 2: R0 is not set on every path
too_long body insn 513: body length out of range
after_too_long body insn 33: body length out of range
r10_value body insn 0: reads R10 as a value
malformed body insn 0: malformed instruction
verify_stack body insn 0: stack access in a body
verify_stack_load body insn 0: stack access in a body
after_stack body insn 0: stack access in a body
after_div body insn 1: division by a register or signed by -1 in a BPF_KFUNC_BODY_AFTER body
twice already has a body
read_arg3 body insn 1: reads R3 before it is written
verify_as_loop body insn 0: verify_as needs BPF_KFUNC_BODY_AFTER and an allowed helper
mem_args3 body insn 0: mem_args names no argument of an emitter
CASES
# A body verified as a helper fits only a kfunc that takes the helper's
# arguments (which the helper's checks cover) and returns a pointer (its
# result is typed as the helper's); before, each registered.
for spec in verify_as_this_cpu_ptr:bpf_insn_test_add verify_as_this_cpu_ptr:bpf_insn_test_inc \
	    verify_as_per_cpu_ptr:bpf_insn_test_pcpu; do
	name=${spec%%:*} k=${spec#*:}
	refused badbody.fit.$k.$name $name $k \
		"kfunc $k: body insn 0: verify_as needs the helper's arguments and a pointer result"
done
exit $rc
