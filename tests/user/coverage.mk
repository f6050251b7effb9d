# SPDX-License-Identifier: GPL-2.0
#
# Coverage of the cores (scripts/coverage.sh, `make coverage` at the top).
# Included by tests/user/Makefile, which defines ROOT, BUILD and the flags.
#
# scripts/coverage.sh builds the programs of COV_TESTS again with
#   make BUILD=<build/coverage/bin> SAN_CFLAGS='-O0 --coverage' <targets>
# (the same rules as `make test`, another directory, gcov instead of the
# sanitizers), runs them and hands the .gcda files to gcovr.  `make
# coverage-tests` prints that list.
#
# The programs here reach what the other tests do not: refused inputs,
# engine failures at every call of every DRBG operation, CSIDH invalid
# keys, rejection sampling and the yield hook.  They assert results
# against the NIST and CSIDH vectors and OpenSSL, and run in `make test`
# under ASan+UBSan too.
#
#   test_keccak_refusals  Keccak core: cSHAKE/KMAC/TupleHash at a security
#                    level other than 128/256 -> -EINVAL, state untouched,
#                    the KMAC under way still equals OpenSSL's EVP_MAC
#                    KMAC; a never-initialised state absorbs nothing
#   test_drbg_errors CTR_DRBG: every -EINVAL input check, engine failure
#                    at each call of instantiate/reseed/generate (short and
#                    long requests, with and without input) -> -EIO, the
#                    instance uninstantiated and the output wiped, then a
#                    clean instance again matches OpenSSL's CTR-DRBG
#   test_csidh_refusals  CSIDH-512: a few vectors of each kind (valid,
#                    invalid_shared_secret, invalid_public_key1/2; the
#                    first NOBS_CSIDH_VECTORS_PER_KIND, default 2, of each),
#                    peer checked before the private key, rejection of
#                    unusable random points, the yield hook

COV_TESTS := test_sha3 test_keccak_refusals test_keccak_impls test_sha3_lib \
	test_drbg test_drbg_errors \
	test_fp test_fp_portable test_fp1024 test_fp1024_portable \
	test_fp2048 test_fp2048_portable \
	test_csidh1024_keys test_csidh \
	test_csidh_refusals \
	test_ctidh511 test_ctidh512 test_ctidh1024 test_ctidh2048

USER_TESTS += $(BUILD)/test_keccak_refusals $(BUILD)/test_drbg_errors \
	$(BUILD)/test_csidh_refusals

# This fragment is included before csidh.mk and drbg.mk: their source
# lists are expanded a second time, when the rules run.
.SECONDEXPANSION:
$(BUILD)/test_keccak_refusals: $(ROOT)/tests/user/test_keccak_refusals.c \
		$(ROOT)/sha3/keccak.c $(ROOT)/sha3/keccak.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) -o $@ $(filter %.c,$^) -lcrypto

$(BUILD)/test_drbg_errors: $(ROOT)/tests/user/test_drbg_errors.c $$(DRBG_CORE) \
		$$(DRBG_OSSL)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) -o $@ $(filter %.c,$^) -lcrypto

$(BUILD)/test_csidh_refusals: $(ROOT)/tests/user/test_csidh_refusals.c \
		$$(CSIDH_CORE) $(ROOT)/tests/user/csidh_test_rng.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) $(CSIDH_CFLAGS) \
		-DNOBS_ROOT='"$(ROOT)"' -o $@ $(filter-out %_tmpl.c,$(filter %.c %.S,$^))

.PHONY: coverage coverage-tests
coverage-tests:
	@echo $(COV_TESTS)

coverage:
	$(ROOT)/scripts/coverage.sh
