// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_sha3_lib": the SHA-3 library (<nobs/sha3.h>) through
 * nobs.ko's exports, as another module calls it:
 *  - a subset of NIST's ACVP vectors (sha3_lib_acvp.h, written by
 *    scripts/gen/sha3_lib_kunit.py; the full set runs in tests/user),
 *    whole and with input and output cut in random pieces;
 *  - long inputs and outputs (SIMD sections) squeezed in pieces against
 *    one long squeeze;
 *  - the library against nobs's own shash algorithms (same code), and
 *    from hard interrupt context against process context;
 *  - misuse: -EINVAL, zeroed output, wiped contexts.
 * Contexts and buffers are allocated (kunit_kzalloc): ppc64le's test
 * kernels have small stacks.
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <nobs/sha3.h>

#include "sha3_kunit.h"

enum nk_lib_kind {
	NK_LIB_SHA3, NK_LIB_SHAKE, NK_LIB_CSHAKE, NK_LIB_KMAC, NK_LIB_TUPLE,
	NK_LIB_PH,
};

/**
 * struct nk_lib_case - one ACVP case (hex strings, lengths in bytes)
 * @alg:     ACVP's algorithm name
 * @kind:    which part of the library
 * @bits:    digest size (SHA3) or security level
 * @id:      ACVP's tcId
 * @xof:     KMACXOF, TupleHashXOF, ParallelHashXOF
 * @verdict: 0 for a verification case whose MAC is wrong
 * @block:   ParallelHash's B
 * @outlen:  output bytes
 * @msg:     message
 * @n:       cSHAKE's N
 * @s:       customization S
 * @key:     KMAC's key
 * @nelem:   TupleHash's number of elements
 * @tuple:   TupleHash's elements, their hex joined by ","
 * @md:      expected output
 */
struct nk_lib_case {
	const char *alg;
	enum nk_lib_kind kind;
	unsigned int bits;
	unsigned int id;
	bool xof;
	bool verdict;
	size_t block;
	size_t outlen;
	unsigned int nelem;
	const char *msg, *n, *s, *key, *tuple, *md;
};

#include "sha3_lib_acvp.h"

union nk_lib_ctx {
	struct nobs_sha3_ctx sha3;
	struct nobs_shake_ctx shake;
	struct nobs_kmac_ctx kmac;
	struct nobs_tuplehash_ctx tuple;
	struct nobs_parallelhash_ctx ph;
};

/* The next piece of @left bytes: all when @whole, else random. */
static size_t nk_lib_piece(struct nk_rng *r, size_t left, bool whole)
{
	static const size_t sizes[] = { 0, 1, 8, 135, 136, 137, 167, 168, 169 };
	size_t n;

	if (whole || !left)
		return left;
	if (nk_rng_below(r, 3))
		n = sizes[nk_rng_below(r, ARRAY_SIZE(sizes))];
	else
		n = nk_rng_below(r, left + 1);
	return min(n, left);
}

typedef int (*nk_lib_update_fn)(void *ctx, const u8 *data, size_t len);
typedef int (*nk_lib_squeeze_fn)(void *ctx, u8 *out, size_t len);

static int nk_lib_feed(void *ctx, nk_lib_update_fn up, const u8 *in,
		       size_t len, struct nk_rng *r, bool whole)
{
	int err = 0;
	size_t n;

	do {
		n = nk_lib_piece(r, len, whole);
		err |= up(ctx, in, n);
		in += n;
		len -= n;
	} while (len);
	return err;
}

static int nk_lib_drain(void *ctx, nk_lib_squeeze_fn sq, u8 *out, size_t len,
			struct nk_rng *r, bool whole)
{
	int err = 0;
	size_t n;

	do {
		n = nk_lib_piece(r, len, whole);
		err |= sq(ctx, out, n);
		out += n;
		len -= n;
	} while (len);
	return err;
}

static int nk_lib_sha3_update(void *ctx, const u8 *d, size_t n)
{
	return nobs_sha3_update(ctx, d, n);
}

static int nk_lib_shake_update(void *ctx, const u8 *d, size_t n)
{
	return nobs_shake_update(ctx, d, n);
}

static int nk_lib_shake_squeeze(void *ctx, u8 *o, size_t n)
{
	return nobs_shake_squeeze(ctx, o, n);
}

static int nk_lib_kmac_update(void *ctx, const u8 *d, size_t n)
{
	return nobs_kmac_update(ctx, d, n);
}

static int nk_lib_kmac_squeeze(void *ctx, u8 *o, size_t n)
{
	return nobs_kmac_xof_squeeze(ctx, o, n);
}

static int nk_lib_tuple_squeeze(void *ctx, u8 *o, size_t n)
{
	return nobs_tuplehash_xof_squeeze(ctx, o, n);
}

static int nk_lib_ph_update(void *ctx, const u8 *d, size_t n)
{
	return nobs_parallelhash_update(ctx, d, n);
}

static int nk_lib_ph_squeeze(void *ctx, u8 *o, size_t n)
{
	return nobs_parallelhash_xof_squeeze(ctx, o, n);
}

/* TupleHash: add each of the @count elements of "hex,hex,..." */
static int nk_lib_add_elements(struct kunit *test,
			       struct nobs_tuplehash_ctx *ctx,
			       unsigned int count, const char *p)
{
	unsigned int i;
	int err = 0;

	for (i = 0; i < count; i++) {
		size_t l = strcspn(p, ","), len;
		char *hex = kunit_kzalloc(test, l + 1, GFP_KERNEL);
		u8 *elem;

		KUNIT_ASSERT_NOT_NULL(test, hex);
		memcpy(hex, p, l);
		elem = nk_unhex(test, hex, &len);
		err |= nobs_tuplehash_add(ctx, elem, len);
		p += l + (p[l] == ',');
	}
	return err;
}

/* Whether the library gives @c's answer (for a verdict of 0: does not). */
static bool nk_lib_run(struct kunit *test, const struct nk_lib_case *c,
		       union nk_lib_ctx *ctx, struct nk_rng *r, bool whole)
{
	size_t msglen, nlen, slen, keylen, mdlen;
	const u8 *msg = nk_unhex(test, c->msg, &msglen);
	const u8 *n = nk_unhex(test, c->n, &nlen);
	const u8 *s = nk_unhex(test, c->s, &slen);
	const u8 *key = nk_unhex(test, c->key, &keylen);
	const u8 *md = nk_unhex(test, c->md, &mdlen);
	u8 *out = kunit_kzalloc(test, c->outlen + 1, GFP_KERNEL);
	int err = 0;

	KUNIT_ASSERT_NOT_NULL(test, out);
	KUNIT_ASSERT_EQ(test, mdlen, c->outlen);
	switch (c->kind) {
	case NK_LIB_SHA3:
		if (c->bits == 224)
			nobs_sha3_224_init(&ctx->sha3);
		else if (c->bits == 256)
			nobs_sha3_256_init(&ctx->sha3);
		else if (c->bits == 384)
			nobs_sha3_384_init(&ctx->sha3);
		else
			nobs_sha3_512_init(&ctx->sha3);
		err |= nk_lib_feed(ctx, nk_lib_sha3_update, msg, msglen, r,
				   whole);
		err |= nobs_sha3_final(&ctx->sha3, out);
		break;
	case NK_LIB_SHAKE:
	case NK_LIB_CSHAKE:
		if (c->kind == NK_LIB_SHAKE && c->bits == 128)
			nobs_shake128_init(&ctx->shake);
		else if (c->kind == NK_LIB_SHAKE)
			nobs_shake256_init(&ctx->shake);
		else if (c->bits == 128)
			err |= nobs_cshake128_init(&ctx->shake, n, nlen, s, slen);
		else
			err |= nobs_cshake256_init(&ctx->shake, n, nlen, s, slen);
		err |= nk_lib_feed(ctx, nk_lib_shake_update, msg, msglen, r,
				   whole);
		err |= nk_lib_drain(ctx, nk_lib_shake_squeeze, out, c->outlen,
				    r, whole);
		nobs_shake_zeroize_ctx(&ctx->shake);
		break;
	case NK_LIB_KMAC:
		if (c->bits == 128)
			err |= nobs_kmac128_init(&ctx->kmac, key, keylen, s,
						 slen);
		else
			err |= nobs_kmac256_init(&ctx->kmac, key, keylen, s,
						 slen);
		err |= nk_lib_feed(ctx, nk_lib_kmac_update, msg, msglen, r,
				   whole);
		if (c->xof) {
			err |= nk_lib_drain(ctx, nk_lib_kmac_squeeze, out,
					    c->outlen, r, whole);
			nobs_kmac_zeroize_ctx(&ctx->kmac);
		} else {
			err |= nobs_kmac_final(&ctx->kmac, out, c->outlen);
		}
		break;
	case NK_LIB_TUPLE:
		if (c->bits == 128)
			err |= nobs_tuplehash128_init(&ctx->tuple, s, slen);
		else
			err |= nobs_tuplehash256_init(&ctx->tuple, s, slen);
		err |= nk_lib_add_elements(test, &ctx->tuple, c->nelem,
					   c->tuple);
		if (c->xof) {
			err |= nk_lib_drain(ctx, nk_lib_tuple_squeeze, out,
					    c->outlen, r, whole);
			nobs_tuplehash_zeroize_ctx(&ctx->tuple);
		} else {
			err |= nobs_tuplehash_final(&ctx->tuple, out,
						    c->outlen);
		}
		break;
	case NK_LIB_PH:
		if (c->bits == 128)
			err |= nobs_parallelhash128_init(&ctx->ph, c->block, s,
							 slen);
		else
			err |= nobs_parallelhash256_init(&ctx->ph, c->block, s,
							 slen);
		err |= nk_lib_feed(ctx, nk_lib_ph_update, msg, msglen, r,
				   whole);
		if (c->xof) {
			err |= nk_lib_drain(ctx, nk_lib_ph_squeeze, out,
					    c->outlen, r, whole);
			nobs_parallelhash_zeroize_ctx(&ctx->ph);
		} else {
			err |= nobs_parallelhash_final(&ctx->ph, out,
						       c->outlen);
		}
		break;
	}
	return !err && (!memcmp(out, md, c->outlen) == c->verdict);
}

static void nk_lib_acvp_subset(struct kunit *test)
{
	union nk_lib_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	struct nk_rng r;
	unsigned int i, pass = 0;
	bool ok;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	nk_rng_init(&r, 0x5a3);
	for (i = 0; i < ARRAY_SIZE(nk_lib_acvp); i++) {
		const struct nk_lib_case *c = &nk_lib_acvp[i];

		ok = nk_lib_run(test, c, ctx, &r, true) &&
		     nk_lib_run(test, c, ctx, &r, false) &&
		     nk_lib_run(test, c, ctx, &r, false);
		KUNIT_EXPECT_TRUE_MSG(test, ok, "ACVP %s case %u", c->alg,
				      c->id);
		pass += ok;
	}
	kunit_info(test, "%u of %zu ACVP cases (whole and in 2 random splits)\n",
		   pass, ARRAY_SIZE(nk_lib_acvp));
}

#define NK_LIB_LONG_IN	(20 * 1024)
#define NK_LIB_LONG_OUT	(9 * 1024)

/* Output in random pieces equals one long squeeze, after a long input. */
static void nk_lib_multi_squeeze(struct kunit *test)
{
	union nk_lib_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	u8 *in = kunit_kzalloc(test, NK_LIB_LONG_IN, GFP_KERNEL);
	u8 *a = kunit_kzalloc(test, NK_LIB_LONG_OUT, GFP_KERNEL);
	u8 *b = kunit_kzalloc(test, NK_LIB_LONG_OUT, GFP_KERNEL);
	struct nk_rng r;
	unsigned int round;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	KUNIT_ASSERT_NOT_NULL(test, in);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	nk_rng_init(&r, 0x5a4);
	nk_rng_fill(&r, in, NK_LIB_LONG_IN);
	for (round = 0; round < 4; round++) {
		size_t inlen = nk_rng_below(&r, NK_LIB_LONG_IN + 1);
		size_t outlen = nk_rng_below(&r, NK_LIB_LONG_OUT + 1);

		if (round & 1)
			nobs_shake256(in, inlen, a, outlen);
		else
			nobs_shake128(in, inlen, a, outlen);
		if (round & 1)
			nobs_shake256_init(&ctx->shake);
		else
			nobs_shake128_init(&ctx->shake);
		KUNIT_EXPECT_EQ(test, nk_lib_feed(ctx, nk_lib_shake_update, in,
						  inlen, &r, false), 0);
		KUNIT_EXPECT_EQ(test, nk_lib_drain(ctx, nk_lib_shake_squeeze, b,
						   outlen, &r, false), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, a, b, outlen, "SHAKE in %zu out %zu",
				       inlen, outlen);

		KUNIT_ASSERT_EQ(test, nobs_kmac256_init(&ctx->kmac, in, 32, in, 7), 0);
		nobs_kmac_update(&ctx->kmac, in, inlen);
		nobs_kmac_xof_squeeze(&ctx->kmac, a, outlen);
		KUNIT_ASSERT_EQ(test, nobs_kmac256_init(&ctx->kmac, in, 32, in, 7), 0);
		nk_lib_feed(ctx, nk_lib_kmac_update, in, inlen, &r, false);
		nk_lib_drain(ctx, nk_lib_kmac_squeeze, b, outlen, &r, false);
		KUNIT_EXPECT_MEMEQ_MSG(test, a, b, outlen, "KMACXOF in %zu out %zu",
				       inlen, outlen);

		KUNIT_ASSERT_EQ(test, nobs_parallelhash128_init(&ctx->ph, 1000, NULL, 0), 0);
		nobs_parallelhash_update(&ctx->ph, in, inlen);
		nobs_parallelhash_xof_squeeze(&ctx->ph, a, outlen);
		KUNIT_ASSERT_EQ(test, nobs_parallelhash128_init(&ctx->ph, 1000, NULL, 0), 0);
		nk_lib_feed(ctx, nk_lib_ph_update, in, inlen, &r, false);
		nk_lib_drain(ctx, nk_lib_ph_squeeze, b, outlen, &r, false);
		KUNIT_EXPECT_MEMEQ_MSG(test, a, b, outlen,
				       "ParallelHashXOF in %zu out %zu", inlen,
				       outlen);
	}
	nobs_shake_zeroize_ctx(&ctx->shake);
	nobs_kmac_zeroize_ctx(&ctx->kmac);
	nobs_parallelhash_zeroize_ctx(&ctx->ph);
}

/* The library and nobs's shash algorithms run the same code. */
static void nk_lib_vs_shash(struct kunit *test)
{
	struct crypto_shash *tfm;
	u8 *msg = kunit_kzalloc(test, 3000, GFP_KERNEL);
	union nk_lib_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	u8 a[64], b[64];
	struct nk_rng r;

	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	nk_rng_init(&r, 0x5a5);
	nk_rng_fill(&r, msg, 3000);

	tfm = nk_sha3_tfm(test, NK_SHAKE256);
	KUNIT_ASSERT_EQ(test, nk_sha3_digest(tfm, msg, 3000, a), 0);
	nobs_shake256(msg, 3000, b, 64);
	KUNIT_EXPECT_MEMEQ_MSG(test, a, b, 64, "shake256");

	tfm = nk_sha3_tfm(test, NK_CSHAKE128);
	KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, msg, 40), 0);
	KUNIT_ASSERT_EQ(test, nk_sha3_digest(tfm, msg, 2000, a), 0);
	KUNIT_ASSERT_EQ(test, nobs_cshake128_init(&ctx->shake, NULL, 0, msg, 40), 0);
	nobs_shake_update(&ctx->shake, msg, 2000);
	nobs_shake_squeeze(&ctx->shake, b, 32);
	KUNIT_EXPECT_MEMEQ_MSG(test, a, b, 32, "cshake128 with S");

	tfm = nk_sha3_tfm(test, NK_KMAC256);
	KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, msg + 100, 32), 0);
	KUNIT_ASSERT_EQ(test, nk_sha3_digest(tfm, msg, 1000, a), 0);
	KUNIT_ASSERT_EQ(test, nobs_kmac256_init(&ctx->kmac, msg + 100, 32, NULL, 0), 0);
	nobs_kmac_update(&ctx->kmac, msg, 1000);
	KUNIT_EXPECT_EQ(test, nobs_kmac_final(&ctx->kmac, b, 64), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, a, b, 64, "kmac256");
}

/* From hard interrupt context: the same answers as in process context. */
struct nk_lib_irq {
	struct hrtimer timer;
	const u8 *msg;
	u8 out[64];
	bool in_irq;
	bool done;
};

static enum hrtimer_restart nk_lib_irq_fn(struct hrtimer *timer)
{
	struct nk_lib_irq *t = container_of(timer, struct nk_lib_irq, timer);
	struct nobs_kmac_ctx kmac;

	t->in_irq = in_hardirq();
	nobs_kmac128_init(&kmac, t->msg, 16, NULL, 0);
	nobs_kmac_update(&kmac, t->msg, 600);
	nobs_kmac_final(&kmac, t->out, 32);
	nobs_shake128(t->msg, 600, t->out + 32, 32);
	WRITE_ONCE(t->done, true);
	return HRTIMER_NORESTART;
}

static void nk_lib_hardirq(struct kunit *test)
{
	struct nk_lib_irq *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 *msg = kunit_kzalloc(test, 600, GFP_KERNEL);
	struct nobs_kmac_ctx *kmac = kunit_kzalloc(test, sizeof(*kmac),
						   GFP_KERNEL);
	unsigned long end = jiffies + 5 * HZ;
	u8 want[64];
	struct nk_rng r;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	KUNIT_ASSERT_NOT_NULL(test, kmac);
	nk_rng_init(&r, 0x5a6);
	nk_rng_fill(&r, msg, 600);
	nobs_kmac128_init(kmac, msg, 16, NULL, 0);
	nobs_kmac_update(kmac, msg, 600);
	nobs_kmac_final(kmac, want, 32);
	nobs_shake128(msg, 600, want + 32, 32);

	t->msg = msg;
	hrtimer_init(&t->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	t->timer.function = nk_lib_irq_fn;
	hrtimer_start(&t->timer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_HARD);
	while (!READ_ONCE(t->done) && time_before(jiffies, end))
		schedule_timeout_uninterruptible(1);
	hrtimer_cancel(&t->timer);
	KUNIT_ASSERT_TRUE_MSG(test, READ_ONCE(t->done), "the timer never ran");
	KUNIT_EXPECT_TRUE(test, t->in_irq);
	KUNIT_EXPECT_MEMEQ(test, t->out, want, 64);
}

static bool nk_lib_zero(const void *p, size_t n)
{
	return !memchr_inv(p, 0, n);
}

/* Misuse a caller can make: -EINVAL, never a BUG. */
static void nk_lib_misuse(struct kunit *test)
{
	union nk_lib_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	static const u8 msg[3] = { 1, 2, 3 };
	u8 out[NOBS_SHA3_512_DIGEST_SIZE];

	KUNIT_ASSERT_NOT_NULL(test, ctx);

	nobs_shake128_init(&ctx->shake);
	KUNIT_EXPECT_EQ(test, nobs_shake_squeeze(&ctx->shake, out, 8), 0);
	KUNIT_EXPECT_EQ(test, nobs_shake_update(&ctx->shake, msg, 3), -EINVAL);
	nobs_shake_zeroize_ctx(&ctx->shake);
	memset(out, 0xaa, sizeof(out));
	KUNIT_EXPECT_EQ(test, nobs_shake_squeeze(&ctx->shake, out, 8), -EINVAL);
	KUNIT_EXPECT_TRUE(test, nk_lib_zero(out, 8));

	nobs_sha3_512_init(&ctx->sha3);
	KUNIT_EXPECT_EQ(test, nobs_sha3_final(&ctx->sha3, out), 0);
	KUNIT_EXPECT_TRUE(test, nk_lib_zero(&ctx->sha3, sizeof(ctx->sha3)));
	KUNIT_EXPECT_EQ(test, nobs_sha3_update(&ctx->sha3, msg, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, nobs_sha3_final(&ctx->sha3, out), -EINVAL);

	KUNIT_ASSERT_EQ(test, nobs_kmac128_init(&ctx->kmac, msg, 3, NULL, 0), 0);
	KUNIT_EXPECT_EQ(test, nobs_kmac_xof_squeeze(&ctx->kmac, out, 4), 0);
	KUNIT_EXPECT_EQ(test, nobs_kmac_update(&ctx->kmac, msg, 3), -EINVAL);
	memset(out, 0xaa, sizeof(out));
	KUNIT_EXPECT_EQ(test, nobs_kmac_final(&ctx->kmac, out, 16), -EINVAL);
	KUNIT_EXPECT_TRUE(test, nk_lib_zero(out, 16));
	KUNIT_EXPECT_TRUE(test, nk_lib_zero(&ctx->kmac, sizeof(ctx->kmac)));
	KUNIT_EXPECT_EQ(test, nobs_kmac_xof_squeeze(&ctx->kmac, out, 4), -EINVAL);

	KUNIT_ASSERT_EQ(test, nobs_tuplehash128_init(&ctx->tuple, NULL, 0), 0);
	KUNIT_EXPECT_EQ(test, nobs_tuplehash_add(&ctx->tuple, NULL, 0), 0);
	KUNIT_EXPECT_EQ(test, nobs_tuplehash_final(&ctx->tuple, out, 32), 0);
	KUNIT_EXPECT_TRUE(test, nk_lib_zero(&ctx->tuple, sizeof(ctx->tuple)));
	KUNIT_EXPECT_EQ(test, nobs_tuplehash_add(&ctx->tuple, msg, 3), -EINVAL);
	KUNIT_ASSERT_EQ(test, nobs_tuplehash256_init(&ctx->tuple, msg, 3), 0);
	KUNIT_EXPECT_EQ(test, nobs_tuplehash_xof_squeeze(&ctx->tuple, out, 5), 0);
	KUNIT_EXPECT_EQ(test, nobs_tuplehash_add(&ctx->tuple, msg, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, nobs_tuplehash_final(&ctx->tuple, out, 5), -EINVAL);

	KUNIT_EXPECT_EQ(test, nobs_parallelhash128_init(&ctx->ph, 0, NULL, 0),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, nk_lib_zero(&ctx->ph, sizeof(ctx->ph)));
	KUNIT_EXPECT_EQ(test, nobs_parallelhash_update(&ctx->ph, msg, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, nobs_parallelhash_final(&ctx->ph, out, 8), -EINVAL);
	KUNIT_ASSERT_EQ(test, nobs_parallelhash256_init(&ctx->ph, 1, NULL, 0), 0);
	KUNIT_EXPECT_EQ(test, nobs_parallelhash_update(&ctx->ph, msg, 3), 0);
	KUNIT_EXPECT_EQ(test, nobs_parallelhash_xof_squeeze(&ctx->ph, out, 3), 0);
	KUNIT_EXPECT_EQ(test, nobs_parallelhash_update(&ctx->ph, msg, 3), -EINVAL);
	nobs_parallelhash_zeroize_ctx(&ctx->ph);
	KUNIT_EXPECT_TRUE(test, nk_lib_zero(&ctx->ph, sizeof(ctx->ph)));
}

static struct kunit_case nobs_sha3_lib_cases[] = {
	KUNIT_CASE(nk_lib_acvp_subset),
	KUNIT_CASE(nk_lib_multi_squeeze),
	KUNIT_CASE(nk_lib_vs_shash),
	KUNIT_CASE(nk_lib_hardirq),
	KUNIT_CASE(nk_lib_misuse),
	{}
};

static struct kunit_suite nobs_sha3_lib_suite = {
	.name = "nobs_sha3_lib",
	.test_cases = nobs_sha3_lib_cases,
};

kunit_test_suites(&nobs_sha3_lib_suite);
