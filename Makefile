# SPDX-License-Identifier: GPL-2.0
#
# insn-kfuncs.  A plain make builds the module alone, against KDIR (the
# running kernel unless given); every other goal drives the tests, which
# build their own kernels (tools/build-kernel.sh, cached outside the tree)
# and boot them under qemu.  make help lists the goals.
#
# The rules live in mk/, one file per concern:
#   mk/kernel.mk    kernels, the module built every way, vmlinux.h, BPF objects
#   mk/guest.mk     initramfs, guest runs and their verdicts, JIT images, demo
#   mk/verifier.mk  the kernel's test_verifier in the guests
#   mk/host.mk      the host tier (emitters and bodies in user space), lint
#   mk/bench.mk     make bench (JIT images replayed beside C)
#   mk/fuzz.mk      make fuzz, make fuzz-bodies, make fuzz-progs

.DELETE_ON_ERROR:
.SUFFIXES:
.SECONDEXPANSION:
# pattern-built files are kept: nothing here is a throwaway intermediate
.SECONDARY:
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

export INSN_CACHE := $(shell tools/cache-dir.sh)
B := build
JOBS ?= 2
CLANG ?= clang
# per object, where clang 14 is too old: it drops the __percpu_kptr and
# __kptr type tags of a struct member from BTF, clang 16 keeps them
CLANG_percpu ?= clang-16
CLANG_dtor ?= clang-16
# the second compiler of the examples and benchmarks (bpf_fastcall)
CLANG22 ?= clang-22

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

# A target is a kernel and what is built and run for it, named ARCH or
# ARCH-FLAVOUR: patched (the series; plain ARCH), stock (Linux 6.12 as
# released), debug (the series plus KASAN, UBSAN, lockdep, kmemleak),
# debian (Debian's own kernel and headers, from apt), distro (the series
# built with Debian's configuration), deb (the series as Debian packages,
# make kernel-deb; tested on the small configuration).
ARCHES := x86_64 arm64
TARGETS := $(ARCHES) x86_64-stock x86_64-debug x86_64-debian arm64-debian \
	x86_64-distro arm64-distro x86_64-deb
arch_of = $(firstword $(subst -, ,$(1)))
flavour_of = $(or $(word 2,$(subst -, ,$(1))),patched)

.PHONY: module module-clean dkms-install install-headers kernel-deb all check check-tiers check-debug \
	check-distro check-series demo bench fuzz fuzz-bodies fuzz-progs veristat lint deps clean help FORCE
module:

include mk/kernel.mk mk/guest.mk mk/verifier.mk mk/host.mk mk/bench.mk mk/fuzz.mk mk/veristat.mk

# Every goal but the module's installs the test bed's packages before any
# of its rules runs: make remakes an included makefile first, alone, and a
# parallel make (make check) builds host tiers with the cross compiler and
# clang while the kernels build.  Again when tools/deps.sh changes; the
# kernels' rules run it each time as well (mk/kernel.mk).
NO_DEPS_GOALS := module module-clean dkms-install install-headers deps clean help
ifneq ($(filter-out $(NO_DEPS_GOALS),$(MAKECMDGOALS)),)
include $(B)/deps.mk
endif
$(B)/deps.mk: tools/deps.sh
	$(call msg,DEPS,Debian packages)
	$(Q)tools/deps.sh
	$(Q)mkdir -p $(@D) && echo '# tools/deps.sh ran: nothing to include' >$@

# The module alone, against the running kernel (or KDIR): no packages, no
# test kernels, no guests.  dkms-install (as root) registers, builds and
# installs it with DKMS, from a copy in /usr/src.
KDIR ?= /lib/modules/$(shell uname -r)/build
PKG_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
PKG_SRC := /usr/src/insn-kfuncs-$(PKG_VERSION)
dkms := dkms -m insn-kfuncs -v $(PKG_VERSION)
module:
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules
module-clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean
dkms-install:
	rm -rf $(PKG_SRC) && mkdir -p $(PKG_SRC)
	cp -r Kbuild module dkms.conf $(PKG_SRC)/
	$(dkms) status | grep insn-kfuncs >/dev/null || dkms add -m insn-kfuncs -v $(PKG_VERSION)
	$(dkms) build && $(dkms) install

# Debian packages of Linux 6.12 with the series, to install: make
# kernel-deb [CONFIG=file] (default: the running kernel's configuration).
CONFIG ?= /boot/config-$(shell uname -r)
kernel-deb: deps
	$(Q)JOBS=$(JOBS) tools/kernel-deb.sh $(CONFIG)

# The header for BPF programs, where a BPF build finds <bpf/insn_kfuncs.h>.
PREFIX ?= /usr/local
install-headers:
	install -D -m 0644 bpf/insn_kfuncs.h $(DESTDIR)$(PREFIX)/include/bpf/insn_kfuncs.h

# What make check runs: every tier's result file, then their count.  The
# tiers run CHECK_JOBS at a time (make check-tiers -jCHECK_JOBS): a TCG
# guest keeps about one CPU busy, and the guests are most of the time.
# The longest runs (debug, distro) come first, so that none starts last.
CHECK_JOBS ?= 2
RESULTS := lint series dkms module-sections module-flags vm-run kernel-query host-x86_64 host-arm64 host-copy-arm64 host-copy-x86_64 x86_64-stock-verifier \
	$(foreach a,$(ARCHES),$(a)-kernel $(a)-vm $(a)-jit $(a)-shapes $(a)-bench $(a)-verifier) \
	x86_64-stock-vm x86_64-debian-vm arm64-debian-vm x86_64-deb-vm
# The debug and distro kernels' runs only where those kernels are cached,
# or were built here before from the same source and compiler, so that a
# changed patch rebuilds them incrementally (make check-debug, make
# check-distro build them the first time: too long for make check).
# with Debian's own kernel's test_verifier run, which the distro one is
# compared with
DISTRO_RESULTS := vm jit shapes verifier
distro_results = $(DISTRO_RESULTS:%=$(1)-%) $(1:distro=debian)-verifier
# (and x86_64-distro-bench, mk/bench.mk: the benchmark programs' images
# with return thunks; and ARCH-veristat-scale, mk/veristat.mk: the
# selftests' longest programs verified on it and on Debian's kernel)
rebuildable = $(shell tools/build-kernel.sh --rebuildable $(call arch_of,$(1)) $(call flavour_of,$(1)) \
	>/dev/null 2>&1 && echo yes)
ifneq ($(filter check-tiers,$(MAKECMDGOALS)),)
# each asked once (the distro query runs apt-cache)
have_debug := $(call rebuildable,x86_64-debug)
have_x86_64-distro := $(call rebuildable,x86_64-distro)
have_arm64-distro := $(call rebuildable,arm64-distro)
RESULTS := x86_64-debug-$(if $(have_debug),vm,skip) \
	$(foreach t,x86_64-distro arm64-distro,$(if $(have_$(t)),$(call distro_results,$(t)),$(t)-skip)) \
	$(if $(have_x86_64-distro),x86_64-distro-bench x86_64-veristat-scale) \
	$(if $(have_arm64-distro),arm64-veristat-scale) \
	$(RESULTS)
endif

all: $(foreach a,$(ARCHES),$(B)/$(a)/initramfs.cpio.gz)
check:
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) --output-sync=target check-tiers
check-tiers: $(RESULTS:%=$(B)/results/%.txt)
	@tools/summary.sh $^
check-debug: $(B)/results/x86_64-debug-vm.txt
	@tools/summary.sh $^
check-distro: $(patsubst %,$(B)/results/%.txt,$(foreach t,x86_64-distro arm64-distro,$(call distro_results,$(t))) \
		x86_64-distro-bench x86_64-veristat-scale arm64-veristat-scale)
	@tools/summary.sh $^

# Every prefix of the series builds (slow: not part of make check).
check-series: deps
	$(Q)tools/check-series.sh x86_64
	$(Q)tools/check-series.sh arm64

deps:
	$(call msg,DEPS,Debian packages)
	$(Q)tools/deps.sh

clean:
	rm -rf $(B)

help:
	@echo 'The module:'
	@echo '  make                   build insn_kfuncs.ko against KDIR (default: the running kernel)'
	@echo '  make dkms-install      register, build and install it with DKMS (as root)'
	@echo '  make install-headers   install <bpf/insn_kfuncs.h> under PREFIX (/usr/local)'
	@echo '  make kernel-deb        Debian packages of 6.12 with the series [CONFIG=.config]'
	@echo 'Tests (kernels are built once into INSN_CACHE, $(INSN_CACHE)):'
	@echo '  make check             every tier; ends with "N passed, N failed"'
	@echo '  make demo              bpf/examples/ in the patched x86-64 guest, beside C,'
	@echo '                         and the native code at each kfunc call site'
	@echo '  make bench             bpf/bench/ JIT images replayed and timed beside C'
	@echo '  make check-debug       the x86-64 guest tests on a KASAN/UBSAN/lockdep kernel'
	@echo '  make check-distro      the guest tests on the series built with Debian'"'"'s configuration'
	@echo '  make check-series      every prefix of patches/ builds (x86-64, arm64)'
	@echo '  make fuzz              the host tier, the body validator, the program fuzzer, many inputs'
	@echo '  make fuzz-progs        the program fuzzer alone (FUZZ_PROGS=1500, SEED=n)'
	@echo '  make veristat          veristat on the selftests'"'"' programs (no_alu32):'
	@echo '                         Debian'"'"'s own kernel against the series'
	@echo '  make lint              checkpatch on module/, tests/kmod/ and patches/'
	@echo '  make clean             remove build/ (kernels stay in INSN_CACHE)'
	@echo 'Variables: V=1 (show commands and tool output), JOBS=$(JOBS) (per kernel build),'
	@echo '  CHECK_JOBS=$(CHECK_JOBS) (tiers make check runs at once), KDIR, CLANG'
