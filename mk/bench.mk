# SPDX-License-Identifier: GPL-2.0
#
# make bench: the programs of bpf/bench/ in the patched guests
# (tests/guest/bench.sh, tests/prog_tests/bench.c), the x86-64 JIT images
# replayed and timed on this CPU beside C (tools/replay/); results in
# $(BENCH_OUT).  In make check, the same guest runs without the timing:
# every variant loads, the images disassemble, and each replayed image (and
# each C version) returns what the guest's BPF_PROG_TEST_RUN returned.
BENCH_OUT ?= results/bench
BENCH_ROUNDS ?= 300
BENCH_PROCS ?= 4
BENCH_PLACEMENTS ?= r8
REPLAY_SRC := tools/replay/replay.c tools/replay/replay.h bpf/bench/bench.h
# the kfuncs the images call: the module's C code and the kernel's
# iterators, built as the host tier builds them but with the kernel's
# code-generation flags (tools/replay/kflags.sh: those the kernel build gave
# the module, from its Kbuild .cmd file, less what user space cannot take);
# kstubs.c, standing for kernel code, the same way
REPLAY_KFUNCS := $(filter-out module/percpu.c module/iter.c module/x86/percpu.c module/x86/iter.c, \
	$(call host_module_src,x86)) tests/host/x86_cpu.c $(B)/host/x86_64/gen/kiter.c
REPLAY_KCMD := $(B)/x86_64/module/module/.rotate.o.cmd
# the C versions: baseline x86-64 with gcc, and this CPU with clang if there
# is one; no unrolling, as in every other row (one operation per iteration)
REPLAY_C_BASE := gcc -O2 -fno-strict-aliasing
REPLAY_C_HOST := $(or $(shell command -v clang-16 >/dev/null && echo clang-16),\
	$(shell command -v clang >/dev/null && echo clang),gcc) -O2 -fno-strict-aliasing -fno-unroll-loops -march=native
# and gcc for this CPU, the reference of issue 18's rows (C-gcc)
REPLAY_C_GCC := gcc -O2 -fno-strict-aliasing -fno-unroll-loops -march=native
CPU_MODEL := $(shell sed -n 's/^model name\t: //p' /proc/cpuinfo | head -n1)

$(REPLAY_KCMD): $(B)/x86_64/module/insn_kfuncs.ko
# the mitigated replay's callees: the distro kernel's flags (return thunks,
# retpolines, IBT, SLS, stack protector, patchable entries)
REPLAY_MIT_KCMD := $(B)/x86_64-distro/module/module/.rotate.o.cmd
$(REPLAY_MIT_KCMD): $(B)/x86_64-distro/module/insn_kfuncs.ko

# the C versions of cref.c: baseline x86-64, this CPU (clang), this CPU (gcc)
CREF_VERSIONS := base host gcc
cref_cc.base = $(REPLAY_C_BASE)
cref_cc.host = $(REPLAY_C_HOST)
cref_cc.gcc = $(REPLAY_C_GCC)
# cref_build OUTDIR, VERSION: OUTDIR/cref-VERSION.o, with cref_lookup_VERSION()
cref_build = $(cref_cc.$(2)) -g -Wall -Wextra -Ibpf/bench -DCREF_LOOKUP=cref_lookup_$(2) \
	-c -o $(1)/cref-$(2).o tools/replay/cref.c

# replay_build OUTDIR, KCMD, EXTRA CFLAGS, EXTRA SOURCES: replay with its
# callees built with the flags of KCMD
replay_build = \
	kflags="$$(tools/replay/kflags.sh $(2))" && [ -n "$$kflags" ] && \
	printf '\#define REPLAY_KFLAGS "%s"\n\#define REPLAY_C_BASE "%s"\n\#define REPLAY_C_HOST "%s"\n\#define REPLAY_C_GCC "%s"\n' \
		"$$kflags" "$(REPLAY_C_BASE)" "$(REPLAY_C_HOST)" "$(REPLAY_C_GCC)" >$(1)/build-flags.h && \
	gcc $(call HOST_CFLAGS,x86_64) $$kflags -nostdlib -r -o $(1)/kfuncs.o $(REPLAY_KFUNCS) && \
	gcc -g -Wall -Wextra -Wno-unused-parameter $(3) $$kflags -c -o $(1)/kstubs.o \
		tools/replay/kstubs.c && \
	$(foreach v,$(CREF_VERSIONS),$(call cref_build,$(1),$(v)) && ) \
	gcc -O2 -g -Wall -Wextra -Wno-unused-parameter -no-pie -Ibpf/bench -I$(1) $(3) -o $(1)/replay \
		tools/replay/replay.c $(CREF_VERSIONS:%=$(1)/cref-%.o) $(1)/kstubs.o \
		$(1)/kfuncs.o $(4)
REPLAY_DEPS := $(REPLAY_SRC) tools/replay/cref.c tools/replay/kstubs.c \
	tools/replay/kflags.sh $(REPLAY_KFUNCS) $(HOST_HDR) \
	$(MODULE_SRC) $(B)/host/x86_64/gen/host_families.h mk/bench.mk

$(B)/replay/replay: $(REPLAY_DEPS) $(REPLAY_KCMD)
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(call replay_build,$(@D),$(REPLAY_KCMD))

# the same with the distro kernel's flags and tools/replay/rethunk.S
$(B)/replay-mit/replay: $(REPLAY_DEPS) $(REPLAY_MIT_KCMD) tools/replay/rethunk.S
	$(call msg,CC,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(call replay_build,$(@D),$(REPLAY_MIT_KCMD),-DREPLAY_RETHUNK,tools/replay/rethunk.S)

# The guest's run of target $(1) with kernel arguments $(2) and its images:
# $(B)/TARGET/bench.log, $(B)/TARGET/bench-jit/.
bench_guest = $(call guest_test,$(1),$(1)-bench,$(B)/$(1)/initramfs.cpio.gz, \
	$(B)/$(1)/bench.log,insn.run=bench $(2)); \
	tools/jit-disasm.sh $(call arch_of,$(1)) $(B)/$(1)/bench.log $(B)/$(1)/bench-jit | \
	sed 's|^TEST |TEST $(1)-bench/|'

$(B)/results/x86_64-bench.txt: $(B)/x86_64/initramfs.cpio.gz $(B)/replay/replay
	$(call msg,REPLAY,x86_64 JIT images of bpf/bench/ against the guest results)
	$(Q)mkdir -p $(@D)
	$(Q){ $(call bench_guest,x86_64); \
	  $(B)/replay/replay -t $(B)/x86_64/bench-jit $(B)/x86_64/bench.log 2>$(B)/x86_64/replay.err | \
		sed 's|^TEST |TEST x86_64-bench/|'; rc=$${PIPESTATUS[0]}; \
	  [ $$rc -le 1 ] || echo "TEST x86_64-bench/replay FAIL $$(tail -n1 $(B)/x86_64/replay.err)"; \
	} >$@

# arm64: no arm64 CPU here to time on; the guest's results must equal the
# x86-64 guest's, and the static figures go beside the x86-64 ones.
$(B)/results/arm64-bench.txt: $(B)/arm64/initramfs.cpio.gz $(B)/results/x86_64-bench.txt \
		tools/replay/arm64-figures.sh
	$(call msg,BENCH,arm64 results against x86-64 and static figures)
	$(Q)mkdir -p $(@D)
	$(Q){ $(call bench_guest,arm64); \
	  tools/replay/arm64-figures.sh $(B)/arm64/bench.log $(B)/arm64/bench-jit \
		$(B)/x86_64/bench.log | sed 's|^TEST |TEST arm64-bench/|'; } >$@

# The stock kernel's images of the plain-BPF programs, compared with the
# patched kernel's (tools/replay/stock-idioms.sh): "idiom" must be what
# users get today.  The stock guest loads only those (insn.bench=idiom).
$(B)/results/x86_64-stock-bench.txt: $(B)/x86_64-stock/initramfs.cpio.gz \
		$(B)/results/x86_64-bench.txt tools/replay/stock-idioms.sh
	$(call msg,BENCH,x86_64-stock JIT images of the idioms against the patched kernel)
	$(Q)mkdir -p $(@D)
	$(Q){ $(call guest_test,x86_64-stock,x86_64-stock-bench,$(B)/x86_64-stock/initramfs.cpio.gz, \
		$(B)/x86_64-stock/bench.log,insn.run=bench insn.bench=idiom); \
	  tools/jit-disasm.sh x86_64 $(B)/x86_64-stock/bench.log $(B)/x86_64-stock/bench-jit | \
		sed 's|^TEST |TEST x86_64-stock-bench/|'; \
	  tools/replay/stock-idioms.sh $(B)/x86_64/bench-jit $(B)/x86_64/bench.log \
		$(B)/x86_64-stock/bench-jit $(B)/x86_64-stock/bench.log | \
		sed 's|^TEST |TEST x86_64-stock-bench/|'; } >$@

# make bench [BENCH_ROUNDS=300] [BENCH_PROCS=4] [BENCH_PLACEMENTS=r8]:
# the timing, after the checks above pass (tools/replay/replay.c).
bench: $(B)/results/x86_64-bench.txt $(B)/results/arm64-bench.txt \
		$(B)/results/x86_64-stock-bench.txt $(B)/results/x86_64-distro-bench.txt
	$(Q)! grep ' FAIL' $^ || { echo "bench: the checks above failed"; exit 1; }
	$(Q)n=$$(grep -c 'stock\..* PASS' $(B)/results/x86_64-stock-bench.txt); \
	printf '  %-7s %s\n' STOCK "$$n idiom images as the stock kernel JIT emits them"
	$(call msg,REPLAY,$(BENCH_PROCS) processes x $(BENCH_ROUNDS) rounds at $(BENCH_PLACEMENTS) on $(CPU_MODEL) -> $(BENCH_OUT)/)
	$(Q)mkdir -p $(BENCH_OUT)
	$(Q)$(B)/replay/replay -r $(BENCH_ROUNDS) -p $(BENCH_PROCS) -P $(BENCH_PLACEMENTS) \
		-o $(BENCH_OUT) $(B)/x86_64/bench-jit \
		$(B)/x86_64/bench.log | tee $(BENCH_OUT)/bench.txt
	$(call msg,REPLAY,mitigated: x86_64-distro images ($(BENCH_MIT_ARGS)) with return thunks -> $(BENCH_OUT)/mitigated/)
	$(Q)mkdir -p $(BENCH_OUT)/mitigated
	$(Q)$(B)/replay-mit/replay -r $(BENCH_ROUNDS) -p $(BENCH_PROCS) -P $(BENCH_PLACEMENTS) \
		-o $(BENCH_OUT)/mitigated $(B)/x86_64-distro/bench-jit \
		$(B)/x86_64-distro/bench.log | tee $(BENCH_OUT)/bench-mitigated.txt
	$(Q)gnuplot -e "dat='$(BENCH_OUT)/bench.dat'; png='$(BENCH_OUT)/bench.png'; \
		title='make bench, $(shell date +%F): x86-64 JIT images of Linux \
		$(shell cat $(call kobj,x86_64)/include/config/kernel.release) replayed on \
		$(CPU_MODEL)'" tools/replay/bench.gp
	$(call msg,PLOT,$(BENCH_OUT)/bench.png)
	$(call msg,ARM64,static figures of the arm64 JIT images (no arm64 CPU to time on))
	$(Q)tools/replay/arm64-figures.sh $(B)/arm64/bench.log $(B)/arm64/bench-jit \
		$(B)/x86_64/bench.log --table | tee $(BENCH_OUT)/bench-arm64.txt

# The mitigated table: the series built with Debian's configuration (the
# x86_64-distro kernel: return thunks, retpolines, IBT compiled in), booted
# so that its JIT emits the return thunk although qemu's TCG CPU reports no
# vulnerability.  The TCG CPU's vendor is AMD (family 0xf): retbleed=force
# sets X86_BUG_RETBLEED, and retbleed's auto choice on AMD is the untrained
# return thunk (X86_FEATURE_RETHUNK, retbleed_return_thunk), with no
# "WARNING:" line (Intel vendors get one, which fails the run).  SRSO has no
# "force": its thunks cannot be chosen under TCG.  The images' jumps to the
# guest's thunk are relinked to a copy of the thunk this host's kernel runs
# (tools/replay/rethunk.S), whatever the guest chose.
BENCH_MIT_ARGS := retbleed=force
timeout_x86_64-distro-bench ?= 900
# In make check (where the distro kernel is cached): the guest's TEST lines,
# its images' returns and calls (tools/replay/rethunk.sh: jit-disasm's "no
# ret" is what this kernel must give), and every replayed image at every
# placement, with the thunk copy and the distro-flag callees, returns what
# the guest returned (TEST x86_64-distro-bench/replay.*).
$(B)/results/x86_64-distro-bench.txt: $(B)/x86_64-distro/initramfs.cpio.gz $(B)/replay-mit/replay \
		tools/replay/rethunk.sh
	$(call msg,REPLAY,x86_64-distro JIT images with $(BENCH_MIT_ARGS) against the guest results)
	$(Q)mkdir -p $(@D)
	$(Q){ $(call bench_guest,x86_64-distro,$(BENCH_MIT_ARGS)) | \
		tools/replay/rethunk.sh $(B)/x86_64-distro/bench-jit $(B)/x86_64-distro/bench.log | \
		sed "s|^TEST rethunk|TEST x86_64-distro-bench/rethunk|"; \
	  $(B)/replay-mit/replay -t $(B)/x86_64-distro/bench-jit $(B)/x86_64-distro/bench.log \
		2>$(B)/x86_64-distro/replay.err | sed 's|^TEST |TEST x86_64-distro-bench/|'; \
		rc=$${PIPESTATUS[0]}; \
	  [ $$rc -le 1 ] || echo "TEST x86_64-distro-bench/replay FAIL $$(tail -n1 $(B)/x86_64-distro/replay.err)"; \
	} >$@
