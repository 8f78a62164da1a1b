# SPDX-License-Identifier: GPL-2.0
#
# The host tier (tests/host/): the module's family files and emitters
# compiled unchanged in user space behind a shim (tests/host/shim/), their
# bodies run by a small interpreter and their native code run in place, all
# against the kfuncs' C code.  gen-kdefs.sh takes the BPF instruction
# macros, the ABI header and the iterator kfuncs from the kernel tree.
# Families whose code needs a running kernel are skipped with a reason.
# arm64 is cross-built, static, run under qemu-aarch64-static, with the
# kernel's arch/arm64/lib/insn.c encoders; while the cached arm64 kernel
# lacks an encoder the emitters use, the build fails and the tier is a SKIP
# naming the compiler's first error.  Per-CPU code runs on per-CPU memory
# laid out as the kernel's: x86-64's (tests/host/x86_percpu.c) in a program
# linked without PIE, so that the symbols' addresses fit a disp32; arm64's
# (tests/host/arm64_percpu.c) with loads of stand-ins for the EL1 registers
# it reads (tpidr_el1, tpidr_el2, sp_el0) in place of its mrs.  A family
# listed in HOST_SKIP_ARCH (none now) is a SKIP with HOST_SKIP_WHY.
HOST_SKIP_x86 :=
HOST_SKIP_arm64 :=
HOST_SKIP_WHY := its code needs a running kernel
HOST_FAMILIES := $(shell sed -n 's/^INSN_FAMILY.\([a-z0-9_]*\).*/\1/p' module/families.h)
HOST_HDR := $(wildcard tests/host/*.h tests/host/shim/*.h tests/host/shim/*/*.h)
HOST_CFLAGS = -O2 -g -Wall -Wextra -fno-strict-overflow \
	-include tests/host/shim/prelude.h -Itests/host/shim -I$(B)/host/$(1)/gen \
	-Itests/host -I$(call ksrc,$(1))/tools/include/uapi
# $(1): module/ARCH: the family files and that arch's emitters, less the skipped
host_module_src = $(filter-out $(HOST_SKIP_$(1):%=module/%.c) $(HOST_SKIP_$(1):%=module/$(1)/%.c), \
	$(HOST_FAMILIES:%=module/%.c) $(wildcard module/$(1)/*.c))
# The load_be and store_be emitters as a big-endian kernel builds them and
# as a little-endian one does: tests/host/arm64_endian.c, a program of its
# own, checks the words each emits (no rev on big-endian) and runs them.
# host_test compares only the little-endian build, as the hosts are.
x86_64_host_src := $(call host_module_src,x86) $(filter-out tests/host/arm64_%,$(wildcard tests/host/*.c))
arm64_host_src := $(call host_module_src,arm64) \
	$(filter-out tests/host/x86_% tests/host/arm64_endian.c,$(wildcard tests/host/*.c))
arm64_endian_src := tests/host/arm64_endian.c tests/host/arm64_exec.c tests/host/native_page.c \
	module/arm64/load_be.c \
	module/arm64/store_be.c
endian_le :=
endian_be := -DCONFIG_CPU_BIG_ENDIAN=1
arm64_host_cc = $(arm64_cross)gcc -static $(call HOST_CFLAGS,arm64) -isystem $(B)/host/arm64/gen/arm64 \
	$(arm64_libdir)

$(B)/host/%/gen/kiter.c: tests/host/gen-kdefs.sh $(B)/%/kernel.key
	$(call msg,GEN,$(@D))
	$(Q)tests/host/gen-kdefs.sh $(call ksrc,$*) $(@D)

$(B)/host/%/gen/host_families.h: module/families.h mk/host.mk
	$(Q)mkdir -p $(@D)
	$(Q)for f in $(HOST_FAMILIES); do case " $(HOST_SKIP_$($*_karch)) " in \
		*" $$f "*) echo "SKIP_FAMILY($$f, \"$(HOST_SKIP_WHY)\")";; \
		*) echo "FAMILY($$f)";; esac; done >$@

$(B)/host/x86_64/host_test: $(x86_64_host_src) $(HOST_HDR) $(MODULE_SRC) \
		$(B)/host/x86_64/gen/kiter.c $(B)/host/x86_64/gen/host_families.h
	$(call msg,CC,$@)
	$(Q)gcc $(call HOST_CFLAGS,x86_64) -no-pie -o $@ $(x86_64_host_src) $(B)/host/x86_64/gen/kiter.c

# the words GNU as makes of what module/arm64/a64.h encodes itself
# (tests/host/arm64_encode.c)
$(B)/host/arm64/gen/a64_ref.h: tests/host/arm64-ref.sh
	$(Q)mkdir -p $(@D)
	$(Q)tests/host/arm64-ref.sh $(arm64_cross)as $@

# a build that fails leaves an empty program and the first error in .err
$(B)/host/arm64/host_test: $(arm64_host_src) $(HOST_HDR) $(MODULE_SRC) \
		$(B)/host/arm64/gen/kiter.c $(B)/host/arm64/gen/host_families.h \
		$(B)/host/arm64/gen/a64_ref.h
	$(call msg,CC,$@)
	$(Q)rm -f $@.err; $(arm64_host_cc) -o $@ $(arm64_host_src) $(B)/host/arm64/gen/kiter.c \
		$(B)/host/arm64/gen/arm64/insn.c 2>$@.log || \
	{ grep -m1 'error:' $@.log >$@.err || echo "build failed" >$@.err; : >$@; }
$(B)/host/arm64/endian-%: $(arm64_endian_src) $(HOST_HDR) $(MODULE_SRC) $(B)/host/arm64/gen/kiter.c
	$(call msg,CC,$@)
	$(Q)rm -f $@.err; $(arm64_host_cc) $(endian_$*) -o $@ $(arm64_endian_src) \
		$(B)/host/arm64/gen/arm64/insn.c 2>$@.log || \
	{ grep -m1 'error:' $@.log >$@.err || echo "build failed" >$@.err; : >$@; }

# A host program exits 1 when a test fails (its FAIL lines say which); any
# other status, or 1 without a FAIL line, means it died, which must fail
# too.  $(1): its name in the TEST line, $(2): the command.
host_run = out=$$($(2) 2>&1); rc=$$?; printf '%s\n' "$$out"; \
	[ $$rc -le 1 ] || echo "TEST $(1) FAIL exited with status $$rc"; \
	[ $$rc != 1 ] || printf '%s\n' "$$out" | grep -q '^TEST [^ ]* FAIL' || \
		echo "TEST $(1) FAIL exited 1 without a FAIL line"

# (host_test -o: the code emitted with features off, which
# tests/host/feature-off.sh disassembles)
$(B)/results/host-x86_64.txt: $(B)/host/x86_64/host_test tests/host/feature-off.sh FORCE
	$(call msg,HOST,x86_64 emitters and bodies (tests/host/))
	$(Q)mkdir -p $(@D)
	$(Q)rm -rf $(B)/host/x86_64/off && mkdir -p $(B)/host/x86_64/off
	$(Q){ $(call host_run,host.x86_64,$< -o $(B)/host/x86_64/off); \
		$(call host_run,host.x86_64.feature-off,tests/host/feature-off.sh $(B)/host/x86_64/off); } >$@

# half the x86 count (the multiplier scales inputs and assignments): qemu
# runs it about ten times slower
endian_run = if [ -s $(B)/host/arm64/endian-$(1).err ]; then \
		echo "TEST host.arm64.endian-$(1) FAIL cannot build: $$(cat $(B)/host/arm64/endian-$(1).err)"; \
	else $(call host_run,host.arm64.endian-$(1),qemu-aarch64-static $(B)/host/arm64/endian-$(1)); fi
$(B)/results/host-arm64.txt: $(B)/host/arm64/host_test $(B)/host/arm64/endian-le \
		$(B)/host/arm64/endian-be FORCE
	$(call msg,HOST,arm64 emitters and bodies under qemu-aarch64-static)
	$(Q)mkdir -p $(@D)
	$(Q)if [ -s $<.err ]; then \
		echo "TEST host.arm64 FAIL cannot build module/arm64 against the arm64 kernel's encoders: $$(cat $<.err)"; \
	elif ! command -v qemu-aarch64-static >/dev/null; then \
		echo "TEST host.arm64 FAIL no qemu-aarch64-static (the Debian dependencies install it)"; \
	else $(call host_run,host.arm64,qemu-aarch64-static $< -n 0.5); \
		$(call endian_run,le); $(call endian_run,be); fi >$@

# checkpatch on the module, the test modules and the series
LINT_FILES := $(shell find module tests/kmod -name "*.[ch]" | sort) \
	$(filter-out patches/0000-cover-letter.patch,$(wildcard patches/*.patch))
$(B)/results/lint.txt: $(B)/x86_64/kernel.key FORCE
	$(call msg,LINT,checkpatch: $(words $(LINT_FILES)) files)
	$(Q)mkdir -p $(@D)
	$(Q){ $(call host_run,lint,{ tools/lint.sh $(CHECKPATCH) $(LINT_FILES) 2>/dev/null; }); } >$@
lint: $(B)/x86_64/kernel.key
	$(Q)tools/lint.sh $(CHECKPATCH) $(LINT_FILES)

# patches/ is what its development tree exports, byte for byte
# (tools/series/gen.py: the tree from the pristine source, then export).
$(B)/results/series.txt: $(wildcard patches/*.patch) $(wildcard tools/series/*) $(B)/x86_64/kernel.key
	$(call msg,SERIES,patches/ regenerate from their commits)
	$(Q)mkdir -p $(@D)
	$(Q)if why=$$(tools/series/gen.py check 2>&1); then echo "TEST series.regenerates PASS $$why"; \
	else echo "TEST series.regenerates FAIL $$why"; fi >$@

# The arm64 copier of the series (patch 24's arch/arm64/net/bpf_kfunc_copy.c,
# unchanged, from the arm64 kernel tree, with its arch/arm64/lib/insn.c)
# behind tests/host/copy_arm64/shim, under qemu-aarch64-static: functions
# built four ways with the arm64 kernel's code generation flags (gcc with
# the ftrace entry and with CALL_OPS, gcc with leaf frame records, clang)
# and hand-written ones are copied or declined as test_copy.c's tables say,
# and each copy runs on random inputs against the original.
CA := tests/host/copy_arm64
CAB := $(B)/host/copy_arm64
CA_KCFLAGS := -O2 -fno-omit-frame-pointer -fno-optimize-sibling-calls -ffixed-x18 \
	-mgeneral-regs-only -fno-asynchronous-unwind-tables -fno-strict-aliasing \
	-fno-delete-null-pointer-checks -fno-stack-protector -march=armv8-a+crc
CA_VARIANT_a := $(arm64_cross)gcc $(CA_KCFLAGS) -mabi=lp64 -mbranch-protection=pac-ret+bti \
	-fpatchable-function-entry=2
CA_VARIANT_b := $(arm64_cross)gcc $(CA_KCFLAGS) -mabi=lp64 -mbranch-protection=pac-ret+bti \
	-fpatchable-function-entry=4,2
CA_VARIANT_c := $(arm64_cross)gcc $(CA_KCFLAGS) -mabi=lp64 -mbranch-protection=none \
	-mno-omit-leaf-frame-pointer -fpatchable-function-entry=2
CA_VARIANT_d := clang-16 --target=aarch64-linux-gnu $(CA_KCFLAGS) \
	-mbranch-protection=pac-ret+bti -fpatchable-function-entry=2
CA_CFLAGS := -O2 -g -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -fno-strict-overflow \
	-include $(CA)/shim/prelude.h -I$(CA)/shim -I$(CAB)/k
CA_SHIM := $(wildcard $(CA)/shim/*.h $(CA)/shim/*/*.h)
CA_OBJS := $(CAB)/bpf_kfunc_copy.o $(CAB)/insn.o $(CAB)/test_copy.o $(CAB)/trampoline.o \
	$(CAB)/hand.o $(patsubst %,$(CAB)/kfuncs_%.o,a b c d)

$(CAB)/k/asm/insn.h: $(B)/arm64/kernel.key
	$(Q)mkdir -p $(@D)
	$(Q)k=$(call ksrc,arm64); cp $$k/arch/arm64/include/asm/insn.h \
		$$k/arch/arm64/include/asm/insn-def.h $$k/arch/arm64/include/asm/brk-imm.h $(@D)/ && \
		cp $$k/arch/arm64/lib/insn.c $$k/arch/arm64/net/bpf_kfunc_copy.c $(CAB)/k/
$(CAB)/bpf_kfunc_copy.o: $(CAB)/k/asm/insn.h $(CA_SHIM)
	$(Q)$(arm64_cross)gcc $(CA_CFLAGS) -c $(CAB)/k/bpf_kfunc_copy.c -o $@
$(CAB)/insn.o: $(CAB)/k/asm/insn.h $(CA_SHIM)
	$(Q)$(arm64_cross)gcc $(CA_CFLAGS) -w -c $(CAB)/k/insn.c -o $@
$(CAB)/test_copy.o: $(CA)/test_copy.c $(CA)/kfuncs.h $(CAB)/ksyms.h $(CA_SHIM) $(CAB)/k/asm/insn.h
	$(Q)$(arm64_cross)gcc $(CA_CFLAGS) -I$(CAB) -c $< -o $@
$(CAB)/trampoline.o: $(CA)/trampoline.S
	$(Q)mkdir -p $(@D)
	$(Q)$(arm64_cross)gcc -c $< -o $@
$(CAB)/hand.o: $(CA)/hand.S
	$(Q)mkdir -p $(@D)
	$(Q)$(arm64_cross)gcc -march=armv8.5-a+memtag -c $< -o $@
$(CAB)/kfuncs_%.o: $(CA)/kfuncs.c $(CA)/kfuncs.h mk/host.mk
	$(Q)mkdir -p $(@D)
	$(Q)$(CA_VARIANT_$*) -DPFX=$*_ -c $< -o $@
# kallsyms sizes: from each symbol to the next
$(CAB)/ksyms.h: $(patsubst %,$(CAB)/kfuncs_%.o,a b c d) $(CAB)/hand.o $(CA)/ksyms.awk
	$(Q)for o in $(filter %.o,$^); do $(arm64_cross)nm -n -t d $$o | awk -f $(CA)/ksyms.awk; \
		done >$@
$(CAB)/test_copy: $(CA_OBJS)
	$(call msg,CC,$@)
	$(Q)$(arm64_cross)gcc -static $(CA_OBJS) -o $@ $(arm64_libdir)
# big-endian arm64 kernels build it too
$(CAB)/bpf_kfunc_copy_be.o: $(CAB)/k/asm/insn.h $(CA_SHIM)
	$(Q)$(arm64_cross)gcc $(CA_CFLAGS) -mbig-endian -c $(CAB)/k/bpf_kfunc_copy.c -o $@

$(B)/results/host-copy-arm64.txt: $(CAB)/test_copy $(CAB)/bpf_kfunc_copy_be.o FORCE
	$(call msg,HOST,arm64 copies of compiled kfuncs under qemu-aarch64-static)
	$(Q)mkdir -p $(@D)
	$(Q){ if readelf -h $(CAB)/bpf_kfunc_copy_be.o | grep -q "big endian"; then \
		echo "TEST host.copy-arm64.big-endian PASS the copier builds big-endian"; \
	  else echo "TEST host.copy-arm64.big-endian FAIL $(CAB)/bpf_kfunc_copy_be.o is not big-endian"; fi; \
		qemu-aarch64-static $< >$@.out 2>&1; rc=$$?; \
		sed 's/^TEST /TEST host.copy-arm64./' $@.out; \
		[ $$rc -le 1 ] || echo "TEST host.copy-arm64 FAIL exited with status $$rc"; } >$@

# The x86-64 copier of the series (patch 22's arch/x86/net/bpf_kfunc_copy.c,
# unchanged, from the x86-64 kernel tree) behind tests/host/copy_x86/shim,
# with the kernel's user-space decoder (tools/arch/x86/lib/insn.c, inat.c and
# the inat-tables.c gen-insn-attr-x86.awk makes of x86-opcode-map.txt, as
# objtool builds it), built twice: without and with
# CONFIG_MITIGATION_RETHUNK.  Functions built four ways with the x86-64
# kernel's code generation flags (plain; as Debian's kernel: IBT, return
# thunks, SLS, call padding, ftrace, the fentry calls then made nops as
# ftrace does; -Os with entry nops; BMI, BMI2, LZCNT, MOVBE) and hand-written
# ones are copied or declined as test_copy.c's tables say, and each copy
# runs natively on random inputs against the original, with canaries in
# rbx, rbp, r12-r15 and a guard below the return address.
CX := tests/host/copy_x86
CXB := $(B)/host/copy_x86
CX_KCFLAGS := -O2 -fno-pie -mno-red-zone -mgeneral-regs-only -fno-asynchronous-unwind-tables \
	-fno-jump-tables -fno-strict-aliasing -fno-delete-null-pointer-checks \
	-fno-stack-protector -mskip-rax-setup -falign-functions=16 -mcrc32 -mpopcnt
CX_VARIANT_a := $(CX_KCFLAGS) -fcf-protection=branch
CX_VARIANT_b := $(CX_KCFLAGS) -fcf-protection=branch -mfunction-return=thunk-extern \
	-mindirect-branch=thunk-extern -mindirect-branch-register -mharden-sls=all \
	-fpatchable-function-entry=16,16 -pg -mfentry -mrecord-mcount
CX_VARIANT_c := $(subst -O2,-Os,$(CX_KCFLAGS)) -fcf-protection=none -fpatchable-function-entry=3
CX_VARIANT_d := $(CX_KCFLAGS) -fcf-protection=branch -mbmi -mbmi2 -mlzcnt -mmovbe
CX_CFLAGS = -O2 -g -Wall -I$(CX)/shim -I$(call ksrc,x86_64)/tools/arch/x86/include \
	-I$(call ksrc,x86_64)/tools/include
CX_SHIM := $(wildcard $(CX)/shim/*/*.h)
CX_KF := $(patsubst %,$(CXB)/kfuncs_%.o,a b c d)
CX_COMMON := $(CXB)/insn.o $(CXB)/inat.o $(CXB)/trampoline.o $(CXB)/hand.o $(CX_KF)

$(CXB)/k/bpf_kfunc_copy.c: $(B)/x86_64/kernel.key
	$(Q)mkdir -p $(@D)
	$(Q)k=$(call ksrc,x86_64); cp $$k/arch/x86/net/bpf_kfunc_copy.c $$k/tools/arch/x86/lib/insn.c \
		$$k/tools/arch/x86/lib/inat.c $(@D)/ && \
		awk -f $$k/tools/arch/x86/tools/gen-insn-attr-x86.awk \
		$$k/tools/arch/x86/lib/x86-opcode-map.txt >$(@D)/inat-tables.c
$(CXB)/insn.o: $(CXB)/k/bpf_kfunc_copy.c
	$(Q)gcc $(CX_CFLAGS) -I$(call ksrc,x86_64)/tools/arch/x86/lib -c $(CXB)/k/insn.c -o $@
$(CXB)/inat.o: $(CXB)/k/bpf_kfunc_copy.c
	$(Q)gcc $(CX_CFLAGS) -I$(call ksrc,x86_64)/tools/arch/x86/lib -c $(CXB)/k/inat.c -o $@
$(CXB)/bpf_kfunc_copy.o: $(CXB)/k/bpf_kfunc_copy.c $(CX_SHIM)
	$(Q)gcc $(CX_CFLAGS) -Wno-maybe-uninitialized -c $< -o $@
$(CXB)/bpf_kfunc_copy_rethunk.o: $(CXB)/k/bpf_kfunc_copy.c $(CX_SHIM)
	$(Q)gcc $(CX_CFLAGS) -Wno-maybe-uninitialized -DCONFIG_MITIGATION_RETHUNK -c $< -o $@
$(CXB)/test_copy.o: $(CX)/test_copy.c $(CX)/kfuncs.h $(CX)/run.h $(CXB)/ksyms.h $(CX_SHIM) \
		$(CXB)/k/bpf_kfunc_copy.c
	$(Q)gcc $(CX_CFLAGS) -I$(CXB) -DBUILD_NAME='"plain"' -c $< -o $@
$(CXB)/test_copy_rethunk.o: $(CX)/test_copy.c $(CX)/kfuncs.h $(CX)/run.h $(CXB)/ksyms.h \
		$(CX_SHIM) $(CXB)/k/bpf_kfunc_copy.c
	$(Q)gcc $(CX_CFLAGS) -I$(CXB) -DBUILD_NAME='"rethunk"' -DCONFIG_MITIGATION_RETHUNK -c $< -o $@
$(CXB)/trampoline.o: $(CX)/trampoline.S $(CX)/run.h
	$(Q)mkdir -p $(@D)
	$(Q)gcc -c $< -o $@
$(CXB)/hand.o: $(CX)/hand.S
	$(Q)mkdir -p $(@D)
	$(Q)gcc -c $< -o $@
$(CXB)/kfuncs_%.o: $(CX)/kfuncs.c $(CX)/kfuncs.h mk/host.mk
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(CX_VARIANT_$*) -DPFX=$*_ -c $< -o $@
# kallsyms sizes: from each symbol to the next
$(CXB)/ksyms.h: $(CX_KF) $(CXB)/hand.o $(CX)/ksyms.awk
	$(Q)for o in $(CX_KF) $(CXB)/hand.o; do nm -n -S -t d $$o | awk -f $(CX)/ksyms.awk; done >$@
$(CXB)/test_copy: $(CXB)/test_copy.o $(CXB)/bpf_kfunc_copy.o $(CX_COMMON)
	$(call msg,CC,$@)
	$(Q)gcc -no-pie $^ -o $@
$(CXB)/test_copy_rethunk: $(CXB)/test_copy_rethunk.o $(CXB)/bpf_kfunc_copy_rethunk.o $(CX_COMMON)
	$(call msg,CC,$@)
	$(Q)gcc -no-pie $^ -o $@

$(B)/results/host-copy-x86_64.txt: $(CXB)/test_copy $(CXB)/test_copy_rethunk FORCE
	$(call msg,HOST,x86-64 copies of compiled kfuncs)
	$(Q)mkdir -p $(@D)
	$(Q){ for t in test_copy test_copy_rethunk; do \
		$(CXB)/$$t >$@.$$t.out 2>&1; rc=$$?; \
		sed -n 's/^TEST /TEST host.copy-x86_64./p' $@.$$t.out; \
		[ $$rc -le 1 ] || echo "TEST host.copy-x86_64.$$t FAIL exited with status $$rc"; \
		done; } >$@
