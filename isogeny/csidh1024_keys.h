/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CSIDH-1024 key encodings (the CSIDH reference's p1024 parameter set:
 * 130 primes 3, 5, ..., 733 and 983, exponents in [-2, 2]):
 *
 * - private key: 65 bytes; exponent i (prime l_i) is the signed nibble
 *   (s8)(k[i / 2] << ((i % 2) * 4)) >> 4, in [-2, 2];
 * - public key (and shared secret): 128 bytes, the Montgomery coefficient
 *   A of y^2 = x^3 + A x^2 + x in Montgomery form (A * 2^1024 mod p), as
 *   16 little-endian 64-bit limbs; the base curve A = 0 is all zeros.
 *
 * Pure functions, no group action: decoding checks what the encodings
 * alone can (exponent range; A < p, A != +-2).  Supersingularity is the
 * group action's check.
 */
#ifndef NOBS_ISOGENY_CSIDH1024_KEYS_H
#define NOBS_ISOGENY_CSIDH1024_KEYS_H

#include "fp1024.h"

#define NOBS_CSIDH1024_PRIMES		130
#define NOBS_CSIDH1024_MAX_EXPONENT	2
#define NOBS_CSIDH1024_PRIVATE_KEY_SIZE	65
#define NOBS_CSIDH1024_PUBLIC_KEY_SIZE	NOBS_FP1024_BYTES

int nobs_csidh1024_decode_private_key(s8 e[NOBS_CSIDH1024_PRIMES],
				      const u8 sk[NOBS_CSIDH1024_PRIVATE_KEY_SIZE]);
void nobs_csidh1024_encode_private_key(u8 sk[NOBS_CSIDH1024_PRIVATE_KEY_SIZE],
				       const s8 e[NOBS_CSIDH1024_PRIMES]);
int nobs_csidh1024_decode_public_key(struct nobs_fp1024 *a,
				     const u8 pk[NOBS_CSIDH1024_PUBLIC_KEY_SIZE]);
void nobs_csidh1024_encode_public_key(u8 pk[NOBS_CSIDH1024_PUBLIC_KEY_SIZE],
				      const struct nobs_fp1024 *a);

#endif /* NOBS_ISOGENY_CSIDH1024_KEYS_H */
