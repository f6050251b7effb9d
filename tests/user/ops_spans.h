/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The constant-time proof by operation counts (test_csidh_ops.c,
 * test_ctidh_ops.c): the multiplications and squarings between two public
 * events, keyed by a hash of the public data of both (ops_mix()), must be
 * the same every time that key comes again, whatever the secret key.
 * ops_span() keeps the first counts of each key in an open-addressing
 * table and compares later ones with them.
 */
#ifndef NOBS_TEST_OPS_SPANS_H
#define NOBS_TEST_OPS_SPANS_H

#define OPS_MAX_SPANS	(1 << 16)

struct ops_span {
	unsigned long long key, mul, sqr;
	int used;
};

static struct ops_span ops_spans[OPS_MAX_SPANS];

static unsigned long long ops_mix(unsigned long long h, unsigned long long v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

/*
 * ops_span() - the span @key with @mul multiplications and @sqr squarings
 * Return: 0 for a key not seen before (its counts kept), 1 for the same
 * counts as before; -1 where they differ, with the kept ones in *@want.
 */
static int ops_span(unsigned long long key, unsigned long long mul,
		    unsigned long long sqr, const struct ops_span **want)
{
	struct ops_span *b = &ops_spans[key % OPS_MAX_SPANS];
	int probe = 0;

	while (b->used && b->key != key && probe++ < OPS_MAX_SPANS)
		b = &ops_spans[(key + probe) % OPS_MAX_SPANS];
	*want = b;
	if (!b->used) {
		b->used = 1;
		b->key = key;
		b->mul = mul;
		b->sqr = sqr;
		return 0;
	}
	return b->mul == mul && b->sqr == sqr ? 1 : -1;
}

#endif /* NOBS_TEST_OPS_SPANS_H */
