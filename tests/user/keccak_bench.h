/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Between keccak_bench.c and keccak_bench_ksha3.c (the kernel's
 * sha3_generic.c, built only when linux-source is installed).
 */
#ifndef NOBS_KECCAK_BENCH_H
#define NOBS_KECCAK_BENCH_H

#include <stddef.h>
#include <stdint.h>

/* SHA3-<8*digestsize> through crypto_sha3_init/update/final. */
void ksha3_digest(unsigned int digestsize, const uint8_t *in, size_t len,
		  uint8_t *out);
/* SHAKE at @rate through crypto_sha3_update and the file's keccakf. */
void ksha3_shake(unsigned int rate, const uint8_t *in, size_t len,
		 uint8_t *out, size_t outlen);

#endif /* NOBS_KECCAK_BENCH_H */
