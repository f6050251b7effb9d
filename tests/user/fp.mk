# SPDX-License-Identifier: GPL-2.0
#
# GF(p) arithmetic for CSIDH-512 (isogeny/fp.c + arch assembly): exact
# differential test against GMP and the mul/sqr benchmark.
# Included by tests/user/Makefile, which defines ROOT, BUILD and the flags.
#
#   test_fp           native: generic C + this machine's assembly (ASan+UBSan)
#   test_fp_portable  generic C without unsigned __int128 and without asm
#   test_fp_ct        (make valgrind) operands marked undefined: memcheck
#                     must see no branch or index depending on them
#   test_fp_arm64     (x86-64 hosts) arm64 build run under qemu-user; prints
#                     a SKIP result when the cross tools are missing
#   fp_bench          median rdtsc cycles, generic / asm / GMP side by side

FP_CORE := $(ROOT)/isogeny/fp.c $(ROOT)/isogeny/fp.h \
	$(ROOT)/include/nobs/types.h
FP_HOST_ARCH := $(shell uname -m)
FP_ASM_x86_64 := $(ROOT)/arch/x86/fp_x86_64.S
FP_ASM_aarch64 := $(ROOT)/arch/arm64/fp_arm64.S
FP_ASM := $(FP_ASM_$(FP_HOST_ARCH))
FP_ASFLAGS := -Wa,--noexecstack
FP_COMPAT := $(ROOT)/tests/user/compat/linux/linkage.h

USER_TESTS += $(BUILD)/test_fp $(BUILD)/test_fp_portable
USER_BENCHES += $(BUILD)/fp_bench
VALGRIND_TESTS += $(BUILD)/test_fp_ct

$(BUILD)/test_fp: $(ROOT)/tests/user/test_fp.c $(FP_CORE) $(FP_ASM) $(FP_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(FP_ASFLAGS) -o $@ \
		$(filter %.c %.S,$^) -lgmp

$(BUILD)/test_fp_portable: $(ROOT)/tests/user/test_fp.c $(FP_CORE)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) -DNOBS_FP_NO_ASM \
		-DNOBS_FP_NO_INT128 -o $@ $(filter %.c,$^) -lgmp

# constant-time evidence: operands marked undefined for memcheck
$(BUILD)/test_fp_ct: $(ROOT)/tests/user/test_fp.c $(FP_CORE) $(FP_ASM) $(FP_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(FP_ASFLAGS) -DTEST_FP_CT -o $@ \
		$(filter %.c %.S,$^) -lgmp

$(BUILD)/fp_bench: $(ROOT)/tests/user/fp_bench.c $(FP_CORE) $(FP_ASM) $(FP_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(FP_ASFLAGS) -o $@ \
		$(filter %.c %.S,$^) -lgmp

# arm64 assembly from an x86-64 host: static cross build, qemu-user at run
# time.  The test program is a wrapper script, so 'make test' runs it like
# any other and sums its SUITE line.
ifeq ($(FP_HOST_ARCH),x86_64)
FP_CROSS ?= aarch64-linux-gnu-
FP_QEMU ?= qemu-aarch64-static
USER_TESTS += $(BUILD)/test_fp_arm64

$(BUILD)/test_fp_arm64.bin: $(ROOT)/tests/user/test_fp.c $(FP_CORE) \
		$(FP_ASM_aarch64) $(FP_COMPAT)
	@mkdir -p $(@D)
	@if command -v $(FP_CROSS)gcc >/dev/null 2>&1 && \
	    echo 'int main(void){return 0;}' | \
	    $(FP_CROSS)gcc -static -x c - -lgmp -o $@.probe 2>/dev/null; then \
		rm -f $@.probe; \
		echo "$(FP_CROSS)gcc ... -o $@"; \
		$(FP_CROSS)gcc $(USER_CFLAGS) -O1 -static $(FP_ASFLAGS) -o $@ \
			$(filter %.c %.S,$^) -lgmp; \
	else \
		rm -f $@.probe; \
		echo "no $(FP_CROSS)gcc with a static arm64 libgmp; test_fp_arm64 will skip"; \
		printf '' > $@; \
	fi

$(BUILD)/test_fp_arm64: $(BUILD)/test_fp_arm64.bin
	@printf '%s\n' '#!/bin/sh' \
	  'bin="$<"; qemu="$(FP_QEMU)"' \
	  'if [ ! -s "$$bin" ] || ! command -v "$$qemu" >/dev/null 2>&1; then' \
	  '  echo "SKIP: test_fp_arm64: needs $(FP_CROSS)gcc, libgmp-dev:arm64 and $$qemu"' \
	  '  echo "SUITE: 0 passed, 0 failed, 1 skipped"; exit 0; fi' \
	  'exec "$$qemu" -cpu max "$$bin" "$$@"' > $@
	@chmod +x $@
endif
