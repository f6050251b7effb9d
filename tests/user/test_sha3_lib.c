// SPDX-License-Identifier: GPL-2.0
/*
 * The SHA-3 library (<nobs/sha3.h>, sha3/sha3_lib.c over sha3/keccak.c)
 * against answers from elsewhere, through its public functions:
 *
 *  - NIST's ACVP vectors (tests/vectors/acvp, converted at build time by
 *    acvp_sha3.py into ACVP_CASES): every byte-oriented case of SHA3-224..512,
 *    SHAKE128/256, cSHAKE128/256, KMAC128/256 (KMACXOF and the
 *    verification cases included), TupleHash128/256 and ParallelHash128/256,
 *    whole and with the input and output cut in random pieces; the
 *    bit-oriented cases (and Monte Carlo ones whose output lengths step
 *    by bits) are counted and reported as skipped, as are the large-data
 *    ones; the Monte Carlo cases of SHA3, SHAKE and TupleHash run;
 *  - random SHAKE, cSHAKE, TupleHash and ParallelHash cases from
 *    sha3_lib_oracle.py (hashlib, pycryptodome), run at test time;
 *  - random KMAC and KMACXOF cases against OpenSSL's KMAC (EVP_MAC);
 *  - misuse: -EINVAL, zeroed output, nothing written;
 *  - the module's load-time known answers for the library (sha3_selftest.c).
 *
 * Each runs on every permutation this CPU has (the harness's dispatch
 * below stands in for sha3_glue.c's), and ParallelHash also on every
 * multi-lane permutation it has (avx2x4, avx512x8; arm64: cex2) and on
 * multi-lane stand-ins of 2, 4 and 8 lanes (one scalar state after the
 * other), which check the core's multi-lane path on any CPU.
 *
 * The arm64 build (test_sha3_lib_arm64, static, under qemu-user -cpu max)
 * has no OpenSSL to link (NOBS_NO_OPENSSL): its KMAC-against-OpenSSL part
 * is a skip; the rest is the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef NOBS_NO_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#endif
#include "sha3/keccak.h"
#include "keccak_cpu.h"
#ifdef NOBS_HAVE_KECCAK_ARM64
#include <sys/auxv.h>
#ifndef HWCAP_SHA3
#define HWCAP_SHA3 (1UL << 17)
#endif
#endif

#ifndef ACVP_CASES
#error "ACVP_CASES: the file acvp_sha3.py writes"
#endif

static unsigned int passed, failed, skipped;

static void check(bool ok, const char *what, const char *alg, long id)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	if (failed <= 50)
		printf("FAIL: %s: %s case %ld\n", what, alg, id);
}

/* ---- the harness's dispatch (the kernel's is in sha3/sha3_glue.c) ---- */

static const struct nobs_keccak_impl *cur = &nobs_keccak_generic;
static const struct nobs_keccak_xn_impl *cur_xn;
static unsigned long xn_calls;

static void harness_absorb(u64 *st, const u8 *in, size_t nblocks, size_t rate)
{
	cur->absorb(st, in, nblocks, rate);
}

static void harness_permute(u64 *st)
{
	cur->permute(st);
}

const struct nobs_keccak_impl nobs_keccak_dispatch = {
	.name = "harness",
	.permute = harness_permute,
	.absorb = harness_absorb,
};

void nobs_keccak_dispatch_squeeze(struct nobs_keccak *k, u8 *out, size_t len)
{
	nobs_keccak_squeeze(k, cur, out, len);
}

const struct nobs_keccak_xn_impl *nobs_keccak_dispatch_xn(void)
{
	return cur_xn;
}

/* Multi-lane stand-in: the lanes one after the other on cur. */
static void xn_loop_absorb(u64 st[][NOBS_KECCAK_LANES], const u8 *const *in,
			   size_t nblocks, size_t rate, unsigned int lanes)
{
	unsigned int i;

	xn_calls++;
	for (i = 0; i < lanes; i++)
		cur->absorb(st[i], in[i], nblocks, rate);
}

#define XN_LOOP(n)							\
static void xn_loop##n##_absorb(u64 st[][NOBS_KECCAK_LANES],		\
				const u8 *const *in, size_t nblocks,	\
				size_t rate)				\
{									\
	xn_loop_absorb(st, in, nblocks, rate, n);			\
}									\
static const struct nobs_keccak_xn_impl xn_loop##n = {			\
	.name = "loop" #n, .lanes = n, .absorb = xn_loop##n##_absorb,	\
}
XN_LOOP(2);
XN_LOOP(4);
XN_LOOP(8);

/* none, the stand-ins, then the multi-lane permutations of this CPU */
static const struct nobs_keccak_xn_impl *xns[6] = {
	NULL, &xn_loop2, &xn_loop4, &xn_loop8,
};
static unsigned int n_xns = 4;

/* ---- cases ---- */

/* xorshift64*: reproducible splits */
static u64 rng_state = 0x2545f4914f6cdd1dULL;

static u64 rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

enum kind { K_SHA3, K_SHAKE, K_CSHAKE, K_KMAC, K_TUPLE, K_PH };

struct tcase {
	char alg[32];
	enum kind kind;
	unsigned int bits;	/* digest (SHA3) or security level */
	long id;
	int xof, verdict;
	size_t block, outlen;
	u8 *msg, *n, *s, *key, *md;
	size_t msglen, nlen, slen, keylen, mdlen;
	u8 **elem;
	size_t *elemlen, nelem;
};

static u8 *unhex(const char *hex, size_t len, size_t *outlen)
{
	u8 *out = malloc(len / 2 + 1);
	size_t i;

	if (!out)
		abort();
	for (i = 0; i < len / 2; i++) {
		unsigned int v;

		if (sscanf(hex + 2 * i, "%2x", &v) != 1)
			abort();
		out[i] = (u8)v;
	}
	*outlen = len / 2;
	return out;
}

/* Splits @line at tabs in place; returns the number of fields. */
static size_t split_tabs(char *line, char **f, size_t max)
{
	size_t n = 0;

	line[strcspn(line, "\r\n")] = 0;
	while (n < max) {
		f[n++] = line;
		line = strchr(line, '\t');
		if (!line)
			break;
		*line++ = 0;
	}
	return n;
}

static bool parse_case(char *line, struct tcase *c)
{
	char *f[13], *p;
	size_t i;

	memset(c, 0, sizeof(*c));
	if (split_tabs(line, f, 13) != 13 || strcmp(f[0], "C"))
		return false;
	snprintf(c->alg, sizeof(c->alg), "%s", f[1]);
	if (!strncmp(f[1], "SHA3-", 5))
		c->kind = K_SHA3;
	else if (!strncmp(f[1], "SHAKE-", 6))
		c->kind = K_SHAKE;
	else if (!strncmp(f[1], "cSHAKE-", 7))
		c->kind = K_CSHAKE;
	else if (!strncmp(f[1], "KMAC-", 5))
		c->kind = K_KMAC;
	else if (!strncmp(f[1], "TupleHash-", 10))
		c->kind = K_TUPLE;
	else if (!strncmp(f[1], "ParallelHash-", 13))
		c->kind = K_PH;
	else
		return false;
	c->bits = atoi(strchr(f[1], '-') + 1);
	c->id = atol(f[2]);
	c->xof = atoi(f[3]);
	c->verdict = atoi(f[4]);
	c->block = strtoul(f[5], NULL, 10);
	c->outlen = strtoul(f[6], NULL, 10);
	c->msg = unhex(f[7], strlen(f[7]), &c->msglen);
	c->n = unhex(f[8], strlen(f[8]), &c->nlen);
	c->s = unhex(f[9], strlen(f[9]), &c->slen);
	c->key = unhex(f[10], strlen(f[10]), &c->keylen);
	c->md = unhex(f[12], strlen(f[12]), &c->mdlen);
	if (c->kind == K_TUPLE) {
		c->nelem = strtoul(f[11], &p, 10);
		if (*p++ != ':')
			return false;
		c->elem = calloc(c->nelem + 1, sizeof(*c->elem));
		c->elemlen = calloc(c->nelem + 1, sizeof(*c->elemlen));
		for (i = 0; i < c->nelem; i++) {
			size_t l = strcspn(p, ",");

			c->elem[i] = unhex(p, l, &c->elemlen[i]);
			p += l + (p[l] == ',');
		}
	}
	return c->mdlen == c->outlen;
}

static void free_case(struct tcase *c)
{
	size_t i;

	free(c->msg);
	free(c->n);
	free(c->s);
	free(c->key);
	free(c->md);
	for (i = 0; i < c->nelem; i++)
		free(c->elem[i]);
	free(c->elem);
	free(c->elemlen);
}

/*
 * The next piece of a run of @left bytes: all of it when @whole, else a
 * random size, often around the rates.
 */
static size_t piece(size_t left, bool whole)
{
	static const size_t sizes[] = { 0, 1, 7, 8, 135, 136, 137, 167, 168,
					169 };
	size_t n;

	if (whole || !left)
		return left;
	n = rnd() % 3 ? sizes[rnd() % ARRAY_SIZE(sizes)] : rnd() % (left + 1);
	return n < left ? n : left;
}

typedef int (*update_fn)(void *ctx, const u8 *data, size_t len);
typedef int (*squeeze_fn)(void *ctx, u8 *out, size_t len);

static bool feed(void *ctx, update_fn up, const u8 *in, size_t len,
		 bool whole)
{
	size_t n;
	bool ok = true;

	do {
		n = piece(len, whole);
		ok &= !up(ctx, in, n);
		in += n;
		len -= n;
	} while (len);
	return ok;
}

static bool drain(void *ctx, squeeze_fn sq, u8 *out, size_t len, bool whole)
{
	size_t n;
	bool ok = true;

	do {
		n = piece(len, whole);
		ok &= !sq(ctx, out, n);
		out += n;
		len -= n;
	} while (len);
	return ok;
}

/* Whether the library gives c->md (or, for a verdict of 0, does not). */
static bool run_case(const struct tcase *c, bool whole)
{
	union {
		struct nobs_sha3_ctx sha3;
		struct nobs_shake_ctx shake;
		struct nobs_kmac_ctx kmac;
		struct nobs_tuplehash_ctx tuple;
		struct nobs_parallelhash_ctx ph;
	} ctx;
	u8 *out = calloc(1, c->outlen + 1);
	bool ok = true, same;
	size_t i;

	if (!out)
		abort();
	switch (c->kind) {
	case K_SHA3:
		if (c->bits == 224)
			nobs_sha3_224_init(&ctx.sha3);
		else if (c->bits == 256)
			nobs_sha3_256_init(&ctx.sha3);
		else if (c->bits == 384)
			nobs_sha3_384_init(&ctx.sha3);
		else
			nobs_sha3_512_init(&ctx.sha3);
		ok &= feed(&ctx, (update_fn)nobs_sha3_update, c->msg,
			   c->msglen, whole);
		ok &= !nobs_sha3_final(&ctx.sha3, out);
		break;
	case K_SHAKE:
	case K_CSHAKE:
		if (c->kind == K_SHAKE && c->bits == 128)
			nobs_shake128_init(&ctx.shake);
		else if (c->kind == K_SHAKE)
			nobs_shake256_init(&ctx.shake);
		else if (c->bits == 128)
			ok &= !nobs_cshake128_init(&ctx.shake, c->n, c->nlen,
						   c->s, c->slen);
		else
			ok &= !nobs_cshake256_init(&ctx.shake, c->n, c->nlen,
						   c->s, c->slen);
		ok &= feed(&ctx, (update_fn)nobs_shake_update, c->msg,
			   c->msglen, whole);
		ok &= drain(&ctx, (squeeze_fn)nobs_shake_squeeze, out,
			    c->outlen, whole);
		nobs_shake_zeroize_ctx(&ctx.shake);
		break;
	case K_KMAC:
		if (c->bits == 128)
			ok &= !nobs_kmac128_init(&ctx.kmac, c->key, c->keylen,
						 c->s, c->slen);
		else
			ok &= !nobs_kmac256_init(&ctx.kmac, c->key, c->keylen,
						 c->s, c->slen);
		ok &= feed(&ctx, (update_fn)nobs_kmac_update, c->msg,
			   c->msglen, whole);
		if (c->xof) {
			ok &= drain(&ctx, (squeeze_fn)nobs_kmac_xof_squeeze,
				    out, c->outlen, whole);
			nobs_kmac_zeroize_ctx(&ctx.kmac);
		} else {
			ok &= !nobs_kmac_final(&ctx.kmac, out, c->outlen);
		}
		break;
	case K_TUPLE:
		if (c->bits == 128)
			ok &= !nobs_tuplehash128_init(&ctx.tuple, c->s,
						      c->slen);
		else
			ok &= !nobs_tuplehash256_init(&ctx.tuple, c->s,
						      c->slen);
		for (i = 0; i < c->nelem; i++)
			ok &= !nobs_tuplehash_add(&ctx.tuple, c->elem[i],
						  c->elemlen[i]);
		if (c->xof) {
			ok &= drain(&ctx,
				    (squeeze_fn)nobs_tuplehash_xof_squeeze,
				    out, c->outlen, whole);
			nobs_tuplehash_zeroize_ctx(&ctx.tuple);
		} else {
			ok &= !nobs_tuplehash_final(&ctx.tuple, out,
						    c->outlen);
		}
		break;
	case K_PH:
		if (c->bits == 128)
			ok &= !nobs_parallelhash128_init(&ctx.ph, c->block,
							 c->s, c->slen);
		else
			ok &= !nobs_parallelhash256_init(&ctx.ph, c->block,
							 c->s, c->slen);
		ok &= feed(&ctx, (update_fn)nobs_parallelhash_update, c->msg,
			   c->msglen, whole);
		if (c->xof) {
			ok &= drain(&ctx,
				    (squeeze_fn)nobs_parallelhash_xof_squeeze,
				    out, c->outlen, whole);
			nobs_parallelhash_zeroize_ctx(&ctx.ph);
		} else {
			ok &= !nobs_parallelhash_final(&ctx.ph, out,
						       c->outlen);
		}
		break;
	}
	same = !memcmp(out, c->md, c->outlen);
	free(out);
	return ok && same == !!c->verdict;
}

/* The permutations this CPU runs. */
static const struct nobs_keccak_impl *impls[4];
static unsigned int n_impls;

static void find_impls(void)
{
	impls[n_impls++] = &nobs_keccak_generic;
#ifdef NOBS_HAVE_KECCAK_X86
	if (nobs_user_has_bmi())
		impls[n_impls++] = &nobs_keccak_x86_bmi;
	else
		printf("SKIP: bmi: CPU lacks BMI1/BMI2\n"), skipped++;
	if (nobs_user_has_avx512())
		impls[n_impls++] = &nobs_keccak_x86_avx512;
	else
		printf("SKIP: avx512: CPU or OS lacks AVX-512F/VL\n"), skipped++;
	if (nobs_user_has_avx2())
		xns[n_xns++] = &nobs_keccak_x86_avx2_x4;
	else
		printf("SKIP: avx2x4: CPU or OS lacks AVX2\n"), skipped++;
	if (nobs_user_has_avx512())
		xns[n_xns++] = &nobs_keccak_x86_avx512_x8;
	else
		printf("SKIP: avx512x8: CPU or OS lacks AVX-512F\n"), skipped++;
#endif
#ifdef NOBS_HAVE_KECCAK_ARM64
	if (getauxval(AT_HWCAP) & HWCAP_SHA3) {
		impls[n_impls++] = &nobs_keccak_arm64_ce;
		xns[n_xns++] = &nobs_keccak_arm64_cex2;
	} else {
		printf("SKIP: ce, cex2: CPU lacks FEAT_SHA3\n");
		skipped += 2;
	}
#endif
}

/*
 * One case on every permutation, whole and cut in random pieces
 * (ParallelHash: also on each multi-lane stand-in).  One result per case.
 */
static bool run_everywhere(const struct tcase *c, unsigned int splits)
{
	unsigned int i, x, r;
	bool ok = true;

	for (i = 0; i < n_impls; i++) {
		cur = impls[i];
		for (x = 0; x < (c->kind == K_PH ? n_xns : 1); x++) {
			cur_xn = xns[x];
			for (r = 0; r <= splits; r++)
				ok &= run_case(c, r == 0);
		}
	}
	cur = &nobs_keccak_generic;
	cur_xn = NULL;
	return ok;
}

/* ---- ACVP ---- */

/*
 * One step of ACVP's TupleHash Monte Carlo test: the first 36 bytes of
 * the previous output (zero-padded) cut into 1 to 4 equal elements (the
 * top 3 bits say how many), hashed with customization @cust; then the
 * next customization (letters from the first element and the output's
 * last two bytes) and output length (bits: min + (last two bytes mod
 * range), rounded down to whole bytes).
 */
static size_t tuple_mct_step(unsigned int bits, bool xof, u8 *out,
			     size_t inlen, size_t len, size_t minb,
			     size_t maxb, char *cust, size_t *custlen)
{
	struct nobs_tuplehash_ctx th;
	size_t size, elen, k, rb, range = (maxb - minb) * 8 + 1;
	u8 work[36];

	memset(work, 0, sizeof(work));
	memcpy(work, out, inlen < sizeof(work) ? inlen : sizeof(work));
	size = (work[0] >> 5) % 4 + 1;
	elen = sizeof(work) / size;
	if (bits == 128)
		nobs_tuplehash128_init(&th, (const u8 *)cust, *custlen);
	else
		nobs_tuplehash256_init(&th, (const u8 *)cust, *custlen);
	for (k = 0; k < size; k++)
		nobs_tuplehash_add(&th, work + k * elen, elen);
	if (xof) {
		nobs_tuplehash_xof_squeeze(&th, out, len);
		nobs_tuplehash_zeroize_ctx(&th);
	} else {
		nobs_tuplehash_final(&th, out, len);
	}
	rb = (size_t)out[len - 2] << 8 | out[len - 1];
	for (k = 0; k < elen; k++)
		cust[k] = (char)('A' + work[k] % 26);
	cust[elen] = (char)('A' + out[len - 2] % 26);
	cust[elen + 1] = (char)('A' + out[len - 1] % 26);
	*custlen = elen + 2;
	return minb + (rb % range) / 8;
}

/*
 * The Monte Carlo tests through the library: SHA3 (SHA3VS 6.2.3): each
 * digest is the next message, checkpoint every 1000; SHAKE (6.3.3): the
 * next message is the first 16 bytes of the output (zero-padded), the
 * next output length comes from its last two bytes; TupleHash: ACVP's
 * (tuple_mct_step()).
 */
static bool run_mct(const char *alg, size_t minb, size_t maxb,
		    const char *seed, char *mds, char *lens, bool xof)
{
	unsigned int bits = atoi(strchr(alg, '-') + 1), j, i;
	bool shake = !strncmp(alg, "SHAKE-", 6), ok = true;
	bool tuple = !strncmp(alg, "TupleHash-", 10);
	size_t len = maxb, n, mdlen, range = maxb - minb + 1, want;
	size_t custlen = 0, prevlen;
	u8 *cur_out, msg[64], *md;
	struct nobs_shake_ctx sh;
	char *save_md, *save_len, *tok, *ltok, cust[40];

	md = unhex(seed, strlen(seed), &n);
	cur_out = calloc(1, (maxb > n ? maxb : n) + 64);
	if (!cur_out)
		abort();
	memcpy(cur_out, md, n);
	free(md);
	prevlen = n;	/* TupleHash: the length of the last output */
	tok = strtok_r(mds, ",", &save_md);
	ltok = strtok_r(lens, ",", &save_len);
	for (j = 0; j < 100 && tok; j++) {
		size_t at1000 = len;

		for (i = 1; i <= 1000; i++) {
			if (tuple) {
				at1000 = len;
				n = tuple_mct_step(bits, xof, cur_out, prevlen,
						   len, minb, maxb, cust,
						   &custlen);
				prevlen = len;
				len = n;
				continue;
			}
			if (!shake) {
				n = bits / 8;
				memcpy(msg, cur_out, n);
				if (bits == 224)
					nobs_sha3_224(msg, n, cur_out);
				else if (bits == 256)
					nobs_sha3_256(msg, n, cur_out);
				else if (bits == 384)
					nobs_sha3_384(msg, n, cur_out);
				else
					nobs_sha3_512(msg, n, cur_out);
				continue;
			}
			memset(msg, 0, 16);
			memcpy(msg, cur_out, 16);	/* zero-padded: below */
			if (i == 1000)
				at1000 = len;
			if (bits == 128)
				nobs_shake128_init(&sh);
			else
				nobs_shake256_init(&sh);
			nobs_shake_update(&sh, msg, 16);
			nobs_shake_squeeze(&sh, cur_out, len);
			memset(cur_out + len, 0, 16);
			n = len;
			len = minb + ((size_t)cur_out[n - 2] << 8 |
				      cur_out[n - 1]) % range;
		}
		md = unhex(tok, strlen(tok), &mdlen);
		want = shake || tuple ? strtoul(ltok ? ltok : "0", NULL, 10) :
					bits / 8;
		ok &= mdlen == want && (!(shake || tuple) || at1000 == want) &&
		      !memcmp(cur_out, md, mdlen);
		free(md);
		tok = strtok_r(NULL, ",", &save_md);
		ltok = strtok_r(NULL, ",", &save_len);
	}
	free(cur_out);
	/* 100 checkpoints (3 in ACVP's sample TupleHash files), all checked */
	return ok && j && !tok;
}

struct acvp_count {
	char alg[32];
	unsigned int pass, fail;
};

static void test_acvp(void)
{
	FILE *f = fopen(ACVP_CASES, "r");
	struct acvp_count counts[16];
	unsigned int n_counts = 0, i, bits_total = 0, pass_total = 0;
	char *line = NULL, *fld[6];
	size_t cap = 0;
	struct tcase c;

	memset(counts, 0, sizeof(counts));
	if (!f) {
		check(false, "acvp: cannot open " ACVP_CASES, "-", 0);
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		if (line[0] == 'S') {
			/* S alg cases bit_oriented mct ldt */
			if (split_tabs(line, fld, 6) != 6)
				continue;
			for (i = 0; i < n_counts; i++)
				if (!strcmp(counts[i].alg, fld[1]))
					break;
			printf("acvp %s: %u of %s cases passed on %u permutation%s, %u failed; skipped: %s bit-oriented; not run: %s Monte Carlo, %s large-data\n",
			       fld[1], i < n_counts ? counts[i].pass : 0, fld[2],
			       n_impls, n_impls > 1 ? "s" : "",
			       i < n_counts ? counts[i].fail : 0, fld[3],
			       fld[4], fld[5]);
			if (atoi(fld[3]))
				printf("SKIP: acvp %s: %s bit-oriented cases (byte strings only)\n",
				       fld[1], fld[3]);
			if (atoi(fld[4]) + atoi(fld[5]))
				printf("SKIP: acvp %s: %d Monte Carlo and large-data cases not run\n",
				       fld[1], atoi(fld[4]) + atoi(fld[5]));
			skipped += atoi(fld[3]) + atoi(fld[4]) + atoi(fld[5]);
			bits_total += atoi(fld[3]);
			continue;
		}
		if (line[0] == 'M') {
			/* M alg tcId minBytes maxBytes seed mds lens xof */
			char *m[9];
			unsigned int k;
			bool ok = true;

			if (split_tabs(line, m, 9) != 9) {
				check(false, "acvp: malformed line", "-", 0);
				continue;
			}
			for (i = 0; i < n_counts; i++)
				if (!strcmp(counts[i].alg, m[1]))
					break;
			if (i == n_counts && n_counts < ARRAY_SIZE(counts))
				snprintf(counts[n_counts++].alg,
					 sizeof(counts[0].alg), "%s", m[1]);
			for (k = 0; k < n_impls; k++) {
				char *mds = strdup(m[6]), *lens = strdup(m[7]);

				cur = impls[k];
				ok &= run_mct(m[1], strtoul(m[3], NULL, 10),
					      strtoul(m[4], NULL, 10), m[5],
					      mds, lens, atoi(m[8]));
				free(mds);
				free(lens);
			}
			cur = &nobs_keccak_generic;
			if (ok) {
				counts[i].pass++;
				pass_total++;
			} else {
				counts[i].fail++;
				printf("FAIL: acvp %s Monte Carlo case %s\n",
				       m[1], m[2]);
			}
			continue;
		}
		if (!parse_case(line, &c)) {
			check(false, "acvp: malformed line", "-", 0);
			continue;
		}
		for (i = 0; i < n_counts; i++)
			if (!strcmp(counts[i].alg, c.alg))
				break;
		if (i == n_counts && n_counts < ARRAY_SIZE(counts))
			snprintf(counts[n_counts++].alg, sizeof(counts[0].alg),
				 "%s", c.alg);
		if (run_everywhere(&c, 1)) {
			counts[i].pass++;
			pass_total++;
		} else {
			counts[i].fail++;
			printf("FAIL: acvp %s case %ld\n", c.alg, c.id);
		}
		free_case(&c);
	}
	free(line);
	fclose(f);
	for (i = 0; i < n_counts; i++) {
		passed += counts[i].pass;
		failed += counts[i].fail;
	}
	printf("acvp: %u byte-oriented cases passed, %u bit-oriented skipped\n",
	       pass_total, bits_total);
}

/* ---- random cases against hashlib and pycryptodome ---- */

static void test_oracle(unsigned int count, unsigned int seed)
{
	char cmd[512], *line = NULL;
	unsigned int lines = 0, bad = 0;
	size_t cap = 0;
	struct tcase c;
	FILE *p;

	if (system("/usr/bin/python3 -c 'import hashlib, Cryptodome.Hash.cSHAKE128' 2>/dev/null")) {
		printf("SKIP: oracle: /usr/bin/python3 with pycryptodome not available\n");
		skipped++;
		return;
	}
	snprintf(cmd, sizeof(cmd), "/usr/bin/python3 %s/tests/user/sha3_lib_oracle.py %u %u",
		 NOBS_ROOT, count, seed);
	p = popen(cmd, "r");
	if (!p) {
		check(false, "oracle: popen", "-", 0);
		return;
	}
	while (getline(&line, &cap, p) > 0) {
		lines++;
		if (!parse_case(line, &c)) {
			check(false, "oracle: malformed line", "-", lines);
			continue;
		}
		if (!run_everywhere(&c, 3)) {
			bad++;
			printf("FAIL: oracle %s case %ld: msg %zu N %zu S %zu elements %zu B %zu out %zu xof %d\n",
			       c.alg, c.id, c.msglen, c.nlen, c.slen, c.nelem,
			       c.block, c.outlen, c.xof);
			failed++;
		} else {
			passed++;
		}
		free_case(&c);
	}
	free(line);
	check(pclose(p) == 0, "oracle: sha3_lib_oracle.py failed", "-", 0);
	check(lines == count, "oracle: fewer cases than asked", "-", lines);
	printf("oracle (hashlib, pycryptodome): %u random cases, %u failed, on %u permutations, whole and in 3 random splits each\n",
	       lines, bad, n_impls);
}

#ifndef NOBS_NO_OPENSSL
/* ---- random KMAC and KMACXOF cases against OpenSSL ---- */

static bool ossl_kmac(unsigned int bits, const u8 *key, size_t keylen,
		      const u8 *s, size_t slen, const u8 *msg, size_t msglen,
		      u8 *out, size_t outlen, int xof)
{
	EVP_MAC *mac = EVP_MAC_fetch(NULL, bits == 128 ? "KMAC-128" :
				     "KMAC-256", NULL);
	EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
	OSSL_PARAM params[4];
	size_t size = outlen, got = 0;
	bool ok = false;

	params[0] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM,
						      (void *)s, slen);
	params[1] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &size);
	params[2] = OSSL_PARAM_construct_int(OSSL_MAC_PARAM_XOF, &xof);
	params[3] = OSSL_PARAM_construct_end();
	if (ctx && EVP_MAC_init(ctx, key, keylen, params) &&
	    EVP_MAC_update(ctx, msg, msglen) &&
	    EVP_MAC_final(ctx, out, &got, outlen))
		ok = got == outlen;
	EVP_MAC_CTX_free(ctx);
	EVP_MAC_free(mac);
	return ok;
}

static void fill(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)rnd();
}

/* A length around a rate now and then. */
static size_t around(size_t top)
{
	if (rnd() & 1)
		return (rnd() & 1 ? 136 : 168) * (rnd() % 5) + rnd() % 5 - 2 +
		       2;
	return rnd() % top;
}

static void test_kmac_openssl(unsigned int count)
{
	unsigned int i, bad = 0;
	struct tcase c;

	for (i = 0; i < count; i++) {
		memset(&c, 0, sizeof(c));
		c.kind = K_KMAC;
		c.bits = rnd() & 1 ? 128 : 256;
		snprintf(c.alg, sizeof(c.alg), "KMAC-%u", c.bits);
		c.id = i + 1;
		c.xof = (int)(rnd() & 1);
		c.verdict = 1;
		/* OpenSSL 3.0: keys of 4..512 bytes, S of at most 512 */
		c.keylen = 4 + around(509);
		c.slen = rnd() % 3 ? around(513) : 0;
		c.slen = c.slen > 512 ? 512 : c.slen;
		c.msglen = around(3000);
		c.outlen = 1 + around(700);
		c.key = malloc(c.keylen);
		c.s = malloc(c.slen + 1);
		c.msg = malloc(c.msglen + 1);
		c.md = malloc(c.outlen);
		fill(c.key, c.keylen);
		fill(c.s, c.slen);
		fill(c.msg, c.msglen);
		if (!ossl_kmac(c.bits, c.key, c.keylen, c.s, c.slen, c.msg,
			       c.msglen, c.md, c.outlen, c.xof)) {
			printf("SKIP: kmac-openssl: OpenSSL's KMAC refused key %zu S %zu out %zu\n",
			       c.keylen, c.slen, c.outlen);
			skipped++;
		} else if (run_everywhere(&c, 3)) {
			passed++;
		} else {
			bad++;
			failed++;
			printf("FAIL: kmac-openssl %s case %ld: key %zu S %zu msg %zu out %zu xof %d\n",
			       c.alg, c.id, c.keylen, c.slen, c.msglen,
			       c.outlen, c.xof);
		}
		free(c.key);
		free(c.s);
		free(c.msg);
		free(c.md);
	}
	printf("kmac-openssl: %u random KMAC/KMACXOF cases, %u failed, on %u permutations, whole and in 3 random splits each\n",
	       count, bad, n_impls);
}
#else
static void test_kmac_openssl(unsigned int count)
{
	(void)count;
	printf("SKIP: kmac-openssl: built without OpenSSL (NOBS_NO_OPENSSL)\n");
	skipped++;
}
#endif

/* ---- misuse ---- */

static bool all_zero(const u8 *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

static void test_misuse(void)
{
	static const u8 msg[3] = { 1, 2, 3 };
	struct nobs_parallelhash_ctx ph;
	struct nobs_tuplehash_ctx th;
	struct nobs_shake_ctx sh;
	struct nobs_kmac_ctx km;
	struct nobs_sha3_ctx s3;
	u8 out[32], zero[sizeof(struct nobs_parallelhash_ctx)] = { 0 };

	nobs_shake128_init(&sh);
	nobs_shake_update(&sh, msg, 3);
	nobs_shake_squeeze(&sh, out, 8);
	check(nobs_shake_update(&sh, msg, 3) == -EINVAL,
	      "misuse: shake update after squeeze", "SHAKE-128", 0);
	check(!nobs_shake_squeeze(&sh, out, 8), "misuse: squeeze again",
	      "SHAKE-128", 0);
	nobs_shake_zeroize_ctx(&sh);
	check(!memcmp(&sh, zero, sizeof(sh)), "misuse: zeroize wipes",
	      "SHAKE-128", 0);
	memset(out, 0xaa, sizeof(out));
	check(nobs_shake_squeeze(&sh, out, 8) == -EINVAL && all_zero(out, 8),
	      "misuse: squeeze after zeroize gives -EINVAL and zeros",
	      "SHAKE-128", 0);

	nobs_sha3_256_init(&s3);
	check(!nobs_sha3_final(&s3, out), "misuse: sha3 final", "SHA3-256", 0);
	check(!memcmp(&s3, zero, sizeof(s3)), "misuse: final wipes",
	      "SHA3-256", 0);
	check(nobs_sha3_update(&s3, msg, 3) == -EINVAL,
	      "misuse: sha3 update after final", "SHA3-256", 0);
	check(nobs_sha3_final(&s3, out) == -EINVAL,
	      "misuse: sha3 final twice", "SHA3-256", 0);

	check(!nobs_kmac128_init(&km, msg, 3, NULL, 0), "misuse: kmac init",
	      "KMAC-128", 0);
	nobs_kmac_xof_squeeze(&km, out, 4);
	check(nobs_kmac_update(&km, msg, 3) == -EINVAL,
	      "misuse: kmac update after xof squeeze", "KMAC-128", 0);
	memset(out, 0xaa, sizeof(out));
	check(nobs_kmac_final(&km, out, 16) == -EINVAL && all_zero(out, 16),
	      "misuse: kmac final after xof squeeze", "KMAC-128", 0);
	check(!memcmp(&km, zero, sizeof(km)),
	      "misuse: refused kmac final wipes", "KMAC-128", 0);
	check(!nobs_kmac256_init(&km, msg, 3, msg, 1), "misuse: kmac init",
	      "KMAC-256", 0);
	check(!nobs_kmac_final(&km, out, 32) && !memcmp(&km, zero, sizeof(km)),
	      "misuse: kmac final wipes", "KMAC-256", 0);
	check(nobs_kmac_update(&km, msg, 3) == -EINVAL,
	      "misuse: kmac update after final", "KMAC-256", 0);
	check(nobs_kmac_xof_squeeze(&km, out, 3) == -EINVAL,
	      "misuse: kmac xof after final", "KMAC-256", 0);
	check(!nobs_kmac128_init(&km, msg, 3, NULL, 0) &&
	      nobs_kmac_final(&km, out, NOBS_SP800_185_MAX_LEN + 1) == -EINVAL &&
	      !memcmp(&km, zero, sizeof(km)),
	      "misuse: kmac L whose bit count overflows", "KMAC-128", 0);
	check(nobs_kmac128_init(&km, msg, NOBS_SP800_185_MAX_LEN + 1, NULL, 0) ==
	      -EINVAL && !memcmp(&km, zero, sizeof(km)),
	      "misuse: kmac key whose bit length overflows", "KMAC-128", 0);
	check(nobs_cshake128_init(&sh, NULL, 0, msg, (size_t)-1) == -EINVAL,
	      "misuse: cshake S whose bit length overflows", "cSHAKE-128", 0);

	check(!nobs_tuplehash128_init(&th, NULL, 0), "misuse: tuple init",
	      "TupleHash-128", 0);
	check(!nobs_tuplehash_add(&th, NULL, 0), "misuse: empty element",
	      "TupleHash-128", 0);
	check(!nobs_tuplehash_final(&th, out, 32), "misuse: tuple final",
	      "TupleHash-128", 0);
	check(nobs_tuplehash_add(&th, msg, 3) == -EINVAL,
	      "misuse: element after final", "TupleHash-128", 0);
	check(!nobs_tuplehash256_init(&th, NULL, 0), "misuse: tuple init",
	      "TupleHash-256", 0);
	nobs_tuplehash_xof_squeeze(&th, out, 5);
	check(nobs_tuplehash_add(&th, msg, 3) == -EINVAL,
	      "misuse: element after xof squeeze", "TupleHash-256", 0);
	check(nobs_tuplehash_final(&th, out, 5) == -EINVAL,
	      "misuse: tuple final after xof squeeze", "TupleHash-256", 0);
	check(nobs_tuplehash_add(&th, msg, NOBS_SP800_185_MAX_LEN + 1) ==
	      -EINVAL, "misuse: element whose bit length overflows",
	      "TupleHash-256", 0);

	check(nobs_parallelhash128_init(&ph, 0, NULL, 0) == -EINVAL &&
	      !memcmp(&ph, zero, sizeof(ph)),
	      "misuse: block size 0", "ParallelHash-128", 0);
	check(nobs_parallelhash_update(&ph, msg, 3) == -EINVAL,
	      "misuse: update on a refused context", "ParallelHash-128", 0);
	check(nobs_parallelhash_final(&ph, out, 8) == -EINVAL,
	      "misuse: final on a refused context", "ParallelHash-128", 0);
	check(!nobs_parallelhash256_init(&ph, 1, NULL, 0),
	      "misuse: block size 1", "ParallelHash-256", 0);
	nobs_parallelhash_update(&ph, msg, 3);
	nobs_parallelhash_xof_squeeze(&ph, out, 3);
	check(nobs_parallelhash_update(&ph, msg, 3) == -EINVAL,
	      "misuse: update after xof squeeze", "ParallelHash-256", 0);
	nobs_parallelhash_zeroize_ctx(&ph);
	check(!memcmp(&ph, zero, sizeof(ph)), "misuse: zeroize wipes",
	      "ParallelHash-256", 0);
}

/* One-shots equal their streaming forms (checked by the vectors above). */
static void test_oneshot(void)
{
	static const u8 msg[200] = { 0x61, 0x62, 0x63 };
	u8 a[64], b[64];
	struct nobs_sha3_ctx s3;
	struct nobs_shake_ctx sh;

	nobs_sha3_224(msg, 3, a);
	nobs_sha3_224_init(&s3);
	nobs_sha3_update(&s3, msg, 3);
	nobs_sha3_final(&s3, b);
	check(!memcmp(a, b, 28), "one-shot", "SHA3-224", 0);
	nobs_sha3_384(msg, 200, a);
	nobs_sha3_384_init(&s3);
	nobs_sha3_update(&s3, msg, 200);
	nobs_sha3_final(&s3, b);
	check(!memcmp(a, b, 48), "one-shot", "SHA3-384", 0);
	nobs_sha3_256(msg, 0, a);
	nobs_sha3_256_init(&s3);
	nobs_sha3_final(&s3, b);
	check(!memcmp(a, b, 32), "one-shot", "SHA3-256", 0);
	nobs_sha3_512(msg, 1, a);
	nobs_sha3_512_init(&s3);
	nobs_sha3_update(&s3, msg, 1);
	nobs_sha3_final(&s3, b);
	check(!memcmp(a, b, 64), "one-shot", "SHA3-512", 0);
	nobs_shake128(msg, 200, a, 64);
	nobs_cshake128_init(&sh, NULL, 0, NULL, 0);
	nobs_shake_update(&sh, msg, 200);
	nobs_shake_squeeze(&sh, b, 64);
	check(!memcmp(a, b, 64), "one-shot, cSHAKE with N, S empty",
	      "SHAKE-128", 0);
	nobs_shake256(msg, 17, a, 64);
	nobs_shake256_init(&sh);
	nobs_shake_update(&sh, msg, 17);
	nobs_shake_squeeze(&sh, b, 64);
	check(!memcmp(a, b, 64), "one-shot", "SHAKE-256", 0);
}

/* The module's load-time known answers for the library (sha3_selftest.c). */
static void test_lib_kat(void)
{
	unsigned int i, x;

	for (i = 0; i < n_impls; i++)
		for (x = 0; x < n_xns; x++)
			check(!nobs_sha3_lib_kat(impls[i], xns[x]),
			      "nobs_sha3_lib_kat", impls[i]->name, x);
	cur = &nobs_keccak_generic;
	check(!nobs_sha3_lib_kat(&nobs_keccak_dispatch, NULL),
	      "nobs_sha3_lib_kat through the dispatch", "harness", 0);
}

int main(void)
{
	unsigned int seed = 1;
	const char *env = getenv("NOBS_SEED");

	if (env)
		seed = (unsigned int)strtoul(env, NULL, 0);
	rng_state ^= seed;
	printf("test_sha3_lib: NOBS_SEED=%u\n", seed);
	find_impls();
	test_acvp();
	test_oracle(400, seed);
	test_kmac_openssl(200);
	test_misuse();
	test_oneshot();
	test_lib_kat();
	printf("multi-lane stand-in calls: %lu\n", xn_calls);
	check(xn_calls > 0, "the multi-lane path ran", "ParallelHash", 0);
	printf("SUITE: %u passed, %u failed, %u skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}
