// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace tests of sha3/keccak.c (the file that ships in nobs.ko):
 *  - the module's own known-answer tables (sha3_selftest.c), every impl;
 *  - every byte-aligned NIST CAVP SHAKE vector in $NOBS_VECTORS/shake_cavp;
 *  - every NIST SP 800-185 sample (cSHAKE, KMAC, KMACXOF, TupleHash);
 *  - differential against OpenSSL EVP (SHAKE, SHA3, KMAC/KMACXOF via
 *    EVP_MAC) on random inputs of 0..10 KiB with random update splits;
 *  - differential against hashlib and pycryptodome (tests/user/
 *    sha3_oracle.py, run with /usr/bin/python3);
 *  - every permutation implementation bit-identical to the generic one.
 * Output follows HACKING.md: SKIP lines, then "SUITE: N passed, ...".
 * NOBS_SEED=n repeats a run's random cases.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef NOBS_HAVE_KECCAK_ARM64
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "sha3/keccak.h"
#include "keccak_cpu.h"

#ifndef NOBS_ROOT
#define NOBS_ROOT "."
#endif

static unsigned int n_pass, n_fail, n_skip;

static void check(bool ok, const char *what, const char *detail)
{
	if (ok) {
		n_pass++;
		return;
	}
	n_fail++;
	if (n_fail <= 30)
		printf("FAIL: %s%s%s\n", what, detail ? ": " : "",
		       detail ? detail : "");
}

static void skip(const char *what, const char *why)
{
	n_skip++;
	printf("SKIP: %s: %s\n", what, why);
}

/* xorshift64*: reproducible random cases. */
static u64 rng_state;

static u64 rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static size_t rnd_below(size_t n)
{
	return n ? (size_t)(rnd() % n) : 0;
}

static void rnd_bytes(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)rnd();
}

/* ---- implementations under test ---- */

static const struct nobs_keccak_impl *impls[4];
static unsigned int n_impls;

static void find_impls(void)
{
	impls[n_impls++] = &nobs_keccak_generic;
#ifdef NOBS_HAVE_KECCAK_X86
	if (nobs_user_has_bmi())
		impls[n_impls++] = &nobs_keccak_x86_bmi;
	else
		skip("impl bmi", "CPU lacks BMI1/BMI2");
	if (nobs_user_has_avx512())
		impls[n_impls++] = &nobs_keccak_x86_avx512;
	else
		skip("impl avx512", "CPU or OS lacks AVX-512F/VL (zmm state)");
#endif
#ifdef NOBS_HAVE_KECCAK_ARM64
	if (getauxval(AT_HWCAP) & HWCAP_SHA3)
		impls[n_impls++] = &nobs_keccak_arm64_ce;
	else
		skip("impl ce", "CPU lacks the SHA3 extension");
#endif
}

/* ---- hex ---- */

static size_t unhex(u8 *out, const char *hex, size_t hexlen)
{
	size_t i;
	unsigned int b;

	for (i = 0; i + 1 < hexlen; i += 2) {
		if (sscanf(hex + i, "%2x", &b) != 1)
			return i / 2;
		out[i / 2] = (u8)b;
	}
	return hexlen / 2;
}

/* ---- sponge drivers: absorb/squeeze in one call or random pieces ---- */

static void absorb_split(struct nobs_keccak *k,
			 const struct nobs_keccak_impl *impl,
			 const u8 *in, size_t len, bool split)
{
	size_t n;

	while (split && len) {
		n = rnd_below(4) ? rnd_below(len + 1) : rnd_below(9);
		n = min_t(size_t, n, len);
		nobs_keccak_absorb(k, impl, in, n);
		in += n;
		len -= n;
	}
	nobs_keccak_absorb(k, impl, in, len);
}

static void squeeze_split(struct nobs_keccak *k,
			  const struct nobs_keccak_impl *impl,
			  u8 *out, size_t len, bool split)
{
	size_t n;

	while (split && len) {
		n = rnd_below(2) ? rnd_below(len + 1) : rnd_below(9);
		n = min_t(size_t, n, len);
		nobs_keccak_squeeze(k, impl, out, n);
		out += n;
		len -= n;
	}
	nobs_keccak_squeeze(k, impl, out, len);
}

enum fam { F_SHAKE, F_SHA3, F_CSHAKE, F_KMAC, F_KMACXOF };

struct job {
	enum fam fam;
	unsigned int bits;	/* 128/256 (SHAKE family) or SHA3 digest bits */
	const u8 *n, *s, *key, *msg;
	size_t nlen, slen, keylen, msglen, outlen;
};

static void run_job(const struct job *j, const struct nobs_keccak_impl *impl,
		    bool split, u8 *out)
{
	struct nobs_keccak k;
	int ret = 0;

	switch (j->fam) {
	case F_SHAKE:
		ret = nobs_keccak_shake_init(&k, j->bits);
		break;
	case F_SHA3:
		ret = nobs_keccak_sha3_init(&k, j->bits / 8);
		break;
	case F_CSHAKE:
		ret = nobs_keccak_cshake_init(&k, impl, j->bits, j->n, j->nlen,
				       j->s, j->slen);
		break;
	case F_KMAC:
	case F_KMACXOF:
		ret = nobs_keccak_kmac_init(&k, impl, j->bits, j->key, j->keylen,
				     j->s, j->slen);
		break;
	}
	if (ret) {
		memset(out, 0, j->outlen);
		return;
	}
	absorb_split(&k, impl, j->msg, j->msglen, split);
	if (j->fam == F_KMAC)
		nobs_keccak_end_input(&k, impl, j->outlen);
	else if (j->fam == F_KMACXOF)
		nobs_keccak_end_input(&k, impl, 0);
	squeeze_split(&k, impl, out, j->outlen, split);
}

/* Check a job on every impl, whole and split, against @expect. */
static void check_job(const struct job *j, const u8 *expect, const char *what)
{
	u8 *out = malloc(j->outlen + 1);
	unsigned int i, split;
	char detail[96];

	for (i = 0; i < n_impls; i++) {
		for (split = 0; split < 2; split++) {
			run_job(j, impls[i], split, out);
			snprintf(detail, sizeof(detail), "impl %s%s",
				 impls[i]->name, split ? ", split" : "");
			check(!memcmp(out, expect, j->outlen), what, detail);
		}
	}
	free(out);
}

/* ---- known answers of the module ---- */

static void test_module_kats(void)
{
	static const char *const names[NOBS_SHA3_NR_ALGS] = {
		"shake128", "shake256", "cshake128", "cshake256", "kmac128",
		"kmac256", "sha3-224", "sha3-256", "sha3-384", "sha3-512",
	};
	char what[64];
	unsigned int a, i;

	for (a = 0; a < NOBS_SHA3_NR_ALGS; a++) {
		for (i = 0; i < n_impls; i++) {
			snprintf(what, sizeof(what), "module KAT %s on %s",
				 names[a], impls[i]->name);
			check(nobs_sha3_kat(a, impls[i]) == 0, what, NULL);
		}
	}
}

/* ---- SP 800-185 2.3 encodings, and state validation ---- */

static void test_encodings(void)
{
	static const struct {
		u64 x;
		u8 left[10], right[10];
		size_t len;
	} t[] = {
		/* SP 800-185 2.3.1: left_encode(0) = 01 00, right = 00 01 */
		{ 0, { 1, 0 }, { 0, 1 }, 2 },
		{ 168, { 1, 168 }, { 168, 1 }, 2 },
		{ 256, { 2, 1, 0 }, { 1, 0, 2 }, 3 },
		{ 0x0102030405060708ULL, { 8, 1, 2, 3, 4, 5, 6, 7, 8 },
		  { 1, 2, 3, 4, 5, 6, 7, 8, 8 }, 9 },
	};
	u8 buf[9];
	size_t i, n;
	struct nobs_keccak k;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		n = nobs_sp800_185_left_encode(buf, t[i].x);
		check(n == t[i].len && !memcmp(buf, t[i].left, n),
		      "left_encode", NULL);
		n = nobs_sp800_185_right_encode(buf, t[i].x);
		check(n == t[i].len && !memcmp(buf, t[i].right, n),
		      "right_encode", NULL);
	}
	nobs_keccak_shake_init(&k, 128);
	check(nobs_keccak_state_valid(&k), "state valid", NULL);
	k.pos = 168;
	check(!nobs_keccak_state_valid(&k), "state pos == rate refused", NULL);
	k.squeezing = 1;
	check(nobs_keccak_state_valid(&k), "squeezing pos == rate ok", NULL);
	k.squeezing = 2;
	check(!nobs_keccak_state_valid(&k), "bad squeezing refused", NULL);
	k.squeezing = 0;
	k.pos = 0;
	k.rate = 200;
	check(!nobs_keccak_state_valid(&k), "bad rate refused", NULL);
	check(nobs_keccak_shake_init(&k, 192) == -EINVAL, "shake 192 refused", NULL);
	check(nobs_keccak_sha3_init(&k, 20) == -EINVAL, "sha3-160 refused", NULL);
}

/* ---- vector files ---- */

static const char *vector_dir(void)
{
	const char *d = getenv("NOBS_VECTORS");

	return d && *d ? d : NOBS_ROOT "/build/vectors";
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* NIST CAVP SHAKE .rsp: Len/Msg/Output, or Outputlen/Msg/Output. */
static void test_cavp_file(const char *name, unsigned int bits)
{
	static char line[1 << 20];
	char path[512], what[160];
	long len_bits = -1, out_bits = -1;
	size_t msglen = 0, outlen, count = 0, unaligned = 0;
	u8 *msg = malloc(1 << 19), *expect = malloc(1 << 16);
	struct job j = { .fam = F_SHAKE, .bits = bits };
	FILE *f;

	snprintf(path, sizeof(path), "%s/shake_cavp/%s", vector_dir(), name);
	f = fopen(path, "r");
	if (!f) {
		skip(name, "vector file not found (set NOBS_VECTORS)");
		goto out;
	}
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '='), *key, *val;

		if (line[0] == '#' || line[0] == '[' || !eq)
			continue;
		*eq = '\0';
		key = trim(line);
		val = trim(eq + 1);
		if (!strcmp(key, "Len")) {
			len_bits = atol(val);
		} else if (!strcmp(key, "Outputlen")) {
			out_bits = atol(val);
		} else if (!strcmp(key, "Msg")) {
			msglen = unhex(msg, val, strlen(val));
		} else if (!strcmp(key, "Output")) {
			outlen = unhex(expect, val, strlen(val));
			if ((len_bits >= 0 && len_bits % 8) ||
			    (out_bits >= 0 && out_bits % 8)) {
				unaligned++;
			} else {
				j.msg = msg;
				j.msglen = len_bits >= 0 ? (size_t)len_bits / 8 :
							   msglen;
				j.outlen = outlen;
				snprintf(what, sizeof(what), "%s #%zu", name,
					 count);
				check_job(&j, expect, what);
				count++;
			}
			len_bits = -1;
			out_bits = -1;
		}
	}
	fclose(f);
	if (!count)
		check(false, name, "no vectors parsed");
	if (unaligned) {
		snprintf(what, sizeof(what),
			 "%zu vectors with a bit length not a multiple of 8 (byte-oriented core)",
			 unaligned);
		skip(name, what);
	}
out:
	free(msg);
	free(expect);
}

/* sp800_185_samples.txt: [cSHAKE128] .. [TupleHash256] blocks. */
static void test_sp800_185(void)
{
	char path[512], line[4096], sect[32] = "", what[64];
	u8 key[256], msg[512], s[256], n[256], expect[256];
	size_t keylen = 0, msglen = 0, slen = 0, nlen = 0, cases = 0;
	char tuple[4096] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s/sp800_185_samples.txt", vector_dir());
	f = fopen(path, "r");
	if (!f) {
		skip("sp800_185_samples", "file not found (set NOBS_VECTORS)");
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '='), *k, *v;

		if (line[0] == '[') {
			if (sscanf(line, "[%31[^]]]", sect) != 1)
				sect[0] = '\0';
			continue;
		}
		if (line[0] == '#' || !eq)
			continue;
		*eq = '\0';
		k = trim(line);
		v = trim(eq + 1);
		if (!strcmp(k, "Key")) {
			keylen = unhex(key, v, strlen(v));
		} else if (!strcmp(k, "Msg")) {
			snprintf(tuple, sizeof(tuple), "%s", v);
			msglen = unhex(msg, v, strlen(v));
		} else if (!strcmp(k, "S")) {
			slen = strlen(v);
			memcpy(s, v, slen);
		} else if (!strcmp(k, "N")) {
			nlen = strlen(v);
			memcpy(n, v, nlen);
		} else if (!strcmp(k, "Output")) {
			struct job j = {
				.n = n, .nlen = nlen, .s = s, .slen = slen,
				.key = key, .keylen = keylen, .msg = msg,
				.msglen = msglen,
				.outlen = unhex(expect, v, strlen(v)),
			};
			unsigned int bits = strstr(sect, "256") ? 256 : 128;

			j.bits = bits;
			snprintf(what, sizeof(what), "SP 800-185 %s #%zu",
				 sect, cases++);
			if (!strncmp(sect, "TupleHash", 9)) {
				/* Elements are the comma-separated hex strings. */
				const struct nobs_keccak_impl *impl;
				unsigned int i;
				u8 out[64], el[256];
				char *p, *save = NULL;
				char tmp[4096];

				for (i = 0; i < n_impls; i++) {
					struct nobs_keccak st;

					impl = impls[i];
					nobs_keccak_tuplehash_init(&st, impl, bits, s,
							    slen);
					snprintf(tmp, sizeof(tmp), "%s", tuple);
					for (p = strtok_r(tmp, ",", &save); p;
					     p = strtok_r(NULL, ",", &save))
						nobs_keccak_tuplehash_element(&st, impl, el,
								   unhex(el, p, strlen(p)));
					nobs_keccak_end_input(&st, impl,
								 j.outlen);
					nobs_keccak_squeeze(&st, impl, out,
							    j.outlen);
					check(!memcmp(out, expect, j.outlen),
					      what, impl->name);
				}
				continue;
			}
			if (!strncmp(sect, "cSHAKE", 6))
				j.fam = F_CSHAKE;
			else if (!strncmp(sect, "KMACXOF", 7))
				j.fam = F_KMACXOF;
			else if (!strncmp(sect, "KMAC", 4))
				j.fam = F_KMAC;
			else {
				check(false, what, "unknown section");
				continue;
			}
			check_job(&j, expect, what);
		}
	}
	fclose(f);
	check(cases == 22, "SP 800-185 sample count", "expected 22");
}

/* ---- OpenSSL differential ---- */

static void ossl_digest(const EVP_MD *md, const u8 *msg, size_t len,
			u8 *out, size_t outlen, bool xof)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	size_t n;

	EVP_DigestInit_ex(c, md, NULL);
	while (len) {
		n = rnd_below(len + 1);
		EVP_DigestUpdate(c, msg, n);
		msg += n;
		len -= n;
	}
	if (xof)
		EVP_DigestFinalXOF(c, out, outlen);
	else
		EVP_DigestFinal_ex(c, out, NULL);
	EVP_MD_CTX_free(c);
}

static bool ossl_kmac(unsigned int bits, const struct job *j, u8 *out)
{
	EVP_MAC *mac = EVP_MAC_fetch(NULL, bits == 128 ? "KMAC128" : "KMAC256",
				     NULL);
	EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
	size_t outlen = j->outlen, got = 0;
	int xof = j->fam == F_KMACXOF;
	OSSL_PARAM p[4];
	bool ok = false;

	if (!c)
		goto out;
	p[0] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_CUSTOM,
						 (void *)j->s, j->slen);
	p[1] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &outlen);
	p[2] = OSSL_PARAM_construct_int(OSSL_MAC_PARAM_XOF, &xof);
	p[3] = OSSL_PARAM_construct_end();
	if (EVP_MAC_init(c, j->key, j->keylen, p) != 1)
		goto out;
	if (EVP_MAC_update(c, j->msg, j->msglen) != 1)
		goto out;
	ok = EVP_MAC_final(c, out, &got, outlen) == 1 && got == outlen;
out:
	EVP_MAC_CTX_free(c);
	EVP_MAC_free(mac);
	return ok;
}

static void test_openssl(unsigned int rounds)
{
	static const struct {
		enum fam fam;
		unsigned int bits;
		const char *name;
	} algs[] = {
		{ F_SHAKE, 128, "SHAKE128" }, { F_SHAKE, 256, "SHAKE256" },
		{ F_SHA3, 224, "SHA3-224" }, { F_SHA3, 256, "SHA3-256" },
		{ F_SHA3, 384, "SHA3-384" }, { F_SHA3, 512, "SHA3-512" },
		{ F_KMAC, 128, "KMAC128" }, { F_KMAC, 256, "KMAC256" },
		{ F_KMACXOF, 128, "KMACXOF128" },
		{ F_KMACXOF, 256, "KMACXOF256" },
	};
	u8 *msg = malloc(10241), *expect = malloc(1024), key[512], s[512];
	unsigned int r, a;
	char what[96];

	for (r = 0; r < rounds; r++) {
		for (a = 0; a < ARRAY_SIZE(algs); a++) {
			struct job j = { .fam = algs[a].fam,
					 .bits = algs[a].bits };
			EVP_MD *md = NULL;

			j.msglen = rnd_below(4) ? rnd_below(10241) :
						  rnd_below(400);
			rnd_bytes(msg, j.msglen);
			j.msg = msg;
			j.outlen = j.fam == F_SHA3 ? j.bits / 8 :
						      1 + rnd_below(1000);
			snprintf(what, sizeof(what),
				 "OpenSSL %s msglen %zu outlen %zu",
				 algs[a].name, j.msglen, j.outlen);
			if (j.fam == F_KMAC || j.fam == F_KMACXOF) {
				/* OpenSSL takes keys of 4..512 bytes, S <= 512. */
				j.keylen = 4 + rnd_below(509);
				j.slen = rnd_below(3) ? rnd_below(513) : 0;
				rnd_bytes(key, j.keylen);
				rnd_bytes(s, j.slen);
				j.key = key;
				j.s = s;
				if (!ossl_kmac(j.bits, &j, expect)) {
					check(false, what, "EVP_MAC failed");
					continue;
				}
			} else {
				md = EVP_MD_fetch(NULL, algs[a].name, NULL);
				if (!md) {
					check(false, what, "EVP_MD_fetch");
					continue;
				}
				ossl_digest(md, msg, j.msglen, expect, j.outlen,
					    j.fam == F_SHAKE);
				EVP_MD_free(md);
			}
			check_job(&j, expect, what);
		}
	}
	free(msg);
	free(expect);
}

/* ---- hashlib / pycryptodome differential (sha3_oracle.py) ---- */

static void test_python(unsigned int count, unsigned int seed)
{
	static char line[3 * 10240 + 8192];
	u8 *msg = malloc(10241), *expect = malloc(1024), n[512], s[512];
	char cmd[1024], alg[16], *f[6], *save;
	unsigned int lines = 0, i;
	FILE *p;

	if (system("/usr/bin/python3 -c 'import hashlib, Cryptodome.Hash.cSHAKE128' 2>/dev/null")) {
		skip("python oracle", "/usr/bin/python3 with pycryptodome not available");
		goto out;
	}
	snprintf(cmd, sizeof(cmd), "/usr/bin/python3 %s/tests/user/sha3_oracle.py %u %u",
		 NOBS_ROOT, count, seed);
	p = popen(cmd, "r");
	if (!p) {
		check(false, "python oracle", "popen failed");
		goto out;
	}
	while (fgets(line, sizeof(line), p)) {
		struct job j = { 0 };
		char what[96];

		save = NULL;
		for (i = 0; i < 6; i++) {
			f[i] = strtok_r(i ? NULL : line, "\n ", &save);
			if (!f[i])
				break;
		}
		if (i < 6) {
			check(false, "python oracle", "malformed line");
			continue;
		}
		snprintf(alg, sizeof(alg), "%s", f[0]);
		j.outlen = strtoul(f[1], NULL, 10);
#define FIELD(buf, str) (strcmp(str, "-") ? unhex(buf, str, strlen(str)) : 0)
		j.nlen = FIELD(n, f[2]);
		j.slen = FIELD(s, f[3]);
		j.msglen = FIELD(msg, f[4]);
		if (FIELD(expect, f[5]) != j.outlen) {
			check(false, "python oracle", "bad expected length");
			continue;
		}
#undef FIELD
		j.n = n;
		j.s = s;
		j.msg = msg;
		if (!strncmp(alg, "shake", 5)) {
			j.fam = F_SHAKE;
			j.bits = atoi(alg + 5);
		} else if (!strncmp(alg, "cshake", 6)) {
			j.fam = F_CSHAKE;
			j.bits = atoi(alg + 6);
		} else {
			j.fam = F_SHA3;
			j.bits = atoi(alg + 5);
		}
		snprintf(what, sizeof(what),
			 "python %s N %zu S %zu msg %zu out %zu", alg, j.nlen,
			 j.slen, j.msglen, j.outlen);
		check_job(&j, expect, what);
		lines++;
	}
	if (pclose(p) != 0)
		check(false, "python oracle", "sha3_oracle.py failed");
	check(lines == count, "python oracle", "fewer cases than asked");
out:
	free(msg);
	free(expect);
}

/* ---- implementations agree on raw permutations and absorbs ---- */

static void test_impls_agree(unsigned int rounds)
{
	static const size_t rates[] = { 168, 144, 136, 104, 72 };
	u64 ref[25], st[25], init[25];
	u8 in[168 * 9];
	unsigned int r, i;
	size_t rate, nb;

	if (n_impls < 2) {
		skip("impls agree", "only the generic permutation is built");
		return;
	}
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < 25; i++)
			init[i] = rnd();
		rate = rates[rnd_below(ARRAY_SIZE(rates))];
		nb = rnd_below(10);
		rnd_bytes(in, sizeof(in));
		memcpy(ref, init, sizeof(ref));
		nobs_keccak_generic.permute(ref);
		nobs_keccak_generic.absorb(ref, in, nb, rate);
		for (i = 1; i < n_impls; i++) {
			memcpy(st, init, sizeof(st));
			impls[i]->permute(st);
			impls[i]->absorb(st, in, nb, rate);
			check(!memcmp(st, ref, sizeof(st)), "impl agrees",
			      impls[i]->name);
		}
	}
}

int main(void)
{
	const char *e = getenv("NOBS_SEED");
	unsigned int seed = e ? (unsigned int)strtoul(e, NULL, 0) :
				(unsigned int)time(NULL);

	rng_state = 0x9e3779b97f4a7c15ULL ^ seed;
	printf("test_sha3: NOBS_SEED=%u\n", seed);
	find_impls();

	test_module_kats();
	test_encodings();
	test_cavp_file("SHAKE128ShortMsg.rsp", 128);
	test_cavp_file("SHAKE128LongMsg.rsp", 128);
	test_cavp_file("SHAKE128VariableOut.rsp", 128);
	test_cavp_file("SHAKE256ShortMsg.rsp", 256);
	test_cavp_file("SHAKE256LongMsg.rsp", 256);
	test_cavp_file("SHAKE256VariableOut.rsp", 256);
	test_sp800_185();
	test_openssl(100);
	test_python(400, seed);
	test_impls_agree(2000);

	printf("SUITE: %u passed, %u failed, %u skipped\n", n_pass, n_fail,
	       n_skip);
	return n_fail ? 1 : 0;
}
