/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CSIDH-1024 core: the class group action of the CSIDH reference's p1024
 * parameter set, p = 4 * 3 * 5 * ... * 733 * 983 - 1 (130 odd primes,
 * exponents in [-2, 2]), over the field of fp1024.h.  The same engine and
 * the same contract as CSIDH-512 (csidh.h, struct nobs_csidh_env), with the
 * encodings of csidh1024_keys.h:
 *
 * - private key: 65 bytes, exponent i the signed nibble
 *   (s8)(k[i / 2] << ((i % 2) * 4)) >> 4, in [-2, 2];
 * - public key and shared secret: 128 bytes, A in Montgomery form
 *   (A * 2^1024 mod p) as 16 little-endian 64-bit limbs.
 */
#ifndef NOBS_ISOGENY_CSIDH1024_H
#define NOBS_ISOGENY_CSIDH1024_H

#include "csidh.h"
#include "csidh1024_keys.h"

#define NOBS_CSIDH1024_SHARED_SECRET_SIZE	NOBS_CSIDH1024_PUBLIC_KEY_SIZE

int nobs_csidh1024_check_private_key(const u8 sk[NOBS_CSIDH1024_PRIVATE_KEY_SIZE]);
void nobs_csidh1024_random_private_key(u8 sk[NOBS_CSIDH1024_PRIVATE_KEY_SIZE],
				       const struct nobs_csidh_env *env);
int nobs_csidh1024_validate(const u8 pk[NOBS_CSIDH1024_PUBLIC_KEY_SIZE],
			    const struct nobs_csidh_env *env,
			    struct nobs_csidh_ws *ws);
int nobs_csidh1024_public_key(u8 pk[NOBS_CSIDH1024_PUBLIC_KEY_SIZE],
			      const u8 sk[NOBS_CSIDH1024_PRIVATE_KEY_SIZE],
			      const struct nobs_csidh_env *env,
			      struct nobs_csidh_ws *ws);
int nobs_csidh1024_shared_secret(u8 ss[NOBS_CSIDH1024_SHARED_SECRET_SIZE],
				 const u8 sk[NOBS_CSIDH1024_PRIVATE_KEY_SIZE],
				 const u8 peer[NOBS_CSIDH1024_PUBLIC_KEY_SIZE],
				 const struct nobs_csidh_env *env,
				 struct nobs_csidh_ws *ws);

#endif /* NOBS_ISOGENY_CSIDH1024_H */
