# SPDX-License-Identifier: GPL-2.0
# Sourced by the family scripts (3x-*.sh): family_modes NAME runs the mode
# matrix of tests/guest/30-rotate.sh for loader NAME of /insn/bin/insn_test and
# /insn/bpf/NAME.bpf.o: native code (body where the JIT has no emitters),
# body via native=0, body via bpf_jit_harden=2, the interpreter, no JIT
# and no bodies (refused), plain calls.  "LOADER bad MODE" runs where the
# loader has it, with /insn/bpf/NAME_bad.bpf.o.
P=/sys/module/insn_kfuncs/parameters
S=/proc/sys/net/core

# status_cpu FAMILY: the checks of family_modes take what to expect at each
# site (native code or the body) from the module's status; for the kfuncs
# whose native code needs a CPU feature, the status itself is checked here
# against the CPU's flags in /proc/cpuinfo
status_cpu() {
	local flags feat lacks kfuncs k line rc=0

	case $(uname -m):$1 in
	x86_64:bitcount) feat=popcnt lacks=POPCNT kfuncs="popcnt64 popcnt32" ;;
	x86_64:crc32c) feat=sse4_2 lacks=SSE4.2 kfuncs="crc32c_u8 crc32c_u16 crc32c_u32 crc32c_u64" ;;
	aarch64:bitcount) feat=cssc lacks=FEAT_CSSC kfuncs="popcnt64 popcnt32" ;;
	aarch64:crc32c) feat=crc32 lacks=FEAT_CRC32 kfuncs="crc32c_u8 crc32c_u16 crc32c_u32 crc32c_u64" ;;
	*) return 0 ;;
	esac
	flags=" $(grep -m1 -E '^(flags|Features)[[:space:]]*:' /proc/cpuinfo | cut -d: -f2) "
	if [ "$flags" = "  " ]; then
		echo "TEST $1.status.cpu FAIL no flags or Features line in /proc/cpuinfo"
		return 1
	fi
	for k in $kfuncs; do
		line=$(grep "^$1 bpf_insn_$k " $P/status)
		case "$flags:$line" in
		*" $feat "*:*" native=on "*)
			echo "TEST $1.status.cpu.$k PASS the CPU has $feat, native code" ;;
		*" $feat "*:*)
			echo "TEST $1.status.cpu.$k FAIL the CPU has $feat: $line"; rc=1 ;;
		*:*" native=off (no $lacks) "*)
			echo "TEST $1.status.cpu.$k PASS the CPU lacks $feat, the body" ;;
		*)
			echo "TEST $1.status.cpu.$k FAIL the CPU lacks $feat: $line"; rc=1 ;;
		esac
	done
	return $rc
}

# families without a refusal set (no NAME_bad.bpf.o to load)
no_bad() {
	case $1 in
	select | mulhi) return 0 ;;
	esac
	return 1
}

family_modes() {
	local L="/insn/bin/insn_test $1" OBJ=/insn/bpf/$1.bpf.o BAD=/insn/bpf/$1_bad.bpf.o
	local native rc=0

	case $(uname -m) in
	x86_64 | aarch64) native=native ;;
	*) native=body ;;
	esac

	echo 1 >$P/native
	grep "^$1 " $P/status | sed 's/^/STATUS /'
	[ $native = native ] && { status_cpu $1 || rc=1; }
	$L check $native $OBJ --jit || rc=1
	if [ -f $BAD ] || ! no_bad $1; then
		$L bad $native $BAD || rc=1
	fi

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
	if [ -f $BAD ] || ! no_bad $1; then
		$L bad call $BAD || rc=1
	fi
	echo 1 >$P/bodies
	return $rc
}
