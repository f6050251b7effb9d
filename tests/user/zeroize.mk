# SPDX-License-Identifier: GPL-2.0
#
# Zeroization (test_zeroize.c): DRBG state all-zero after uninstantiate
# and engine failures, no key, seed, exponent or random draw left on the
# stack by the SHA-3, DRBG, CSIDH and CTIDH cores, and no word of the
# CSIDH and CTIDH group actions' computation (CSIDH-512 and -1024,
# CTIDH-511, -512, -1024 and -2048) left below their caller.
# Built without sanitizers: ASan would move the frames it scans to a fake
# stack.  Included by tests/user/Makefile, which defines ROOT, BUILD and
# the flags.

ZEROIZE_SRC := $(ROOT)/tests/user/test_zeroize.c $(ROOT)/sha3/keccak.c \
	$(ROOT)/drbg/ctr_drbg.c $(ROOT)/isogeny/csidh512.c $(ROOT)/isogeny/fp.c \
	$(ROOT)/isogeny/fp512.c $(ROOT)/isogeny/csidh1024.c $(ROOT)/isogeny/fp1024.c \
	$(ROOT)/isogeny/ctidh511.c $(ROOT)/isogeny/ctidh512.c \
	$(ROOT)/isogeny/ctidh1024.c $(ROOT)/isogeny/ctidh2048.c \
	$(ROOT)/isogeny/csidh2048.c $(ROOT)/isogeny/fp2048.c
ZEROIZE_DEPS := $(ZEROIZE_SRC) $(ROOT)/sha3/keccak.h $(ROOT)/drbg/ctr_drbg.h \
	$(ROOT)/isogeny/csidh.h $(ROOT)/isogeny/csidh512.h $(ROOT)/isogeny/csidh512_tables.h \
	$(ROOT)/isogeny/csidh_curve_tmpl.c $(ROOT)/isogeny/csidh_isogeny_tmpl.c \
	$(ROOT)/isogeny/csidh_action_tmpl.c $(ROOT)/isogeny/csidh_validate_tmpl.c \
	$(ROOT)/isogeny/csidh_tmpl.h $(ROOT)/isogeny/csidh1024.h $(ROOT)/isogeny/csidh1024_tables.h \
	$(ROOT)/isogeny/csidh1024_keys.h $(ROOT)/isogeny/fp1024.h \
	$(ROOT)/isogeny/ctidh.h $(ROOT)/isogeny/ctidh_tmpl.h \
	$(ROOT)/isogeny/ctidh_action_tmpl.c $(ROOT)/isogeny/ctidh511.h \
	$(ROOT)/isogeny/ctidh511_tables.h $(ROOT)/isogeny/ctidh512.h \
	$(ROOT)/isogeny/ctidh512_tables.h $(ROOT)/isogeny/ctidh1024.h \
	$(ROOT)/isogeny/ctidh1024_tables.h $(ROOT)/isogeny/ctidh2048.h \
	$(ROOT)/isogeny/ctidh2048_tables.h $(ROOT)/isogeny/ctidh2048_primes.h \
	$(ROOT)/isogeny/ctidh512_dac.h $(ROOT)/isogeny/ctidh1024_dac.h \
	$(ROOT)/isogeny/ctidh2048_dac.h \
	$(ROOT)/isogeny/csidh2048.h $(ROOT)/isogeny/fp2048.h \
	$(ROOT)/isogeny/fp.h $(ROOT)/isogeny/fp512.h $(ROOT)/isogeny/fp_tmpl.h \
	$(ROOT)/isogeny/fp_tmpl.c $(ROOT)/tests/user/fp_cpu.h \
	$(ROOT)/include/nobs/types.h
ZEROIZE_ASM_x86_64 := $(ROOT)/arch/x86/fp_x86_64.S $(ROOT)/arch/x86/fp_ifma_x86_64.S \
	$(ROOT)/arch/x86/fp1024_x86_64.S $(ROOT)/arch/x86/fp1024_ifma_x86_64.S \
	$(ROOT)/arch/x86/fp2048_x86_64.S
ZEROIZE_ASM_aarch64 := $(ROOT)/arch/arm64/fp_arm64.S $(ROOT)/arch/arm64/fp1024_arm64.S \
	$(ROOT)/arch/arm64/fp2048_arm64.S
ZEROIZE_ASM := $(ZEROIZE_ASM_$(shell uname -m))
ifeq ($(ZEROIZE_ASM),)
ZEROIZE_DEFS := -DNOBS_FP_NO_ASM
endif

USER_TESTS += $(BUILD)/test_zeroize

$(BUILD)/test_zeroize: $(ZEROIZE_DEPS) $(ZEROIZE_ASM)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) $(ZEROIZE_DEFS) \
		-Wa,--noexecstack -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))
