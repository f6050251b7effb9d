# SPDX-License-Identifier: GPL-2.0
#
# CSIDH-512 (isogeny/csidh.c over isogeny/fp.c and the arch fp assembly):
# the 328 reference vectors, the valgrind constant-time check and the
# benchmark.  Included by tests/user/Makefile, which defines ROOT, BUILD
# and the flags.

CSIDH_CORE := $(ROOT)/isogeny/csidh.c $(ROOT)/isogeny/csidh.h \
	$(ROOT)/isogeny/fp.c $(ROOT)/isogeny/fp.h $(ROOT)/isogeny/fp_decl.h \
	$(ROOT)/isogeny/fp_impl.h
ifeq ($(shell uname -m),x86_64)
CSIDH_CORE += $(ROOT)/arch/x86/fp_x86_64.S
else ifeq ($(shell uname -m),aarch64)
CSIDH_CORE += $(ROOT)/arch/arm64/fp_arm64.S
else
CSIDH_CFLAGS += -DNOBS_FP_NO_ASM
endif
CSIDH_CFLAGS += -Wa,--noexecstack

USER_TESTS += $(BUILD)/test_csidh
VALGRIND_TESTS += $(BUILD)/test_csidh_ct
USER_BENCHES += $(BUILD)/csidh_bench

$(BUILD)/test_csidh: $(ROOT)/tests/user/test_csidh.c $(CSIDH_CORE) $(ROOT)/tests/user/csidh_test_rng.h \
		$(ROOT)/tests/user/vectors_json.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ \
		$(filter %.c %.S,$^)

# NOBS_CSIDH_VALGRIND: the core marks what it reveals by design as defined
$(BUILD)/test_csidh_ct: $(ROOT)/tests/user/test_csidh_ct.c $(CSIDH_CORE)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_CSIDH_VALGRIND -o $@ $(filter %.c %.S,$^)

$(BUILD)/csidh_bench: $(ROOT)/tests/user/csidh_bench.c $(CSIDH_CORE)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(CSIDH_CFLAGS) -o $@ \
		$(filter %.c %.S,$^)

# The arm64 assembly under the group action, from an x86-64 host: static
# cross build run with qemu-user (slow: only the first vectors).  A wrapper
# script, so 'make test' runs it like any other and sums its SUITE line.
ifeq ($(shell uname -m),x86_64)
CSIDH_CROSS ?= aarch64-linux-gnu-
CSIDH_QEMU ?= qemu-aarch64-static
USER_TESTS += $(BUILD)/test_csidh_arm64

$(BUILD)/test_csidh_arm64.bin: $(ROOT)/tests/user/test_csidh.c \
		$(ROOT)/isogeny/csidh.c $(ROOT)/isogeny/csidh.h \
		$(ROOT)/isogeny/fp.c $(ROOT)/isogeny/fp.h \
		$(ROOT)/arch/arm64/fp_arm64.S
	@mkdir -p $(@D)
	@if command -v $(CSIDH_CROSS)gcc >/dev/null 2>&1; then \
		echo "$(CSIDH_CROSS)gcc ... -o $@"; \
		$(CSIDH_CROSS)gcc $(USER_CFLAGS) -O2 -static -Wa,--noexecstack \
			-DNOBS_ROOT='"$(ROOT)"' -o $@ $(filter %.c %.S,$^); \
	else \
		echo "no $(CSIDH_CROSS)gcc; test_csidh_arm64 will skip"; \
		printf '' > $@; \
	fi

$(BUILD)/test_csidh_arm64: $(BUILD)/test_csidh_arm64.bin
	@printf '%s\n' '#!/bin/sh' \
	  'bin="$<"; qemu="$(CSIDH_QEMU)"' \
	  'if [ ! -s "$$bin" ] || ! command -v "$$qemu" >/dev/null 2>&1; then' \
	  '  echo "SKIP: test_csidh_arm64: needs $(CSIDH_CROSS)gcc and $$qemu"' \
	  '  echo "SUITE: 0 passed, 0 failed, 1 skipped"; exit 0; fi' \
	  'exec "$$qemu" -cpu max "$$bin" -n 6 "$$@"' > $@
	@chmod +x $@
endif
