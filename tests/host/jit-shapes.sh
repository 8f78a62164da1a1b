#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Shapes of the native JIT images (tests/guest/30-rotate.sh dumps them in
# native mode): the kfunc call is gone and the operation is one instruction
# working on the loop's own register, with no move into or out of it; a
# prefetch loads nothing, a 16-byte copy goes through the scratch
# registers.  The examples built with clang-22 (tests/guest/70-examples.sh):
# no spill and fill around a native site, no load of a kfunc's address left.
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
	if printf '%s\n' "${lines[@]}" | grep -E "$call" >/dev/null; then
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

# fold_pair NAME: x86 mulfold64, mulx SRC,LO,DST and then xor LO,DST,
# the two halves folded where mulx left them, nothing moved between
fold_pair() {
	local name=$1 pair
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name.fold FAIL no image $dir/$name.dis"; return; }
	pair=$(insns "$name" | grep -A1 -E '^mulx ' | paste -sd/ -)
	if [[ $pair =~ ^mulx\ %[a-z0-9]+,(%[a-z0-9]+),(%[a-z0-9]+)\ */\ *xor\ (%[a-z0-9]+),(%[a-z0-9]+)$ ]] &&
	   [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[3]}" ] && [ "${BASH_REMATCH[2]}" = "${BASH_REMATCH[4]}" ]; then
		echo "TEST shapes.$name.fold PASS $pair"
	else
		echo "TEST shapes.$name.fold FAIL want mulx then xor of its halves: $pair"
	fi
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
	elif insns "$name" | grep -E "$call" >/dev/null; then
		echo "TEST shapes.$test FAIL a call is left"
	else
		echo "TEST shapes.$test PASS $n $ops"
	fi
}

# count_line NAME ERE N TEST: N instructions that match ERE whole
# (mnemonic and operands) and no call, for an instruction whose width
# objdump may spell by its operands alone (binutils 2.40: crc32
# %sil,%eax, where others print crc32b)
count_line() {
	local name=$1 ere=$2 want=$3 test=$4 n first
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$test FAIL no image $dir/$name.dis"; return; }
	n=$(insns "$name" | grep -cE "^($ere)\$")
	if [ "$n" != "$want" ]; then
		echo "TEST shapes.$test FAIL $n instructions matching $ere, want $want"
	elif insns "$name" | grep -E "$call" >/dev/null; then
		echo "TEST shapes.$test FAIL a call is left"
	else
		first=$(insns "$name" | grep -m1 -E "^($ere)\$")
		echo "TEST shapes.$test PASS $n${first:+, the first: $first}"
	fi
}

# native KFUNC: the guest's module status (modes.sh prints it in the guest
# log beside JITDIR) says KFUNC got native code; else what it lacks
native() {
	local line
	line=$(grep -m1 "^STATUS [a-z0-9_]* $1 " "$dir/../vm.log" 2>/dev/null)
	[[ $line == *"native=on copy="* ]] && return 0
	echo "${line#*native=}"
	return 1
}

# copies KFUNC: the guest's module status says the JIT can copy KFUNC's
# compiled code (copy=N bytes), which it does where the emitter declines
copies() {
	local line
	line=$(grep -m1 "^STATUS [a-z0-9_]* $1 " "$dir/../vm.log" 2>/dev/null)
	[[ $line == *" copy="[0-9]* ]]
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

# none NAME TEST ERE: no instruction of NAME matches ERE
none() {
	local name=$1 test=$2 ere=$3 line
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$test FAIL no image $dir/$name.dis"; return; }
	line=$(insns "$name" | grep -m1 -E "$ere")
	if [ -z "$line" ]; then
		echo "TEST shapes.$test PASS no instruction matching $ere"
	else
		echo "TEST shapes.$test FAIL $line"
	fi
}

# copy_seq NAME N: N 16-byte copies, each two 8-byte loads from one base
# into the JIT's scratch registers, then two stores of them to another
# (x86 r10, r11; arm64 x10, x11), and no call
copy_seq() {
	local name=$1 want=$2 lines i n=0 src dst l1 l2 l3 l4 first=
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name FAIL no image $dir/$name.dis"; return; }
	if [ "$arch" = arm64 ]; then
		l1='^ldr x10, \[(x[0-9]+)\]$' l2='^ldr x11, \[BASE, #8\]$'
		l3='^str x10, \[(x[0-9]+)\]$' l4='^str x11, \[BASE, #8\]$'
	else
		l1='^mov (0x0)?\((%[a-z0-9]+)\),%r10$' l2='^mov 0x8\(BASE\),%r11$'
		l3='^mov %r10,(0x0)?\((%[a-z0-9]+)\)$' l4='^mov %r11,0x8\(BASE\)$'
	fi
	mapfile -t lines < <(insns "$name")
	for ((i = 0; i + 3 < ${#lines[@]}; i++)); do
		[[ ${lines[$i]} =~ $l1 ]] || continue
		src=${BASH_REMATCH[-1]}
		[[ ${lines[$((i + 1))]} =~ ${l2/BASE/$src} ]] || continue
		[[ ${lines[$((i + 2))]} =~ $l3 ]] || continue
		dst=${BASH_REMATCH[-1]}
		[[ ${lines[$((i + 3))]} =~ ${l4/BASE/$dst} ]] || continue
		n=$((n + 1))
		[ -n "$first" ] || first="${lines[*]:$i:4}"
	done
	if [ "$n" != "$want" ]; then
		echo "TEST shapes.$name FAIL $n copies through the scratch registers, want $want"
	elif insns "$name" | grep -E "$call" >/dev/null; then
		echo "TEST shapes.$name FAIL a call is left"
	else
		echo "TEST shapes.$name PASS $n copies, the first: $first"
	fi
}

# no_stack NAME: no register stored to the BPF stack or loaded from it (a
# bpf_fastcall program whose spills and fills all went with native code)
no_stack() {
	local name=$1 line
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name.no_stack FAIL no image $dir/$name.dis"; return; }
	while read -r line; do
		if stack_access "$line"; then
			echo "TEST shapes.$name.no_stack FAIL $line"
			return
		fi
	done < <(insns "$name")
	echo "TEST shapes.$name.no_stack PASS no stack access"
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

# stack_access LINE: a 64-bit store of a register to the BPF stack or a
# load from it, into acc as "s|l REG SLOT".  x86: the slot is off(%rbp);
# arm64: off from x25 (the BPF frame pointer) or from sp, whence the JIT
# addresses the frame where it can.
x86_store='^mov %([a-z0-9]+),(-0x[0-9a-f]+\(%rbp\))$'
x86_load='^mov (-0x[0-9a-f]+\(%rbp\)),%([a-z0-9]+)$'
a64_access='^(str|stur|ldr|ldur) (x[0-9]+), (\[(sp|x25)(, [^]]+)?\])$'
stack_access() {
	if [ "$arch" = arm64 ]; then
		[[ $1 =~ $a64_access ]] || return 1
		acc="${BASH_REMATCH[1]:0:1} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]}"
	elif [[ $1 =~ $x86_store ]]; then
		acc="s ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
	elif [[ $1 =~ $x86_load ]]; then
		acc="l ${BASH_REMATCH[2]} ${BASH_REMATCH[1]}"
	else
		return 1
	fi
}

# spill_fill NAME OPS: some instruction matches OPS (a native site), and no
# register is stored to a stack slot in the $near instructions before one
# and loaded back from that slot in the $near after it: the spill and fill
# clang puts around a bpf_fastcall call, which a native site does not need
near=6
spill_fill() {
	local name=$1 ops=$2 lines i j k n=0 st
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name.spills FAIL no image $dir/$name.dis"; return; }
	mapfile -t lines < <(insns "$name")
	for i in "${!lines[@]}"; do
		[[ ${lines[$i]} =~ ^($ops)\  ]] || continue
		n=$((n + 1))
		for ((j = i > near ? i - near : 0; j < i; j++)); do
			stack_access "${lines[$j]}" && [ "${acc:0:1}" = s ] || continue
			st=${acc#s }
			for ((k = i + 1; k <= i + near && k < ${#lines[@]}; k++)); do
				stack_access "${lines[$k]}" && [ "$acc" = "l $st" ] || continue
				echo "TEST shapes.$name.spills FAIL ${lines[$j]} / ${lines[$i]} / ${lines[$k]}"
				return
			done
		done
	done
	if [ $n = 0 ]; then
		echo "TEST shapes.$name.spills FAIL no instruction matching $ops"
	else
		echo "TEST shapes.$name.spills PASS $n sites, no spill and fill around them"
	fi
}

# kfunc_addr NAME: no instruction left that loads the address of a
# bpf_insn_* kfunc (the guest printed them; tools/jit-disasm.sh keeps them
# in ksyms).  x86: a mov of the address; arm64: a mov and the movk that
# build it in one register, the address checked after each.
kfunc_addr() {
	local name=$1 line reg=- val=0 k a sym n=0 first=
	local -A addr=()
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name.kfunc_addr FAIL no image $dir/$name.dis"; return; }
	while read -r a sym; do
		addr[${a#0x}]=$sym
	done < <(grep ' bpf_insn_' "$dir/ksyms" 2>/dev/null)
	if [ ${#addr[@]} = 0 ]; then
		echo "TEST shapes.$name.kfunc_addr FAIL no bpf_insn_* address in $dir/ksyms"
		return
	fi
	while read -r line; do
		if [ "$arch" != arm64 ]; then
			[[ $line =~ ^mov(abs)?q?\ \$0x([0-9a-f]+), ]] || continue
			val=$((0x${BASH_REMATCH[2]}))
		elif [[ $line =~ ^mov\ (x[0-9]+),\ \#(0x[0-9a-f]+|[0-9]+)( |$) ]]; then
			reg=${BASH_REMATCH[1]}
			val=$((BASH_REMATCH[2]))
		elif [[ $line =~ ^movk\ (x[0-9]+),\ \#(0x[0-9a-f]+)(,\ lsl\ \#([0-9]+))?$ ]] &&
		     [ "${BASH_REMATCH[1]}" = "$reg" ]; then
			k=${BASH_REMATCH[4]:-0}
			val=$(((val & ~(0xffff << k)) | (BASH_REMATCH[2] << k)))
		else
			reg=-
			continue
		fi
		sym=${addr[$(printf '%016x' "$val")]:-}
		[ -n "$sym" ] || continue
		n=$((n + 1))
		[ -n "$first" ] || first="${line%% <*} ($sym)"
	done < <(insns "$name")
	if [ $n = 0 ]; then
		echo "TEST shapes.$name.kfunc_addr PASS no kfunc address loaded"
	else
		echo "TEST shapes.$name.kfunc_addr FAIL $n loads of a kfunc address, the first: $first"
	fi
}

# const_arg NAME OPS: no native site (an instruction matching OPS) right
# after a move of an immediate into BPF R2 (x86 %esi/%rsi, arm64 w1/x1):
# the constant a rotate's second argument passes is the emitter's, and
# operand binding leaves its move out, 32-bit (w2 = imm, clang's) or not
const_arg() {
	local name=$1 ops=$2 lines i n=0 r2
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name.const_arg FAIL no image $dir/$name.dis"; return; }
	if [ "$arch" = arm64 ]; then r2='mov [wx]1, #'; else r2='mov[lq]? \$[^,]*,%[er]si$'; fi
	mapfile -t lines < <(insns "$name")
	for i in "${!lines[@]}"; do
		[[ ${lines[$i]} =~ ^($ops)\  ]] || continue
		n=$((n + 1))
		if [ "$i" -gt 0 ] && [[ ${lines[$((i - 1))]} =~ ^$r2 ]]; then
			echo "TEST shapes.$name.const_arg FAIL ${lines[$((i - 1))]} / ${lines[$i]}"
			return
		fi
	done
	if [ $n = 0 ]; then
		echo "TEST shapes.$name.const_arg FAIL no instruction matching $ops"
	else
		echo "TEST shapes.$name.const_arg PASS $n sites, no constant argument moved"
	fi
}

# shuffle NAME OPS: no register parked in another in the $near
# instructions before a native site (an instruction matching OPS) and
# moved back in the $near after it, the callee-saved shuffle clang writes
# when R1-R5 die at a call.  x86: mov %a,%b ... mov %b,%a; arm64: the JIT's
# moves, mov xb, xa or add xb, xa, #0x0, and back
shuffle() {
	local name=$1 ops=$2 lines i j k n=0 a b mv
	[ -f "$dir/$name.dis" ] || { echo "TEST shapes.$name.shuffle FAIL no image $dir/$name.dis"; return; }
	if [ "$arch" = arm64 ]; then
		mv='^(mov ([xw][0-9]+), ([xw][0-9]+)|add ([xw][0-9]+), ([xw][0-9]+), #0x0)$'
	else
		mv='^mov[q]? %([a-z0-9]+),%([a-z0-9]+)$'
	fi
	mapfile -t lines < <(insns "$name")
	for i in "${!lines[@]}"; do
		[[ ${lines[$i]} =~ ^($ops)\  ]] || continue
		n=$((n + 1))
		for ((j = i > near ? i - near : 0; j < i; j++)); do
			[[ ${lines[$j]} =~ $mv ]] || continue
			if [ "$arch" = arm64 ]; then
				b=${BASH_REMATCH[2]}${BASH_REMATCH[4]} a=${BASH_REMATCH[3]}${BASH_REMATCH[5]}
			else
				a=${BASH_REMATCH[1]} b=${BASH_REMATCH[2]}
			fi
			for ((k = i + 1; k <= i + near && k < ${#lines[@]}; k++)); do
				[[ ${lines[$k]} =~ $mv ]] || continue
				if [ "$arch" = arm64 ]; then
					[ "${BASH_REMATCH[2]}${BASH_REMATCH[4]}" = "$a" ] &&
						[ "${BASH_REMATCH[3]}${BASH_REMATCH[5]}" = "$b" ] || continue
				else
					[ "${BASH_REMATCH[1]}" = "$b" ] && [ "${BASH_REMATCH[2]}" = "$a" ] || continue
				fi
				echo "TEST shapes.$name.shuffle FAIL ${lines[$j]} / ${lines[$i]} / ${lines[$k]}"
				return
			done
		done
	done
	if [ $n = 0 ]; then
		echo "TEST shapes.$name.shuffle FAIL no instruction matching $ops"
	else
		echo "TEST shapes.$name.shuffle PASS $n sites, no register parked around them"
	fi
}

# examples_clang22 HASH_OPS PARSE_OPS: the examples built with clang-22, whose
# native sites in xdp_hash match HASH_OPS, in xdp_parse PARSE_OPS
examples_clang22() {
	spill_fill clang22.xdp_hash "$1"
	const_arg clang22.xdp_hash "$1"
	shuffle clang22.xdp_hash "$1"
	spill_fill clang22.xdp_parse "$2"
	shuffle clang22.xdp_parse "$2"
	for name in xdp_hash xdp_parse xdp_csum cpu_counter; do
		kfunc_addr clang22.$name
	done
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
	if insns percpu_this | grep -E '^add %gs:' >/dev/null; then
		echo "TEST shapes.percpu_this.gs PASS $(insns percpu_this | grep -m1 -E '^add %gs:')"
	else
		echo "TEST shapes.percpu_this.gs FAIL no add from %gs"
	fi
	if insns percpu_id | grep -E '^mov %gs:' >/dev/null; then
		echo "TEST shapes.percpu_id.gs PASS $(insns percpu_id | grep -m1 -E '^mov %gs:')"
	else
		echo "TEST shapes.percpu_id.gs FAIL no load from %gs"
	fi
	# per_cpu_ptr clamps the index with cmovae before its load, so a
	# mispredicted bounds check loads nothing past __per_cpu_offset[]
	has percpu_per percpu_per.nospec '^cmovae '
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
	# a big-endian store is one movbe to memory, p and v in one register too
	one_op store_be_loop movbe
	count_op store_be_alias movbe 2
	# prefetch: prefetcht0 at every site, and no load there (the body's
	# is a byte load, which these programs have nowhere else)
	count_op prefetch_pkt prefetcht0 5
	none prefetch_pkt prefetch_pkt.noload '^movzb'
	count_op prefetch_far prefetcht0 5
	none prefetch_far prefetch_far.noload '^movzb'
	count_op prefetch_loop prefetcht0 1
	none prefetch_loop prefetch_loop.noload '^movzb'
	spill_fill prefetch_fastcall prefetcht0
	no_stack prefetch_fastcall
	no_stack prefetch_fastcall_odd
	# copy16: mov, mov into r10 and r11, mov, mov out of them
	copy_seq copy16_pkt 5
	copy_seq copy16_alias 2
	copy_seq copy16_loop 1
	copy_seq copy16_fastcall 1
	no_stack copy16_fastcall
	examples_clang22 'rol|ror|rorx' 'movbe|bswap|rol|cmov[a-z]+'
	# bit counts, blsr and wide multiply (the guest CPU has POPCNT, ABM,
	# BMI1, BMI2): one instruction each; signed, the one-operand imul between
	# the moves that keep rax and rdx; the fold, mulx and xor, and in its
	# loop no other multiply (mulhi_loop's x * y is an imul).  The
	# compiler zero-extends the u32 counts (shl; shr), so in the loop
	# lzcnt has shifts beside it.
	count_op bitcount_all popcnt 2 bitcount_all.popcnt
	count_op bitcount_all lzcnt 2 bitcount_all.lzcnt
	count_op bitcount_all tzcnt 2 bitcount_all.tzcnt
	count_op bitcount_all blsr 2 bitcount_all.blsr
	count_op bitcount_loop lzcnt 1
	one_op mulhi_loop mulx
	count_op mulhi_loop imul 1 mulhi_loop.imul
	count_op mulfold_loop mulx 1
	count_op mulfold_loop 'imul|mul' 0 mulfold_loop.mul
	fold_pair mulfold_loop
	count_op mulhi_all mulx 2
	has mulhi_all mulhi_all.imul '^imul %r[0-9a-z]+$'
	# in every aliasing: one instruction per call, no call left
	count_op mulhi_alias 'mulx' 16 mulhi_alias.mulx
	count_op mulhi_alias 'imul' 8 mulhi_alias.imul
	# CRC32C: one crc32 per step where the guest CPU has SSE4.2, its
	# width that of the source register (crc32b/w/l/q, or crc32 with
	# %sil/%si/%esi/%rsi), the destination 32 bits but for q; six of each
	# in crc32c_alias (every aliasing), one in the loop and the wrapper.
	# A 64-bit v loaded just before the call is read from memory by
	# crc32q (mem_args): in crc32c_all, in crc32c_alias's last case, and
	# the eight words of the 64-byte buffer (clang unrolls it), with no
	# register form left.  Without SSE4.2 the bodies stay: none, and a SKIP.
	r8='%([a-d]l|[sd]il|[sb]pl|r[0-9]+b)' r16='%([a-d]x|[sd]i|[sb]p|r[0-9]+w)'
	r32='%(e[a-d]x|e[sd]i|e[sb]p|r[0-9]+d)' r64='%(r[a-d]x|r[sd]i|r[sb]p|r[0-9]+)'
	crc_b="crc32b? $r8,$r32" crc_w="crc32w? $r16,$r32"
	crc_l="crc32l? $r32,$r32" crc_q="crc32q? $r64,$r64"
	crc_qm="crc32q (-?0x[0-9a-f]+)?\\($r64\\),$r64"
	# all, alias (b w l), loop and wrapper, buf, scratch, all and alias (q)
	want=(1 6 1 8 4 0 5)
	if ! why=$(native bpf_insn_crc32c_u64); then
		want=(0 0 0 0 0 0 0)
		echo "TEST shapes.crc32c.native SKIP the steps keep their bodies here: native=$why"
	fi
	for w in b w l; do
		ere=crc_$w
		count_line crc32c_all "${!ere}" "${want[0]}" crc32c_all.crc32$w
		count_line crc32c_alias "${!ere}" "${want[1]}" crc32c_alias.crc32$w
	done
	count_line crc32c_all "$crc_q" "${want[5]}" crc32c_all.crc32q
	count_line crc32c_alias "$crc_q" "${want[6]}" crc32c_alias.crc32q
	count_line crc32c_all "$crc_qm" "${want[0]}" crc32c_all.crc32q_mem
	count_line crc32c_alias "$crc_qm" "${want[2]}" crc32c_alias.crc32q_mem
	# the result in v's register (and not crc's): v read from r10
	count_line crc32c_alias "crc32[bwlq]? %r10[bwd]?,$r32|crc32q? %r10,$r64" \
		"${want[4]}" crc32c_alias.scratch
	count_line crc32c_loop "$crc_q" "${want[2]}" crc32c_loop
	count_line crc32c_wrapper "$crc_q" "${want[2]}" crc32c_wrapper
	count_line crc32c_buf "$crc_qm" "${want[3]}" crc32c_buf.mem
	count_line crc32c_buf "$crc_q" "${want[5]}" crc32c_buf.reg
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
	# and csdb after it: no load with a predicted condition's index
	has percpu_per percpu_per.csdb '^csdb$'
	has kptr_read kptr_read.mrs '^mrs x[0-9]+, tpidr_el[12]$'
	no_call iter_sum
	one_op select_loop csel
	one_op bextr_loop ubfx
	# lea: the shifted-register add; disp is a second add
	one_op lea_loop 'add x[0-9]+, x[0-9]+, x[0-9]+, lsl'
	one_op load_be_loop rev
	count_op select_all csel 8
	count_op load_be_alias rev 2
	# a big-endian store: rev into the scratch register x10, str of x10
	one_op store_be_loop rev
	has store_be_loop store_be_loop.str '^str x10, \[x[0-9]+'
	count_op store_be_alias rev 2
	# prefetch: prfm pldl1keep where the emitter holds the offset (8 *
	# 0..4095); elsewhere the compiled kfunc copied (its own prfm) where
	# the JIT can copy it, else the body's byte load: prefetch_pkt at 0,
	# 8, 40 and 5, 63; prefetch_far at 32760 and 3, 32761, 32768, 39999
	if copies bpf_insn_prefetch; then
		count_op prefetch_pkt 'prfm pldl1keep,' 5
		none prefetch_pkt prefetch_pkt.noload '^ldrb'
		count_op prefetch_far 'prfm pldl1keep,' 5
		none prefetch_far prefetch_far.noload '^ldrb'
	else
		count_op prefetch_pkt 'prfm pldl1keep,' 3
		count_op prefetch_pkt ldrb 2 prefetch_pkt.bodies
		count_op prefetch_far 'prfm pldl1keep,' 1
		count_op prefetch_far ldrb 4 prefetch_far.bodies
	fi
	count_op prefetch_loop 'prfm pldl1keep,' 1
	none prefetch_loop prefetch_loop.noload '^ldrb'
	spill_fill prefetch_fastcall 'prfm'
	no_stack prefetch_fastcall
	# at 5 the copy (or the body) stays, and with it the spills and fills
	if copies bpf_insn_prefetch; then
		count_op prefetch_fastcall_odd 'prfm pldl1keep,' 1 prefetch_fastcall_odd.copy
	else
		count_op prefetch_fastcall_odd ldrb 1 prefetch_fastcall_odd.body
	fi
	# copy16: ldr, ldr into x10 and x11, str, str of them
	copy_seq copy16_pkt 5
	copy_seq copy16_alias 2
	copy_seq copy16_loop 1
	copy_seq copy16_fastcall 1
	no_stack copy16_fastcall
	examples_clang22 'ror|extr' 'rev|rev16|csel'
	# bit counts: clz; ctz as rbit; clz (W forms for 32 bits); popcount
	# as FEAT_CSSC's cnt where the guest CPU has it (qemu 7.2's has not:
	# the bodies stay, without a call).  Wide multiply: umulh, smulh; the
	# fold mul, umulh, eor (its loop has no other mul).
	count_op bitcount_all clz 4 bitcount_all.clz
	count_op bitcount_all rbit 2 bitcount_all.rbit
	count_op bitcount_all 'clz w[0-9]+,' 2 bitcount_all.clz32
	# blsr: sub of x - 1 into the scratch register x10, and with it (X,
	# then W; the popcount bodies have and too)
	count_line bitcount_all 'sub [xw]10, [xw][0-9]+, #0x1' 2 bitcount_all.blsr_sub
	count_line bitcount_all 'and x[0-9]+, x[0-9]+, x10|and w[0-9]+, w[0-9]+, w10' 2 \
		bitcount_all.blsr_and
	if why=$(native bpf_insn_popcnt64); then
		count_op bitcount_all cnt 2 bitcount_all.cnt
	else
		count_op bitcount_all cnt 0 bitcount_all.cnt
		echo "TEST shapes.bitcount_all.cnt.native SKIP popcount keeps its body here: native=$why"
	fi
	count_op bitcount_loop clz 1
	one_op mulhi_loop umulh
	one_op mulfold_loop umulh
	count_op mulfold_loop mul 1 mulfold_loop.mul
	count_op mulhi_all umulh 2 mulhi_all.umulh
	count_op mulhi_all smulh 1 mulhi_all.smulh
	count_op mulhi_all mul 1 mulhi_all.mul
	count_op mulhi_alias umulh 16 mulhi_alias.umulh
	count_op mulhi_alias smulh 8 mulhi_alias.smulh
	count_op mulhi_alias mul 8 mulhi_alias.mul
	# CRC32C: one crc32cb/h/w/x per step where the guest CPU has
	# FEAT_CRC32 (W registers, Xm for crc32cx): six of each in
	# crc32c_alias, one in the loop and the wrapper, eight in the 64-byte
	# buffer.  Without it the bodies stay: none, and a SKIP.
	want=(1 6 1 8)
	if ! why=$(native bpf_insn_crc32c_u64); then
		want=(0 0 0 0)
		echo "TEST shapes.crc32c.native SKIP the steps keep their bodies here: native=$why"
	fi
	for w in b h w x; do
		m=w; [ $w = x ] && m=x
		ere="crc32c$w w[0-9]+, w[0-9]+, $m[0-9]+"
		count_line crc32c_all "$ere" "${want[0]}" crc32c_all.crc32c$w
		count_line crc32c_alias "$ere" "${want[1]}" crc32c_alias.crc32c$w
	done
	count_line crc32c_loop 'crc32cx w[0-9]+, w[0-9]+, x[0-9]+' "${want[2]}" crc32c_loop
	count_line crc32c_wrapper 'crc32cx w[0-9]+, w[0-9]+, x[0-9]+' "${want[2]}" crc32c_wrapper
	count_line crc32c_buf 'crc32cx w[0-9]+, w[0-9]+, x[0-9]+' "${want[3]}" crc32c_buf
	;;
*)
	echo "TEST shapes.rotate_loop SKIP no $arch emitters yet, the body stays"
	for n in select_loop bextr_loop lea_loop load_be_loop select_all load_be_alias \
		store_be_loop store_be_alias prefetch_pkt copy16_pkt; do
		echo "TEST shapes.$n SKIP no $arch emitters yet, the body stays"
	done
	;;
esac
