# SPDX-License-Identifier: GPL-2.0
# The module as DKMS builds it (tools/dkms-build.sh) loads, with its BTF.
D=/insn/dkms/insn_kfuncs.ko
[ -f $D ] || { echo "TEST dkms.load SKIP no DKMS build for $(uname -m) (DKMS builds for the host)"; exit 0; }
rc=0
for i in 1 2 3 4 5; do rmmod insn_kfuncs 2>/dev/null && break; sleep 1; done
if insmod $D && [ -e /sys/kernel/btf/insn_kfuncs ]; then
	echo "TEST dkms.load PASS"
else
	echo "TEST dkms.load FAIL insmod or /sys/kernel/btf/insn_kfuncs"
	rc=1
fi
rmmod insn_kfuncs
insmod /insn/insn_kfuncs.ko || rc=1
exit $rc
