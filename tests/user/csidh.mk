# SPDX-License-Identifier: GPL-2.0
#
# CSIDH-512 (isogeny/csidh512.c over isogeny/fp512.c and the arch fp
# assembly; the engine is the template isogeny/csidh_*_tmpl.c):
# the 328 reference vectors, the valgrind constant-time check, the
# operation count between public events (test_csidh_ops) and
# the benchmark (with NOBS_CSIDH_REF_SRC, beside the CSIDH reference).
# Included by tests/user/Makefile, which defines ROOT, BUILD and the flags.

# The templates (*_tmpl.c) are included, never compiled alone: every rule
# compiles $(filter-out %_tmpl.c,...) of its prerequisites.
CSIDH_TMPL := $(ROOT)/isogeny/csidh_curve_tmpl.c $(ROOT)/isogeny/csidh_isogeny_tmpl.c \
	$(ROOT)/isogeny/csidh_action_tmpl.c $(ROOT)/isogeny/csidh_validate_tmpl.c \
	$(ROOT)/isogeny/csidh_tmpl.h
CSIDH_CORE := $(ROOT)/isogeny/csidh512.c $(ROOT)/isogeny/csidh512.h \
	$(ROOT)/isogeny/csidh.h $(ROOT)/isogeny/csidh512_tables.h $(CSIDH_TMPL) \
	$(ROOT)/isogeny/fp.c $(ROOT)/isogeny/fp.h $(ROOT)/isogeny/fp512.c \
	$(ROOT)/isogeny/fp512.h $(ROOT)/isogeny/fp_tmpl.h $(ROOT)/isogeny/fp_tmpl.c \
	$(ROOT)/tests/user/fp_cpu.h
ifeq ($(shell uname -m),x86_64)
CSIDH_CORE += $(ROOT)/arch/x86/fp_x86_64.S $(ROOT)/arch/x86/fp_ifma_x86_64.S
else ifeq ($(shell uname -m),aarch64)
CSIDH_CORE += $(ROOT)/arch/arm64/fp_arm64.S
else
CSIDH_CFLAGS += -DNOBS_FP_NO_ASM
endif
CSIDH_CFLAGS += -Wa,--noexecstack

USER_TESTS += $(BUILD)/test_csidh $(BUILD)/test_csidh_ops
VALGRIND_TESTS += $(BUILD)/test_csidh_ct
USER_BENCHES += $(BUILD)/csidh_bench

$(BUILD)/test_csidh: $(ROOT)/tests/user/test_csidh.c $(CSIDH_CORE) $(ROOT)/tests/user/csidh_test_rng.h \
		$(ROOT)/tests/user/vectors_json.h $(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ \
		$(filter-out %_tmpl.c,$(filter %.c %.S,$^))

# NOBS_CSIDH_VALGRIND: the core marks what it reveals by design as defined
$(BUILD)/test_csidh_ct: $(ROOT)/tests/user/test_csidh_ct.c $(CSIDH_CORE) \
		$(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_CSIDH_VALGRIND -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))

# The operation counts, and that they follow the public events only
$(BUILD)/test_csidh_ops: $(ROOT)/tests/user/test_csidh_ops.c $(CSIDH_CORE) \
		$(ROOT)/tests/user/csidh_param.h $(ROOT)/tests/user/ops_spans.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -O2 $(CSIDH_CFLAGS) -DNOBS_FP_COUNT \
		-DNOBS_CSIDH_COUNT -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))

# NOBS_CSIDH_REF_SRC: the CSIDH reference's source (or git) directory; built
# outside the tree by scripts/csidh-ref.sh and timed in the same run.
NOBS_CSIDH_REF_OUT ?= /var/tmp/nobs-csidh-ref
ifneq ($(NOBS_CSIDH_REF_SRC),)
CSIDH_REF_LIB := $(NOBS_CSIDH_REF_OUT)/libcsidh-ref.a
$(CSIDH_REF_LIB): FORCE
	$(ROOT)/scripts/csidh-ref.sh $(NOBS_CSIDH_REF_SRC) $(NOBS_CSIDH_REF_OUT)
CSIDH_REF_FLAGS := -DNOBS_CSIDH_REF
FORCE:
endif

$(BUILD)/csidh_bench: $(ROOT)/tests/user/csidh_bench.c $(CSIDH_CORE) $(CSIDH_REF_LIB) \
		$(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h $(ROOT)/tests/user/bench_clock.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(CSIDH_CFLAGS) -DNOBS_FP_COUNT \
		$(CSIDH_REF_FLAGS) -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S %.a,$^))

# The arm64 assembly under the group action, from an x86-64 host: static
# cross build run with qemu-user (slow: only the first vectors).  A wrapper
# script, so 'make test' runs it like any other and sums its SUITE line.
ifeq ($(shell uname -m),x86_64)
CSIDH_CROSS ?= aarch64-linux-gnu-
CSIDH_QEMU ?= qemu-aarch64-static

# $(call csidh_arm64_test,NAME,DEFINES,SOURCES,N[,ARGS]): test_csidh.c as
# NAME, the first N vectors (ARGS: more of its options, e.g. -o 0: none
# with the generic field, which the native run and the riscv64 and ppc64le
# boards test; -V: the vectors only, the native run having the rest)
define csidh_arm64_test
USER_TESTS += $$(BUILD)/$(1)

$$(BUILD)/$(1).bin: $$(ROOT)/tests/user/test_csidh.c $(3) \
		$$(ROOT)/tests/user/csidh_param.h \
		$$(ROOT)/tests/user/fp_cpu.h
	@mkdir -p $$(@D)
	@if command -v $$(CSIDH_CROSS)gcc >/dev/null 2>&1; then \
		echo "$$(CSIDH_CROSS)gcc ... -o $$@"; \
		$$(CC_SPLIT) $$(CSIDH_CROSS)gcc $$(USER_CFLAGS) $$(CROSS_CFLAGS) -Wa,--noexecstack \
			$(2) -DNOBS_ROOT='"$$(ROOT)"' -o $$@ $$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^)); \
	else \
		echo "no $$(CSIDH_CROSS)gcc; $(1) will skip"; \
		printf '' > $$@; \
	fi

$$(BUILD)/$(1): $$(BUILD)/$(1).bin
	@printf '%s\n' '#!/bin/sh' \
	  'bin="$$<"; qemu="$$(CSIDH_QEMU)"' \
	  'if [ ! -s "$$$$bin" ] || ! command -v "$$$$qemu" >/dev/null 2>&1; then' \
	  '  echo "SKIP: $(1): needs $$(CSIDH_CROSS)gcc and $$$$qemu"' \
	  '  echo "SUITE: 0 passed, 0 failed, 1 skipped"; exit 0; fi' \
	  'exec "$$$$qemu" -cpu max "$$$$bin" -n $(4) $(5) "$$$$@"' > $$@
	@chmod +x $$@
endef
$(eval $(call csidh_arm64_test,test_csidh_arm64,,$(filter-out %x86_64.S,$(CSIDH_CORE)) \
	$(ROOT)/arch/arm64/fp_arm64.S,4,-o 0 -V))

# make bench on arm64 code: the counts under qemu-user (no timing there)
USER_BENCHES += $(BUILD)/csidh_bench_arm64

$(BUILD)/csidh_bench_arm64.bin: $(ROOT)/tests/user/csidh_bench.c $(CSIDH_CORE) \
		$(ROOT)/arch/arm64/fp_arm64.S $(ROOT)/tests/user/bench_clock.h
	@mkdir -p $(@D)
	@if command -v $(CSIDH_CROSS)gcc >/dev/null 2>&1; then \
		echo "$(CSIDH_CROSS)gcc ... -o $@"; \
		$(CC_SPLIT) $(CSIDH_CROSS)gcc $(USER_CFLAGS) -O2 -static -Wa,--noexecstack \
			-DNOBS_FP_COUNT -o $@ \
			$(filter-out %x86_64.S,$(filter-out %_tmpl.c,$(filter %.c %.S,$^))); \
	else \
		printf '' > $@; \
	fi

$(BUILD)/csidh_bench_arm64: $(BUILD)/csidh_bench_arm64.bin
	@printf '%s\n' '#!/bin/sh' \
	  'bin="$<"; qemu="$(CSIDH_QEMU)"' \
	  'if [ ! -s "$$bin" ] || ! command -v "$$qemu" >/dev/null 2>&1; then' \
	  '  echo "csidh_bench_arm64: skipped (needs $(CSIDH_CROSS)gcc and $$qemu)"; exit 0; fi' \
	  'echo "arm64 under qemu-user:"' \
	  'exec "$$qemu" -cpu max "$$bin" -c 3' > $@
	@chmod +x $@
endif


# Fresh random keys against an oracle written on GMP (test_csidh_gmp.c:
# the original CSIDH algorithm, checked itself against the vectors)
USER_TESTS += $(BUILD)/test_csidh_gmp

$(BUILD)/test_csidh_gmp: $(ROOT)/tests/user/test_csidh_gmp.c $(CSIDH_CORE) \
		$(ROOT)/tests/user/csidh_test_rng.h $(ROOT)/tests/user/vectors_json.h \
		$(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h $(ROOT)/tests/user/csidh_prime.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^)) -lgmp

# make bench: the longest work between two yields and the longest vector
# section, per operation and field (csidh_latency.c)
USER_BENCHES += $(BUILD)/csidh_latency
$(BUILD)/csidh_latency: $(ROOT)/tests/user/csidh_latency.c $(CSIDH_CORE) \
		$(ROOT)/tests/user/csidh_param.h $(ROOT)/tests/user/fp_cpu.h $(ROOT)/tests/user/bench_clock.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_FP_VEC_TRACE -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))
