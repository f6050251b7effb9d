# SPDX-License-Identifier: GPL-2.0
#
# Keccak-f[1600] permutations (sha3/keccak.c + arch assembly): every
# implementation against known answers and against the generic one, and
# the SHA-3 benchmark.  Included by tests/user/Makefile, which defines
# ROOT, BUILD and the flags.
#
#   test_keccak_impls        native: generic + this machine's fast paths
#                            (ASan+UBSan)
#   test_keccak_impls_vg     the same at -O1 without sanitizers, for valgrind
#   test_keccak_xn           the multi-lane permutations (avx2x4, avx512x8;
#                            arm64: cex2)
#                            against generic, lane by lane (ASan+UBSan)
#   test_keccak_xn_vg        the same for valgrind (which has no AVX-512:
#                            avx2x4 only there)
#   test_keccak_impls_arm64  (x86-64 hosts) static arm64 builds run under
#   test_keccak_xn_arm64     qemu-user -cpu max (FEAT_SHA3): ce, and cex2
#                            against generic; SKIP result when
#                            aarch64-linux-gnu-gcc or qemu-aarch64-static is
#                            missing.  make test-arm64 runs just these two
#                            and test_sha3_lib_arm64 (sha3_lib.mk).
#   keccak_bench             make bench: cycles/byte, nobs generic / nobs fast
#                            / OpenSSL / the kernel's sha3_generic.c, built
#                            from /usr/src/linux-source-*.tar.xz at bench time
#                            (column skipped when the tarball is absent)
#   keccak_xn_bench          make bench: ParallelHash128 (B = 8192, 1 MiB)
#                            on the multi-lane permutations against
#                            single-stream SHAKE128 and OpenSSL's SHAKE128

KECCAK_HOST_ARCH := $(shell uname -m)
KECCAK_CORE := $(ROOT)/sha3/keccak.c $(ROOT)/sha3/keccak.h \
	$(ROOT)/include/nobs/types.h
KECCAK_ARCH_x86_64 := $(ROOT)/arch/x86/keccak_x86_64.S \
	$(ROOT)/arch/x86/keccak_x86.c $(ROOT)/arch/x86/keccak_avx512.S \
	$(ROOT)/arch/x86/keccak_x86_avx512.c \
	$(ROOT)/arch/x86/keccak_avx2_x4.S $(ROOT)/arch/x86/keccak_avx512_x8.S \
	$(ROOT)/arch/x86/keccak_x86_xn.c
KECCAK_ARCH_aarch64 := $(ROOT)/arch/arm64/keccak_ce.S \
	$(ROOT)/arch/arm64/keccak_arm64.c
KECCAK_DEFS_x86_64 := -DNOBS_HAVE_KECCAK_X86
KECCAK_DEFS_aarch64 := -DNOBS_HAVE_KECCAK_ARM64
KECCAK_ARCH := $(KECCAK_ARCH_$(KECCAK_HOST_ARCH))
KECCAK_DEFS := $(KECCAK_DEFS_$(KECCAK_HOST_ARCH))
KECCAK_ASFLAGS := -Wa,--noexecstack
KECCAK_COMPAT := $(ROOT)/tests/user/compat/linux/linkage.h \
	$(ROOT)/tests/user/keccak_cpu.h

USER_TESTS += $(BUILD)/test_keccak_impls $(BUILD)/test_keccak_xn
VALGRIND_TESTS += $(BUILD)/test_keccak_impls_vg $(BUILD)/test_keccak_xn_vg
USER_BENCHES += $(BUILD)/keccak_bench $(BUILD)/keccak_xn_bench

$(BUILD)/test_keccak_impls: $(ROOT)/tests/user/test_keccak_impls.c \
		$(KECCAK_CORE) $(KECCAK_ARCH) $(KECCAK_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(KECCAK_DEFS) $(KECCAK_ASFLAGS) \
		-I$(ROOT)/tests/user -o $@ $(filter %.c %.S,$^)

$(BUILD)/test_keccak_xn: $(ROOT)/tests/user/test_keccak_xn.c \
		$(KECCAK_CORE) $(KECCAK_ARCH) $(KECCAK_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(KECCAK_DEFS) $(KECCAK_ASFLAGS) \
		-I$(ROOT)/tests/user -o $@ $(filter %.c %.S,$^)

$(BUILD)/test_keccak_xn_vg: $(ROOT)/tests/user/test_keccak_xn.c \
		$(KECCAK_CORE) $(KECCAK_ARCH) $(KECCAK_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(KECCAK_DEFS) \
		$(KECCAK_ASFLAGS) -I$(ROOT)/tests/user -o $@ \
		$(filter %.c %.S,$^)

$(BUILD)/test_keccak_impls_vg: $(ROOT)/tests/user/test_keccak_impls.c \
		$(KECCAK_CORE) $(KECCAK_ARCH) $(KECCAK_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(KECCAK_DEFS) \
		$(KECCAK_ASFLAGS) -I$(ROOT)/tests/user -o $@ \
		$(filter %.c %.S,$^)

# --- the kernel's sha3_generic.c, extracted at bench time, never committed
KSRC_TAR ?= $(lastword $(sort $(wildcard /usr/src/linux-source-*.tar.xz)))
KSHA3_DIR := $(BUILD)/ksha3
ifneq ($(KSRC_TAR),)
KSHA3_TOP := $(notdir $(KSRC_TAR:.tar.xz=))
KSHA3_OBJ := $(KSHA3_DIR)/keccak_bench_ksha3.o
KSHA3_DEFS := -DNOBS_BENCH_KSHA3

# Algorithm code only: no #include or EXPORT_SYMBOL lines, nothing from the
# shash_alg table on.
$(KSHA3_DIR)/sha3_generic_body.c $(KSHA3_DIR)/sha3_header.h: $(KSRC_TAR)
	@mkdir -p $(KSHA3_DIR)
	tar -xJf $(KSRC_TAR) -C $(KSHA3_DIR) --strip-components=1 \
		$(KSHA3_TOP)/crypto/sha3_generic.c \
		$(KSHA3_TOP)/include/crypto/sha3.h
	sed '/^#include/d' $(KSHA3_DIR)/include/crypto/sha3.h \
		> $(KSHA3_DIR)/sha3_header.h
	awk '/^static struct shash_alg/ { exit } !/^(#include|EXPORT_SYMBOL)/ { print }' \
		$(KSHA3_DIR)/crypto/sha3_generic.c \
		> $(KSHA3_DIR)/sha3_generic_body.c

# Kernel code under userspace warning flags is noisy and not ours: -w.
$(KSHA3_OBJ): $(ROOT)/tests/user/keccak_bench_ksha3.c \
		$(ROOT)/tests/user/keccak_bench.h \
		$(KSHA3_DIR)/sha3_generic_body.c $(KSHA3_DIR)/sha3_header.h
	$(CC) $(BENCH_CFLAGS) -w -I$(ROOT)/tests/user \
		-DKSHA3_HEADER='"$(KSHA3_DIR)/sha3_header.h"' \
		-DKSHA3_BODY='"$(KSHA3_DIR)/sha3_generic_body.c"' \
		-c -o $@ $<
endif

$(BUILD)/keccak_bench: $(ROOT)/tests/user/keccak_bench.c \
		$(ROOT)/tests/user/keccak_bench.h \
		$(ROOT)/tests/user/bench_clock.h $(KECCAK_CORE) $(KECCAK_ARCH) \
		$(ROOT)/sha3/sha3_lib.c $(ROOT)/include/nobs/sha3.h \
		$(KECCAK_COMPAT) $(KSHA3_OBJ)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(KECCAK_DEFS) $(KSHA3_DEFS) \
		$(KECCAK_ASFLAGS) -o $@ $(filter %.c %.S %.o,$^) -lcrypto

$(BUILD)/keccak_xn_bench: $(ROOT)/tests/user/keccak_xn_bench.c \
		$(ROOT)/tests/user/bench_clock.h $(KECCAK_CORE) $(KECCAK_ARCH) $(KECCAK_COMPAT)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(KECCAK_DEFS) \
		$(KECCAK_ASFLAGS) -I$(ROOT)/tests/user -o $@ \
		$(filter %.c %.S,$^) -lcrypto

# --- arm64 from an x86-64 host: static cross builds, qemu-user at run time.
# Each test program is a wrapper script, so 'make test' runs it like any
# other and sums its result line.  Nothing is installed here.
# $(call keccak_arm64_rules,NAME): $(BUILD)/NAME_arm64 from tests/user/NAME.c.
ifeq ($(KECCAK_HOST_ARCH),x86_64)
KECCAK_CROSS ?= aarch64-linux-gnu-
KECCAK_QEMU ?= qemu-aarch64-static
KECCAK_ARM64_TESTS := $(BUILD)/test_keccak_impls_arm64 $(BUILD)/test_keccak_xn_arm64
USER_TESTS += $(KECCAK_ARM64_TESTS)

define keccak_arm64_rules
$$(BUILD)/$(1)_arm64.bin: $$(ROOT)/tests/user/$(1).c \
		$$(KECCAK_CORE) $$(KECCAK_ARCH_aarch64) $$(KECCAK_COMPAT)
	@mkdir -p $$(@D)
	@if command -v $$(KECCAK_CROSS)gcc >/dev/null 2>&1; then \
		echo "$$(KECCAK_CROSS)gcc ... -o $$@"; \
		$$(CC_SPLIT) $$(KECCAK_CROSS)gcc $$(USER_CFLAGS) $$(CROSS_CFLAGS) \
			$$(KECCAK_DEFS_aarch64) $$(KECCAK_ASFLAGS) \
			-I$$(ROOT)/tests/user -o $$@ \
			$$(filter %.c %.S,$$^); \
	else \
		echo "no $$(KECCAK_CROSS)gcc; $(1)_arm64 will skip"; \
		printf '' > $$@; \
	fi

$$(BUILD)/$(1)_arm64: $$(BUILD)/$(1)_arm64.bin
	@printf '%s\n' '#!/bin/sh' \
	  'bin="$$<"; qemu="$$(KECCAK_QEMU)"' \
	  'if [ ! -s "$$$$bin" ] || ! command -v "$$$$qemu" >/dev/null 2>&1; then' \
	  '  echo "SKIP: $(1)_arm64: needs $$(KECCAK_CROSS)gcc and $$$$qemu"' \
	  '  echo "SUITE: 0 passed, 0 failed, 1 skipped"; exit 0; fi' \
	  'exec "$$$$qemu" -cpu max "$$$$bin" "$$$$@"' > $$@
	@chmod +x $$@
endef
$(eval $(call keccak_arm64_rules,test_keccak_impls))
$(eval $(call keccak_arm64_rules,test_keccak_xn))

.PHONY: test-arm64
test-arm64: $(KECCAK_ARM64_TESTS)
	@rc=0; for t in $^; do echo "== $$(basename $$t)"; $$t || rc=1; done; \
	exit $$rc
endif
