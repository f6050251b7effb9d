// SPDX-License-Identifier: GPL-2.0
/*
 * ctidh_ref_fresh: high-ctidh as an oracle for nobs's CTIDH sets.  Built
 * outside the project, once per set (-DBITS=511, 512, 1024 or 2048 and
 * high-ctidh's NAMESPACEBITS/NAMESPACEGENERIC), against high-ctidh's own
 * headers and libraries only (docs/ctidh.md: what it showed).
 *
 *   ctidh_ref_fresh SEED N
 *	N records from a deterministic stream seeded by SEED (a decimal
 *	number): two private keys drawn by high-ctidh's own key generation
 *	(csidh_private_withrng(), fed from the stream), their public keys
 *	and the shared secret, both ways.  Each record is five lines,
 *	"sk_a", "pk_a", "sk_b", "pk_b" and "ss", a space and lower-case hex:
 *	the private key is high-ctidh's int8_t e[primes_num] as it lies in
 *	memory (one two's-complement byte an exponent), public keys and
 *	the secret its public_key_to_bytes() encoding.  Records are
 *	separated by an empty line; the first line is "# ctidhBITS".
 *   ctidh_ref_fresh -t SEED N
 *	N group actions of high-ctidh (action() on the base curve) with
 *	keys of its key generation from the stream: a line "ns T" each, T
 *	the nanoseconds (CLOCK_MONOTONIC) of the action alone; for make
 *	bench (tests/user/ctidh_bench.c), which interleaves them with nobs's.
 *   ctidh_ref_fresh -k SK [PK]
 *	"pk" of the private key SK (hex); with PK (hex), "valid 0|1" of
 *	validate(PK) and, when valid, "ss" of SK with PK.
 *
 * The stream is not a DRBG of any standard: it only makes the records
 * reproducible.  Exits 1 when high-ctidh refuses a key it made itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "csidh.h"

static uint64_t stream_state;

/* splitmix64 */
static uint64_t stream_next(void)
{
	uint64_t z = (stream_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void stream_fill(void *const out, const size_t n, const uintptr_t ctx)
{
	unsigned char *b = out;
	size_t i;

	(void)ctx;
	for (i = 0; i < n; i++)
		b[i] = (unsigned char)stream_next();
}

static void hex(const char *tag, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	printf("%s ", tag);
	for (i = 0; i < n; i++)
		printf("%02x", b[i]);
	putchar('\n');
}

static int unhex(void *out, size_t n, const char *s)
{
	unsigned char *b = out;
	size_t i;
	unsigned int v;

	if (strlen(s) != 2 * n)
		return -1;
	for (i = 0; i < n; i++) {
		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		b[i] = (unsigned char)v;
	}
	return 0;
}

static int one_key(const char *skhex, const char *pkhex)
{
	private_key sk;
	public_key pk, out;
	char buf[sizeof(public_key)];

	if (unhex(sk.e, sizeof(sk.e), skhex)) {
		fprintf(stderr, "ctidh_ref_fresh: SK is not %zu bytes of hex\n",
			sizeof(sk.e));
		return 2;
	}
	action(&out, &base, &sk);
	public_key_to_bytes(buf, &out);
	hex("pk", buf, sizeof(buf));
	if (!pkhex)
		return 0;
	if (unhex(buf, sizeof(buf), pkhex)) {
		fprintf(stderr, "ctidh_ref_fresh: PK is not %zu bytes of hex\n",
			sizeof(buf));
		return 2;
	}
	public_key_from_bytes(&pk, buf);
	if (!validate(&pk)) {
		printf("valid 0\n");
		return 0;
	}
	printf("valid 1\n");
	action(&out, &pk, &sk);
	public_key_to_bytes(buf, &out);
	hex("ss", buf, sizeof(buf));
	return 0;
}

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int timed(long n)
{
	private_key sk;
	public_key out;
	unsigned long long t;
	long i;

	for (i = 0; i < n; i++) {
		csidh_private_withrng(&sk, 0, stream_fill);
		t = now_ns();
		action(&out, &base, &sk);
		t = now_ns() - t;
		printf("ns %llu\n", t);
	}
	return 0;
}

int main(int argc, char **argv)
{
	private_key a, b;
	public_key pa, pb, sab, sba;
	char ea[sizeof(public_key)], eb[sizeof(public_key)];
	char es[sizeof(public_key)], et[sizeof(public_key)];
	long n, i;

	if (argc >= 3 && !strcmp(argv[1], "-k"))
		return one_key(argv[2], argc > 3 ? argv[3] : NULL);
	if (argc == 4 && !strcmp(argv[1], "-t")) {
		stream_state = strtoull(argv[2], NULL, 10);
		return timed(strtol(argv[3], NULL, 10));
	}
	if (argc != 3) {
		fprintf(stderr, "usage: ctidh_ref_fresh SEED N | -t SEED N | -k SK [PK]\n");
		return 2;
	}
	stream_state = strtoull(argv[1], NULL, 10);
	n = strtol(argv[2], NULL, 10);
	printf("# ctidh%d\n", BITS);
	for (i = 0; i < n; i++) {
		csidh_private_withrng(&a, 0, stream_fill);
		csidh_private_withrng(&b, 0, stream_fill);
		if (!csidh(&pa, &base, &a) || !csidh(&pb, &base, &b) ||
		    !csidh(&sab, &pb, &a) || !csidh(&sba, &pa, &b)) {
			fprintf(stderr, "ctidh_ref_fresh: high-ctidh refused its own key\n");
			return 1;
		}
		public_key_to_bytes(ea, &pa);
		public_key_to_bytes(eb, &pb);
		public_key_to_bytes(es, &sab);
		public_key_to_bytes(et, &sba);
		if (memcmp(es, et, sizeof(es))) {
			fprintf(stderr, "ctidh_ref_fresh: the two secrets differ\n");
			return 1;
		}
		if (i)
			putchar('\n');
		hex("sk_a", a.e, sizeof(a.e));
		hex("pk_a", ea, sizeof(ea));
		hex("sk_b", b.e, sizeof(b.e));
		hex("pk_b", eb, sizeof(eb));
		hex("ss", es, sizeof(es));
	}
	return 0;
}
