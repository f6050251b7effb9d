# SPDX-License-Identifier: GPL-2.0
#
# The SHA-3 library (<nobs/sha3.h>: sha3/sha3_lib.c over sha3/keccak.c)
# through its public functions, under ASan+UBSan, on every permutation of
# this CPU (test_sha3_lib.c): NIST's ACVP vectors from tests/vectors/acvp
# (checked against their SHA256SUMS and converted by acvp_sha3.py, with
# Python's standard library only, into $(BUILD)/acvp_sha3.txt), random
# cases from sha3_lib_oracle.py (hashlib, pycryptodome) and from OpenSSL's
# KMAC.  Included by tests/user/Makefile, which defines ROOT, BUILD and the
# flags; KECCAK_ARCH and KECCAK_DEFS come from keccak.mk.

ACVP_DIR := $(ROOT)/tests/vectors/acvp
ACVP_FILES := $(sort $(wildcard $(ACVP_DIR)/*.json.xz))

USER_TESTS += $(BUILD)/test_sha3_lib

$(BUILD)/acvp_sha3.txt: $(ROOT)/tests/user/acvp_sha3.py $(ACVP_FILES) \
		$(ACVP_DIR)/SHA256SUMS
	@mkdir -p $(@D)
	cd $(ACVP_DIR) && sha256sum --quiet -c SHA256SUMS
	python3 $(ROOT)/tests/user/acvp_sha3.py $@ $(ACVP_FILES)

$(BUILD)/test_sha3_lib: $(ROOT)/tests/user/test_sha3_lib.c \
		$(ROOT)/sha3/sha3_lib.c $(ROOT)/sha3/keccak.c \
		$(ROOT)/sha3/sha3_selftest.c \
		$(ROOT)/sha3/keccak.h $(ROOT)/include/nobs/sha3.h \
		$(ROOT)/tests/user/keccak_cpu.h $(KECCAK_ARCH) \
		$(ROOT)/tests/user/sha3_lib_oracle.py $(BUILD)/acvp_sha3.txt
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(KECCAK_DEFS) $(KECCAK_ASFLAGS) \
		-I$(ROOT)/tests/user -DNOBS_ROOT='"$(ROOT)"' \
		-DACVP_CASES='"$(BUILD)/acvp_sha3.txt"' -o $@ \
		$(filter %.c,$(filter-out $(KECCAK_ARCH),$^)) \
		$(filter %.c %.S,$(KECCAK_ARCH)) -lcrypto
