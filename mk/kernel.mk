# SPDX-License-Identifier: GPL-2.0
#
# Kernels and what is built against them.  Every rule here is one pattern
# over the targets (TARGETS in the Makefile): $* is the target.

x86_64_karch := x86
x86_64_cross :=
x86_64_image := arch/x86/boot/bzImage
x86_64_debian := cloud-amd64
arm64_karch := arm64
arm64_cross := aarch64-linux-gnu-
arm64_image := arch/arm64/boot/Image
arm64_debian := cloud-arm64

MODULE_SRC := Kbuild $(shell find module -name '*.[chS]' | sort)
KMOD_SRC := $(wildcard tests/kmod/*)
KMODS := insn_bad_body insn_collide insn_fuzz_body insn_test_kfuncs

# $(B)/T/kernel.key reads "KEY OBJ IMAGE SRC [LINKED]": what the kernel was
# built from (a hash; Debian's release), its build directory (or headers),
# its image, its source tree ("-" where there is none), and for the kernels
# built here when vmlinux was last linked.  It is rewritten only when that
# changes, so what depends on it is rebuilt only then (make re-reads its
# mtime after the recipe).  LINKED: a cached kernel rebuilt for another
# key and then for this one again (another checkout sharing the cache)
# has the same KEY but its own BTF, which modules built against the first
# build fail to load against ("failed to validate module BTF").  The
# builders print where the kernel is: tools/build-kernel.sh for ours,
# tools/debian-kernel.sh for Debian's own (flavour debian),
# tools/kernel-deb.sh for our kernel as Debian packages, unpacked (flavour
# deb).
kernel_cmd_built = d=$$(V=$(V) JOBS=$(JOBS) tools/build-kernel.sh $(call arch_of,$(1)) \
		$(call flavour_of,$(1))) && \
	echo "$$(cat $$d/key) $$d/obj $$d/obj/$($(call arch_of,$(1))_image) $$d/src" \
		"$$(stat -c %Y $$d/obj/vmlinux)"
kernel_cmd_debian = set -- $$(tools/debian-kernel.sh $($(call arch_of,$(1))_debian)) && \
	echo "$$1 $$3 $$2 -"
kernel_cmd_deb = JOBS=$(JOBS) tools/kernel-deb.sh --test
kernel_cmd = $(or $(kernel_cmd_$(call flavour_of,$(1))),$(kernel_cmd_built))
# fields of the key, read when a recipe runs (after the key's rule)
kword = $(word $(2),$(file <$(B)/$(1)/kernel.key))
kobj = $(call kword,$(1),2)
kimage = $(call kword,$(1),3)
ksrc = $(call kword,$(1),4)
BPFTOOL = $(call kobj,x86_64)/bpftool/bpftool
CHECKPATCH = $(call ksrc,x86_64)/scripts/checkpatch.pl

$(B)/%/kernel.key: FORCE | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(call kernel_cmd,$*) >$@.tmp
	$(Q)cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@

# A second call finds the kernel cached (its key is a pure function of its
# inputs), so re-running make check rebuilds no kernel.
$(B)/results/%-kernel.txt: $(B)/%/kernel.key FORCE
	$(Q)mkdir -p $(@D)
	$(Q)if tools/build-kernel.sh $* patched 2>&1 >/dev/null | grep '^  KERNEL  $*-patched cached' >/dev/null; \
	then echo "TEST $*/kernel.cached PASS"; \
	else echo "TEST $*/kernel.cached FAIL second build-kernel.sh call rebuilt"; fi >$@

# kbuild of an external module in $(2) against target $(1)'s kernel
kbuild = $(MAKE) -C $(call kobj,$(1)) M=$(CURDIR)/$(2) ARCH=$($(call arch_of,$(1))_karch) \
	CROSS_COMPILE=$($(call arch_of,$(1))_cross) -j$(JOBS) modules

# Module BTF is tied to the vmlinux it was built against, and kbuild does
# not rebuild a module for a new vmlinux: start clean each time.
$(B)/%/module/insn_kfuncs.ko: $(MODULE_SRC) $(B)/%/kernel.key
	$(call msg,MODULE,$@)
	$(Q)rm -rf $(@D) && mkdir -p $(@D) && rsync -a Kbuild module $(@D)/
	$(Q)$(call kbuild,$*,$(@D)) $(call to_log,$(@D).log)
	$(Q)readelf -SW $@ | grep -w '\.BTF' >/dev/null || \
		{ echo "error: $@ has no .BTF section (kbuild skipped module BTF)"; exit 1; }

# The module against 6.12 without the series as a later kernel would see
# it: one that defines KF_FASTCALL (upstream, 6.13 on), honoured at every
# call (tests/host/module-flags.sh)
$(B)/x86_64-stock/module-kf/insn_kfuncs.ko: $(MODULE_SRC) $(B)/x86_64-stock/kernel.key
	$(call msg,MODULE,$@ with KF_FASTCALL defined)
	$(Q)rm -rf $(@D) && mkdir -p $(@D) && rsync -a Kbuild module $(@D)/
	$(Q)$(call kbuild,x86_64-stock,$(@D)) KCFLAGS=-DKF_FASTCALL=4096 $(call to_log,$(@D).log)

# The module as DKMS builds it (tools/dkms-build.sh: a private DKMS tree).
$(B)/%/dkms/insn_kfuncs.ko: dkms.conf tools/dkms-build.sh $(MODULE_SRC) $(B)/%/kernel.key
	$(call msg,DKMS,$@)
	$(Q)mkdir -p $(@D)
	$(Q)tools/dkms-build.sh $(if $(filter arm64,$(call arch_of,$*)),--arm64) \
		$(call kobj,$*) $@ $(call to_log,$(@D).log)

# The test modules that register bad and fuzzed bodies need the kernel's
# kfunc body interface; on a kernel without it the files are empty and the
# guest skips.
$(foreach m,$(KMODS),$(B)/%/kmod/$(m).ko): $(KMOD_SRC) $(B)/%/kernel.key
	$(call msg,MODULE,$(KMODS:%=$(B)/$*/kmod/%.ko))
	$(Q)rm -rf $(B)/$*/kmod && mkdir -p $(B)/$*/kmod && rsync -a tests/kmod/ $(B)/$*/kmod/
	$(Q)if grep -q '^CONFIG_BPF_KFUNC_BODY=y' $(call kobj,$*)/.config; then \
		$(call kbuild,$*,$(B)/$*/kmod) $(call to_log,$(B)/$*/kmod.log); \
	else for m in $(KMODS); do : >$(B)/$*/kmod/$$m.ko; done; fi

$(B)/%/vmlinux.h: $(B)/%/kernel.key $(B)/x86_64/kernel.key
	$(call msg,GEN,$@)
	$(Q)$(BPFTOOL) btf dump file $(call kobj,$*)/vmlinux format c >$@

# BPF objects, one pattern for tests/progs/, bpf/examples/ and bpf/bench/:
# X.bpf.c builds into $(B)/ARCH/X.bpf.o.  The examples include
# <bpf/insn_kfuncs.h> as installed programs do (-I.).
BPF_HDR := $(wildcard bpf/*.h tests/progs/*.h bpf/examples/*.h bpf/bench/*.h)
bpf_inc_tests/progs := -Ibpf
bpf_inc_bpf/examples := -I.
bpf_inc_bpf/bench := -Ibpf
define bpf_rule
$(B)/$(1)/%.bpf.o: %.bpf.c $(BPF_HDR) $(B)/$(1)/vmlinux.h
	$$(call msg,CLANG,$$@)
	$(Q)mkdir -p $$(@D)
	$(Q)$$(or $$(CLANG_$$(*F)),$(CLANG)) -target bpf -O2 -g -Wall -D__TARGET_ARCH_$($(1)_karch) \
		-I$(B)/$(1) -I$$(call kobj,$(1))/libbpf-inst/include $$(bpf_inc_$$(<D)) -I$$(<D) \
		-c $$< -o $$@
# the same built with clang-22 ($(CLANG22)), whose bpf_fastcall attribute
# bpf/insn_kfuncs.h uses: X.bpf.c into $(B)/ARCH/clang22/X.bpf.o
$(B)/$(1)/clang22/%.bpf.o: %.bpf.c $(BPF_HDR) $(B)/$(1)/vmlinux.h
	$$(call msg,CLANG22,$$@)
	$(Q)mkdir -p $$(@D)
	$(Q)$(CLANG22) -target bpf -O2 -g -Wall -D__TARGET_ARCH_$($(1)_karch) \
		-I$(B)/$(1) -I$$(call kobj,$(1))/libbpf-inst/include $$(bpf_inc_$$(<D)) -I$$(<D) \
		-c $$< -o $$@
endef
$(foreach a,$(ARCHES),$(eval $(call bpf_rule,$(a))))

# The loaders: one static binary per arch (no libraries in the initramfs,
# libbpf once), "insn_test NAME ARGS..." runs loader NAME.
LOADER_SRC := $(wildcard tests/prog_tests/*.c)
LOADER_HDR := $(wildcard tests/prog_tests/*.h) tests/kmod/insn_fuzz_body.h
LOADERS := insn_test
x86_64_libdir :=
arm64_libdir := -L/usr/lib/aarch64-linux-gnu
$(B)/%/bin/insn_test: $(LOADER_SRC) $(LOADER_HDR) $(BPF_HDR) $(B)/%/kernel.key
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$($*_cross)gcc -O2 -g -Wall -Wextra -static -Ibpf -Itests/progs -Ibpf/bench \
		-I$(call kobj,$*)/libbpf-inst/include -I$(call ksrc,$*)/tools/include/uapi \
		$(LOADER_SRC) $(call kobj,$*)/libbpf/libbpf.a $($*_libdir) -lelf -lz -lzstd -o $@
