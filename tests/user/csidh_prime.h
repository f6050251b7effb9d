/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CSIDH primes rebuilt with GMP for the oracles of the harness and the
 * fuzzers, from a sieve rather than the constants under test:
 *
 *	p = 4 * (every odd prime up to last) * extra - 1
 *
 * CSIDH-512: last 373, extra 587 (74 primes, 511 bits); CSIDH-1024: last
 * 733, extra 983 (130 primes, 1020 bits).  csidh_test_prime() returns the
 * number of primes; csidh_test_primes() lists them.
 */
#ifndef NOBS_TEST_CSIDH_PRIME_H
#define NOBS_TEST_CSIDH_PRIME_H

#include <gmp.h>

/* Room for the primes of any last below 1620 (255 odd primes). */
#define CSIDH_TEST_MAX_PRIMES	256

/*
 * The small primes of that p, ascending (the sieved ones, then extra),
 * into l[]: returns their number.
 */
static inline unsigned int csidh_test_primes(unsigned int *l,
					     unsigned int last,
					     unsigned int extra)
{
	unsigned int q, d, n = 0;

	for (q = 3; q <= last; q += 2) {
		for (d = 3; d * d <= q && q % d; d += 2)
			;
		if (d * d > q)
			l[n++] = q;
	}
	l[n++] = extra;
	return n;
}

static inline unsigned int csidh_test_prime(mpz_t p, unsigned int last,
					    unsigned int extra)
{
	unsigned int l[CSIDH_TEST_MAX_PRIMES], i, n;

	n = csidh_test_primes(l, last, extra);
	mpz_set_ui(p, 4);
	for (i = 0; i < n; i++)
		mpz_mul_ui(p, p, l[i]);
	mpz_sub_ui(p, p, 1);
	return n;
}

#endif /* NOBS_TEST_CSIDH_PRIME_H */
