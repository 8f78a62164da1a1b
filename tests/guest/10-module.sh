# SPDX-License-Identifier: GPL-2.0
# Load the module; its BTF must be registered, or kfunc registration was
# only a "missing module BTF" warning.
if insmod /insn/insn_kfuncs.ko; then
	echo "TEST module.insmod PASS"
else
	echo "TEST module.insmod FAIL insmod exited $?"
	exit 1
fi
if [ -e /sys/kernel/btf/insn_kfuncs ]; then
	echo "TEST module.btf PASS"
else
	echo "TEST module.btf FAIL no /sys/kernel/btf/insn_kfuncs"
	exit 1
fi
