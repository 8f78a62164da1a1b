# SPDX-License-Identifier: GPL-2.0
#
# make fuzz [FUZZ_N=100] [FUZZ_BODIES=50000] [SEED=n]: the host tier of
# both arches with FUZZ_N times the inputs and register assignments (arm64
# half that: qemu-user), and the body validator fuzzer with FUZZ_BODIES
# requests in the x86-64 guest (tests/guest/36-fuzz-body.sh), from a new
# seed unless SEED is given.  make fuzz-bodies: the validator fuzzer alone.
# make fuzz-progs [FUZZ_PROGS=1500] [SEED=n]: the program fuzzer
# (tests/guest/46-fuzz-prog.sh) with FUZZ_PROGS programs in the x86-64 guest
# (run_arm64= on make build/results/arm64-vm.txt for arm64: docs/testing.md).
FUZZ_N ?= 100
FUZZ_BODIES ?= 50000
FUZZ_PROGS ?= 1500
FUZZ_SEED := $(or $(SEED),$(shell od -An -N8 -tu8 /dev/urandom | tr -d ' '))
FUZZ_LOGS := $(B)/host/fuzz-x86_64.log $(B)/host/fuzz-arm64.log $(B)/x86_64/fuzz-bodies.txt \
	$(B)/x86_64/fuzz-progs.txt
fuzz_report = grep '^\(\#\|STAT\)' $(1) | sed 's/^\#\?/  /'

fuzz: $(B)/host/x86_64/host_test $(B)/host/arm64/host_test fuzz-bodies fuzz-progs
	$(call msg,FUZZ,host tier x $(FUZZ_N) (log: $(B)/host/fuzz-x86_64.log))
	$(Q){ $(call host_run,host.x86_64,$< -n $(FUZZ_N) -s $(FUZZ_SEED)); } >$(B)/host/fuzz-x86_64.log
	$(Q)$(call fuzz_report,$(B)/host/fuzz-x86_64.log)
	$(call msg,FUZZ,arm64 host tier x $(FUZZ_N)/2 (log: $(B)/host/fuzz-arm64.log))
	$(Q)if [ -s $(B)/host/arm64/host_test.err ] || ! command -v qemu-aarch64-static >/dev/null; then \
		echo "TEST host.arm64 SKIP cannot build or run it (see make check)"; \
	else $(call host_run,host.arm64,qemu-aarch64-static $(B)/host/arm64/host_test \
		-n $$(awk 'BEGIN { print $(FUZZ_N) / 2 }') -s $(FUZZ_SEED)); fi >$(B)/host/fuzz-arm64.log
	$(Q)$(call fuzz_report,$(B)/host/fuzz-arm64.log)
	$(Q)tools/summary.sh $(FUZZ_LOGS)

# about 400 requests a second under TCG: the timeout leaves four times that
timeout_x86_64/fuzz-bodies = $$(( $(FUZZ_BODIES) / 100 + 120 ))
fuzz-bodies: $(B)/x86_64/initramfs.cpio.gz
	$(call msg,FUZZ,body validator x $(FUZZ_BODIES) in the x86_64 guest (log: $(B)/x86_64/fuzz-bodies.log))
	$(Q){ $(call guest_test,x86_64,x86_64/fuzz-bodies,$<,$(B)/x86_64/fuzz-bodies.log, \
		insn.run=36-fuzz-body insn.fuzz_n=$(FUZZ_BODIES) insn.fuzz_seed=$(FUZZ_SEED)); \
	  grep '^\(STAT\|#\) ' $(B)/x86_64/fuzz-bodies.log; } >$(B)/x86_64/fuzz-bodies.txt
	$(Q)$(call fuzz_report,$(B)/x86_64/fuzz-bodies.txt)
	$(if $(filter fuzz,$(MAKECMDGOALS)),,$(Q)tools/summary.sh $(B)/x86_64/fuzz-bodies.txt)

# about 15 programs a second (each in six modes) under TCG: four times that
timeout_x86_64/fuzz-progs = $$(( $(FUZZ_PROGS) / 4 + 120 ))
# (a variable: the comma would split $(call)'s arguments)
fuzz_progs_args = insn.run=10-module,46-fuzz-prog insn.fuzzprog_n=$(FUZZ_PROGS) \
	insn.fuzzprog_seed=$(FUZZ_SEED)
fuzz-progs: $(B)/x86_64/initramfs.cpio.gz
	$(call msg,FUZZ,program fuzzer x $(FUZZ_PROGS) in the x86_64 guest (log: $(B)/x86_64/fuzz-progs.log))
	$(Q){ $(call guest_test,x86_64,x86_64/fuzz-progs,$<,$(B)/x86_64/fuzz-progs.log, \
		$(fuzz_progs_args)); \
	  grep '^\(STAT\|#\) ' $(B)/x86_64/fuzz-progs.log; } >$(B)/x86_64/fuzz-progs.txt
	$(Q)$(call fuzz_report,$(B)/x86_64/fuzz-progs.txt)
	$(if $(filter fuzz,$(MAKECMDGOALS)),,$(Q)tools/summary.sh $(B)/x86_64/fuzz-progs.txt)
