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

# arm64 from an x86-64 host (see keccak.mk): the same program, static,
# without OpenSSL (no arm64 libcrypto here: its KMAC part skips), under
# qemu-user -cpu max, so that every case, ParallelHash's on cex2 among
# them, runs on ce and cex2 too.  In make test-arm64 only, not make test:
# about 25 s under qemu-user, where test_keccak_xn_arm64 (in make test)
# already checks cex2 bit for bit and KUnit's sha3_lib runs the library
# on it in the kernel.
ifeq ($(KECCAK_HOST_ARCH),x86_64)

$(BUILD)/test_sha3_lib_arm64.bin: $(ROOT)/tests/user/test_sha3_lib.c \
		$(ROOT)/sha3/sha3_lib.c $(ROOT)/sha3/keccak.c \
		$(ROOT)/sha3/sha3_selftest.c \
		$(ROOT)/sha3/keccak.h $(ROOT)/include/nobs/sha3.h \
		$(ROOT)/tests/user/keccak_cpu.h $(KECCAK_ARCH_aarch64) \
		$(ROOT)/tests/user/sha3_lib_oracle.py $(BUILD)/acvp_sha3.txt
	@mkdir -p $(@D)
	@if command -v $(KECCAK_CROSS)gcc >/dev/null 2>&1; then \
		echo "$(KECCAK_CROSS)gcc ... -o $@"; \
		$(CC_SPLIT) $(KECCAK_CROSS)gcc $(USER_CFLAGS) $(CROSS_CFLAGS) \
			$(KECCAK_DEFS_aarch64) -DNOBS_NO_OPENSSL \
			$(KECCAK_ASFLAGS) -I$(ROOT)/tests/user \
			-DNOBS_ROOT='"$(ROOT)"' \
			-DACVP_CASES='"$(BUILD)/acvp_sha3.txt"' -o $@ \
			$(filter %.c %.S,$^); \
	else \
		echo "no $(KECCAK_CROSS)gcc; test_sha3_lib_arm64 will skip"; \
		printf '' > $@; \
	fi

$(BUILD)/test_sha3_lib_arm64: $(BUILD)/test_sha3_lib_arm64.bin
	@printf '%s\n' '#!/bin/sh' \
	  'bin="$<"; qemu="$(KECCAK_QEMU)"' \
	  'if [ ! -s "$$bin" ] || ! command -v "$$qemu" >/dev/null 2>&1; then' \
	  '  echo "SKIP: test_sha3_lib_arm64: needs $(KECCAK_CROSS)gcc and $$qemu"' \
	  '  echo "SUITE: 0 passed, 0 failed, 1 skipped"; exit 0; fi' \
	  'exec "$$qemu" -cpu max "$$bin" "$$@"' > $@
	@chmod +x $@

test-arm64: $(BUILD)/test_sha3_lib_arm64
endif
