/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared helpers of the nobs KUnit suites (nobs_kunit.ko).
 *
 * Random test inputs come from a splitmix64 stream seeded by the module
 * parameter "seed" (a random one when 0, logged at load and by the
 * nobs_module suite), so a failure can be replayed with the same seed.
 */
#ifndef NOBS_KUNIT_H
#define NOBS_KUNIT_H

#include <kunit/test.h>
#include <linux/types.h>

/**
 * struct nk_rng - one splitmix64 stream of test randomness (not secret)
 * @s: the state
 */
struct nk_rng {
	u64 s;
};

extern u64 nobs_kunit_seed;
extern bool nobs_kunit_large, nobs_kunit_ctidh2048;

/*
 * NK_CSIDH_SET_WANTED(test, name): the cases of the sets past 512 bits
 * (csidh1024, ctidh1024, ctidh2048) skip when the module was loaded with
 * large=0 (kunit/run.sh's force_generic runs on the kernels with a fast
 * field: there their generic C would take ten minutes and more under
 * QEMU/TCG and KASAN; it is their only code in the riscv64 and ppc64le
 * runs, and the harness's), and ctidh2048's with ctidh2048=0 (those runs:
 * its generic 2048-bit C, some 30 group actions with the first-use test,
 * is the harness's to test).
 */
#define NK_CSIDH_SET_WANTED(test, name)					\
	do {								\
		if (!nobs_kunit_large &&				\
		    (!strcmp((name), "csidh1024") ||			\
		     !strcmp((name), "ctidh1024") ||			\
		     !strcmp((name), "ctidh2048")))			\
			kunit_skip((test), "large=0 (the generic field's large sets run on riscv64 and ppc64le)"); \
		if (!nobs_kunit_ctidh2048 && !strcmp((name), "ctidh2048")) \
			kunit_skip((test), "ctidh2048=0 (its generic C: the harness's)"); \
	} while (0)

/* A stream for one test case: the module seed mixed with @tag. */
static inline void nk_rng_init(struct nk_rng *r, u64 tag)
{
	r->s = nobs_kunit_seed ^ (tag * 0x9e3779b97f4a7c15ULL);
}

static inline u64 nk_rng_next(struct nk_rng *r)
{
	u64 z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform enough in [0, n) for test inputs; n > 0. */
static inline u32 nk_rng_below(struct nk_rng *r, u32 n)
{
	return (u32)(((nk_rng_next(r) >> 32) * n) >> 32);
}

void nk_rng_fill(struct nk_rng *r, void *buf, size_t len);

/*
 * Decode the hex string @hex into a buffer allocated for the test; the
 * test fails (and stops) if @hex is not valid hex.  *@len gets its length.
 */
u8 *nk_unhex(struct kunit *test, const char *hex, size_t *len);

/* Whether @driver is one of nobs's (its driver names contain "-nobs-"). */
bool nk_is_nobs_driver(const char *driver);

#endif /* NOBS_KUNIT_H */
