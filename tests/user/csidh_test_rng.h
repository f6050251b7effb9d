/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The deterministic randomness the CSIDH tests and benchmark hand to the
 * core (struct nobs_csidh_env.random): splitmix64 over a 64-bit state.
 * And the group action's workspace they hand it, t_ws: one per program,
 * which runs one operation at a time.
 */
#ifndef NOBS_CSIDH_TEST_RNG_H
#define NOBS_CSIDH_TEST_RNG_H

#include <stddef.h>
#include "isogeny/csidh.h"

static struct nobs_csidh_ws t_ws __attribute__((unused));

static inline void csidh_test_random(void *ctx, void *buf, size_t len)
{
	unsigned long long *s = ctx, z = 0;
	unsigned char *p = buf;
	size_t i;

	for (i = 0; i < len; i++) {
		if (i % 8 == 0) {
			z = (*s += 0x9e3779b97f4a7c15ULL);
			z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
			z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
			z ^= z >> 31;
		}
		p[i] = (unsigned char)(z >> (8 * (i % 8)));
	}
}

#endif /* NOBS_CSIDH_TEST_RNG_H */
