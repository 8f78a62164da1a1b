#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Shapes of the native JIT images (tests/guest/30-rotate.sh dumps them in
# native mode): the kfunc call is gone and the operation is one instruction
# working on the loop's own register, with no move into or out of it.
#
# usage: jit-shapes.sh ARCH JITDIR [FLAVOUR]
#   prints "TEST shapes.NAME PASS|FAIL|SKIP"; FLAVOUR distro (a kernel
#   with Debian's configuration) also checks the images' landing pads
set -uo pipefail

arch=${1:?arch}
dir=${2:?jit dir}
flavour=${3:-patched}

# a call instruction: x86 call, arm64 bl or blr
call='^call'
[ "$arch" != arm64 ] || call='^blr? '

# insns NAME: the instruction lines of a disassembly, "mnemonic operands"
# (arm64 objdump puts a tab between the two)
insns() {
	grep -P '^\s*[0-9a-f]+:\t' "$dir/$1.dis" | cut -f3- | tr '\t' ' ' | sed 's/  */ /g'
}

# moved PREV LINE NEXT: a move next to the op that operand binding should
# have left out.  x86: PREV or NEXT names LINE's destination (AT&T writes
# it last).  arm64, where the JIT writes a BPF move as add xD, xS, #0x0:
# PREV moves into an argument register (x0-x4), or NEXT moves out of
# LINE's destination (its first operand; xN and wN are one register).
moved() {
	local reg
	if [ "$arch" = arm64 ]; then
		reg=$(sed -E 's/^[^ ]+ [xw]([0-9]+),.*/\1/' <<<"$2")
		grep -qE '^(add [xw][0-4], [xw][0-9]+, #0x0|mov [xw][0-4], [xw][0-9]+)$' <<<"$1" ||
			grep -qE "^(add [xw][0-9]+, [xw]$reg, #0x0|mov [xw][0-9]+, [xw]$reg)\$" <<<"$3"
	else
		reg=$(sed -E 's/.*,//; s/^ *//' <<<"$2")
		grep -qF -- "$reg" <<<"$1$3"
	fi
}

# one_op NAME OPS: exactly one instruction matching OPS, no call, and no
# move next to it that operand binding should have left out (moved)
one_op() {
	local name=$1 ops=$2 lines n i
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name FAIL no image $dir/$name.dis"; return; }
	mapfile -t lines < <(insns "$name")
	n=$(printf '%s\n' "${lines[@]}" | grep -cE "^($ops) ")
	if [ "$n" != 1 ]; then
		echo "TEST shapes.$name FAIL $n instructions matching $ops"
		return
	fi
	if printf '%s\n' "${lines[@]}" | grep -qE "$call"; then
		echo "TEST shapes.$name FAIL a call is left"
		return
	fi
	for i in "${!lines[@]}"; do
		[[ ${lines[$i]} =~ ^($ops)\  ]] || continue
		if moved "${lines[$((i - 1))]}" "${lines[$i]}" "${lines[$((i + 1))]}"; then
			echo "TEST shapes.$name FAIL a move around: ${lines[$((i - 1))]} / ${lines[$i]} / ${lines[$((i + 1))]}"
			return
		fi
		echo "TEST shapes.$name PASS ${lines[$i]}"
	done
}

# count_op NAME OPS N [TEST]: N instructions matching OPS and no call
# (every kfunc call of the program became native code or its body);
# TEST names the check where a program has several (default NAME)
count_op() {
	local name=$1 ops=$2 want=$3 test=${4:-$1} n
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$test FAIL no image $dir/$name.dis"; return; }
	n=$(insns "$name" | grep -cE "^($ops) ")
	if [ "$n" != "$want" ]; then
		echo "TEST shapes.$test FAIL $n instructions matching $ops, want $want"
	elif insns "$name" | grep -qE "$call"; then
		echo "TEST shapes.$test FAIL a call is left"
	else
		echo "TEST shapes.$test PASS $n $ops"
	fi
}

# native KFUNC: the guest's module status (modes.sh prints it in the guest
# log beside JITDIR) says KFUNC got native code; else what it lacks
native() {
	local line
	line=$(grep -m1 "^STATUS [a-z0-9_]* $1 " "$dir/../vm.log" 2>/dev/null)
	[[ $line == *native=on* ]] && return 0
	echo "${line#*native=}"
	return 1
}

# no_call NAME: the numeric iterator is inlined, next() included
no_call() {
	local name=$1 n
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name FAIL no image $dir/$name.dis"; return; }
	n=$(insns "$name" | grep -cE '^(call|bl|blr) ')
	if [ "$n" = 0 ]; then
		echo "TEST shapes.$name PASS no call"
	else
		echo "TEST shapes.$name FAIL $n calls left"
	fi
}

# calls NAME N: exactly N calls left (helpers the program calls on purpose)
calls() {
	local name=$1 want=$2 n
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name.calls FAIL no image $dir/$name.dis"; return; }
	n=$(insns "$name" | grep -cE "$call")
	if [ "$n" = "$want" ]; then
		echo "TEST shapes.$name.calls PASS $n"
	else
		echo "TEST shapes.$name.calls FAIL $n calls, want $want"
	fi
}

# has NAME TEST ERE: some instruction of NAME matches ERE
has() {
	local name=$1 test=$2 ere=$3 line
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$test FAIL no image $dir/$name.dis"; return; }
	line=$(insns "$name" | grep -m1 -E "$ere")
	if [ -n "$line" ]; then
		echo "TEST shapes.$test PASS $line"
	else
		echo "TEST shapes.$test FAIL no instruction matching $ere"
	fi
}

# no_kfunc_call NAME: no call to a bpf_insn_* kfunc (the guest names them)
no_kfunc_call() {
	local name=$1 n
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name FAIL no image $dir/$name.dis"; return; }
	n=$(grep -cE 'call.*<bpf_insn_' "$dir/$name.dis")
	if [ "$n" = 0 ]; then
		echo "TEST shapes.$name PASS no kfunc call"
	else
		echo "TEST shapes.$name FAIL $n kfunc calls left"
	fi
}

# pad NAME N ERE: one of the image's first N instructions matches ERE
pad() {
	local name=$1 n=$2 ere=$3 first
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name.pad FAIL no image $dir/$name.dis"; return; }
	first=$(insns "$name" | head -n "$n" | grep -m1 -E "$ere")
	if [ -n "$first" ]; then
		echo "TEST shapes.$name.pad PASS $first"
	else
		echo "TEST shapes.$name.pad FAIL none of the first $n instructions matches $ere:" \
			"$(insns "$name" | head -n "$n" | paste -sd';')"
	fi
}

# Debian's configuration: x86-64 with IBT, whose JIT opens every image
# with the endbr64 landing pad; arm64 with kernel pointer authentication,
# whose JIT signs the return address in the prologue (after a BTI landing
# pad, where the kernel has BTI, the move of lr to x9 and ftrace's nop)
if [ "$flavour" = distro ]; then
	case $arch in
	x86_64) padding=(1 '^endbr64') ;;
	*) padding=(4 '^(paciasp|hint #0x19)') ;;
	esac
	for name in rotate_loop select_loop bextr_loop lea_loop load_be_loop iter_sum percpu_this; do
		pad $name "${padding[@]}"
	done
fi

case $arch in
x86_64)
	one_op rotate_loop 'rol|rorx'
	no_call iter_sum
	# per-CPU: this CPU's pointer is an add from %gs, the id a %gs load
	# (percpu_this also calls the bpf_this_cpu_ptr() helper, to compare)
	for name in percpu_this percpu_id percpu_per kptr_write kptr_read; do
		no_kfunc_call $name
	done
	if insns percpu_this | grep -qE '^add %gs:'; then
		echo "TEST shapes.percpu_this.gs PASS $(insns percpu_this | grep -m1 -E '^add %gs:')"
	else
		echo "TEST shapes.percpu_this.gs FAIL no add from %gs"
	fi
	if insns percpu_id | grep -qE '^mov %gs:'; then
		echo "TEST shapes.percpu_id.gs PASS $(insns percpu_id | grep -m1 -E '^mov %gs:')"
	else
		echo "TEST shapes.percpu_id.gs FAIL no load from %gs"
	fi
	# one instruction per operation; the neighbours do not touch its
	# result register.  select needs a mov only when the result register
	# holds neither operand (not so in the loop); bextr's control word is
	# an immediate moved into a scratch register, not an operand move.
	one_op select_loop 'cmov[a-z]+'
	one_op bextr_loop bextr
	one_op lea_loop lea
	one_op load_be_loop movbe
	count_op select_all 'cmov[a-z]+' 8
	count_op load_be_alias movbe 2
	# bit counts and wide multiply (the guest CPU has POPCNT, ABM, BMI1,
	# BMI2): one instruction each; signed, the one-operand imul between
	# the moves that keep rax and rdx.  The compiler zero-extends the
	# u32 counts (shl; shr), so in the loop lzcnt has shifts beside it.
	count_op bitcount_all popcnt 2 bitcount_all.popcnt
	count_op bitcount_all lzcnt 2 bitcount_all.lzcnt
	count_op bitcount_all tzcnt 2 bitcount_all.tzcnt
	count_op bitcount_loop lzcnt 1
	one_op mulhi_loop mulx
	count_op mulhi_all mulx 1
	has mulhi_all mulhi_all.imul '^imul %r[0-9a-z]+$'
	# in every aliasing: one instruction per call, no call left
	count_op mulhi_alias 'mulx' 8 mulhi_alias.mulx
	count_op mulhi_alias 'imul' 8 mulhi_alias.imul
	;;
arm64)
	# ror is extr of a register with itself; select is cmp and csel
	one_op rotate_loop 'ror|extr'
	# per-CPU: this CPU's pointer is mrs of tpidr_el1 and add, the id mrs
	# of sp_el0 and a load, per_cpu_ptr a load and csel, no branch.  The
	# JIT reaches a kfunc through blr of a built address, so count calls:
	# percpu_this keeps only its bpf_this_cpu_ptr() helper call.
	calls percpu_this 1
	no_call percpu_id
	no_call percpu_per
	has percpu_this percpu_this.mrs '^mrs x[0-9]+, tpidr_el[12]$'
	has percpu_id percpu_id.mrs '^mrs x[0-9]+, sp_el0$'
	has percpu_per percpu_per.csel '^csel x[0-9]+, x[0-9]+, xzr, (cc|lo)( |$)'
	has kptr_read kptr_read.mrs '^mrs x[0-9]+, tpidr_el[12]$'
	no_call iter_sum
	one_op select_loop csel
	one_op bextr_loop ubfx
	# lea: the shifted-register add; disp is a second add
	one_op lea_loop 'add x[0-9]+, x[0-9]+, x[0-9]+, lsl'
	one_op load_be_loop rev
	count_op select_all csel 8
	count_op load_be_alias rev 2
	# bit counts: clz; ctz as rbit; clz (W forms for 32 bits); popcount
	# as FEAT_CSSC's cnt where the guest CPU has it (qemu 7.2's has not:
	# the bodies stay, without a call).  Wide multiply: umulh, smulh.
	count_op bitcount_all clz 4 bitcount_all.clz
	count_op bitcount_all rbit 2 bitcount_all.rbit
	count_op bitcount_all 'clz w[0-9]+,' 2 bitcount_all.clz32
	if why=$(native bpf_insn_popcnt64); then
		count_op bitcount_all cnt 2 bitcount_all.cnt
	else
		count_op bitcount_all cnt 0 bitcount_all.cnt
		echo "TEST shapes.bitcount_all.cnt.native SKIP popcount keeps its body here: native=$why"
	fi
	count_op bitcount_loop clz 1
	one_op mulhi_loop umulh
	count_op mulhi_all umulh 1 mulhi_all.umulh
	count_op mulhi_all smulh 1 mulhi_all.smulh
	count_op mulhi_alias umulh 8 mulhi_alias.umulh
	count_op mulhi_alias smulh 8 mulhi_alias.smulh
	;;
*)
	echo "TEST shapes.rotate_loop SKIP no $arch emitters yet, the body stays"
	for n in select_loop bextr_loop lea_loop load_be_loop select_all load_be_alias; do
		echo "TEST shapes.$n SKIP no $arch emitters yet, the body stays"
	done
	;;
esac
