/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The validation of public keys over CTIDH-2048's prime p = 4 * 3 * 7 *
 * 11 * ... * 1459 * 3413 - 1 (fp2048.h): the CSIDH engine's rule
 * (csidh_validate_tmpl.c; high-ctidh's validate()) for the curves
 * y^2 = x^3 + A x^2 + x over GF(p), instantiated alone (csidh2048.c):
 * no CSIDH group action is defined over this prime, only CTIDH-2048's
 * (ctidh2048.h), whose peers' keys this checks.
 */
#ifndef NOBS_ISOGENY_CSIDH2048_H
#define NOBS_ISOGENY_CSIDH2048_H

#include "csidh.h"
#include "fp2048.h"

#define NOBS_CSIDH2048_PRIMES			231
#define NOBS_CSIDH2048_PUBLIC_KEY_SIZE		NOBS_FP2048_BYTES

/**
 * nobs_csidh2048_validate() - check a peer's public key
 * @pk: 256 bytes, A in Montgomery form
 * @env: the yield hook (its randomness is not used)
 * @ws: the check's workspace (any content; wiped before the return)
 *
 * Variable time (the key is public).
 *
 * Return: 0 if A < p, A != +-2 and E_A is supersingular; -EINVAL if not;
 * or the yield hook's error if it stopped the check.
 */
int nobs_csidh2048_validate(const u8 pk[NOBS_CSIDH2048_PUBLIC_KEY_SIZE],
			    const struct nobs_csidh_env *env,
			    struct nobs_csidh_ws *ws);

#endif /* NOBS_ISOGENY_CSIDH2048_H */
