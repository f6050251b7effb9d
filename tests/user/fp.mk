# SPDX-License-Identifier: GPL-2.0
#
# GF(p) arithmetic for CSIDH-512 (isogeny/fp512.c), CSIDH-1024
# (isogeny/fp1024.c) and CTIDH-2048 (isogeny/fp2048.c), over the generic
# template isogeny/fp_tmpl.c and the arch assembly: exact differential
# test against GMP and the mul/sqr benchmark.  Included by
# tests/user/Makefile, which defines ROOT, BUILD and the flags.  Each test
# is built once per field from the one source (test_fp.c; -DTEST_FP1024
# and -DTEST_FP2048 select the bigger fields):
#
#   test_fp[1024|2048]           native: generic C + this machine's
#                                assembly (ASan+UBSan)
#   test_fp[1024|2048]_portable  generic C without unsigned __int128 and
#                                asm
#   test_fp[1024|2048]_ct        (make valgrind) operands marked
#                                undefined: memcheck must see no branch
#                                or index on them
#   test_fp[1024|2048]_arm64     (x86-64 hosts) arm64 build run under
#                                qemu-user; a SKIP result without cross
#                                tools
#   fp_bench                     median cycles of the fields, generic /
#                                asm / GMP side by side, and the
#                                four-lane mul4/sqr4 (IFMA against four
#                                scalar calls)

FP_CORE := $(ROOT)/isogeny/fp.c $(ROOT)/isogeny/fp512.c \
	$(ROOT)/isogeny/fp1024.c $(ROOT)/isogeny/fp2048.c $(ROOT)/isogeny/fp.h \
	$(ROOT)/isogeny/fp512.h $(ROOT)/isogeny/fp1024.h $(ROOT)/isogeny/fp2048.h \
	$(ROOT)/isogeny/fp_tmpl.h $(ROOT)/isogeny/fp_tmpl.c \
	$(ROOT)/tests/user/fp_cpu.h \
	$(ROOT)/include/nobs/types.h
FP_HOST_ARCH := $(shell uname -m)
FP_ASM_x86_64 := $(ROOT)/arch/x86/fp_x86_64.S $(ROOT)/arch/x86/fp_ifma_x86_64.S \
	$(ROOT)/arch/x86/fp1024_x86_64.S $(ROOT)/arch/x86/fp1024_ifma_x86_64.S \
	$(ROOT)/arch/x86/fp2048_x86_64.S
FP_ASM_aarch64 := $(ROOT)/arch/arm64/fp_arm64.S $(ROOT)/arch/arm64/fp1024_arm64.S \
	$(ROOT)/arch/arm64/fp2048_arm64.S
FP_ASM := $(FP_ASM_$(FP_HOST_ARCH))
# the native test's probe of what the IFMA code leaves behind
FP_PROBE_x86_64 := $(ROOT)/kunit/nk_ifma_probe_x86_64.S \
	$(ROOT)/kunit/nk_ifma_probe.h
FP_PROBE := $(FP_PROBE_$(FP_HOST_ARCH))
FP_ASFLAGS := -Wa,--noexecstack
FP_COMPAT := $(ROOT)/tests/user/compat/linux/linkage.h
FP_CROSS ?= aarch64-linux-gnu-
FP_QEMU ?= qemu-aarch64-static

USER_BENCHES += $(BUILD)/fp_bench

$(BUILD)/fp_bench: $(ROOT)/tests/user/fp_bench.c $(FP_CORE) $(FP_ASM) $(FP_COMPAT) \
		$(ROOT)/tests/user/bench_clock.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(FP_ASFLAGS) -o $@ \
		$(filter-out %_tmpl.c,$(filter %.c %.S,$^)) -lgmp

# $(call fp_tests,NAME,DEFINES): the tests of one field
define fp_tests
USER_TESTS += $(BUILD)/$(1) $(BUILD)/$(1)_portable
VALGRIND_TESTS += $(BUILD)/$(1)_ct

$(BUILD)/$(1): $(ROOT)/tests/user/test_fp.c $(FP_CORE) $(FP_ASM) $(FP_PROBE) \
		$(FP_COMPAT)
	@mkdir -p $$(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(FP_ASFLAGS) $(2) -o $$@ \
		$$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^)) -lgmp

$(BUILD)/$(1)_portable: $(ROOT)/tests/user/test_fp.c $(FP_CORE)
	@mkdir -p $$(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) -DNOBS_FP_NO_ASM \
		-DNOBS_FP_NO_INT128 $(2) -o $$@ $$(filter-out %_tmpl.c,$$(filter %.c,$$^)) -lgmp

# constant-time evidence: operands marked undefined for memcheck
$(BUILD)/$(1)_ct: $(ROOT)/tests/user/test_fp.c $(FP_CORE) $(FP_ASM) $(FP_COMPAT)
	@mkdir -p $$(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(FP_ASFLAGS) -DTEST_FP_CT \
		$(2) -o $$@ $$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^)) -lgmp

# arm64 assembly from an x86-64 host: static cross build, qemu-user at
# run time.  The test program is a wrapper script, so 'make test' runs it
# like any other and sums its SUITE line.
ifeq ($(FP_HOST_ARCH),x86_64)
USER_TESTS += $(BUILD)/$(1)_arm64

$(BUILD)/$(1)_arm64.bin: $(ROOT)/tests/user/test_fp.c $(FP_CORE) \
		$(FP_ASM_aarch64) $(FP_COMPAT)
	@mkdir -p $$(@D)
	@if command -v $(FP_CROSS)gcc >/dev/null 2>&1 && \
	    echo 'int main(void){return 0;}' | \
	    $(FP_CROSS)gcc -static -x c - -lgmp -o $$@.probe 2>/dev/null; then \
		rm -f $$@.probe; \
		echo "$(FP_CROSS)gcc ... -o $$@"; \
		$(CC_SPLIT) $(FP_CROSS)gcc $(USER_CFLAGS) $(CROSS_CFLAGS) $(FP_ASFLAGS) $(2) \
			-o $$@ $$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^)) -lgmp; \
	else \
		rm -f $$@.probe; \
		echo "no $(FP_CROSS)gcc with a static arm64 libgmp; $(1)_arm64 will skip"; \
		printf '' > $$@; \
	fi

$(BUILD)/$(1)_arm64: $(BUILD)/$(1)_arm64.bin
	@printf '%s\n' '#!/bin/sh' \
	  'bin="$$<"; qemu="$(FP_QEMU)"' \
	  'if [ ! -s "$$$$bin" ] || ! command -v "$$$$qemu" >/dev/null 2>&1; then' \
	  '  echo "SKIP: $(1)_arm64: needs $(FP_CROSS)gcc, libgmp-dev:arm64 and $$$$qemu"' \
	  '  echo "SUITE: 0 passed, 0 failed, 1 skipped"; exit 0; fi' \
	  'exec "$$$$qemu" -cpu max "$$$$bin" "$$$$@"' > $$@
	@chmod +x $$@
endif
endef

$(eval $(call fp_tests,test_fp,))
$(eval $(call fp_tests,test_fp1024,-DTEST_FP1024))
$(eval $(call fp_tests,test_fp2048,-DTEST_FP2048))

# test_fp_ifma_asm: on x86-64 hosts, on the objects assembled here for
# userspace, scripts/asm-ct-check.py finds no branch and no data-dependent
# address in nobs_fp512_mul4_ifma/_sqr4_ifma and
# nobs_fp1024_mul4_ifma/_sqr4_ifma, after its self-test shows it failing
# on planted faults.  (That the files are what scripts/gen/fp_ifma_asm.py
# prints is lint's regen-check, as for every generated file.)  A wrapper
# script, so 'make test' runs it like any other and sums its SUITE line
# (the checker's own "N passed, N failed" lines are left out:
# run-suite.sh would count them too).
USER_TESTS += $(BUILD)/test_fp_ifma_asm
FP_IFMA_FILES := fp_ifma_x86_64 fp1024_ifma_x86_64
FP_IFMA_FUNCS_fp_ifma_x86_64 := nobs_fp512_mul4_ifma nobs_fp512_sqr4_ifma
FP_IFMA_FUNCS_fp1024_ifma_x86_64 := nobs_fp1024_mul4_ifma nobs_fp1024_sqr4_ifma
ifeq ($(FP_HOST_ARCH),x86_64)
FP_IFMA_OBJ := $(FP_IFMA_FILES:%=$(BUILD)/%.o)

$(FP_IFMA_OBJ): $(BUILD)/%.o: $(ROOT)/arch/x86/%.S $(FP_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(FP_ASFLAGS) -c -o $@ $<
else
FP_IFMA_OBJ :=
endif

$(BUILD)/test_fp_ifma_asm: $(FP_IFMA_OBJ) $(ROOT)/tests/user/fp.mk
	@mkdir -p $(@D)
	@printf '%s\n' '#!/bin/sh' \
	  'root="$(ROOT)"; build="$(BUILD)"; obj="$(FP_IFMA_OBJ)"' \
	  'pass=0; fail=0; skip=0' \
	  'if [ -z "$$obj" ]; then' \
	  '  echo "SKIP: static constant-time check of the IFMA code: not an x86-64 host"; skip=$$((skip + 3))' \
	  'else' \
	  '  for args in --self-test \' \
	  '      "$$build/fp_ifma_x86_64.o $(FP_IFMA_FUNCS_fp_ifma_x86_64)" \' \
	  '      "$$build/fp1024_ifma_x86_64.o $(FP_IFMA_FUNCS_fp1024_ifma_x86_64)"; do' \
	  '    out=$$(python3 "$$root/scripts/asm-ct-check.py" $$args); rc=$$?' \
	  '    printf "%s\n" "$$out" | grep -v " passed, [0-9]* failed$$"' \
	  '    what="asm-ct-check.py $${args%% *}"' \
	  '    if [ $$rc = 0 ]; then echo "ok: $$what"; pass=$$((pass + 1))' \
	  '    else echo "FAIL: $$what (exit $$rc)"; fail=$$((fail + 1)); fi' \
	  '  done' \
	  'fi' \
	  'echo "SUITE: $$pass passed, $$fail failed, $$skip skipped"' \
	  '[ "$$fail" = 0 ]' > $@
	@chmod +x $@
