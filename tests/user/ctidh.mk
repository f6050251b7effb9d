# SPDX-License-Identifier: GPL-2.0
#
# CTIDH (docs/ctidh.md): high-ctidh's public keys of the keys
# that CTIDH-511/512 share with CSIDH-512 and CTIDH-1024 with CSIDH-1024,
# through nobs's CSIDH engine (test_ctidh_common.c, once per field); and
# CTIDH-512's own core (isogeny/ctidh512.c): test_ctidh512 (its records,
# key generation, refusals; the same source for ctidh511, ctidh1024 and
# ctidh2048: test_ctidh511, test_ctidh1024, test_ctidh2048;
# test_ctidh<b>_arm64 under qemu-user),
# test_ctidh_ops (operations between public events), test_ctidh_ct
# (valgrind; the same source for ctidh511, ctidh1024 and ctidh2048:
# test_ctidh511_ct, test_ctidh1024_ct, test_ctidh2048_ct).
# tests/user/ctidh_ref_fresh.c, the oracle that made them, is built
# outside the project against high-ctidh, never here.
# Included by tests/user/Makefile after csidh.mk and csidh1024.mk, whose
# CSIDH_CORE and CSIDH1024_CORE it uses.

USER_TESTS += $(BUILD)/test_ctidh_common $(BUILD)/test_ctidh1024_common

$(BUILD)/test_ctidh_common: $(ROOT)/tests/user/test_ctidh_common.c \
		$(CSIDH_CORE) $(ROOT)/tests/user/csidh_test_rng.h \
		$(ROOT)/tests/user/csidh_param.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ \
		$(filter-out %_tmpl.c,$(filter %.c %.S,$^))

$(BUILD)/test_ctidh1024_common: $(ROOT)/tests/user/test_ctidh_common.c \
		$(CSIDH1024_CORE) $$(FP_ASM) $(ROOT)/tests/user/csidh_test_rng.h \
		$(ROOT)/tests/user/csidh_param.h \
		$(ROOT)/tests/user/fp_cpu.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(FP_ASFLAGS) -DTEST_CSIDH1024 \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))

# The CTIDH-512 core (isogeny/ctidh512.c on the template
# ctidh_action_tmpl.c, over fp512, validating with csidh512): high-ctidh's
# records (test_ctidh512) and the operation counts between public events
# (test_ctidh_ops).  test_ctidh<b> link libm: its key generation check's
# __builtin_sqrt is a call at -O0 (the coverage build, coverage.mk).
CTIDH_CORE := $(ROOT)/isogeny/ctidh512.c $(ROOT)/isogeny/ctidh512.h \
	$(ROOT)/isogeny/ctidh512_tables.h $(ROOT)/isogeny/ctidh512_dac.h \
	$(ROOT)/isogeny/ctidh.h \
	$(ROOT)/isogeny/ctidh_tmpl.h $(ROOT)/isogeny/ctidh_action_tmpl.c \
	$(CSIDH_CORE)

USER_TESTS += $(BUILD)/test_ctidh512

$(BUILD)/test_ctidh512: $(ROOT)/tests/user/test_ctidh512.c $(CTIDH_CORE) \
		$(ROOT)/tests/user/csidh_test_rng.h $(ROOT)/tests/user/vectors_json.h \
		$(ROOT)/tests/user/csidh_param.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ \
		$(filter-out %_tmpl.c,$(filter %.c %.S,$^)) -lm

# The operation counts, and that they follow the public events only
USER_TESTS += $(BUILD)/test_ctidh_ops

$(BUILD)/test_ctidh_ops: $(ROOT)/tests/user/test_ctidh_ops.c $(CTIDH_CORE) \
		$(ROOT)/tests/user/csidh_test_rng.h $(ROOT)/tests/user/ops_spans.h \
		$(ROOT)/tests/user/ctidh_set.h $(ROOT)/tests/user/fp_cpu.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) -O2 $(CSIDH_CFLAGS) -DNOBS_FP_COUNT \
		-DNOBS_CTIDH_COUNT -DNOBS_FP_VEC_TRACE -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))

# The other sets: CTIDH-511 (over fp512, validating with csidh512),
# CTIDH-1024 (over fp1024, validating with csidh1024) and CTIDH-2048 (over
# fp2048, validating with csidh2048.c, the CSIDH engine's validation
# alone), each with the same
# two tests as CTIDH-512: test_<set> (test_ctidh512.c) and test_<set>_ops
# (test_ctidh_ops.c), built with -DTEST_<SET>.
CTIDH_TEST_H := $(ROOT)/tests/user/csidh_test_rng.h \
	$(ROOT)/tests/user/vectors_json.h $(ROOT)/tests/user/csidh_param.h \
	$(ROOT)/tests/user/fp_cpu.h $(ROOT)/tests/user/ops_spans.h \
	$(ROOT)/tests/user/ctidh_set.h
CTIDH_TMPL := $(ROOT)/isogeny/ctidh.h $(ROOT)/isogeny/ctidh_tmpl.h \
	$(ROOT)/isogeny/ctidh_action_tmpl.c
CTIDH511_CORE := $(ROOT)/isogeny/ctidh511.c $(ROOT)/isogeny/ctidh511.h \
	$(ROOT)/isogeny/ctidh511_tables.h $(ROOT)/isogeny/ctidh512_dac.h \
	$(CTIDH_TMPL) $(CSIDH_CORE)
CTIDH1024_CORE := $(ROOT)/isogeny/ctidh1024.c $(ROOT)/isogeny/ctidh1024.h \
	$(ROOT)/isogeny/ctidh1024_tables.h $(ROOT)/isogeny/ctidh1024_dac.h \
	$(CTIDH_TMPL) $(CSIDH1024_CORE)
CTIDH2048_CORE := $(ROOT)/isogeny/ctidh2048.c $(ROOT)/isogeny/ctidh2048.h \
	$(ROOT)/isogeny/ctidh2048_tables.h $(ROOT)/isogeny/ctidh2048_dac.h \
	$(ROOT)/isogeny/ctidh2048_primes.h \
	$(CTIDH_TMPL) $(ROOT)/isogeny/csidh2048.c $(ROOT)/isogeny/csidh2048.h \
	$(ROOT)/isogeny/csidh.h $(ROOT)/isogeny/csidh_curve_tmpl.c \
	$(ROOT)/isogeny/csidh_validate_tmpl.c $$(FP_CORE)

# $(call ctidh_set_tests,SET,PREREQUISITES,FLAGS): test_SET (under the
# sanitizers, at -O2 to keep the actions short) and test_SET_ops (-O2,
# the counts).  PREREQUISITES with a literal $$(VAR) for what fp.mk,
# read after this file, defines (the rules' second expansion), as the
# rules above write $$(FP_ASM); FLAGS the set's -DTEST_<SET> and its
# field's flags.
define ctidh_set_tests
USER_TESTS += $(BUILD)/test_$(1) $(BUILD)/test_$(1)_ops

$(BUILD)/test_$(1): $(ROOT)/tests/user/test_ctidh512.c $(2) $(CTIDH_TEST_H)
	@mkdir -p $$(@D)
	$$(CC) $$(USER_CFLAGS) $$(SAN_CFLAGS) $(3) -DNOBS_ROOT='"$$(ROOT)"' \
		-o $$@ $$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^)) -lm

$(BUILD)/test_$(1)_ops: $(ROOT)/tests/user/test_ctidh_ops.c $(2) $(CTIDH_TEST_H)
	@mkdir -p $$(@D)
	$$(CC) $$(USER_CFLAGS) -O2 $(3) -DNOBS_FP_COUNT -DNOBS_CTIDH_COUNT \
		-DNOBS_FP_VEC_TRACE -o $$@ $$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^))
endef

$(eval $(call ctidh_set_tests,ctidh511,$$(CTIDH511_CORE),$$(CSIDH_CFLAGS) -DTEST_CTIDH511))
$(eval $(call ctidh_set_tests,ctidh1024,$$(CTIDH1024_CORE) $$$$(FP_ASM),$$(FP_ASFLAGS) -DTEST_CTIDH1024))
$(eval $(call ctidh_set_tests,ctidh2048,$$(CTIDH2048_CORE) $$$$(FP_ASM),$$(FP_ASFLAGS) -DTEST_CTIDH2048))

# The valgrind constant-time check (make valgrind) of each set, one source
# (test_ctidh_ct.c); NOBS_CSIDH_VALGRIND: the core marks what it reveals by
# design as defined.  $(call ctidh_ct,NAME,CORE,FLAGS[,MORE]): CORE the
# name of the set's source list, MORE more sources
define ctidh_ct
VALGRIND_TESTS += $(BUILD)/$(1)

$(BUILD)/$(1): $(ROOT)/tests/user/test_ctidh_ct.c $$($(2)) $(4) \
		$(ROOT)/tests/user/csidh_test_rng.h $(ROOT)/tests/user/fp_cpu.h \
		$(ROOT)/tests/user/ctidh_set.h
	@mkdir -p $$(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(3) -DNOBS_CSIDH_VALGRIND \
		-o $$@ $$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^))
endef
# Each set: one key's public key and its secret with the base curve, two
# actions a field (test_ctidh_ct.c: a second undefined key runs the same
# code), so that ctidh1024 and ctidh2048 (actions of about 0.07 and 0.3 s
# natively, 50 times that under memcheck) fit.
$(eval $(call ctidh_ct,test_ctidh_ct,CTIDH_CORE,$$(CSIDH_CFLAGS)))
$(eval $(call ctidh_ct,test_ctidh511_ct,CTIDH511_CORE,$$(CSIDH_CFLAGS) -DTEST_CTIDH511))
$(eval $(call ctidh_ct,test_ctidh1024_ct,CTIDH1024_CORE,$$(FP_ASFLAGS) -DTEST_CTIDH1024,$$$$(FP_ASM)))
$(eval $(call ctidh_ct,test_ctidh2048_ct,CTIDH2048_CORE,$$(FP_ASFLAGS) -DTEST_CTIDH2048,$$$$(FP_ASM)))

# The CTIDH cores on arm64 (their fields' assembly and the generic C),
# from an x86-64 host: static cross builds of test_ctidh512.c run with
# qemu-user, a wrapper script as csidh.mk's test_csidh_arm64 (a SKIP
# without the tools).
ifeq ($(shell uname -m),x86_64)
# $(call ctidh_arm64_test,SET,DEFINES,SOURCES[,RECORDS]): test_SET_arm64;
# RECORDS: only the known answers of the first RECORDS records of the
# set's vector file (-f; the native test_SET has the rest), with the
# assembly field only (-a; test_fp*_arm64 runs the generic C field on
# arm64), to keep the slower sets short under qemu-user
define ctidh_arm64_test
USER_TESTS += $$(BUILD)/test_$(1)_arm64

$$(BUILD)/test_$(1)_arm64.bin: $$(ROOT)/tests/user/test_ctidh512.c $(3) \
		$$(ROOT)/tests/user/csidh_test_rng.h $$(ROOT)/tests/user/vectors_json.h \
		$$(ROOT)/tests/user/csidh_param.h $$(ROOT)/tests/user/fp_cpu.h
	@mkdir -p $$(@D)
	@if command -v $$(CSIDH_CROSS)gcc >/dev/null 2>&1; then \
		echo "$$(CSIDH_CROSS)gcc ... -o $$@"; \
		$$(CC_SPLIT) $$(CSIDH_CROSS)gcc $$(USER_CFLAGS) $$(CROSS_CFLAGS) -Wa,--noexecstack \
			$(2) -DNOBS_ROOT='"$$(ROOT)"' -o $$@ \
			$$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^)); \
	else \
		echo "no $$(CSIDH_CROSS)gcc; test_$(1)_arm64 will skip"; \
		printf '' > $$@; \
	fi

$$(BUILD)/test_$(1)_arm64: $$(BUILD)/test_$(1)_arm64.bin $$(ROOT)/tests/user/ctidh.mk
	@printf '%s\n' '#!/bin/sh' \
	  'bin="$$<"; qemu="$$(CSIDH_QEMU)"' \
	  'if [ ! -s "$$$$bin" ] || ! command -v "$$$$qemu" >/dev/null 2>&1; then' \
	  '  echo "SKIP: test_$(1)_arm64: needs $$(CSIDH_CROSS)gcc and $$$$qemu"' \
	  '  echo "SUITE: 0 passed, 0 failed, 1 skipped"; exit 0; fi' \
	  'records="$(4)"' \
	  'vec=$$$${NOBS_VECTORS:-$$(ROOT)/build/vectors}/ctidh/$(1)_fresh.txt' \
	  'if [ -n "$$$$records" ] && [ -r "$$$$vec" ]; then' \
	  '  rec=$$$$(mktemp); trap '"'"'rm -f "$$$$rec"'"'"' EXIT' \
	  '  grep -m $$$$((5 * records)) "^[a-z]" "$$$$vec" >"$$$$rec"' \
	  '  echo "# $(1): the known answers of its first $$$$records records, the assembly field only"' \
	  '  "$$$$qemu" -cpu max "$$$$bin" -a -f "$$$$rec"; exit $$$$?; fi' \
	  'exec "$$$$qemu" -cpu max "$$$$bin"' > $$@
	@chmod +x $$@
endef
$(eval $(call ctidh_arm64_test,ctidh512,,$(filter-out %x86_64.S,$(CTIDH_CORE)) \
	$(ROOT)/arch/arm64/fp_arm64.S))
$(eval $(call ctidh_arm64_test,ctidh511,-DTEST_CTIDH511, \
	$(filter-out %x86_64.S,$(CTIDH511_CORE)) $(ROOT)/arch/arm64/fp_arm64.S,1))
$(eval $(call ctidh_arm64_test,ctidh1024,-DTEST_CTIDH1024, \
	$(filter-out $$$$(FP_CORE),$(CTIDH1024_CORE)) $(ROOT)/isogeny/fp.c \
	$(ROOT)/isogeny/fp512.c $(ROOT)/isogeny/fp1024.c \
	$(ROOT)/arch/arm64/fp_arm64.S $(ROOT)/arch/arm64/fp1024_arm64.S,1))
$(eval $(call ctidh_arm64_test,ctidh2048,-DTEST_CTIDH2048, \
	$(filter-out $$$$(FP_CORE),$(CTIDH2048_CORE)) $(ROOT)/isogeny/fp.c \
	$(ROOT)/isogeny/fp512.c $(ROOT)/isogeny/fp1024.c $(ROOT)/isogeny/fp2048.c \
	$(ROOT)/arch/arm64/fp_arm64.S $(ROOT)/arch/arm64/fp1024_arm64.S \
	$(ROOT)/arch/arm64/fp2048_arm64.S,1))
endif

# Fresh keys against high-ctidh itself: where its oracle is at hand
# (tests/user/ctidh_ref_fresh.c linked with high-ctidh's library of the
# set, built outside the project: $(NOBS_CTIDH_REF)/ctidh<b>-fresh; the
# tree never builds it), test_ctidh<b>_fresh draws records from a random
# seed (printed) and runs test_ctidh<b> -f on them; a SKIP without it.
NOBS_CTIDH_REF ?= /var/tmp/nobs-ctidh-ref
CTIDH_FRESH_RECORDS_ctidh511 := 3
CTIDH_FRESH_RECORDS_ctidh512 := 3
CTIDH_FRESH_RECORDS_ctidh1024 := 2
CTIDH_FRESH_RECORDS_ctidh2048 := 1

# $(call ctidh_fresh,SET): the wrapper of one set
define ctidh_fresh
USER_TESTS += $(BUILD)/test_$(1)_fresh

$(BUILD)/test_$(1)_fresh: $(BUILD)/test_$(1) $(ROOT)/tests/user/ctidh.mk
	@printf '%s\n' '#!/bin/sh' \
	  'ref=$$$${NOBS_CTIDH_REF:-$(NOBS_CTIDH_REF)}; oracle=$$$$ref/$(1)-fresh' \
	  'if [ ! -x "$$$$oracle" ]; then' \
	  '  echo "SKIP: test_$(1)_fresh: no $$$$oracle (high-ctidh, docs/ctidh.md)"' \
	  '  echo "SUITE: 0 passed, 0 failed, 1 skipped"; exit 0; fi' \
	  'seed=$$$${NOBS_CTIDH_SEED:-$$$$(od -An -N4 -tu4 /dev/urandom | tr -d " ")}' \
	  'rec=$$$$(mktemp); trap '"'"'rm -f "$$$$rec"'"'"' EXIT' \
	  'echo "# $(1): $(CTIDH_FRESH_RECORDS_$(1)) records of high-ctidh, seed $$$$seed"' \
	  'if ! "$$$$oracle" "$$$$seed" $(CTIDH_FRESH_RECORDS_$(1)) >"$$$$rec"; then' \
	  '  echo "FAIL: test_$(1)_fresh: $$$$oracle failed"' \
	  '  echo "SUITE: 0 passed, 1 failed, 0 skipped"; exit 1; fi' \
	  '"$$<" -f "$$$$rec"' > $$@
	@chmod +x $$@
endef
$(foreach s,ctidh511 ctidh512 ctidh1024 ctidh2048,$(eval $(call ctidh_fresh,$(s))))

# make bench: nobs's action beside high-ctidh's oracle, interleaved
# (ctidh_bench.c); $(call ctidh_bench,NAME,CORE,FLAGS[,MORE]): CORE the
# name of the set's source list, MORE more sources
define ctidh_bench
USER_BENCHES += $(BUILD)/$(1)

$(BUILD)/$(1): $(ROOT)/tests/user/ctidh_bench.c $$($(2)) $(4) \
		$(ROOT)/tests/user/csidh_test_rng.h $(ROOT)/tests/user/fp_cpu.h \
		$(ROOT)/tests/user/bench_clock.h
	@mkdir -p $$(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) -DNOBS_FP_COUNT $(3) \
		-o $$@ $$(filter-out %_tmpl.c,$$(filter %.c %.S,$$^))
endef
$(eval $(call ctidh_bench,ctidh_bench,CTIDH_CORE,$$(CSIDH_CFLAGS)))
$(eval $(call ctidh_bench,ctidh511_bench,CTIDH511_CORE,$$(CSIDH_CFLAGS) -DTEST_CTIDH511))
$(eval $(call ctidh_bench,ctidh1024_bench,CTIDH1024_CORE,$$(FP_ASFLAGS) -DTEST_CTIDH1024,$$$$(FP_ASM)))
$(eval $(call ctidh_bench,ctidh2048_bench,CTIDH2048_CORE,$$(FP_ASFLAGS) -DTEST_CTIDH2048,$$$$(FP_ASM)))
