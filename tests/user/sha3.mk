# SPDX-License-Identifier: GPL-2.0
#
# SHA-3 family (sha3/keccak.c + the module's known-answer tables): CAVP,
# SP 800-185, OpenSSL EVP, hashlib/pycryptodome (sha3_oracle.py) and
# implementation-agreement tests.  Included by tests/user/Makefile, which
# defines ROOT, BUILD and the flags.
#
# The arch permutations come from keccak.mk: KECCAK_ARCH (sources) and
# KECCAK_DEFS (-DNOBS_HAVE_KECCAK_<ARCH>) for this host.  They are read
# when the recipe runs, so the fragments may be included in any order.

SHA3_CORE := $(ROOT)/sha3/keccak.c $(ROOT)/sha3/sha3_selftest.c \
	$(ROOT)/sha3/keccak.h

USER_TESTS += $(BUILD)/test_sha3

$(BUILD)/test_sha3: $(ROOT)/tests/user/test_sha3.c $(SHA3_CORE) \
		$(ROOT)/tests/user/sha3_oracle.py $(KECCAK_ARCH) \
		$(ROOT)/tests/user/keccak_cpu.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(KECCAK_DEFS) $(KECCAK_ASFLAGS) \
		-I$(ROOT)/tests/user -DNOBS_ROOT='"$(ROOT)"' -o $@ \
		$(filter-out $(KECCAK_ARCH),$(filter %.c,$^)) \
		$(filter %.c %.S,$(KECCAK_ARCH)) -lcrypto
