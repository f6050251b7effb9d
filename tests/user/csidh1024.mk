# SPDX-License-Identifier: GPL-2.0
#
# CSIDH-1024: the key encodings (isogeny/csidh1024_keys.c: the 32
# reference vectors' keys and edge cases against GMP) and the group action
# (isogeny/csidh1024.c, the engine of csidh_*_tmpl.c over the 1024-bit
# field): test_csidh.c built with -DTEST_CSIDH1024 against the 32 vectors
# (native and, on x86-64 hosts, arm64 under qemu-user), the valgrind
# constant-time check, the operation counts between public events.
# Included by tests/user/Makefile, which defines ROOT, BUILD and the
# flags; FP_CORE and FP_ASM come from fp.mk, CSIDH_* from csidh.mk.

USER_TESTS += $(BUILD)/test_csidh1024_keys $(BUILD)/test_csidh1024 \
	$(BUILD)/test_csidh1024_ops $(BUILD)/test_csidh1024_gmp
VALGRIND_TESTS += $(BUILD)/test_csidh1024_ct

CSIDH1024_CORE := $(ROOT)/isogeny/csidh1024.c $(ROOT)/isogeny/csidh1024.h \
	$(ROOT)/isogeny/csidh1024_keys.h $(ROOT)/isogeny/csidh1024_tables.h \
	$(ROOT)/isogeny/csidh.h $(CSIDH_TMPL) $$(FP_CORE)

$(BUILD)/test_csidh1024_keys: $(ROOT)/tests/user/test_csidh1024_keys.c \
		$(ROOT)/isogeny/csidh1024_keys.c $(ROOT)/isogeny/csidh1024_keys.h \
		$$(FP_CORE) $$(FP_ASM) $(ROOT)/tests/user/vectors_json.h \
		$(ROOT)/tests/user/csidh_prime.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(FP_ASFLAGS) \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^)) -lgmp

$(BUILD)/test_csidh1024: $(ROOT)/tests/user/test_csidh.c $(CSIDH1024_CORE) \
		$$(FP_ASM) $(ROOT)/tests/user/csidh_test_rng.h \
		$(ROOT)/tests/user/vectors_json.h $(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(FP_ASFLAGS) -DTEST_CSIDH1024 \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))

# Fresh random keys against the GMP oracle (test_csidh_gmp.c)
$(BUILD)/test_csidh1024_gmp: $(ROOT)/tests/user/test_csidh_gmp.c \
		$(CSIDH1024_CORE) $$(FP_ASM) $(ROOT)/tests/user/csidh_test_rng.h \
		$(ROOT)/tests/user/vectors_json.h $(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h \
		$(ROOT)/tests/user/csidh_prime.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(FP_ASFLAGS) -DTEST_CSIDH1024 \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^)) -lgmp

# NOBS_CSIDH_VALGRIND: the core marks what it reveals by design as defined
$(BUILD)/test_csidh1024_ct: $(ROOT)/tests/user/test_csidh_ct.c \
		$(CSIDH1024_CORE) $$(FP_ASM) $(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(FP_ASFLAGS) -DTEST_CSIDH1024 \
		-DNOBS_CSIDH_VALGRIND -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))

# The operation counts, and that they follow the public events only
$(BUILD)/test_csidh1024_ops: $(ROOT)/tests/user/test_csidh_ops.c \
		$(CSIDH1024_CORE) $$(FP_ASM) $(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/ops_spans.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -O2 $(FP_ASFLAGS) -DTEST_CSIDH1024 -DNOBS_FP_COUNT \
		-DNOBS_CSIDH_COUNT -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))

# The arm64 assembly under the group action, from an x86-64 host: static
# cross build run with qemu-user (slow: the first vector alone, with the
# arm64 field only; see csidh.mk)
ifeq ($(shell uname -m),x86_64)
$(eval $(call csidh_arm64_test,test_csidh1024_arm64,-DTEST_CSIDH1024, \
	$(filter-out $$$$(FP_CORE),$(CSIDH1024_CORE)) $(ROOT)/isogeny/fp.c \
	$(ROOT)/isogeny/fp512.c \
	$(ROOT)/isogeny/fp1024.c $(ROOT)/arch/arm64/fp_arm64.S \
	$(ROOT)/arch/arm64/fp1024_arm64.S,1,-o 0 -V))
endif

# make bench: the action, validation and derive beside csidh512's
# (csidh_bench.c -DTEST_CSIDH1024), with the reference's p1024 code when
# NOBS_CSIDH_REF_SRC names the reference (csidh.mk builds both libraries)
USER_BENCHES += $(BUILD)/csidh1024_bench
ifneq ($(NOBS_CSIDH_REF_SRC),)
CSIDH1024_REF_LIB := $(NOBS_CSIDH_REF_OUT)/p1024/libcsidh-ref.a
$(CSIDH1024_REF_LIB): $(CSIDH_REF_LIB) ;
endif

$(BUILD)/csidh1024_bench: $(ROOT)/tests/user/csidh_bench.c $(CSIDH1024_CORE) \
		$$(FP_ASM) $(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h $(ROOT)/tests/user/bench_clock.h $(CSIDH1024_REF_LIB)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(FP_ASFLAGS) -DTEST_CSIDH1024 \
		-DNOBS_FP_COUNT $(CSIDH_REF_FLAGS) -o $@ \
		$(filter-out %_tmpl.c,$(filter %.c %.S %.a,$^))

# make bench: csidh_latency.c for CSIDH-1024
USER_BENCHES += $(BUILD)/csidh1024_latency
$(BUILD)/csidh1024_latency: $(ROOT)/tests/user/csidh_latency.c \
		$(CSIDH1024_CORE) $$(FP_ASM) $(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h $(ROOT)/tests/user/bench_clock.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) $(FP_ASFLAGS) -DTEST_CSIDH1024 \
		-DNOBS_FP_VEC_TRACE -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))
