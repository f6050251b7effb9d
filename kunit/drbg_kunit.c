// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_drbg": the rng nobs_ctr_drbg_aes256_nodf (AES-256
 * CTR_DRBG without derivation function) through the crypto API.
 *
 * Known answers:
 * - NIST PQC KAT DRBG (rng.c, randombytes_init with entropy input
 *   00 01 .. 2f, no personalization): outputs count = 1, 2 and 99 of the
 *   successive 48-byte requests, the "seed =" lines of every PQCgenKAT_kem
 *   .rsp file (count = 0 is checked by nobs's own self-test);
 * - personalization string and additional input: a 72-byte seed (entropy
 *   a0 a1 .. cf, personalization of 24 bytes 01 11 21 .. f1 01 11 ..) and
 *   two 64-byte requests with additional input ff fe .. (48 bytes, then
 *   17 bytes), computed with OpenSSL 3.0's EVP_RAND "CTR-DRBG"
 *   (cipher AES-256-CTR, use_derivation_function 0).
 * The other cases check documented behaviour: long requests served as
 * several, errno values for bad lengths with the state left unchanged,
 * and several threads on one shared and on separate transforms.
 */
#include <kunit/test.h>
#include <crypto/rng.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "nobs_kunit.h"

#define NK_DRBG	"nobs_ctr_drbg_aes256_nodf"

KUNIT_DEFINE_ACTION_WRAPPER(nk_free_rng, crypto_free_rng, struct crypto_rng *);

static struct crypto_rng *nk_drbg_tfm(struct kunit *test)
{
	struct crypto_rng *rng = crypto_alloc_rng(NK_DRBG, 0, 0);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(rng), "%s: %ld", NK_DRBG,
			       PTR_ERR(rng));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_free_rng,
							 rng), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_seedsize(rng), 48);
	return rng;
}

static void nk_drbg_seed_counting(u8 *seed, size_t len, u8 first)
{
	size_t i;

	for (i = 0; i < len; i++)
		seed[i] = first + i;
}

static void drbg_kat_pqc(struct kunit *test)
{
	static const char * const expect[] = {
		[1] =
			"d81c4d8d734fcbfbeade3d3f8a039faa2a2c9957e835ad55b22e75bf57bb556ac81adde6aeeb4a5a875c3bfcadfa958f",
		[2] =
			"64335bf29e5de62842c941766ba129b0643b5e7121ca26cfc190ec7dc3543830557fdd5c03cf123a456d48efea43c868",
	};
	static const char expect99[] =
		"2a6f7386b815366f572aeb6c79e272cc21b7095fe09575f18072c9d677da23bc9c8a4bc393b7524604d299bedd260c8b";
	struct crypto_rng *rng = nk_drbg_tfm(test);
	u8 seed[48], out[48];
	const u8 *exp;
	unsigned int i;
	size_t len;

	nk_drbg_seed_counting(seed, sizeof(seed), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(rng, seed, sizeof(seed)), 0);
	for (i = 0; i < 100; i++) {
		KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(rng, out,
							   sizeof(out)), 0);
		if (i == 1 || i == 2)
			exp = nk_unhex(test, expect[i], &len);
		else if (i == 99)
			exp = nk_unhex(test, expect99, &len);
		else
			continue;
		KUNIT_EXPECT_MEMEQ_MSG(test, out, exp, sizeof(out),
				       "PQC KAT count = %u", i);
	}
}

static void drbg_kat_pers_addin(struct kunit *test)
{
	static const char expect1[] =
		"b2f8c902ffb264addbe296a44f7119d292dc90dca956f3409bc5f4e8b9db1ea68486732d94036034aa4659374f797165371b30763b4ff18cfbe588675ccf42da";
	static const char expect2[] =
		"c3ffd31723ec8b4d1f66b3a9767b15bd9761dcb3123aa20e9508563fc83f67168e5943c8472118317662cf07eb148d39e8714cc6c2c6b4154e423431e457bf40";
	struct crypto_rng *rng = nk_drbg_tfm(test);
	u8 seed[72], addin[48], out[64];
	unsigned int i;
	const u8 *exp;
	size_t len;

	nk_drbg_seed_counting(seed, 48, 0xa0);
	for (i = 0; i < 24; i++)
		seed[48 + i] = 0x10 * (i % 16) + 1;
	for (i = 0; i < sizeof(addin); i++)
		addin[i] = 0xff - i;
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(rng, seed, sizeof(seed)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_generate(rng, addin, 48, out, 64), 0);
	exp = nk_unhex(test, expect1, &len);
	KUNIT_EXPECT_MEMEQ(test, out, exp, sizeof(out));
	KUNIT_ASSERT_EQ(test, crypto_rng_generate(rng, addin, 17, out, 64), 0);
	exp = nk_unhex(test, expect2, &len);
	KUNIT_EXPECT_MEMEQ(test, out, exp, sizeof(out));
}

/* A request above 64 KiB is served as 64 KiB requests, same input each. */
static void drbg_long_request(struct kunit *test)
{
	const unsigned int total = 65536 + 1000;
	struct crypto_rng *a = nk_drbg_tfm(test), *b = nk_drbg_tfm(test);
	u8 seed[60], addin[20];
	struct nk_rng r;
	u8 *x, *y;

	x = kunit_kmalloc(test, total, GFP_KERNEL);
	y = kunit_kmalloc(test, total, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, x);
	KUNIT_ASSERT_NOT_NULL(test, y);
	nk_rng_init(&r, 200);
	nk_rng_fill(&r, seed, sizeof(seed));
	nk_rng_fill(&r, addin, sizeof(addin));
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(a, seed, sizeof(seed)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(b, seed, sizeof(seed)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_generate(a, addin, sizeof(addin), x,
						  total), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_generate(b, addin, sizeof(addin), y,
						  65536), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_generate(b, addin, sizeof(addin),
						  y + 65536, total - 65536), 0);
	KUNIT_EXPECT_MEMEQ(test, x, y, total);
	/* And both instances go on in step. */
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(a, x, 32), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(b, y, 32), 0);
	KUNIT_EXPECT_MEMEQ(test, x, y, 32);
}

static void drbg_reseed_modes(struct kunit *test)
{
	struct crypto_rng *a = nk_drbg_tfm(test), *b = nk_drbg_tfm(test);
	u8 seed[48], x[64], y[64];

	nk_drbg_seed_counting(seed, sizeof(seed), 7);
	/* The same seed twice gives the same stream (reset re-instantiates). */
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(a, seed, sizeof(seed)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(a, x, sizeof(x)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(a, seed, sizeof(seed)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(a, y, sizeof(y)), 0);
	KUNIT_EXPECT_MEMEQ(test, x, y, sizeof(x));
	/* Seedless instances differ (get_random_bytes()), and from it. */
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(a, NULL, 0), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(a, y, sizeof(y)), 0);
	KUNIT_EXPECT_MEMNEQ(test, x, y, sizeof(x));
	/* b was never seeded: its first generate seeds it. */
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(b, x, sizeof(x)), 0);
	KUNIT_EXPECT_MEMNEQ(test, x, y, sizeof(x));
}

static void drbg_bad_inputs(struct kunit *test)
{
	static const unsigned int bad_seed[] = { 1, 16, 47, 97, 128 };
	struct crypto_rng *a = nk_drbg_tfm(test), *ref = nk_drbg_tfm(test);
	u8 seed[128], addin[49], x[32], y[32];
	unsigned int i;

	nk_drbg_seed_counting(seed, sizeof(seed), 0x33);
	memset(addin, 0x44, sizeof(addin));
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(a, seed, 48), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(ref, seed, 48), 0);

	for (i = 0; i < ARRAY_SIZE(bad_seed); i++)
		KUNIT_EXPECT_EQ_MSG(test, crypto_rng_reset(a, seed, bad_seed[i]),
				    -EINVAL, "seed of %u bytes", bad_seed[i]);
	KUNIT_EXPECT_EQ(test, crypto_rng_generate(a, addin, 49, x, sizeof(x)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, crypto_rng_generate(a, NULL, 5, x, sizeof(x)),
			-EINVAL);
	/* Nothing requested: nothing produced, state untouched. */
	KUNIT_EXPECT_EQ(test, crypto_rng_generate(a, addin, 48, x, 0), 0);

	/* None of that moved the state: a and ref still agree. */
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(a, x, sizeof(x)), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(ref, y, sizeof(y)), 0);
	KUNIT_EXPECT_MEMEQ(test, x, y, sizeof(x));
	/* The longest accepted lengths work. */
	KUNIT_EXPECT_EQ(test, crypto_rng_reset(a, seed, 96), 0);
	KUNIT_EXPECT_EQ(test, crypto_rng_generate(a, addin, 48, x, sizeof(x)),
			0);
}

/* ---- several threads ----------------------------------------------------- */

#define NK_DRBG_THREADS	4
#define NK_DRBG_REQS	32
#define NK_DRBG_OUT	40

/**
 * struct nk_drbg_job - one generating thread
 * @rng:  transform (shared or its own)
 * @out:  NK_DRBG_REQS outputs of NK_DRBG_OUT bytes, in the thread's order
 * @err:  first error
 * @done: completed when the thread finishes
 */
struct nk_drbg_job {
	struct crypto_rng *rng;
	u8 out[NK_DRBG_REQS][NK_DRBG_OUT];
	int err;
	struct completion done;
};

static int nk_drbg_thread(void *arg)
{
	struct nk_drbg_job *job = arg;
	unsigned int i;
	int err;

	for (i = 0; i < NK_DRBG_REQS; i++) {
		err = crypto_rng_get_bytes(job->rng, job->out[i], NK_DRBG_OUT);
		if (err && !job->err)
			job->err = err;
		cond_resched();
	}
	kthread_complete_and_exit(&job->done, 0);
}

static int nk_drbg_start(struct nk_drbg_job *jobs)
{
	struct task_struct *t;
	unsigned int j;

	for (j = 0; j < NK_DRBG_THREADS; j++) {
		init_completion(&jobs[j].done);
		t = kthread_run(nk_drbg_thread, &jobs[j], "nobs_kunit_d%u", j);
		if (IS_ERR(t)) {
			while (j--)
				wait_for_completion(&jobs[j].done);
			return PTR_ERR(t);
		}
	}
	for (j = 0; j < NK_DRBG_THREADS; j++)
		wait_for_completion(&jobs[j].done);
	return 0;
}

/*
 * One deterministic instance shared by all threads: each request is one
 * SP 800-90A Generate under the tfm's lock, so whatever the interleaving,
 * the outputs are exactly the instance's first NK_DRBG_THREADS *
 * NK_DRBG_REQS outputs, each handed to exactly one thread, in order
 * within each thread.
 */
static void drbg_threads_shared_tfm(struct kunit *test)
{
	const unsigned int total = NK_DRBG_THREADS * NK_DRBG_REQS;
	struct crypto_rng *shared = nk_drbg_tfm(test), *ref = nk_drbg_tfm(test);
	unsigned int j, i, k, next[NK_DRBG_THREADS] = { 0 };
	struct nk_drbg_job *jobs;
	u8 seed[48], (*seq)[NK_DRBG_OUT];
	bool found;

	jobs = kunit_kcalloc(test, NK_DRBG_THREADS, sizeof(*jobs), GFP_KERNEL);
	seq = kunit_kcalloc(test, total, NK_DRBG_OUT, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, jobs);
	KUNIT_ASSERT_NOT_NULL(test, seq);
	nk_drbg_seed_counting(seed, sizeof(seed), 0x61);
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(ref, seed, sizeof(seed)), 0);
	for (i = 0; i < total; i++)
		KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(ref, seq[i],
							   NK_DRBG_OUT), 0);
	KUNIT_ASSERT_EQ(test, crypto_rng_reset(shared, seed, sizeof(seed)), 0);
	for (j = 0; j < NK_DRBG_THREADS; j++)
		jobs[j].rng = shared;
	KUNIT_ASSERT_EQ(test, nk_drbg_start(jobs), 0);
	for (j = 0; j < NK_DRBG_THREADS; j++)
		KUNIT_ASSERT_EQ_MSG(test, jobs[j].err, 0, "thread %u", j);

	/* Output i of the sequence went to the thread whose turn it is. */
	for (i = 0; i < total; i++) {
		found = false;
		for (k = 0; k < NK_DRBG_THREADS && !found; k++) {
			if (next[k] < NK_DRBG_REQS &&
			    !memcmp(jobs[k].out[next[k]], seq[i], NK_DRBG_OUT)) {
				next[k]++;
				found = true;
			}
		}
		KUNIT_ASSERT_TRUE_MSG(test, found,
				      "output %u of the sequence went to no thread",
				      i);
	}
}

static void drbg_threads_separate_tfms(struct kunit *test)
{
	struct crypto_rng *ref = nk_drbg_tfm(test);
	u8 seed[NK_DRBG_THREADS][64], exp[NK_DRBG_OUT];
	struct nk_drbg_job *jobs;
	unsigned int j, i;
	struct nk_rng r;

	jobs = kunit_kcalloc(test, NK_DRBG_THREADS, sizeof(*jobs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, jobs);
	nk_rng_init(&r, 201);
	for (j = 0; j < NK_DRBG_THREADS; j++) {
		nk_rng_fill(&r, seed[j], sizeof(seed[j]));
		jobs[j].rng = nk_drbg_tfm(test);
		KUNIT_ASSERT_EQ(test, crypto_rng_reset(jobs[j].rng, seed[j],
						       sizeof(seed[j])), 0);
	}
	KUNIT_ASSERT_EQ(test, nk_drbg_start(jobs), 0);
	for (j = 0; j < NK_DRBG_THREADS; j++) {
		KUNIT_ASSERT_EQ_MSG(test, jobs[j].err, 0, "thread %u", j);
		KUNIT_ASSERT_EQ(test, crypto_rng_reset(ref, seed[j],
						       sizeof(seed[j])), 0);
		for (i = 0; i < NK_DRBG_REQS; i++) {
			KUNIT_ASSERT_EQ(test, crypto_rng_get_bytes(ref, exp,
								   sizeof(exp)),
					0);
			KUNIT_EXPECT_MEMEQ_MSG(test, jobs[j].out[i], exp,
					       sizeof(exp),
					       "thread %u, request %u", j, i);
		}
	}
}

static struct kunit_case nobs_drbg_cases[] = {
	KUNIT_CASE(drbg_kat_pqc),
	KUNIT_CASE(drbg_kat_pers_addin),
	KUNIT_CASE(drbg_long_request),
	KUNIT_CASE(drbg_reseed_modes),
	KUNIT_CASE(drbg_bad_inputs),
	KUNIT_CASE(drbg_threads_shared_tfm),
	KUNIT_CASE(drbg_threads_separate_tfms),
	{}
};

static struct kunit_suite nobs_drbg_suite = {
	.name = "nobs_drbg",
	.test_cases = nobs_drbg_cases,
};

kunit_test_suites(&nobs_drbg_suite);
