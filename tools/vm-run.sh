#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot a test guest under qemu and judge the run.
#
# usage: vm-run.sh [--status] ARCH KERNEL INITRD LOG [KERNEL-ARG]...
#   ARCH    x86_64 | arm64
#   LOG     the guest console goes here
#
# Exit status: 0 the guest ran its tests and they all exited 0; 1 failed
# (the reason is the last line on stderr); 77 the tier cannot run here (SKIP,
# reason on stderr).  The caller reads the "TEST ..." lines from LOG.
# With --status, the exit status and that last line go to LOG.status as
# "RC REASON", for the caller to judge later, and the exit status is 0.
#
# KVM is used only where a probe boots a guest with it (cached per host
# boot); /dev/kvm opening is not enough, nested guests may just hang.
# Environment: VM_TIMEOUT (seconds, default 300), INSN_CACHE.
set -uo pipefail

if [ "${1-}" = --status ]; then
	shift
	log=${4:?log}
	rc=0
	mkdir -p "$(dirname "$log")"
	"$0" "$@" 2>"$log.err" || rc=$?
	echo "$rc $(tail -n1 "$log.err")" >"$log.status"
	cat "$log.err" >&2
	rm -f "$log.err"
	exit 0
fi

arch=${1:?arch}
kernel=${2:?kernel}
initrd=${3:?initrd}
log=${4:?log}
shift 4
timeout=${VM_TIMEOUT:-300}
cache=$("$(dirname "$0")"/cache-dir.sh)
token=INSN-KFUNCS-DONE
cmdline="panic_on_warn=1 oops=panic panic=-1 $*"

case $arch in
x86_64)
	qemu=qemu-system-x86_64
	qargs=(-smp 2,sockets=2,cores=1,threads=1)
	console=ttyS0
	;;
arm64)
	qemu=qemu-system-aarch64
	qargs=(-M virt -smp 2)
	console=ttyAMA0
	;;
*) echo "vm-run: unknown arch $arch" >&2; exit 2 ;;
esac

command -v $qemu >/dev/null || { echo "$qemu not installed" >&2; exit 77; }
for f in "$kernel" "$initrd"; do
	[ -f "$f" ] || { echo "vm-run: $f missing" >&2; exit 1; }
done

boot() { # ACCEL CPU TIMEOUT LOG CMDLINE
	timeout -k 5 "$3" $qemu "${qargs[@]}" -accel "$1" -cpu "$2" -m 1G \
		-nographic -no-reboot -kernel "$kernel" -initrd "$initrd" \
		-append "console=$console $5" </dev/null >"$4" 2>&1
}

# Does KVM boot a guest on this host?  Asked once per host boot.
kvm_works() {
	local probe=$cache/kvm-probe boot_id ok=no
	[ "$arch" = x86_64 ] && [ "$(uname -m)" = x86_64 ] || return 1
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	boot_id=$(cat /proc/sys/kernel/random/boot_id)
	if [ -f "$probe" ] && [ "$(head -n1 "$probe")" = "$boot_id" ]; then
		[ "$(sed -n 2p "$probe")" = yes ]
		return
	fi
	echo "  VM      probing KVM (once per host boot)" >&2
	# (subshell: a qemu that aborts on KVM is not worth a shell message)
	if (boot kvm host 60 "$log.kvm-probe" "panic=-1 insn.probe=1") 2>/dev/null &&
	   grep -q INSN-PROBE-OK "$log.kvm-probe"; then
		ok=yes
	fi
	mkdir -p "$cache"
	printf '%s\n%s\n' "$boot_id" "$ok" >"$probe"
	rm -f "$log.kvm-probe"
	[ $ok = yes ]
}

# Under TCG, arm64's -cpu max signs pointers with QARMA, computed in
# software at every paciasp/autiasp: Debian's kernels (pointer
# authentication on) ran the same tests 2.6 times slower than with the
# implementation-defined algorithm, which signs and checks as well.
if kvm_works; then
	accel=kvm cpu=host
elif [ "$arch" = arm64 ]; then
	accel=tcg cpu=max,pauth-impdef=on
else
	accel=tcg cpu=max
fi

# An int3 trap before the kernel starts init, under TCG: the kernel patches
# its text at boot (static keys, through an int3 and a cross-CPU sync), and
# TCG's other vCPU can run a stale translation that still holds the int3
# after the patch is done (seen once in a Debian kernel's boot, in
# enqueue_timer(), no module loaded).  Before init nothing of this project
# has run, so such a boot says nothing about it: boot once more, keeping
# the first console log as LOG.int3.  Any other trouble, or an int3 trap
# after init started, fails the run as below.
int3_before_init() {
	tr -d '\r' <"$log" | awk '/Run .* as init process/ { exit 1 }
		/Oops: int3/ { found = 1; exit 0 } END { exit !found }'
}

mkdir -p "$(dirname "$log")"
rm -f "$log.int3"
start=$SECONDS
boot $accel $cpu "$timeout" "$log" "$cmdline"
qrc=$?
if [ $accel = tcg ] && int3_before_init; then
	mv "$log" "$log.int3"
	echo "vm-run: $arch: int3 trap before init under TCG (kept in $log.int3): booting again" >&2
	boot $accel $cpu "$timeout" "$log" "$cmdline"
	qrc=$?
fi
secs=$((SECONDS - start))

# Kernel trouble anywhere in the log fails the run, whatever the tests said:
# also the reports of the debug kernel's checkers that are no WARN (UBSAN,
# kmemleak, lockdep's non-static key, RCU stalls; lockdep's splats and
# sleeping in atomic context say WARNING: or BUG:).
bad=$(tr -d '\r' <"$log" | grep -m1 -E \
	'WARNING:|-+\[ cut here \]|BUG:|Oops|KASAN|missing module BTF|Kernel panic|UBSAN:|suspected memory leak|non-static key|detected stall')
done_line=$(tr -d '\r' <"$log" | grep -m1 "^$token rc=")

fail() { echo "vm-run: $arch: $* (${secs}s, $accel; log: $log)" >&2; exit 1; }
[ -z "$bad" ] || fail "kernel log: $bad"
[ $qrc != 124 ] && [ $qrc != 137 ] || fail "timed out after ${timeout}s"
[ -n "$done_line" ] || fail "no success token (qemu exit $qrc)"
[ "$done_line" = "$token rc=0" ] || fail "guest tests failed (${done_line#"$token "})"
echo "vm-run: $arch: ok (${secs}s, $accel)" >&2
exit 0
