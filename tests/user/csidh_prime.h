/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CSIDH primes rebuilt with GMP for the oracles of the harness and the
 * fuzzers, from a sieve rather than the constants under test:
 *
 *	p = 4 * (every odd prime up to last) * extra - 1
 *
 * CSIDH-512: last 373, extra 587 (74 primes, 511 bits); CSIDH-1024: last
 * 733, extra 983 (130 primes, 1020 bits).  Returns the number of primes.
 */
#ifndef NOBS_TEST_CSIDH_PRIME_H
#define NOBS_TEST_CSIDH_PRIME_H

#include <gmp.h>

static inline unsigned int csidh_test_prime(mpz_t p, unsigned int last,
					    unsigned int extra)
{
	unsigned int q, d, n = 1;

	mpz_set_ui(p, 4UL * extra);
	for (q = 3; q <= last; q += 2) {
		for (d = 3; d * d <= q && q % d; d += 2)
			;
		if (d * d <= q)
			continue;
		mpz_mul_ui(p, p, q);
		n++;
	}
	mpz_sub_ui(p, p, 1);
	return n;
}

#endif /* NOBS_TEST_CSIDH_PRIME_H */
