#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tools/vm-run.sh's judgement of a boot, against a stand-in qemu that
# prints what a guest's console would: a clean run; an int3 trap before
# init, once (TCG's stale translation of patched kernel text: boot again)
# or twice (fails); an int3 trap after init started (fails, no second
# boot); an Oops that is no int3 trap before init (fails, no second boot).
#
# usage: vm-run.sh (TEST lines on stdout)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/cache"
: >"$tmp/kernel"
: >"$tmp/initrd"

# the stand-in: a kvm probe finds nothing; a TCG boot prints boot N's
# console of $FAKE_BOOTS (comma-separated, one word per boot)
cat >"$tmp/bin/qemu-system-x86_64" <<'EOF'
#!/bin/bash
case " $* " in *" -accel kvm "*) exit 1 ;; esac
n=$(($(cat "$FAKE_DIR/boots" 2>/dev/null || echo 0) + 1))
echo $n >"$FAKE_DIR/boots"
what=$(echo "$FAKE_BOOTS" | cut -d, -f$n)
echo "[    0.000000] Linux version 6.12.0"
case $what in
ok)
	echo "Run /init as init process"
	echo "INSN-KFUNCS-DONE rc=0" ;;
int3)
	echo "[    1.542121] Oops: int3: 0000 [#1] PREEMPT SMP NOPTI"
	echo "[    1.542866] RIP: 0010:enqueue_timer+0xa5/0x100" ;;
late-int3)
	echo "Run /init as init process"
	echo "[    9.000000] Oops: int3: 0000 [#1] PREEMPT SMP NOPTI"
	echo "INSN-KFUNCS-DONE rc=0" ;;
oops)
	echo "[    1.542121] Oops: general protection fault, probably for non-canonical address" ;;
esac
EOF
chmod +x "$tmp/bin/qemu-system-x86_64"

rc=0
# case NAME BOOTS WANT-RC WANT-NBOOTS WANT-STDERR
case1() {
	local name=$1 boots=$2 want_rc=$3 want_n=$4 want_err=$5 got n err why=
	rm -f "$tmp/boots" "$tmp/log" "$tmp/log.int3"
	err=$(PATH="$tmp/bin:$PATH" INSN_CACHE="$tmp/cache" FAKE_DIR="$tmp" FAKE_BOOTS="$boots" \
	      "$top/tools/vm-run.sh" x86_64 "$tmp/kernel" "$tmp/initrd" "$tmp/log" 2>&1 >/dev/null)
	got=$?
	n=$(cat "$tmp/boots" 2>/dev/null || echo 0)
	[ $got = "$want_rc" ] || why="exit $got, want $want_rc"
	[ -n "$why" ] || [ "$n" = "$want_n" ] || why="$n boots, want $want_n"
	[ -n "$why" ] || echo "$err" | grep -q -- "$want_err" || why="stderr '$err' lacks '$want_err'"
	if [ "$want_n" = 2 ] && [ -z "$why" ] && ! grep -q "Oops: int3" "$tmp/log.int3"; then
		why="the first boot's log is not kept in LOG.int3"
	fi
	if [ -z "$why" ]; then
		echo "TEST vm-run.$name PASS $n boot(s), exit $got: $(echo "$err" | tail -n1)"
	else
		echo "TEST vm-run.$name FAIL $why"
		rc=1
	fi
}

case1 clean ok 0 1 "ok ("
case1 int3_before_init_once int3,ok 0 2 "int3 trap before init under TCG"
case1 int3_before_init_twice int3,int3 1 2 "kernel log: .*Oops: int3"
case1 int3_after_init late-int3,ok 1 1 "kernel log: .*Oops: int3"
case1 other_oops_before_init oops,ok 1 1 "kernel log: .*general protection"

# --status: exit 0 whatever the boot, LOG.status "RC REASON", stderr as without
status1() {
	local name=$1 boots=$2 want=$3 got err why=
	rm -f "$tmp/boots" "$tmp/log" "$tmp/log.status" "$tmp/log.err"
	err=$(PATH="$tmp/bin:$PATH" INSN_CACHE="$tmp/cache" FAKE_DIR="$tmp" FAKE_BOOTS="$boots" \
	      "$top/tools/vm-run.sh" --status x86_64 "$tmp/kernel" "$tmp/initrd" "$tmp/log" \
	      2>&1 >/dev/null)
	got=$?
	[ $got = 0 ] || why="exit $got, want 0"
	[ -n "$why" ] || grep -q -- "^$want" "$tmp/log.status" 2>/dev/null ||
		why="LOG.status '$(cat "$tmp/log.status" 2>/dev/null)' is not '$want...'"
	[ -n "$why" ] || [ "$(echo "$err" | tail -n1)" = "$(cut -d' ' -f2- "$tmp/log.status")" ] ||
		why="stderr '$err' does not end in LOG.status's reason"
	[ -n "$why" ] || [ ! -e "$tmp/log.err" ] || why="LOG.err left behind"
	if [ -z "$why" ]; then
		echo "TEST vm-run.status.$name PASS $(cat "$tmp/log.status")"
	else
		echo "TEST vm-run.status.$name FAIL $why"
		rc=1
	fi
}

status1 clean ok "0 vm-run: x86_64: ok ("
status1 oops oops "1 vm-run: x86_64: kernel log: .*general protection"
exit $rc
