# SPDX-License-Identifier: GPL-2.0
#
# CSIDH-1024 key encodings (isogeny/csidh1024_keys.c over the 1024-bit
# field): the 32 reference vectors' keys and edge cases against GMP.
# Included by tests/user/Makefile, which defines ROOT, BUILD and the
# flags; FP_CORE and FP_ASM come from fp.mk.

USER_TESTS += $(BUILD)/test_csidh1024_keys

$(BUILD)/test_csidh1024_keys: $(ROOT)/tests/user/test_csidh1024_keys.c \
		$(ROOT)/isogeny/csidh1024_keys.c $(ROOT)/isogeny/csidh1024_keys.h \
		$$(FP_CORE) $$(FP_ASM) $(ROOT)/tests/user/vectors_json.h \
		$(ROOT)/tests/user/csidh_prime.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(FP_ASFLAGS) \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ $(filter %.c %.S,$^) -lgmp
