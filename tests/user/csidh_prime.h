/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CSIDH primes rebuilt with GMP for the oracles of the harness and the
 * fuzzers, from a sieve rather than the constants under test:
 *
 *	p = 4 * (every odd prime up to last, but skip) * extra - 1
 *
 * CSIDH-512: last 373, extra 587 (74 primes, 511 bits); CSIDH-1024: last
 * 733, extra 983 (130 primes, 1020 bits); CTIDH-2048: last 1459 but 5,
 * extra 3413 (231 primes, 2047 bits: csidh_test_prime_but()).
 * csidh_test_prime() returns the number of primes; csidh_test_primes()
 * lists them; their _but() forms leave out one odd prime (0: none).
 */
#ifndef NOBS_TEST_CSIDH_PRIME_H
#define NOBS_TEST_CSIDH_PRIME_H

#include <gmp.h>

/* Room for the primes of any last below 1620 (255 odd primes). */
#define CSIDH_TEST_MAX_PRIMES	256

/*
 * The small primes of that p, ascending (the sieved ones but skip, then
 * extra), into l[]: returns their number.
 */
static inline unsigned int csidh_test_primes_but(unsigned int *l,
						 unsigned int last,
						 unsigned int skip,
						 unsigned int extra)
{
	unsigned int q, d, n = 0;

	for (q = 3; q <= last; q += 2) {
		for (d = 3; d * d <= q && q % d; d += 2)
			;
		if (d * d > q && q != skip)
			l[n++] = q;
	}
	l[n++] = extra;
	return n;
}

static inline unsigned int csidh_test_primes(unsigned int *l,
					     unsigned int last,
					     unsigned int extra)
{
	return csidh_test_primes_but(l, last, 0, extra);
}

static inline unsigned int csidh_test_prime_but(mpz_t p, unsigned int last,
						unsigned int skip,
						unsigned int extra)
{
	unsigned int l[CSIDH_TEST_MAX_PRIMES], i, n;

	n = csidh_test_primes_but(l, last, skip, extra);
	mpz_set_ui(p, 4);
	for (i = 0; i < n; i++)
		mpz_mul_ui(p, p, l[i]);
	mpz_sub_ui(p, p, 1);
	return n;
}

static inline unsigned int csidh_test_prime(mpz_t p, unsigned int last,
					    unsigned int extra)
{
	return csidh_test_prime_but(p, last, 0, extra);
}

#endif /* NOBS_TEST_CSIDH_PRIME_H */
