# SPDX-License-Identifier: GPL-2.0
# Sourced by the family scripts (3x-*.sh): family_modes NAME runs the mode
# matrix of tests/guest/30-rotate.sh for loader NAME of /insn/bin/insn_test and
# /insn/bpf/NAME.bpf.o: native code (body where the JIT has no emitters),
# body via native=0, body via bpf_jit_harden=2, the interpreter, no JIT
# and no bodies (refused), plain calls.  "LOADER bad MODE" runs where the
# loader has it, with /insn/bpf/NAME_bad.bpf.o.
P=/sys/module/insn_kfuncs/parameters
S=/proc/sys/net/core

family_modes() {
	local L="/insn/bin/insn_test $1" OBJ=/insn/bpf/$1.bpf.o BAD=/insn/bpf/$1_bad.bpf.o
	local native rc=0

	case $(uname -m) in
	x86_64 | aarch64) native=native ;;
	*) native=body ;;
	esac

	grep "^$1 " $P/status | sed 's/^/STATUS /'
	$L check $native $OBJ --jit || rc=1
	[ -f $BAD ] && { $L bad $native $BAD || rc=1; }

	echo 0 >$P/native
	$L check body $OBJ || rc=1
	echo 1 >$P/native

	echo 2 >$S/bpf_jit_harden
	$L check body $OBJ || rc=1
	echo 0 >$S/bpf_jit_harden

	echo 0 >$S/bpf_jit_enable
	$L check body $OBJ || rc=1
	echo 0 >$P/bodies
	$L nojit $OBJ || rc=1
	echo 1 >$P/bodies
	echo 1 >$S/bpf_jit_enable

	echo 0 >$P/bodies
	$L check call $OBJ || rc=1
	[ -f $BAD ] && { $L bad call $BAD || rc=1; }
	echo 1 >$P/bodies
	return $rc
}
