# SPDX-License-Identifier: GPL-2.0
#
# CTR_DRBG (drbg/ctr_drbg.c) over OpenSSL's AES-256-CTR.  Included by
# tests/user/Makefile, which defines ROOT, BUILD and the flags.
#
#   test_drbg     240 CAVP AES-256 no-df vectors, 100 PQC KAT DRBG outputs,
#                 differential against OpenSSL's EVP_RAND CTR-DRBG (no df),
#                 edge cases (ASan+UBSan); NOBS_SEED=n replays a run
#   test_drbg_vg  the same at -O1 without sanitizers, for valgrind
#   drbg_bench    make bench: 32 B / 1 KiB / 64 KiB requests, nobs core
#                 beside OpenSSL's CTR-DRBG in the same run

DRBG_CORE := $(ROOT)/drbg/ctr_drbg.c $(ROOT)/drbg/ctr_drbg.h \
	$(ROOT)/include/nobs/types.h
DRBG_OSSL := $(ROOT)/tests/user/drbg_ossl.c $(ROOT)/tests/user/drbg_ossl.h
DRBG_DEPS := $(ROOT)/tests/user/test_drbg.c $(DRBG_CORE) $(DRBG_OSSL)

USER_TESTS += $(BUILD)/test_drbg
VALGRIND_TESTS += $(BUILD)/test_drbg_vg
USER_BENCHES += $(BUILD)/drbg_bench

$(BUILD)/test_drbg: $(DRBG_DEPS)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(SAN_CFLAGS) -DNOBS_ROOT='"$(ROOT)"' -o $@ \
		$(filter %.c,$^) -lcrypto

$(BUILD)/test_drbg_vg: $(DRBG_DEPS)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(VALGRIND_CFLAGS) -DNOBS_ROOT='"$(ROOT)"' -o $@ \
		$(filter %.c,$^) -lcrypto

$(BUILD)/drbg_bench: $(ROOT)/tests/user/drbg_bench.c $(DRBG_CORE) $(DRBG_OSSL) \
		$(ROOT)/tests/user/bench_clock.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(BENCH_CFLAGS) -o $@ $(filter %.c,$^) -lcrypto
