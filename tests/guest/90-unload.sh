# SPDX-License-Identifier: GPL-2.0
# The module unloads once no program holds it; programs are freed after an
# RCU grace period, so "in use" is retried for a while.
for i in 1 2 3 4 5 6 7 8 9 10; do
	rmmod insn_kfuncs 2>/dev/null && break
	sleep 1
done
if grep -q '^insn_kfuncs ' /proc/modules; then
	echo "TEST module.rmmod FAIL still loaded after $i tries"
	exit 1
fi
echo "TEST module.rmmod PASS"
