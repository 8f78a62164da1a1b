# SPDX-License-Identifier: GPL-2.0
#
# The guests: an initramfs per target (tools/mkinitramfs.sh, booted by
# tools/guest-init, which runs tests/guest/), a run of it under qemu
# (tools/vm-run.sh) and its verdict; the JIT images the guest printed; the
# demo.

x86_64_busybox := /bin/busybox
arm64_busybox := $(INSN_CACHE)/busybox-arm64/bin/busybox

FUZZ_CORPUS := $(wildcard tests/fuzz/corpus/*.body)
GUEST_SCRIPTS := $(wildcard tests/guest/*.sh)
BPF_OBJS := $(patsubst %.c,%.o,$(wildcard tests/progs/*.bpf.c bpf/examples/*.bpf.c bpf/bench/*.bpf.c))
# the examples built with clang-22 too (bpf_fastcall), as bpf/clang22/examples/
BPF22_OBJS := $(patsubst %.c,%.o,$(wildcard bpf/examples/*.bpf.c))

# The modules each target builds: module (kbuild), kmod (the test modules),
# dkms (the module as DKMS builds it; Debian's kernels have only that).
mods_x86_64 := module kmod dkms
mods_arm64 := module kmod dkms
mods_x86_64-stock := module
mods_x86_64-debug := module kmod dkms
mods_x86_64-debian := dkms
mods_arm64-debian := dkms
mods_x86_64-deb := dkms
mods_x86_64-distro := module kmod dkms
mods_arm64-distro := module kmod dkms
has = $(filter $(2),$(mods_$(1)))

# What a target's guest has, as GUEST-PATH=HOST-PATH: the target's modules,
# the BPF objects (both compilers') and loaders of its arch, the fuzz
# corpus, the scripts.
guest_map = insn/insn_kfuncs.ko=$(B)/$(1)/$(if $(call has,$(1),module),module,dkms)/insn_kfuncs.ko \
	$(if $(call has,$(1),module),$(if $(call has,$(1),dkms), \
		insn/dkms/insn_kfuncs.ko=$(B)/$(1)/dkms/insn_kfuncs.ko)) \
	$(if $(call has,$(1),kmod),$(foreach m,$(KMODS),insn/$(m).ko=$(B)/$(1)/kmod/$(m).ko)) \
	$(foreach f,$(BPF_OBJS),insn/bpf/$(patsubst tests/progs/%,%,$(f:bpf/%=%))=$(B)/$(call arch_of,$(1))/$(f)) \
	$(foreach f,$(BPF22_OBJS),insn/bpf/clang22/$(f:bpf/%=%)=$(B)/$(call arch_of,$(1))/clang22/$(f)) \
	insn/bpf/clang22/bench/bench.bpf.o=$(B)/$(call arch_of,$(1))/clang22/bpf/bench/bench.bpf.o \
	$(foreach l,$(LOADERS),insn/bin/$(l)=$(B)/$(call arch_of,$(1))/bin/$(l)) \
	$(foreach c,$(FUZZ_CORPUS),insn/fuzz/$(notdir $(c))=$(c)) \
	$(foreach s,$(GUEST_SCRIPTS),insn/tests/$(notdir $(s))=$(s)) \
	insn/tests/copy.expect=tests/guest/copy.expect
guest_files = $(foreach m,$(call guest_map,$(1)),$(lastword $(subst =, ,$(m))))

$(B)/%/initramfs.cpio.gz: tools/mkinitramfs.sh tools/guest-init $$(call guest_files,$$*) \
		$(B)/x86_64/kernel.key
	$(call msg,CPIO,$@)
	$(Q)tools/mkinitramfs.sh $@ $($(call arch_of,$*)_busybox) \
		$(call kobj,x86_64)/usr/gen_init_cpio $(call guest_map,$*)

# One verdict for every guest run: boot target $(1)'s kernel with initramfs
# $(3) and kernel arguments $(5), console in $(4); print the guest's TEST
# lines prefixed with $(2), then one line for the run itself (warnings,
# timeout, token, exit status: tools/vm-run.sh, whose last word lands in
# the .status file beside the log).
guest_test = VM_TIMEOUT=$(or $(timeout_$(2)),$(timeout_$(1)),300) tools/vm-run.sh $(call arch_of,$(1)) \
		$(call kimage,$(1)) $(3) $(4) $(5) 2>$(4:.log=.status); rc=$$?; \
	sed -i 's/\r//g' $(4) 2>/dev/null; sed -n 's|^TEST |TEST $(2)/|p' $(4) 2>/dev/null; \
	why=$$(tail -n1 $(4:.log=.status)); \
	case $$rc in \
	0) echo "TEST $(2)/vm PASS $${why\#vm-run: }";; \
	77) echo "TEST $(2)/vm SKIP $$why";; \
	*) echo "TEST $(2)/vm FAIL $$why";; \
	esac
# a result with a failure is dated back, so that the next make check runs
# it again (for the runs that are not remade each time)
redo = if grep -q '^TEST [^ ]* FAIL' $@; then touch -d @0 $@; fi

# What each target's guest runs (insn.run; default: every numbered
# script) and for how long.  The debug run is remade only when what it
# tests changed; the others each time.
run_x86_64-stock := insn.run=stock
run_x86_64-debian := insn.run=stock
run_arm64-debian := insn.run=stock
run_x86_64-deb := insn.run=10-module,30-rotate
DEBUG_RUN ?= [0-9]*,stress
run_x86_64-debug = 'insn.run=$(DEBUG_RUN)'
timeout_x86_64-debug ?= 2700
# every family again with copies (41-copy.sh): about 4 min uncontended
timeout_x86_64 ?= 600
timeout_arm64 ?= 600
# Debian's own arm64 kernel under TCG: about 250 s alone, over 300 beside
# another guest
timeout_arm64-debian ?= 600
# Debian's configuration boots slower under TCG (its built-in drivers
# probe, its mitigations trap): 943 s and 1061 s beside another guest
# (make check), the debug guest 1186 s
timeout_x86_64-distro ?= 2400
timeout_arm64-distro ?= 2400
vm_force = $(if $(filter debug,$(call flavour_of,$(1))),,FORCE)

$(B)/results/%-vm.txt: $(B)/%/initramfs.cpio.gz $$(call vm_force,$$*)
	$(call msg,VM,$* guest (log: $(B)/$*/vm.log))
	$(Q)mkdir -p $(@D)
	$(Q){ $(call guest_test,$*,$*,$<,$(B)/$*/vm.log,insn.target=$* $(run_$*))$(if $(vm_after_$*),; $(vm_after_$*)); } >$@
	$(Q)$(if $(call vm_force,$*),,$(redo))

# The debug run also says the checkers were on (boot messages; UBSAN
# prints none, build-kernel.sh checked its config).
debug_on := KASAN=KernelAddressSanitizer.initialized lockdep=Lock.dependency.validator \
	kmemleak=Kernel.memory.leak.detector.initialized
vm_after_x86_64-debug = off=$$(for c in $(debug_on); do \
		grep -q "$${c\#*=}" $(B)/x86_64-debug/vm.log || echo "$${c%%=*}"; done); \
	if [ -z "$$off" ]; then echo "TEST x86_64-debug/checkers PASS KASAN, lockdep, kmemleak on"; \
	else echo "TEST x86_64-debug/checkers FAIL not on at boot:" $$off; fi
DEBUG_COLD := cold build 17 min with JOBS=2 beside another kernel build, run 6 min
$(B)/results/x86_64-debug-skip.txt: FORCE
	$(Q)mkdir -p $(@D)
	$(Q)echo "TEST x86_64-debug SKIP no debug kernel built here from this source and compiler: make check-debug" \
		"builds and runs it ($(DEBUG_COLD)); then make check rebuilds it incrementally as patches change" >$@
DISTRO_COLD := cold build: x86-64 30 min with JOBS=2 beside other work
$(B)/results/%-distro-skip.txt: FORCE
	$(Q)mkdir -p $(@D)
	$(Q)echo "TEST $*-distro SKIP no distro kernel built here from this source and compiler: make check-distro" \
		"builds and runs it ($(DISTRO_COLD)); then make check rebuilds it incrementally as patches change" >$@

# The JIT images the guest printed disassemble cleanly; the native code
# has the shape it should (tests/host/jit-shapes.sh).
$(B)/results/%-jit.txt: $(B)/results/%-vm.txt
	$(call msg,OBJDUMP,$* JIT images -> $(B)/$*/jit/)
	$(Q)tools/jit-disasm.sh $(call arch_of,$*) $(B)/$*/vm.log $(B)/$*/jit | \
		sed 's|^TEST |TEST $*/|' >$@
$(B)/results/%-shapes.txt: $(B)/results/%-jit.txt tests/host/jit-shapes.sh
	$(call msg,SHAPES,$* native code in $(B)/$*/jit/)
	$(Q)tests/host/jit-shapes.sh $(call arch_of,$*) $(B)/$*/jit $(call flavour_of,$*) | \
		sed 's|^TEST |TEST $*/|' >$@

# Every build of the module keeps its per-CPU variables where the module
# loader allocates per-CPU space.
SECTION_MODULES := x86_64=$(B)/x86_64/module/insn_kfuncs.ko arm64=$(B)/arm64/module/insn_kfuncs.ko \
	x86_64-stock=$(B)/x86_64-stock/module/insn_kfuncs.ko \
	x86_64-debian=$(B)/x86_64-debian/dkms/insn_kfuncs.ko arm64-debian=$(B)/arm64-debian/dkms/insn_kfuncs.ko
$(B)/results/module-sections.txt: tests/host/module-sections.sh \
		$(foreach m,$(SECTION_MODULES),$(lastword $(subst =, ,$(m))))
	$(Q)mkdir -p $(@D)
	$(Q){ $(call host_run,module-sections,tests/host/module-sections.sh $(SECTION_MODULES)); } >$@

# Every build of the module registers KF_FASTCALL only with the series.
FLAG_MODULES := patched:x86_64=$(B)/x86_64/module/insn_kfuncs.ko \
	patched:arm64=$(B)/arm64/module/insn_kfuncs.ko \
	plain:x86_64-stock=$(B)/x86_64-stock/module/insn_kfuncs.ko \
	plain:x86_64-stock-kf=$(B)/x86_64-stock/module-kf/insn_kfuncs.ko \
	plain:x86_64-debian=$(B)/x86_64-debian/dkms/insn_kfuncs.ko \
	plain:arm64-debian=$(B)/arm64-debian/dkms/insn_kfuncs.ko
$(B)/results/module-flags.txt: tests/host/module-flags.sh \
		$(foreach m,$(FLAG_MODULES),$(lastword $(subst =, ,$(m))))
	$(call msg,FLAGS,KF_FASTCALL in each build of the module)
	$(Q)mkdir -p $(@D)
	$(Q){ $(call host_run,module-flags,tests/host/module-flags.sh $(FLAG_MODULES)); } >$@

# tools/vm-run.sh's judgement of a boot (a stand-in qemu; no guest).
$(B)/results/vm-run.txt: tools/vm-run.sh tests/host/vm-run.sh
	$(call msg,VM-RUN,the boot judge against a stand-in qemu)
	$(Q)mkdir -p $(@D)
	$(Q){ $(call host_run,vm-run,tests/host/vm-run.sh); } >$@

# tools/build-kernel.sh's --cached and --rebuildable, which pick the debug
# and distro tiers, against stand-in build trees (nothing is built).
$(B)/results/kernel-query.txt: tools/build-kernel.sh tests/host/kernel-query.sh | deps
	$(call msg,QUERY,build-kernel.sh --cached and --rebuildable)
	$(Q)mkdir -p $(@D)
	$(Q){ $(call host_run,kernel-query,tests/host/kernel-query.sh); } >$@

# DKMS refuses a kernel without module BTF, or other than 6.12 (dkms.conf's
# BUILD_EXCLUSIVE_KERNEL: the module is written and tested for 6.12,
# module/compat.h), saying why: TEST dkms.$(2) against stand-in tree $(1)
dkms_refuses = if why=$$(tools/dkms-build.sh --refuse $(1) $(3) 2>&1); then \
		echo "TEST dkms.$(2) PASS $$why"; \
	else echo "TEST dkms.$(2) FAIL $$why"; fi
# The module DKMS built for Debian's kernel is signed with DKMS's key
# (tests/host/dkms-signed.sh).
$(B)/results/dkms.txt: dkms.conf tools/dkms-build.sh tests/host/dkms-signed.sh $(B)/x86_64/kernel.key \
		$(B)/x86_64-debian/dkms/insn_kfuncs.ko
	$(call msg,DKMS,refuses a kernel without CONFIG_DEBUG_INFO_BTF_MODULES or not 6.12; signs)
	$(Q)mkdir -p $(@D) $(B)/dkms-nobtf/include/config $(B)/dkms-613/include/config
	$(Q)grep -v CONFIG_DEBUG_INFO_BTF_MODULES $(call kobj,x86_64)/.config >$(B)/dkms-nobtf/.config
	$(Q)cp $(call kobj,x86_64)/include/config/kernel.release $(B)/dkms-nobtf/include/config/
	$(Q)cp $(call kobj,x86_64)/.config $(B)/dkms-613/.config
	$(Q)echo 6.13.0 >$(B)/dkms-613/include/config/kernel.release
	$(Q){ $(call dkms_refuses,$(B)/dkms-nobtf,refuses_no_module_btf,CONFIG_DEBUG_INFO_BTF_MODULES); \
		$(call dkms_refuses,$(B)/dkms-613,refuses_6.13,kernel); \
		tests/host/dkms-signed.sh $(B)/x86_64-debian/dkms/insn_kfuncs.ko; } >$@

# make demo: the programs of bpf/examples/ in the patched x86-64 guest
# (tests/guest/demo.sh, tests/prog_tests/examples.c), their results beside
# C, and the native code at their call sites (tools/demo-sites.sh).
demo: $(B)/x86_64/initramfs.cpio.gz
	$(call msg,DEMO,booting the patched x86_64 guest (log: $(B)/x86_64/demo.log))
	$(Q){ $(call guest_test,x86_64,x86_64-demo,$<,$(B)/x86_64/demo.log,insn.run=demo); } | \
		{ ! grep ' FAIL'; }; rc=$$?; \
	sed -n 's/^DEMO /  /p; s/^RESULT /    /p' $(B)/x86_64/demo.log; exit $$rc
	$(call msg,DEMO,disassembling the JIT images into $(B)/x86_64/demo-jit/)
	$(Q)tools/jit-disasm.sh x86_64 $(B)/x86_64/demo.log $(B)/x86_64/demo-jit | \
		{ ! grep -v ' PASS '; }
	$(call msg,DEMO,native code at the kfunc call sites)
	$(Q)tools/demo-sites.sh $(B)/x86_64/demo-jit
