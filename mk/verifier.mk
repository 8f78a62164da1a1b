# SPDX-License-Identifier: GPL-2.0
#
# The kernel's own verifier tests (tools/test-verifier.sh,
# tests/guest/verifier.sh): test_verifier of the 6.12 tree, one binary per
# arch (the series leaves its sources alone; the build checks that), and
# bpf_testmod.ko per kernel, in boots of their own: x86-64 stock, x86-64
# patched without and with insn_kfuncs.ko, arm64 patched without and with;
# with the distro kernels, Debian's own kernels and the distro ones
# without and with the module.
# Every test must have the same verdict in every run.  The boots take
# minutes under TCG, so a result is remade only when what it tests changed;
# one with a failure is dated back (redo), so the next make check runs it.
TV := $(B)/verifier
VERIFIER_TIMEOUT ?= 900
# the build directory (obj/ and src/) of a built kernel
kdir = $(patsubst %/obj,%,$(call kobj,$(1)))

# The binary changes only when its sources do, not with every new kernel
# (the builder keeps an unchanged one): the stamp records the build.
$(TV)/x86_64/test_verifier.stamp: $(B)/x86_64-stock/kernel.key
$(TV)/%/test_verifier.stamp: tools/test-verifier.sh $(B)/%/kernel.key
	$(call msg,CC,$(@:.stamp=))
	$(Q)mkdir -p $(@D)
	$(Q)tools/test-verifier.sh build $* $(call kdir,$*) $(@:.stamp=) \
		$(if $(filter x86_64,$*),$(call ksrc,x86_64-stock)) $(call to_log,$(@D)/build.log)
	$(Q)touch $@
$(TV)/%/test_verifier: $(TV)/%/test_verifier.stamp
	$(Q)[ -f $@ ] || { rm -f $<; $(MAKE) --no-print-directory $<; }

# bpf_testmod's sources: the target's tree, or for Debian's kernels the
# same version's (the patched tree's: the series leaves them alone)
tv_src = $(call ksrc,$(if $(filter debian,$(call flavour_of,$(1))),$(call arch_of,$(1)),$(1)))
$(TV)/%/bpf_testmod.ko: tools/test-verifier.sh $(B)/%/kernel.key $$(B)/$$(call arch_of,$$*)/kernel.key
	$(call msg,MODULE,$@)
	$(Q)mkdir -p $(@D)
	$(Q)JOBS=$(JOBS) tools/test-verifier.sh testmod $(call arch_of,$*) $(call kobj,$*) \
		$(call tv_src,$*) $@ $(call to_log,$(@D)/testmod.log)

# $(1): boot (a target); the stock and Debian kernels run without the
# module
tv_map = insn/tests/verifier.sh=tests/guest/verifier.sh \
	insn/verifier/test_verifier=$(TV)/$(call arch_of,$(1))/test_verifier \
	insn/verifier/bpf_testmod.ko=$(TV)/$(1)/bpf_testmod.ko \
	$(if $(filter patched distro,$(call flavour_of,$(1))),insn/insn_kfuncs.ko=$(B)/$(1)/module/insn_kfuncs.ko)
$(TV)/%/initramfs.cpio.gz: tools/mkinitramfs.sh tools/guest-init \
		$$(foreach m,$$(call tv_map,$$*),$$(lastword $$(subst =, ,$$(m)))) $(B)/x86_64/kernel.key
	$(call msg,CPIO,$@)
	$(Q)tools/mkinitramfs.sh $@ $($(call arch_of,$*)_busybox) \
		$(call kobj,x86_64)/usr/gen_init_cpio $(call tv_map,$*)

# $(1): boot; a guest run of test_verifier, then the verdicts compared:
# $(2) the runs, as LABEL=LOG:RUN
tv_boot = VM_TIMEOUT=$(VERIFIER_TIMEOUT) tools/test-verifier.sh boot $(call arch_of,$(1)) \
	$(call kimage,$(1)) $(TV)/$(1)/initramfs.cpio.gz $(TV)/$(1)/vm.log 2>/dev/null; \
	tools/test-verifier.sh compare $(call arch_of,$(1)) $(TV)/$(call arch_of,$(1)) $(2) >$@
tv_log = $(TV)/$(1)/vm.log

$(B)/results/x86_64-verifier.txt: $(B)/results/x86_64-stock-verifier.txt
$(B)/results/%-verifier.txt: $(TV)/%/initramfs.cpio.gz $(B)/%/kernel.key \
		tools/test-verifier.sh tools/vm-run.sh
	$(call msg,VM,test_verifier on $* (log: $(TV)/$*/vm.log))
	$(Q)mkdir -p $(@D)
	$(Q)$(call tv_boot,$*,$(tv_runs_$*))
	$(Q)$(redo)
tv_runs_x86_64-stock = stock=$(call tv_log,x86_64-stock):plain
tv_runs_x86_64 = --base $(tv_runs_x86_64-stock) patched=$(call tv_log,x86_64):plain \
	patched+module=$(call tv_log,x86_64):module
tv_runs_arm64 = patched=$(call tv_log,arm64):plain patched+module=$(call tv_log,arm64):module
# the series with Debian's configuration against Debian's own kernel
$(foreach a,$(ARCHES),$(eval $(B)/results/$(a)-distro-verifier.txt: $(B)/results/$(a)-debian-verifier.txt))
tv_runs_x86_64-debian = debian=$(call tv_log,x86_64-debian):plain
tv_runs_arm64-debian = debian=$(call tv_log,arm64-debian):plain
tv_runs_x86_64-distro = --base $(tv_runs_x86_64-debian) distro=$(call tv_log,x86_64-distro):plain \
	distro+module=$(call tv_log,x86_64-distro):module
tv_runs_arm64-distro = --base $(tv_runs_arm64-debian) distro=$(call tv_log,arm64-distro):plain \
	distro+module=$(call tv_log,arm64-distro):module
