# SPDX-License-Identifier: GPL-2.0
#
# insn-kfuncs: build and test driver (kbuild only builds the module itself).
#
#   make         the module alone, against KDIR (default: the running kernel)
#   make dkms-install  the module through DKMS, as root
#   make check   deps, kernels, module, BPF objects, loaders, all VM tiers,
#                host checks, lint; ends with "N passed, N failed"
#   make demo    x86-64 guest: the programs of bpf/examples/, their results
#                beside C and the native code at each kfunc call site
#   make lint    checkpatch on module/ and patches/
#   make check-debug  the x86-64 guest tests on a KASAN/UBSAN/lockdep kernel
#   make clean   remove build/ (kernels stay in $(INSN_CACHE))
#   V=1          show the commands and the full tool output
#
# Products go under build/, kernels into $(INSN_CACHE)/kernel/ARCH-patched
# (tools/build-kernel.sh, cached by input hash).

.DELETE_ON_ERROR:
.SUFFIXES:
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

export INSN_CACHE ?= $(HOME)/.cache/insn-kfuncs
ARCHES := x86_64 arm64
B := build
JOBS ?= 2
CLANG ?= clang
# per object, where clang 14 is too old: it drops the __percpu_kptr type
# tag of a struct member from BTF, clang 16 keeps it
CLANG_percpu ?= clang-16

V ?= 0
ifeq ($(V),1)
Q :=
to_log :=
else
Q := @
# run quietly into log $(1); on failure show its tail
to_log = >$(1) 2>&1 || { tail -n 40 $(1); echo "log: $(1)"; exit 1; }
endif
msg = @printf '  %-7s %s\n' '$(1)' '$(2)'

kdir = $(INSN_CACHE)/kernel/$(1)-patched
BPFTOOL = $(call kdir,x86_64)/obj/bpftool/bpftool
CHECKPATCH = $(call kdir,x86_64)/src/scripts/checkpatch.pl

x86_64_karch := x86
x86_64_cross :=
x86_64_image := arch/x86/boot/bzImage
x86_64_busybox := /bin/busybox
x86_64_libdir :=
arm64_karch := arm64
arm64_cross := aarch64-linux-gnu-
arm64_image := arch/arm64/boot/Image
arm64_busybox := $(INSN_CACHE)/busybox-arm64/bin/busybox
arm64_libdir := -L/usr/lib/aarch64-linux-gnu

MODULE_SRC := Kbuild $(shell find module -name '*.[chS]' | sort)
BPF_HDR := $(wildcard bpf/*.h tests/progs/*.h bpf/examples/*.h bpf/bench/*.h)
VM_HDR := $(wildcard tests/prog_tests/*.h)
KMOD_SRC := $(wildcard tests/kmod/*)
KMODS := insn_bad_body insn_fuzz_body insn_test_kfuncs
FUZZ_CORPUS := $(wildcard tests/fuzz/corpus/*.body)
BPF_PROGS := $(patsubst %.c,%.o,$(notdir $(wildcard tests/progs/*.bpf.c)))
BPF_EXAMPLES := $(patsubst %.c,%.o,$(notdir $(wildcard bpf/examples/*.bpf.c)))
BPF_BENCH := $(patsubst %.c,%.o,$(notdir $(wildcard bpf/bench/*.bpf.c)))
# the guest's loaders: one binary, all of tests/prog_tests/*.c (main.c)
LOADER_SRC := $(wildcard tests/prog_tests/*.c)
LOADERS := insn_test
GUEST_SCRIPTS := $(wildcard tests/guest/*.sh)
LINT_FILES := $(shell find module tests/kmod -name '*.[ch]' | sort) $(wildcard patches/*.patch)

RESULTS := $(B)/results/lint.txt $(foreach a,$(ARCHES),$(B)/results/$(a)-kernel.txt \
	$(B)/results/$(a)-vm.txt $(B)/results/$(a)-jit.txt $(B)/results/$(a)-shapes.txt)
RESULTS += $(B)/results/host-x86_64.txt $(B)/results/host-arm64.txt $(B)/results/dkms.txt \
	$(B)/results/x86_64-stock-vm.txt $(B)/results/x86_64-debian-vm.txt \
	$(B)/results/arm64-debian-vm.txt $(B)/results/module-sections.txt $(B)/results/x86_64-bench.txt $(B)/results/arm64-bench.txt
RESULTS += $(B)/results/x86_64-stock-verifier.txt $(B)/results/x86_64-verifier.txt \
	$(B)/results/arm64-verifier.txt
# the debug kernel's run only where that kernel is cached (make check-debug)
ifneq ($(filter check,$(MAKECMDGOALS)),)
DEBUG_CACHED := $(shell tools/build-kernel.sh --cached x86_64 debug >/dev/null 2>&1 && echo yes)
endif
RESULTS += $(B)/results/x86_64-debug$(if $(DEBUG_CACHED),,-skip).txt

.PHONY: all check demo lint deps clean help fuzz fuzz-bodies check-series install-headers FORCE
.PHONY: check-debug module module-clean dkms-install
# a plain make builds the module alone (below); all: the guests' initramfs
module:
all: $(foreach a,$(ARCHES),$(B)/$(a)/initramfs.cpio.gz)

# The module alone, against the running kernel (or KDIR): no packages, no
# test kernels, no guests.  dkms-install (as root) registers, builds and
# installs it with DKMS, from a copy in /usr/src.
KDIR ?= /lib/modules/$(shell uname -r)/build
PKG_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
module:
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules
module-clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean
dkms-install:
	rm -rf /usr/src/insn-kfuncs-$(PKG_VERSION)
	mkdir -p /usr/src/insn-kfuncs-$(PKG_VERSION)
	cp -r Kbuild module dkms.conf /usr/src/insn-kfuncs-$(PKG_VERSION)/
	dkms status -m insn-kfuncs -v $(PKG_VERSION) | grep -q insn-kfuncs || \
		dkms add -m insn-kfuncs -v $(PKG_VERSION)
	dkms build -m insn-kfuncs -v $(PKG_VERSION)
	dkms install -m insn-kfuncs -v $(PKG_VERSION)

check: $(RESULTS)
	@tools/summary.sh $^

help:
	@sed -n '3,15s/^# \{0,1\}//p' Makefile

deps:
	$(call msg,DEPS,Debian packages)
	$(Q)tools/deps.sh

clean:
	rm -rf $(B)

# Everything built for one architecture.  $(1) is the arch; in here $$ is
# what a plain rule would write as $.
define arch_rules
# The key file changes only when the kernel was rebuilt, so what depends on
# it is rebuilt only then (make re-reads its mtime after the recipe).
$(B)/$(1)/kernel.key: FORCE | deps
	$(Q)mkdir -p $$(@D)
	$(Q)V=$(V) JOBS=$(JOBS) tools/build-kernel.sh $(1) patched >/dev/null
	$(Q)cmp -s $(call kdir,$(1))/key $$@ || cp $(call kdir,$(1))/key $$@

# Host check: a second call finds the kernel cached (its key is a pure
# function of its inputs), so re-running make check rebuilds no kernel.
$(B)/results/$(1)-kernel.txt: $(B)/$(1)/kernel.key FORCE
	$(Q)mkdir -p $$(@D)
	$(Q)if tools/build-kernel.sh $(1) patched 2>&1 >/dev/null | \
		grep -q '^  KERNEL  $(1)-patched cached'; then \
		echo "TEST $(1)/kernel.cached PASS"; \
	else \
		echo "TEST $(1)/kernel.cached FAIL second build-kernel.sh call rebuilt"; \
	fi >$$@

# Module BTF is tied to the vmlinux it was built against, and kbuild does
# not rebuild a module for a new vmlinux: start clean each time.
$(B)/$(1)/module/insn_kfuncs.ko: $(MODULE_SRC) $(B)/$(1)/kernel.key
	$(call msg,MODULE,$$@)
	$(Q)rm -rf $$(@D) && mkdir -p $$(@D) && rsync -a Kbuild module $$(@D)/
	$(Q)$(MAKE) -C $(call kdir,$(1))/obj M=$(CURDIR)/$$(@D) \
		ARCH=$($(1)_karch) CROSS_COMPILE=$($(1)_cross) -j$(JOBS) modules \
		$(call to_log,$(B)/$(1)/module.log)
	$(Q)readelf -SW $$@ | grep -qw '\.BTF' || \
		{ echo "error: $$@ has no .BTF section (kbuild skipped module BTF)"; exit 1; }

# The test modules that register bad and fuzzed bodies need the kernel's
# kfunc body interface; on a kernel without it the files are empty and the
# guest skips.
$(KMODS:%=$(B)/$(1)/kmod/%.ko) &: $(KMOD_SRC) $(B)/$(1)/kernel.key
	$(call msg,MODULE,$(KMODS:%=$(B)/$(1)/kmod/%.ko))
	$(Q)rm -rf $(B)/$(1)/kmod && mkdir -p $(B)/$(1)/kmod && rsync -a tests/kmod/ $(B)/$(1)/kmod/
	$(Q)if grep -q '^CONFIG_BPF_KFUNC_BODY=y' $(call kdir,$(1))/obj/.config; then \
		$(MAKE) -C $(call kdir,$(1))/obj M=$(CURDIR)/$(B)/$(1)/kmod \
		ARCH=$($(1)_karch) CROSS_COMPILE=$($(1)_cross) -j$(JOBS) modules \
		$(call to_log,$(B)/$(1)/kmod.log); \
	else for m in $(KMODS); do : >$(B)/$(1)/kmod/$$$$m.ko; done; fi

$(B)/$(1)/vmlinux.h: $(B)/$(1)/kernel.key $(B)/x86_64/kernel.key
	$(call msg,GEN,$$@)
	$(Q)$(BPFTOOL) btf dump file $(call kdir,$(1))/obj/vmlinux format c >$$@

$(B)/$(1)/bpf/%.bpf.o: tests/progs/%.bpf.c $(BPF_HDR) $(B)/$(1)/vmlinux.h
	$(call msg,CLANG,$$@)
	$(Q)mkdir -p $$(@D)
	$(Q)$$(or $$(CLANG_$$*),$(CLANG)) -target bpf -O2 -g -Wall -D__TARGET_ARCH_$($(1)_karch) \
		-I$(B)/$(1) -I$(call kdir,$(1))/obj/libbpf-inst/include \
		-Ibpf -Itests/progs -c $$< -o $$@

# The examples include <bpf/insn_kfuncs.h> as installed programs do (-I.).
$(B)/$(1)/bpf/examples/%.bpf.o: bpf/examples/%.bpf.c $(BPF_HDR) $(B)/$(1)/vmlinux.h
	$(call msg,CLANG,$$@)
	$(Q)mkdir -p $$(@D)
	$(Q)$(CLANG) -target bpf -O2 -g -Wall -D__TARGET_ARCH_$($(1)_karch) \
		-I$(B)/$(1) -I$(call kdir,$(1))/obj/libbpf-inst/include \
		-I. -Ibpf/examples -c $$< -o $$@

# The benchmark programs of make bench (tools/replay/).
$(B)/$(1)/bpf/bench/%.bpf.o: bpf/bench/%.bpf.c $(BPF_HDR) $(B)/$(1)/vmlinux.h
	$(call msg,CLANG,$$@)
	$(Q)mkdir -p $$(@D)
	$(Q)$(CLANG) -target bpf -O2 -g -Wall -D__TARGET_ARCH_$($(1)_karch) \
		-I$(B)/$(1) -I$(call kdir,$(1))/obj/libbpf-inst/include \
		-Ibpf -Ibpf/bench -c $$< -o $$@

# Static, so the initramfs needs no libraries; one binary, so it holds
# libbpf once: "insn_test NAME ARGS..." runs loader NAME.
$(B)/$(1)/bin/insn_test: $(LOADER_SRC) $(BPF_HDR) $(VM_HDR) $(B)/$(1)/kernel.key
	$(call msg,CC,$$@)
	$(Q)mkdir -p $$(@D)
	$(Q)$($(1)_cross)gcc -O2 -g -Wall -Wextra -static -Ibpf -Itests/progs -Ibpf/bench \
		-I$(call kdir,$(1))/obj/libbpf-inst/include \
		-I$(call kdir,$(1))/src/tools/include/uapi \
		$(LOADER_SRC) $(call kdir,$(1))/obj/libbpf/libbpf.a \
		$($(1)_libdir) -lelf -lz -lzstd -o $$@
# the validator fuzzer shares its request format with its test module
$(B)/$(1)/bin/insn_test: tests/kmod/insn_fuzz_body.h

$(1)_files := $(B)/$(1)/module/insn_kfuncs.ko $(KMODS:%=$(B)/$(1)/kmod/%.ko) $(FUZZ_CORPUS) \
	$(BPF_PROGS:%=$(B)/$(1)/bpf/%) $(LOADERS:%=$(B)/$(1)/bin/%) $($(1)_extra_files) \
	$(BPF_EXAMPLES:%=$(B)/$(1)/bpf/examples/%) $(BPF_BENCH:%=$(B)/$(1)/bpf/bench/%)
$(1)_map := insn/insn_kfuncs.ko=$(B)/$(1)/module/insn_kfuncs.ko $($(1)_extra_map) \
	$(foreach m,$(KMODS),insn/$(m).ko=$(B)/$(1)/kmod/$(m).ko) \
	$(foreach c,$(FUZZ_CORPUS),insn/fuzz/$(notdir $(c))=$(c)) \
	$(foreach p,$(BPF_PROGS),insn/bpf/$(p)=$(B)/$(1)/bpf/$(p)) \
	$(foreach p,$(BPF_EXAMPLES),insn/bpf/examples/$(p)=$(B)/$(1)/bpf/examples/$(p)) \
	$(foreach p,$(BPF_BENCH),insn/bpf/bench/$(p)=$(B)/$(1)/bpf/bench/$(p)) \
	$(foreach l,$(LOADERS),insn/bin/$(l)=$(B)/$(1)/bin/$(l)) \
	$(foreach s,$(GUEST_SCRIPTS),insn/tests/$(notdir $(s))=$(s))

$(B)/$(1)/initramfs.cpio.gz: tools/mkinitramfs.sh tools/guest-init \
		$(GUEST_SCRIPTS) $$($(1)_files) $(B)/$(1)/kernel.key
	$(call msg,CPIO,$$@)
	$(Q)tools/mkinitramfs.sh $$@ $($(1)_busybox) \
		$(call kdir,$(1))/obj/usr/gen_init_cpio $$($(1)_map)

# The VM tier: the guest's TEST lines, prefixed with the arch, and one line
# for the run itself (kernel warnings, timeout, token, exit status).
$(B)/results/$(1)-vm.txt: $(B)/$(1)/initramfs.cpio.gz FORCE
	$(call msg,VM,$(1) guest (log: $(B)/$(1)/vm.log))
	$(Q)mkdir -p $$(@D)
	$(Q)tools/vm-run.sh $(1) $(call kdir,$(1))/obj/$($(1)_image) $$< \
		$(B)/$(1)/vm.log 2>$(B)/$(1)/vm.status; rc=$$$$?; \
	{ tr -d '\r' <$(B)/$(1)/vm.log 2>/dev/null | sed -n 's|^TEST |TEST $(1)/|p'; \
	  why=$$$$(tail -n1 $(B)/$(1)/vm.status); \
	  case $$$$rc in \
	  0) echo "TEST $(1)/vm PASS";; \
	  77) echo "TEST $(1)/vm SKIP $$$$why";; \
	  *) echo "TEST $(1)/vm FAIL $$$$why";; \
	  esac; } >$$@

# Host check: the JIT images the guest printed disassemble cleanly.
$(B)/results/$(1)-jit.txt: $(B)/results/$(1)-vm.txt
	$(call msg,OBJDUMP,$(1) JIT images -> $(B)/$(1)/jit/)
	$(Q)tools/jit-disasm.sh $(1) $(B)/$(1)/vm.log $(B)/$(1)/jit | \
		sed 's|^TEST |TEST $(1)/|' >$$@

# Host check: native code has the shape it should (tests/host/jit-shapes.sh).
$(B)/results/$(1)-shapes.txt: $(B)/results/$(1)-jit.txt tests/host/jit-shapes.sh
	$(call msg,SHAPES,$(1) native code in $(B)/$(1)/jit/)
	$(Q)tests/host/jit-shapes.sh $(1) $(B)/$(1)/jit | sed 's|^TEST |TEST $(1)/|' >$$@
endef
# DKMS (x86-64, the host's arch): the module built as DKMS builds it, in a
# private DKMS tree; the guest loads it (tests/guest/15-dkms.sh).
x86_64_extra_files := $(B)/x86_64/dkms/insn_kfuncs.ko
x86_64_extra_map := insn/dkms/insn_kfuncs.ko=$(B)/x86_64/dkms/insn_kfuncs.ko

$(foreach a,$(ARCHES),$(eval $(call arch_rules,$(a))))

$(B)/x86_64/dkms/insn_kfuncs.ko: dkms.conf tools/dkms-build.sh $(MODULE_SRC) $(B)/x86_64/kernel.key
	$(call msg,DKMS,$@)
	$(Q)mkdir -p $(@D)
	$(Q)tools/dkms-build.sh $(call kdir,x86_64)/obj $@ $(call to_log,$(B)/x86_64/dkms.log)

# The unpatched tier: the module built against Linux 6.12 without the
# series (same builder, empty series), with the x86-64 BPF objects and
# loaders, running tests/guest/stock.sh.
SK := $(INSN_CACHE)/kernel/x86_64-stock
$(B)/x86_64-stock/kernel.key: FORCE | deps
	$(Q)mkdir -p $(@D)
	$(Q)V=$(V) JOBS=$(JOBS) tools/build-kernel.sh x86_64 stock >/dev/null
	$(Q)cmp -s $(SK)/key $@ || cp $(SK)/key $@

$(B)/x86_64-stock/module/insn_kfuncs.ko: $(MODULE_SRC) $(B)/x86_64-stock/kernel.key
	$(call msg,MODULE,$@)
	$(Q)rm -rf $(@D) && mkdir -p $(@D) && rsync -a Kbuild module $(@D)/
	$(Q)$(MAKE) -C $(SK)/obj M=$(CURDIR)/$(@D) -j$(JOBS) modules \
		$(call to_log,$(B)/x86_64-stock/module.log)
	$(Q)readelf -SW $@ | grep -qw '\.BTF' || { echo "error: $@ has no .BTF section"; exit 1; }

stock_map := insn/insn_kfuncs.ko=$(B)/x86_64-stock/module/insn_kfuncs.ko \
	$(foreach p,$(BPF_PROGS),insn/bpf/$(p)=$(B)/x86_64/bpf/$(p)) \
	$(foreach l,$(LOADERS),insn/bin/$(l)=$(B)/x86_64/bin/$(l)) \
	$(foreach s,$(GUEST_SCRIPTS),insn/tests/$(notdir $(s))=$(s))

$(B)/x86_64-stock/initramfs.cpio.gz: tools/mkinitramfs.sh tools/guest-init $(GUEST_SCRIPTS) \
		$(B)/x86_64-stock/module/insn_kfuncs.ko $(BPF_PROGS:%=$(B)/x86_64/bpf/%) \
		$(LOADERS:%=$(B)/x86_64/bin/%)
	$(call msg,CPIO,$@)
	$(Q)tools/mkinitramfs.sh $@ $(x86_64_busybox) $(SK)/obj/usr/gen_init_cpio $(stock_map)

$(B)/results/x86_64-stock-vm.txt: $(B)/x86_64-stock/initramfs.cpio.gz FORCE
	$(call msg,VM,x86_64 guest on Linux 6.12 without the series (log: $(B)/x86_64-stock/vm.log))
	$(Q)tools/vm-run.sh x86_64 $(SK)/obj/$(x86_64_image) $< \
		$(B)/x86_64-stock/vm.log insn.run=stock 2>$(B)/x86_64-stock/vm.status; rc=$$?; \
	{ tr -d '\r' <$(B)/x86_64-stock/vm.log 2>/dev/null | sed -n 's|^TEST |TEST x86_64-stock/|p'; \
	  why=$$(tail -n1 $(B)/x86_64-stock/vm.status); \
	  case $$rc in \
	  0) echo "TEST x86_64-stock/vm PASS";; \
	  77) echo "TEST x86_64-stock/vm SKIP $$why";; \
	  *) echo "TEST x86_64-stock/vm FAIL $$why";; \
	  esac; } >$@

# Debian's own kernels (tools/debian-kernel.sh: cloud-amd64 and
# cloud-arm64 of the version linux-source-6.12 has, from apt): the module
# built by DKMS against their headers (cross-built for arm64), and the
# unpatched tier (tests/guest/stock.sh) booted on Debian's vmlinuz.  The
# kernel file says "release vmlinuz headers"; it changes only when they do.
x86_64_debian := cloud-amd64
arm64_debian := cloud-arm64
x86_64_dkms :=
arm64_dkms := --arm64
define debian_rules
$(B)/$(1)-debian/kernel: FORCE | deps
	$(Q)mkdir -p $$(@D)
	$(Q)tools/debian-kernel.sh $($(1)_debian) >$$@.tmp
	$(Q)cmp -s $$@.tmp $$@ && rm $$@.tmp || mv $$@.tmp $$@

$(B)/$(1)-debian/dkms/insn_kfuncs.ko: dkms.conf tools/dkms-build.sh $(MODULE_SRC) \
		$(B)/$(1)-debian/kernel
	$(call msg,DKMS,$$@ against the Debian $($(1)_debian) headers)
	$(Q)mkdir -p $$(@D)
	$(Q)tools/dkms-build.sh $($(1)_dkms) $$$$(cut -d' ' -f3 $(B)/$(1)-debian/kernel) $$@ \
		$(call to_log,$(B)/$(1)-debian/dkms.log)

$(1)_debian_map := insn/insn_kfuncs.ko=$(B)/$(1)-debian/dkms/insn_kfuncs.ko \
	$(foreach p,$(BPF_PROGS),insn/bpf/$(p)=$(B)/$(1)/bpf/$(p)) \
	$(foreach l,$(LOADERS),insn/bin/$(l)=$(B)/$(1)/bin/$(l)) \
	$(foreach s,$(GUEST_SCRIPTS),insn/tests/$(notdir $(s))=$(s))

$(B)/$(1)-debian/initramfs.cpio.gz: tools/mkinitramfs.sh tools/guest-init $(GUEST_SCRIPTS) \
		$(B)/$(1)-debian/dkms/insn_kfuncs.ko $(BPF_PROGS:%=$(B)/$(1)/bpf/%) \
		$(LOADERS:%=$(B)/$(1)/bin/%) $(B)/x86_64-stock/kernel.key
	$(call msg,CPIO,$$@)
	$(Q)tools/mkinitramfs.sh $$@ $($(1)_busybox) $(SK)/obj/usr/gen_init_cpio \
		$$($(1)_debian_map)

$(B)/results/$(1)-debian-vm.txt: $(B)/$(1)-debian/initramfs.cpio.gz FORCE
	$(call msg,VM,$(1) guest on the Debian $($(1)_debian) kernel (log: $(B)/$(1)-debian/vm.log))
	$(Q)tools/vm-run.sh $(1) $$$$(cut -d' ' -f2 $(B)/$(1)-debian/kernel) $$< \
		$(B)/$(1)-debian/vm.log insn.run=stock 2>$(B)/$(1)-debian/vm.status; rc=$$$$?; \
	{ tr -d '\r' <$(B)/$(1)-debian/vm.log 2>/dev/null | sed -n 's|^TEST |TEST $(1)-debian/|p'; \
	  why=$$$$(tail -n1 $(B)/$(1)-debian/vm.status); \
	  case $$$$rc in \
	  0) echo "TEST $(1)-debian/vm PASS $$$$(cut -d' ' -f1 $(B)/$(1)-debian/kernel)";; \
	  77) echo "TEST $(1)-debian/vm SKIP $$$$why";; \
	  *) echo "TEST $(1)-debian/vm FAIL $$$$why";; \
	  esac; } >$$@
endef
$(foreach a,$(ARCHES),$(eval $(call debian_rules,$(a))))

# Host check: every build of the module keeps its per-CPU variables where
# the module loader allocates per-CPU space.
SECTION_MODULES := $(foreach a,$(ARCHES),$(a)=$(B)/$(a)/module/insn_kfuncs.ko \
	$(a)-debian=$(B)/$(a)-debian/dkms/insn_kfuncs.ko) \
	x86_64-stock=$(B)/x86_64-stock/module/insn_kfuncs.ko
$(B)/results/module-sections.txt: tests/host/module-sections.sh $(foreach m,$(SECTION_MODULES),$(lastword $(subst =, ,$(m))))
	$(Q)mkdir -p $(@D)
	$(Q)tests/host/module-sections.sh $(SECTION_MODULES) >$@ || true

# The kernel's own verifier tests (tools/test-verifier.sh,
# tests/guest/verifier.sh): test_verifier of the 6.12 tree, one binary per
# arch (the series leaves its sources alone; the build checks that), and
# bpf_testmod.ko per kernel, in boots of their own: x86-64 stock, x86-64
# patched without and with insn_kfuncs.ko, arm64 patched without and with.
# Every test must have the same verdict in every run.  The boots take
# minutes under TCG, so a result is remade only when what it tests changed;
# one with a failure is dated back, so the next make check runs it again.
TV := $(B)/verifier
VERIFIER_TIMEOUT ?= 900
tv_arch_x86_64 := x86_64
tv_arch_x86_64-stock := x86_64
tv_arch_arm64 := arm64
tv_kdir_x86_64 := $(call kdir,x86_64)
tv_kdir_x86_64-stock := $(SK)
tv_kdir_arm64 := $(call kdir,arm64)
tv_redo = if grep -q '^TEST [^ ]* FAIL' $@; then touch -d @0 $@; fi

# The binary changes only when its sources do, not with every new kernel
# (the builder keeps an unchanged one): the stamp records the build.
$(TV)/x86_64/test_verifier.stamp: tools/test-verifier.sh $(B)/x86_64/kernel.key \
		$(B)/x86_64-stock/kernel.key
$(TV)/arm64/test_verifier.stamp: tools/test-verifier.sh $(B)/arm64/kernel.key
$(TV)/%/test_verifier.stamp:
	$(call msg,CC,$(@:.stamp=))
	$(Q)mkdir -p $(@D)
	$(Q)tools/test-verifier.sh build $* $(tv_kdir_$*) $(@:.stamp=) \
		$(if $(filter x86_64,$*),$(SK)/src) $(call to_log,$(@D)/build.log)
	$(Q)touch $@
$(TV)/%/test_verifier: $(TV)/%/test_verifier.stamp
	$(Q)[ -f $@ ] || { rm -f $<; $(MAKE) --no-print-directory $<; }

$(TV)/%/bpf_testmod.ko: tools/test-verifier.sh $(B)/%/kernel.key
	$(call msg,MODULE,$@)
	$(Q)mkdir -p $(@D)
	$(Q)JOBS=$(JOBS) tools/test-verifier.sh testmod $(tv_arch_$*) $(tv_kdir_$*) $@ \
		$(call to_log,$(@D)/testmod.log)

# $(1): boot (x86_64, x86_64-stock, arm64)
tv_files = tests/guest/verifier.sh $(TV)/$(tv_arch_$(1))/test_verifier \
	$(TV)/$(1)/bpf_testmod.ko $(if $(filter-out x86_64-stock,$(1)),$(B)/$(1)/module/insn_kfuncs.ko)
tv_map = insn/tests/verifier.sh=tests/guest/verifier.sh \
	insn/verifier/test_verifier=$(TV)/$(tv_arch_$(1))/test_verifier \
	insn/verifier/bpf_testmod.ko=$(TV)/$(1)/bpf_testmod.ko \
	$(if $(filter-out x86_64-stock,$(1)),insn/insn_kfuncs.ko=$(B)/$(1)/module/insn_kfuncs.ko)

$(foreach t,x86_64 x86_64-stock arm64,$(eval $(TV)/$(t)/initramfs.cpio.gz: $(call tv_files,$(t))))
$(TV)/%/initramfs.cpio.gz: tools/mkinitramfs.sh tools/guest-init
	$(call msg,CPIO,$@)
	$(Q)tools/mkinitramfs.sh $@ $($(tv_arch_$*)_busybox) \
		$(tv_kdir_$*)/obj/usr/gen_init_cpio $(call tv_map,$*)

# $(1): boot; a guest run of test_verifier (tests/guest/verifier.sh)
tv_boot = VM_TIMEOUT=$(VERIFIER_TIMEOUT) tools/test-verifier.sh boot $(tv_arch_$(1)) \
	$(tv_kdir_$(1))/obj/$($(tv_arch_$(1))_image) $(TV)/$(1)/initramfs.cpio.gz \
	$(TV)/$(1)/vm.log 2>/dev/null

$(B)/results/x86_64-stock-verifier.txt: $(TV)/x86_64-stock/initramfs.cpio.gz \
		$(B)/x86_64-stock/kernel.key tools/test-verifier.sh tools/vm-run.sh
	$(call msg,VM,test_verifier on Linux 6.12 without the series (log: $(TV)/x86_64-stock/vm.log))
	$(Q)mkdir -p $(@D)
	$(Q)$(call tv_boot,x86_64-stock); tools/test-verifier.sh compare x86_64 \
		$(TV)/x86_64 stock=$(TV)/x86_64-stock/vm.log:plain >$@
	$(Q)$(tv_redo)

$(B)/results/x86_64-verifier.txt: $(TV)/x86_64/initramfs.cpio.gz $(B)/x86_64/kernel.key \
		$(B)/results/x86_64-stock-verifier.txt
	$(call msg,VM,test_verifier with the series: without and with the module (log: $(TV)/x86_64/vm.log))
	$(Q)$(call tv_boot,x86_64); tools/test-verifier.sh compare x86_64 $(TV)/x86_64 \
		--base stock=$(TV)/x86_64-stock/vm.log:plain patched=$(TV)/x86_64/vm.log:plain \
		patched+module=$(TV)/x86_64/vm.log:module >$@
	$(Q)$(tv_redo)

$(B)/results/arm64-verifier.txt: $(TV)/arm64/initramfs.cpio.gz $(B)/arm64/kernel.key \
		tools/test-verifier.sh tools/vm-run.sh
	$(call msg,VM,arm64 test_verifier with the series: without and with the module (log: $(TV)/arm64/vm.log))
	$(Q)mkdir -p $(@D)
	$(Q)$(call tv_boot,arm64); tools/test-verifier.sh compare arm64 $(TV)/arm64 \
		patched=$(TV)/arm64/vm.log:plain patched+module=$(TV)/arm64/vm.log:module >$@
	$(Q)$(tv_redo)

# make check-debug: the x86-64 guest tests on the debug kernel, the series
# plus tools/configs/debug.config (KASAN, UBSAN, lockdep,
# DEBUG_ATOMIC_SLEEP, kmemleak): every guest script, then
# tests/guest/stress.sh (module load and unload while programs are loaded
# and freed, and the checkers' verdicts).  The module, the test modules and
# the DKMS build are built against the debug kernel, the BPF objects and
# loaders are the x86-64 ones.  Any report in the console log fails the run
# (tools/vm-run.sh).  As for test_verifier, the run is remade only when
# what it tests changed, and one that failed is dated back.  make check
# includes it where the debug kernel is cached, else says it skipped it.
DK := $(INSN_CACHE)/kernel/x86_64-debug
DEBUG_TIMEOUT ?= 1800
DEBUG_RUN ?= [0-9]*,stress
DEBUG_COLD := cold build 17 min with JOBS=2 beside another kernel build, run 6 min

$(B)/x86_64-debug/kernel.key: FORCE | deps
	$(Q)mkdir -p $(@D)
	$(Q)V=$(V) JOBS=$(JOBS) tools/build-kernel.sh x86_64 debug >/dev/null
	$(Q)cmp -s $(DK)/key $@ || cp $(DK)/key $@

$(B)/x86_64-debug/module/insn_kfuncs.ko: $(MODULE_SRC) $(B)/x86_64-debug/kernel.key
	$(call msg,MODULE,$@)
	$(Q)rm -rf $(@D) && mkdir -p $(@D) && rsync -a Kbuild module $(@D)/
	$(Q)$(MAKE) -C $(DK)/obj M=$(CURDIR)/$(@D) -j$(JOBS) modules \
		$(call to_log,$(B)/x86_64-debug/module.log)
	$(Q)readelf -SW $@ | grep -qw '\.BTF' || { echo "error: $@ has no .BTF section"; exit 1; }

$(KMODS:%=$(B)/x86_64-debug/kmod/%.ko) &: $(KMOD_SRC) $(B)/x86_64-debug/kernel.key
	$(call msg,MODULE,$(KMODS:%=$(B)/x86_64-debug/kmod/%.ko))
	$(Q)rm -rf $(B)/x86_64-debug/kmod && mkdir -p $(B)/x86_64-debug/kmod && \
		rsync -a tests/kmod/ $(B)/x86_64-debug/kmod/
	$(Q)$(MAKE) -C $(DK)/obj M=$(CURDIR)/$(B)/x86_64-debug/kmod -j$(JOBS) modules \
		$(call to_log,$(B)/x86_64-debug/kmod.log)

$(B)/x86_64-debug/dkms/insn_kfuncs.ko: dkms.conf tools/dkms-build.sh $(MODULE_SRC) \
		$(B)/x86_64-debug/kernel.key
	$(call msg,DKMS,$@)
	$(Q)mkdir -p $(@D)
	$(Q)tools/dkms-build.sh $(DK)/obj $@ $(call to_log,$(B)/x86_64-debug/dkms.log)

# the x86-64 guest's files, its modules swapped for the debug kernel's
debug_mods := $(B)/x86_64-debug/module/insn_kfuncs.ko $(B)/x86_64-debug/dkms/insn_kfuncs.ko \
	$(KMODS:%=$(B)/x86_64-debug/kmod/%.ko)
debug_files := $(debug_mods) $(filter-out $(B)/x86_64/module/% $(B)/x86_64/dkms/% \
	$(B)/x86_64/kmod/%,$(x86_64_files))
debug_map := $(subst $(B)/x86_64/,$(B)/x86_64-debug/,$(filter insn/insn_kfuncs.ko=% \
	insn/dkms/% $(KMODS:%=insn/%.ko=%),$(x86_64_map))) \
	$(filter-out insn/insn_kfuncs.ko=% insn/dkms/% $(KMODS:%=insn/%.ko=%),$(x86_64_map))

$(B)/x86_64-debug/initramfs.cpio.gz: tools/mkinitramfs.sh tools/guest-init $(GUEST_SCRIPTS) \
		$(debug_files) $(B)/x86_64-debug/kernel.key
	$(call msg,CPIO,$@)
	$(Q)tools/mkinitramfs.sh $@ $(x86_64_busybox) $(DK)/obj/usr/gen_init_cpio $(debug_map)

# The guest's TEST lines, one line saying the checkers were on (boot
# messages; UBSAN prints none, build-kernel.sh checked its config), and one
# for the run.
debug_on := KASAN=KernelAddressSanitizer.initialized lockdep=Lock.dependency.validator \
	kmemleak=Kernel.memory.leak.detector.initialized
$(B)/results/x86_64-debug.txt: $(B)/x86_64-debug/initramfs.cpio.gz $(B)/x86_64-debug/kernel.key \
		tools/vm-run.sh
	$(call msg,VM,x86_64 guest on the debug kernel (log: $(B)/x86_64-debug/vm.log))
	$(Q)mkdir -p $(@D)
	$(Q)VM_TIMEOUT=$(DEBUG_TIMEOUT) tools/vm-run.sh x86_64 $(DK)/obj/$(x86_64_image) $< \
		$(B)/x86_64-debug/vm.log 'insn.run=$(DEBUG_RUN)' 2>$(B)/x86_64-debug/vm.status; \
	rc=$$?; L=$(B)/x86_64-debug/vm.log; \
	{ tr -d '\r' <$$L 2>/dev/null | sed -n 's|^TEST |TEST x86_64-debug/|p'; \
	  off=$$(for c in $(debug_on); do grep -q "$${c#*=}" $$L || echo "$${c%%=*}"; done); \
	  if [ -z "$$off" ]; then echo "TEST x86_64-debug/checkers PASS KASAN, lockdep, kmemleak on"; \
	  else echo "TEST x86_64-debug/checkers FAIL not on at boot:" $$off; fi; \
	  why=$$(tail -n1 $(B)/x86_64-debug/vm.status); \
	  case $$rc in \
	  0) echo "TEST x86_64-debug/vm PASS $${why#vm-run: x86_64: }";; \
	  77) echo "TEST x86_64-debug/vm SKIP $$why";; \
	  *) echo "TEST x86_64-debug/vm FAIL $$why";; \
	  esac; } >$@
	$(Q)$(tv_redo)

$(B)/results/x86_64-debug-skip.txt: FORCE
	$(Q)mkdir -p $(@D)
	$(Q)echo "TEST x86_64-debug SKIP the debug kernel is not cached: make check-debug builds and runs it ($(DEBUG_COLD))" >$@

check-debug: $(B)/results/x86_64-debug.txt
	@tools/summary.sh $^

# DKMS refuses a kernel without module BTF, saying why.
$(B)/results/dkms.txt: dkms.conf tools/dkms-build.sh $(B)/x86_64/kernel.key
	$(call msg,DKMS,refuses a kernel without CONFIG_DEBUG_INFO_BTF_MODULES)
	$(Q)mkdir -p $(@D) $(B)/dkms-nobtf/include/config
	$(Q)grep -v CONFIG_DEBUG_INFO_BTF_MODULES $(call kdir,x86_64)/obj/.config \
		>$(B)/dkms-nobtf/.config
	$(Q)cp $(call kdir,x86_64)/obj/include/config/kernel.release $(B)/dkms-nobtf/include/config/
	$(Q)if why=$$(tools/dkms-build.sh --refuse $(B)/dkms-nobtf 2>&1); then \
		echo "TEST dkms.refuses_no_module_btf PASS $$why"; \
	else echo "TEST dkms.refuses_no_module_btf FAIL $$why"; fi >$@

$(B)/results/lint.txt: $(B)/x86_64/kernel.key FORCE
	$(call msg,LINT,checkpatch: $(words $(LINT_FILES)) files)
	$(Q)mkdir -p $(@D)
	$(Q)tools/lint.sh $(CHECKPATCH) $(LINT_FILES) >$@ 2>/dev/null || true

# The host tier (tests/host/): the module's family files and emitters
# compiled unchanged in user space behind a shim (tests/host/shim/), their
# bodies run by a small interpreter and their native code run in place, all
# against the kfuncs' C code.  gen-kdefs.sh takes the BPF instruction
# macros, the ABI header and the iterator kfuncs from the kernel tree.
# Families whose code needs a running kernel are skipped with a reason.
HOST_SKIP := percpu
HOST_SKIP_WHY := per-CPU code reads %gs, or tpidr_el1 and sp_el0 (EL1 registers), and kernel symbols (nr_cpu_ids, __per_cpu_offset); tested in the guests
HOST_FAMILIES := $(shell sed -n 's/^INSN_FAMILY(\(.*\))$$/\1/p' module/families.h)
HOST_HDR := $(wildcard tests/host/*.h tests/host/shim/*.h tests/host/shim/*/*.h)
x86_64_host_src := $(filter-out $(HOST_SKIP:%=module/%.c),$(HOST_FAMILIES:%=module/%.c)) \
	$(filter-out $(HOST_SKIP:%=module/x86/%.c),$(wildcard module/x86/*.c)) \
	$(filter-out tests/host/arm64_%,$(wildcard tests/host/*.c))
HOST_CFLAGS = -O2 -g -Wall -Wextra -fno-strict-overflow \
	-include tests/host/shim/prelude.h -Itests/host/shim -I$(B)/host/$(1)/gen \
	-Itests/host -I$(call kdir,$(1))/src/tools/include/uapi

$(B)/host/%/gen/kiter.c: tests/host/gen-kdefs.sh $(B)/%/kernel.key
	$(call msg,GEN,$(@D))
	$(Q)tests/host/gen-kdefs.sh $(call kdir,$*)/src $(@D)

$(B)/host/%/gen/host_families.h: module/families.h Makefile
	$(Q)mkdir -p $(@D)
	$(Q)for f in $(HOST_FAMILIES); do case " $(HOST_SKIP) " in \
		*" $$f "*) echo "SKIP_FAMILY($$f, \"$(HOST_SKIP_WHY)\")";; \
		*) echo "FAMILY($$f)";; esac; done >$@

$(B)/host/x86_64/host_test: $(x86_64_host_src) $(HOST_HDR) $(MODULE_SRC) \
		$(B)/host/x86_64/gen/kiter.c $(B)/host/x86_64/gen/host_families.h
	$(call msg,CC,$@)
	$(Q)gcc $(call HOST_CFLAGS,x86_64) -o $@ $(x86_64_host_src) $(B)/host/x86_64/gen/kiter.c

# arm64: cross-built, static, run under qemu-aarch64-static, with the
# kernel's arch/arm64/lib/insn.c encoders.  The emitters use encoders the
# companion series adds there; while the cached arm64 kernel lacks one the
# build fails, and the tier is a SKIP naming the compiler's first error
# (the arm64 module build fails on the same thing).
# The load_be emitters as a big-endian kernel builds them (CONFIG_CPU_BIG_ENDIAN)
# and as a little-endian one does: tests/host/arm64_endian.c, a program of its
# own, checks the words each emits (no rev on big-endian) and runs them.
# host_test compares only the little-endian build, as the hosts are.
arm64_endian_main := tests/host/arm64_endian.c
arm64_endian_src := $(arm64_endian_main) tests/host/arm64_exec.c module/arm64/load_be.c
arm64_endian_le :=
arm64_endian_be := -DCONFIG_CPU_BIG_ENDIAN=1
arm64_host_src := $(filter-out $(HOST_SKIP:%=module/%.c),$(HOST_FAMILIES:%=module/%.c)) \
	$(filter-out $(HOST_SKIP:%=module/arm64/%.c),$(wildcard module/arm64/*.c)) \
	$(filter-out tests/host/x86_% $(arm64_endian_main),$(wildcard tests/host/*.c))
$(B)/host/arm64/host_test: $(arm64_host_src) $(HOST_HDR) $(MODULE_SRC) \
		$(B)/host/arm64/gen/kiter.c $(B)/host/arm64/gen/host_families.h
	$(call msg,CC,$@)
	$(Q)rm -f $@.err; $(arm64_cross)gcc -static $(call HOST_CFLAGS,arm64) \
		-isystem $(B)/host/arm64/gen/arm64 $(arm64_libdir) -o $@ $(arm64_host_src) \
		$(B)/host/arm64/gen/kiter.c $(B)/host/arm64/gen/arm64/insn.c 2>$@.log || \
	{ grep -m1 'error:' $@.log >$@.err || echo "build failed" >$@.err; : >$@; }

$(B)/host/arm64/endian-le $(B)/host/arm64/endian-be: $(B)/host/arm64/endian-%: \
		$(arm64_endian_src) $(HOST_HDR) $(MODULE_SRC) $(B)/host/arm64/gen/kiter.c
	$(call msg,CC,$@)
	$(Q)rm -f $@.err; $(arm64_cross)gcc -static $(call HOST_CFLAGS,arm64) $(arm64_endian_$*) \
		-isystem $(B)/host/arm64/gen/arm64 $(arm64_libdir) -o $@ $(arm64_endian_src) \
		$(B)/host/arm64/gen/arm64/insn.c 2>$@.log || \
	{ grep -m1 'error:' $@.log >$@.err || echo "build failed" >$@.err; : >$@; }

# host_test exits 1 when a test fails (its FAIL lines say which); any other
# status means it died, which must fail too.  $(1): arch, $(2): command.
host_results = $(2) >$(B)/host/$(1)/run.log 2>&1; rc=$$?; \
	{ cat $(B)/host/$(1)/run.log; \
	  [ $$rc -le 1 ] || echo "TEST host.$(1) FAIL host_test exited with status $$rc"; } >$@

$(B)/results/host-x86_64.txt: $(B)/host/x86_64/host_test FORCE
	$(call msg,HOST,x86_64 emitters and bodies (tests/host/))
	$(Q)mkdir -p $(@D)
	$(Q)$(call host_results,x86_64,$<)

# arm64_endian exits 1 when a test fails, as host_test does; a build of it
# that fails where host_test built is a failure too.  $(1): le or be.
endian_results = if [ -s $(B)/host/arm64/endian-$(1).err ]; then \
		echo "TEST host.arm64.endian-$(1) FAIL cannot build: $$(cat $(B)/host/arm64/endian-$(1).err)"; \
	else qemu-aarch64-static $(B)/host/arm64/endian-$(1) 2>&1; rc=$$?; \
		[ $$rc -le 1 ] || echo "TEST host.arm64.endian-$(1) FAIL exited with status $$rc"; fi

# half the x86 count (the multiplier scales inputs and assignments): qemu
# runs it about ten times slower
$(B)/results/host-arm64.txt: $(B)/host/arm64/host_test $(B)/host/arm64/endian-le \
		$(B)/host/arm64/endian-be FORCE
	$(call msg,HOST,arm64 emitters and bodies under qemu-aarch64-static)
	$(Q)mkdir -p $(@D)
	$(Q)if [ -s $<.err ]; then \
		echo "TEST host.arm64 SKIP cannot build module/arm64 against the arm64 kernel's encoders: $$(cat $<.err)" >$@; \
	elif ! command -v qemu-aarch64-static >/dev/null; then \
		echo "TEST host.arm64 SKIP no qemu-aarch64-static" >$@; \
	else $(call host_results,arm64,qemu-aarch64-static $< -n 0.5); \
		{ $(call endian_results,le); $(call endian_results,be); } >>$@; fi

# make fuzz [FUZZ_N=200] [FUZZ_BODIES=n] [SEED=n]: the host tier of both
# arches with FUZZ_N times the inputs and register assignments (arm64 half
# that: qemu-user), and the body validator fuzzer with FUZZ_BODIES requests
# in the x86-64 guest (tests/guest/36-fuzz-body.sh), from a new seed unless
# SEED is given.  make fuzz-bodies: the validator fuzzer alone.
FUZZ_N ?= 100
FUZZ_BODIES ?= 50000
FUZZ_SEED := $(or $(SEED),$(shell od -An -N8 -tu8 /dev/urandom | tr -d ' '))
FUZZ_LOGS := $(B)/host/fuzz-x86_64.log $(B)/host/fuzz-arm64.log $(B)/x86_64/fuzz-bodies.txt
fuzz: $(B)/host/x86_64/host_test $(B)/host/arm64/host_test fuzz-bodies
	$(call msg,FUZZ,host tier x $(FUZZ_N) (log: $(B)/host/fuzz-x86_64.log))
	$(Q)$< -n $(FUZZ_N) -s $(FUZZ_SEED) \
		>$(B)/host/fuzz-x86_64.log 2>&1; grep '^#' $(B)/host/fuzz-x86_64.log | sed 's/^#/ /'
	$(call msg,FUZZ,arm64 host tier x $(FUZZ_N)/2 (log: $(B)/host/fuzz-arm64.log))
	$(Q)if [ -s $(B)/host/arm64/host_test.err ] || ! command -v qemu-aarch64-static >/dev/null; then \
		echo "TEST host.arm64 SKIP cannot build or run it (see make check)"; \
	else qemu-aarch64-static $(B)/host/arm64/host_test -n $$(awk 'BEGIN { print $(FUZZ_N) / 2 }') \
		-s $(FUZZ_SEED) 2>&1; fi >$(B)/host/fuzz-arm64.log; \
	grep '^#' $(B)/host/fuzz-arm64.log | sed 's/^#/ /'
	$(Q)tools/summary.sh $(FUZZ_LOGS)

# about 400 requests a second under TCG: the timeout leaves four times that
fuzz-bodies: $(B)/x86_64/initramfs.cpio.gz
	$(call msg,FUZZ,body validator x $(FUZZ_BODIES) in the x86_64 guest (log: $(B)/x86_64/fuzz-bodies.log))
	$(Q)VM_TIMEOUT=$$(( $(FUZZ_BODIES) / 100 + 120 )) tools/vm-run.sh x86_64 \
		$(call kdir,x86_64)/obj/$(x86_64_image) $< $(B)/x86_64/fuzz-bodies.log \
		insn.run=36-fuzz-body insn.fuzz_n=$(FUZZ_BODIES) insn.fuzz_seed=$(FUZZ_SEED) \
		2>$(B)/x86_64/fuzz-bodies.status; rc=$$?; \
	{ tr -d '\r' <$(B)/x86_64/fuzz-bodies.log | sed -n 's/^\(TEST\|STAT\|#\) /&/p'; \
	  [ $$rc = 0 ] || echo "TEST x86_64/fuzz-bodies.vm FAIL $$(tail -n1 $(B)/x86_64/fuzz-bodies.status)"; \
	} >$(B)/x86_64/fuzz-bodies.txt; grep '^\(#\|STAT\)' $(B)/x86_64/fuzz-bodies.txt | sed 's/^/  /'
	$(if $(filter fuzz,$(MAKECMDGOALS)),,$(Q)tools/summary.sh $(B)/x86_64/fuzz-bodies.txt)

# The header for BPF programs, where a BPF build finds <bpf/insn_kfuncs.h>.
PREFIX ?= /usr/local
install-headers:
	install -D -m 0644 bpf/insn_kfuncs.h $(DESTDIR)$(PREFIX)/include/bpf/insn_kfuncs.h

# Every prefix of the series builds (slow: not part of make check).
check-series: deps
	$(Q)tools/check-series.sh x86_64
	$(Q)tools/check-series.sh arm64

lint: $(B)/x86_64/kernel.key
	$(Q)tools/lint.sh $(CHECKPATCH) $(LINT_FILES)

# make demo: the programs of bpf/examples/ in the patched x86-64 guest
# (tests/guest/demo.sh, tests/prog_tests/examples.c), their results beside C, and
# the native code at their call sites (tools/demo-sites.sh).
demo: $(B)/x86_64/initramfs.cpio.gz
	$(call msg,DEMO,booting the patched x86_64 guest (log: $(B)/x86_64/demo.log))
	$(Q)tools/vm-run.sh x86_64 $(call kdir,x86_64)/obj/$(x86_64_image) $< \
		$(B)/x86_64/demo.log insn.run=demo; rc=$$?; \
	tr -d '\r' <$(B)/x86_64/demo.log | \
		sed -n 's/^DEMO /  /p; s/^RESULT /    /p; /^TEST .* FAIL/p'; exit $$rc
	$(call msg,DEMO,disassembling the JIT images into $(B)/x86_64/demo-jit/)
	$(Q)tools/jit-disasm.sh x86_64 $(B)/x86_64/demo.log $(B)/x86_64/demo-jit | \
		{ ! grep -v ' PASS '; }
	$(call msg,DEMO,native code at the kfunc call sites)
	$(Q)tools/demo-sites.sh $(B)/x86_64/demo-jit

# make bench: the programs of bpf/bench/ in the patched x86-64 guest
# (tests/guest/bench.sh, tests/prog_tests/bench.c), their JIT images replayed and
# timed on this CPU beside C (tools/replay/); results in $(BENCH_OUT).
BENCH_OUT ?= results/bench
REPLAY_SRC := $(wildcard tools/replay/*.c tools/replay/*.h) bpf/bench/bench.h
# the kfuncs the images call: the module's C code and the kernel's
# iterators, built as the host tier builds them
REPLAY_KFUNCS := $(filter-out module/percpu.c module/iter.c,$(HOST_FAMILIES:%=module/%.c)) \
	$(filter-out module/x86/percpu.c module/x86/iter.c,$(wildcard module/x86/*.c)) \
	tests/host/x86_cpu.c $(B)/host/x86_64/gen/kiter.c
.PHONY: bench

$(B)/replay/replay: $(REPLAY_SRC) $(REPLAY_KFUNCS) $(HOST_HDR) $(MODULE_SRC) \
		$(B)/host/x86_64/gen/host_families.h
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(call HOST_CFLAGS,x86_64) -nostdlib -r -o $(@D)/kfuncs.o $(REPLAY_KFUNCS)
	$(Q)gcc -O2 -g -Wall -Wextra -Wno-unused-parameter -Ibpf/bench -o $@ $(filter %.c,$(REPLAY_SRC)) $(@D)/kfuncs.o

# The guest's run; its status lands in bench.status (vm-run.sh's last word).
define bench_log
$(B)/$(1)/bench.log: $(B)/$(1)/initramfs.cpio.gz
	$$(call msg,BENCH,booting the patched $(1) guest (log: $$@))
	$(Q)tools/vm-run.sh $(1) $(call kdir,$(1))/obj/$($(1)_image) $$< $$@.tmp insn.run=bench \
		2>$(B)/$(1)/bench.status; echo $$$$? >>$(B)/$(1)/bench.status
	$(Q)tr -d '\r' <$$@.tmp >$$@ && rm -f $$@.tmp
endef
$(foreach a,$(ARCHES),$(eval $(call bench_log,$(a))))

# arm64: no arm64 CPU here to time on; the guest's results must equal the
# x86-64 guest's, and the static figures go beside the x86-64 ones.
$(B)/results/arm64-bench.txt: $(B)/arm64/bench.log $(B)/x86_64/bench.log \
		tools/replay/arm64-figures.sh
	$(call msg,BENCH,arm64 results against x86-64 and static figures)
	$(Q)mkdir -p $(@D)
	$(Q){ sed -n 's|^TEST |TEST arm64-bench/|p' $<; \
	  case $$(tail -n1 $(B)/arm64/bench.status) in \
	  0) echo "TEST arm64-bench/vm PASS";; \
	  *) echo "TEST arm64-bench/vm FAIL $$(tail -n2 $(B)/arm64/bench.status | head -n1)";; \
	  esac; \
	  tools/jit-disasm.sh arm64 $< $(B)/arm64/bench-jit | sed 's|^TEST |TEST arm64-bench/|'; \
	  tools/replay/arm64-figures.sh $< $(B)/arm64/bench-jit $(B)/x86_64/bench.log | \
		sed 's|^TEST |TEST arm64-bench/|'; \
	} >$@

# In make check: the guest loads every variant, the images disassemble,
# and each replayed image (and each C version) returns what the guest's
# BPF_PROG_TEST_RUN returned.  No timing is judged here.
$(B)/results/x86_64-bench.txt: $(B)/x86_64/bench.log $(B)/replay/replay
	$(call msg,REPLAY,x86_64 JIT images of bpf/bench/ against the guest results)
	$(Q)mkdir -p $(@D)
	$(Q){ sed -n 's|^TEST |TEST x86_64-bench/|p' $<; \
	  case $$(tail -n1 $(B)/x86_64/bench.status) in \
	  0) echo "TEST x86_64-bench/vm PASS";; \
	  *) echo "TEST x86_64-bench/vm FAIL $$(tail -n2 $(B)/x86_64/bench.status | head -n1)";; \
	  esac; \
	  tools/jit-disasm.sh x86_64 $< $(B)/x86_64/bench-jit | sed 's|^TEST |TEST x86_64-bench/|'; \
	  $(B)/replay/replay -t $(B)/x86_64/bench-jit $< 2>$(B)/x86_64/replay.err | \
		sed 's|^TEST |TEST x86_64-bench/|'; rc=$${PIPESTATUS[0]}; \
	  [ $$rc -le 1 ] || echo "TEST x86_64-bench/replay FAIL $$(tail -n1 $(B)/x86_64/replay.err)"; \
	} >$@

# make bench [BENCH_ROUNDS=300]: the timing, after the checks above pass.
BENCH_ROUNDS ?= 300
bench: $(B)/results/x86_64-bench.txt $(B)/results/arm64-bench.txt
	$(Q)! grep ' FAIL' $< || { echo "bench: the checks above failed"; exit 1; }
	$(call msg,REPLAY,$(BENCH_ROUNDS) rounds on $(shell sed -n 's/^model name\t: //p' /proc/cpuinfo | head -n1) -> $(BENCH_OUT)/)
	$(Q)mkdir -p $(BENCH_OUT)
	$(Q)$(B)/replay/replay -r $(BENCH_ROUNDS) -o $(BENCH_OUT) $(B)/x86_64/bench-jit \
		$(B)/x86_64/bench.log | tee $(BENCH_OUT)/bench.txt
	$(Q)gnuplot -e "dat='$(BENCH_OUT)/bench.dat'; png='$(BENCH_OUT)/bench.png'; \
		title='make bench, $(shell date +%F): x86-64 JIT images of Linux $(shell \
		cat $(call kdir,x86_64)/obj/include/config/kernel.release) replayed on \
		$(shell sed -n 's/^model name\t: //p' /proc/cpuinfo | head -n1)'" tools/replay/bench.gp
	$(call msg,PLOT,$(BENCH_OUT)/bench.png)
	$(Q)! grep ' FAIL' $(B)/results/arm64-bench.txt || { echo "bench: arm64 checks failed"; exit 1; }
	$(call msg,ARM64,static figures of the arm64 JIT images (no arm64 CPU to time on))
	$(Q)tools/replay/arm64-figures.sh $(B)/arm64/bench.log $(B)/arm64/bench-jit \
		$(B)/x86_64/bench.log --table | tee $(BENCH_OUT)/bench-arm64.txt
