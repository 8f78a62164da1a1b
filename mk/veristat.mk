# SPDX-License-Identifier: GPL-2.0
#
# veristat on the selftests' own programs (tools/veristat.sh,
# tests/guest/veristat.sh): make veristat (VERISTAT_ARCHES, default
# x86_64; arm64 too).  The programs are built once, -mcpu=v2 as
# test_progs-no_alu32 builds them, from the distro kernel's tree against
# its BTF and uapi headers (the selftests need Debian's configuration's
# types), and verified in a boot of Debian's own kernel and one of the
# series with Debian's configuration, each with its bpf_testmod.ko
# (mk/verifier.mk).  Not part of make check: each boot takes about ten
# minutes under TCG.
#
# make check runs a set of them (ARCH-veristat-scale, beside the distro
# tiers, on both architectures): the programs whose verification is
# longest, where the state heuristics decide how far the verifier gets
# (test_verif_scale2 and 3 are within 10% of the 1M insns limit), each
# within 10% + 256 insns of Debian's kernel.  Its directories carry the
# suffix .scale ($(VS)/x86_64.scale, $(VS)/x86_64-debian.scale):
# $(basename) drops it.
VS := $(B)/veristat
VERISTAT_TIMEOUT ?= 3600
VERISTAT_SCALE := test_verif_scale1 test_verif_scale2 test_verif_scale3 pyperf50 pyperf180 \
	pyperf600 pyperf600_nounroll strobemeta strobemeta_nounroll2 loop1 core_kern \
	test_cls_redirect test_cls_redirect_subprogs
vs_progs = $(if $(filter .scale,$(suffix $(1))),$(VERISTAT_SCALE))

# Built once (their CO-RE relocations are resolved at load time, against
# the kernel booted): a new build of the distro kernel does not rebuild
# them, make clean does.
$(VS)/%/build.stamp: tools/veristat.sh | $(B)/$$(basename $$*)-distro/kernel.key \
		$(B)/x86_64/kernel.key
	$(call msg,CLANG,$(VS)/$*/build (selftests programs, no_alu32))
	$(Q)mkdir -p $(@D)
	$(Q)JOBS=$(JOBS) BPFTOOL=$(call kobj,x86_64)/bpftool/bpftool \
		VERISTAT_PROGS="$(call vs_progs,$*)" tools/veristat.sh build \
		$(basename $*) $(call kdir,$(basename $*)-distro) $(VS)/$*/build \
		$(call to_log,$(VS)/$*/build.log)
	$(Q)touch $@

# $(1): boot (x86_64-debian, x86_64-distro, with .scale or not): the
# objects, veristat, the boot kernel's bpf_testmod.ko, the script
vs_objs = $(VS)/$(call arch_of,$(1))$(suffix $(1))/build
vs_map = insn/tests/veristat.sh=tests/guest/veristat.sh \
	insn/veristat/veristat=$(vs_objs)/veristat \
	insn/veristat/bpf_testmod.ko=$(TV)/$(basename $(1))/bpf_testmod.ko \
	$$(for f in $(vs_objs)/obj/*.bpf.o; do \
		echo "insn/veristat/$$(basename $$f)=$$f"; done)
$(VS)/%/initramfs.cpio.gz: tools/mkinitramfs.sh tools/guest-init tests/guest/veristat.sh \
		$(VS)/$$(call arch_of,$$*)$$(suffix $$*)/build.stamp \
		$(TV)/$$(basename $$*)/bpf_testmod.ko $(B)/x86_64/kernel.key
	$(call msg,CPIO,$@)
	$(Q)mkdir -p $(@D)
	$(Q)tools/mkinitramfs.sh $@ $($(call arch_of,$*)_busybox) \
		$(call kobj,x86_64)/usr/gen_init_cpio $(call vs_map,$*)

$(VS)/%/vm.log: $(VS)/%/initramfs.cpio.gz $(B)/$$(basename $$*)/kernel.key tools/vm-run.sh
	$(call msg,VM,veristat on $* (log: $@))
	$(Q)VM_TIMEOUT=$(VERISTAT_TIMEOUT) tools/veristat.sh boot $(call arch_of,$*) \
		$(call kimage,$(basename $*)) $< $@.tmp 2>/dev/null; \
		mv $@.tmp.status $@.status; mv $@.tmp $@

$(B)/results/%-veristat.txt: $(VS)/%-debian/vm.log $(VS)/%-distro/vm.log tools/veristat.sh
	$(Q)mkdir -p $(@D)
	$(Q)tools/veristat.sh compare $* $(VS)/$* debian=$(word 1,$^) distro=$(word 2,$^) >$@
	$(Q)$(redo)

$(B)/results/%-veristat-scale.txt: $(VS)/%-debian.scale/vm.log $(VS)/%-distro.scale/vm.log \
		tools/veristat.sh
	$(Q)mkdir -p $(@D)
	$(Q)VERISTAT_NAME=veristat-scale VERISTAT_SLACK="10 256" tools/veristat.sh compare \
		$* $(VS)/$*.scale debian=$(word 1,$^) distro=$(word 2,$^) >$@
	$(Q)$(redo)

VERISTAT_ARCHES ?= x86_64
veristat:
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) --output-sync=target \
		$(VERISTAT_ARCHES:%=$(B)/results/%-veristat.txt)
	$(Q)for a in $(VERISTAT_ARCHES); do grep -v '^TEST ' $(B)/results/$$a-veristat.txt; done
	@tools/summary.sh $(VERISTAT_ARCHES:%=$(B)/results/%-veristat.txt)
