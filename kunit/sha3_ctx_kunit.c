// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_sha3_ctx": the shash algorithms from hard and soft
 * interrupt context, while the test's own thread hashes on the same
 * transform.
 *
 * A periodic hrtimer (HRTIMER_MODE_REL_HARD: its callback runs in hardirq
 * context) computes digests and schedules a tasklet (softirq context) that
 * computes more; meanwhile the test thread hashes long messages, which
 * with a SIMD permutation (arm64 "ce") enter kernel_neon_begin() sections
 * that the interrupts may land in.  In interrupt context the glue must
 * fall back to the generic permutation (crypto_simd_usable() is false)
 * and still give the same digests.  Expected digests are computed first,
 * in process context.  With a general-register permutation (x86-64 "bmi",
 * generic) the same runs check that nothing in the glue depends on the
 * context.
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <linux/atomic.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "sha3_kunit.h"

#define NK_IRQ_MSGS	8
#define NK_IRQ_MAXLEN	600	/* short: keep the time in hardirq small */
#define NK_TASK_MSGS	4
#define NK_TASK_MAXLEN	(9 * 1024)
#define NK_IRQ_PERIOD_NS	(1000 * NSEC_PER_USEC)
#define NK_IRQ_MIN_RUNS	16

/**
 * struct nk_irq_test - state shared by the test thread and its interrupts
 * @tfm:       the transform all digests use
 * @ds:        its digest size
 * @msg:       NK_IRQ_MSGS messages of up to NK_IRQ_MAXLEN bytes
 * @len:       their lengths
 * @expect:    their digests, computed in process context
 * @timer:     the periodic hrtimer (hardirq)
 * @tasklet:   scheduled by the timer (softirq)
 * @stop:      set by the test thread to end the timer
 * @hard_runs: digests computed in the timer callback
 * @soft_runs: digests computed in the tasklet
 * @hard_bad:  of those, wrong ones or ones outside hardirq context
 * @soft_bad:  of those, wrong ones or ones outside softirq context
 */
struct nk_irq_test {
	struct crypto_shash *tfm;
	unsigned int ds;
	u8 msg[NK_IRQ_MSGS][NK_IRQ_MAXLEN];
	unsigned int len[NK_IRQ_MSGS];
	u8 expect[NK_IRQ_MSGS][64];
	struct hrtimer timer;
	struct tasklet_struct tasklet;
	atomic_t stop;
	atomic_t hard_runs, soft_runs, hard_bad, soft_bad;
};

/* Digest message @i and check it; false if it differs or fails. */
static bool nk_irq_digest_ok(struct nk_irq_test *t, unsigned int i)
{
	u8 out[64];

	i %= NK_IRQ_MSGS;
	if (nk_sha3_digest(t->tfm, t->msg[i], t->len[i], out))
		return false;
	return !memcmp(out, t->expect[i], t->ds);
}

static enum hrtimer_restart nk_irq_timer_fn(struct hrtimer *timer)
{
	struct nk_irq_test *t = container_of(timer, struct nk_irq_test, timer);
	unsigned int n = atomic_inc_return(&t->hard_runs);

	if (!in_hardirq() || !nk_irq_digest_ok(t, n))
		atomic_inc(&t->hard_bad);
	tasklet_schedule(&t->tasklet);
	if (atomic_read(&t->stop))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(NK_IRQ_PERIOD_NS));
	return HRTIMER_RESTART;
}

static void nk_irq_tasklet_fn(struct tasklet_struct *tl)
{
	struct nk_irq_test *t = from_tasklet(t, tl, tasklet);
	unsigned int n = atomic_inc_return(&t->soft_runs);

	if (!in_serving_softirq() || !nk_irq_digest_ok(t, n + 3))
		atomic_inc(&t->soft_bad);
}

static void nk_irq_run(struct kunit *test, unsigned int alg)
{
	unsigned long start, deadline;
	unsigned int i, done = 0;
	struct nk_irq_test *t;
	struct nk_rng r;
	u8 *big, *bigexp, out[64];
	unsigned int biglen[NK_TASK_MSGS];

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	big = kunit_kmalloc_array(test, NK_TASK_MSGS, NK_TASK_MAXLEN,
				  GFP_KERNEL);
	bigexp = kunit_kmalloc_array(test, NK_TASK_MSGS, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, big);
	KUNIT_ASSERT_NOT_NULL(test, bigexp);

	t->tfm = nk_sha3_tfm(test, alg);
	if (!t->tfm)
		return;
	t->ds = crypto_shash_digestsize(t->tfm);
	nk_rng_init(&r, 100 + alg);
	nk_sha3_random_key(test, t->tfm, alg, &r);
	for (i = 0; i < NK_IRQ_MSGS; i++) {
		t->len[i] = nk_rng_below(&r, NK_IRQ_MAXLEN + 1);
		nk_rng_fill(&r, t->msg[i], t->len[i]);
		KUNIT_ASSERT_EQ(test, nk_sha3_digest(t->tfm, t->msg[i],
						     t->len[i], t->expect[i]),
				0);
	}
	for (i = 0; i < NK_TASK_MSGS; i++) {
		biglen[i] = NK_TASK_MAXLEN - nk_rng_below(&r, 2048);
		nk_rng_fill(&r, big + i * NK_TASK_MAXLEN, biglen[i]);
		KUNIT_ASSERT_EQ(test,
				nk_sha3_digest(t->tfm, big + i * NK_TASK_MAXLEN,
					       biglen[i], bigexp + i * 64), 0);
	}

	tasklet_setup(&t->tasklet, nk_irq_tasklet_fn);
	hrtimer_init(&t->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	t->timer.function = nk_irq_timer_fn;
	hrtimer_start(&t->timer, ns_to_ktime(NK_IRQ_PERIOD_NS),
		      HRTIMER_MODE_REL_HARD);

	/* At least 0.2 s and NK_IRQ_MIN_RUNS of each, at most 20 s. */
	start = jiffies;
	deadline = start + 20 * HZ;
	while (time_before(jiffies, deadline)) {
		i = done % NK_TASK_MSGS;
		KUNIT_EXPECT_EQ(test,
				nk_sha3_digest(t->tfm, big + i * NK_TASK_MAXLEN,
					       biglen[i], out), 0);
		KUNIT_EXPECT_MEMEQ(test, out, bigexp + i * 64, t->ds);
		done++;
		if (time_after(jiffies, start + HZ / 5) &&
		    atomic_read(&t->hard_runs) >= NK_IRQ_MIN_RUNS &&
		    atomic_read(&t->soft_runs) >= NK_IRQ_MIN_RUNS)
			break;
		cond_resched();
	}

	atomic_set(&t->stop, 1);
	hrtimer_cancel(&t->timer);
	tasklet_kill(&t->tasklet);

	kunit_info(test, "%s: %u digests in process context, %d in hardirq, %d in softirq\n",
		   crypto_shash_driver_name(t->tfm), done,
		   atomic_read(&t->hard_runs), atomic_read(&t->soft_runs));
	KUNIT_EXPECT_GE(test, atomic_read(&t->hard_runs), NK_IRQ_MIN_RUNS);
	KUNIT_EXPECT_GE(test, atomic_read(&t->soft_runs), NK_IRQ_MIN_RUNS);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&t->hard_bad), 0,
			    "wrong digests in hardirq context");
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&t->soft_bad), 0,
			    "wrong digests in softirq context");
}

static void sha3_irq_shake128(struct kunit *test)
{
	nk_irq_run(test, NK_SHAKE128);
}

static void sha3_irq_kmac256(struct kunit *test)
{
	nk_irq_run(test, NK_KMAC256);
}

static void sha3_irq_cshake256(struct kunit *test)
{
	nk_irq_run(test, NK_CSHAKE256);
}

static void sha3_irq_sha3_512(struct kunit *test)
{
	struct crypto_shash *probe = nk_sha3_tfm(test, NK_SHA3_512);

	if (!probe)
		kunit_skip(test, "nobs registers sha3-* only with a fast permutation");
	nk_irq_run(test, NK_SHA3_512);
}

static struct kunit_case nobs_sha3_ctx_cases[] = {
	KUNIT_CASE(sha3_irq_shake128),
	KUNIT_CASE(sha3_irq_kmac256),
	KUNIT_CASE(sha3_irq_cshake256),
	KUNIT_CASE(sha3_irq_sha3_512),
	{}
};

static struct kunit_suite nobs_sha3_ctx_suite = {
	.name = "nobs_sha3_ctx",
	.test_cases = nobs_sha3_ctx_cases,
};

kunit_test_suites(&nobs_sha3_ctx_suite);
