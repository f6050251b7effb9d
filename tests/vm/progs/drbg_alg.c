// SPDX-License-Identifier: GPL-2.0
/*
 * drbg_alg: AF_ALG checks of the nobs CTR_DRBG (rng "nobs_ctr_drbg_aes256_nodf")
 * in the test guest.  Each command prints "ok ..." and exits 0, or prints
 * the reason and exits 1 (77 when the check cannot run here).
 *
 *   drbg_alg cavp FILE.txt  every CAVP AES-256 no-df vector: setkey(entropy
 *                           || personalization), read 128 bytes, compare
 *                           with E(K, V+1..V+8) for NIST's Key/V after
 *                           INSTANTIATE (.txt file), computed by the
 *                           kernel's ctr(aes) through algif_skcipher
 *   drbg_alg pqc FILE [N]   setkey(00..2f), 100 reads of 48 bytes = the PQC
 *                           KAT seeds; N > 1 runs N such clients at once,
 *                           each on its own socket
 *   drbg_alg badseed        setkey of 1, 47, 97 and 200 bytes -> EINVAL;
 *                           0, 48 and 96 bytes accepted
 *   drbg_alg interval       with the module's drbg_reseed_interval I: I
 *                           reads succeed, the next fails with EKEYEXPIRED,
 *                           a new setkey restores service
 *   drbg_alg refs AES N     bind N DRBG sockets: the refcnt of the driver
 *                           AES in /proc/crypto grows by exactly N while
 *                           they are open (each DRBG transform holds one
 *                           transform of it) and is back when closed
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <linux/if_alg.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define DRIVER "nobs_ctr_drbg_aes256_nodf"
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static int alg_bind(const char *type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int s = socket(AF_ALG, SOCK_SEQPACKET, 0);

	if (s < 0)
		return -1;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa))) {
		close(s);
		return -1;
	}
	return s;
}

/* Bind the DRBG, seed it (len 0 = no setkey call), return the op socket. */
static int rng_open(const unsigned char *seed, size_t len, int *tfm)
{
	int op;

	*tfm = alg_bind("rng", DRIVER);
	if (*tfm < 0)
		return -1;
	if (seed && setsockopt(*tfm, SOL_ALG, ALG_SET_KEY, seed, len)) {
		close(*tfm);
		return -1;
	}
	op = accept(*tfm, NULL, 0);
	if (op < 0)
		close(*tfm);
	return op;
}

static int read_full(int fd, unsigned char *buf, size_t len)
{
	ssize_t n = read(fd, buf, len);

	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

static int unhex(const char *s, unsigned char *out, size_t max)
{
	size_t n = 0;

	while (isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1])) {
		unsigned int b;

		if (n == max || sscanf(s, "%2x", &b) != 1)
			return -1;
		out[n++] = (unsigned char)b;
		s += 2;
	}
	return (int)n;
}

static const char *value(const char *line, const char *name)
{
	const char *p = line;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, name, strlen(name)))
		return NULL;
	p += strlen(name);
	while (*p == ' ')
		p++;
	if (*p != '=')
		return NULL;
	p++;
	while (*p == ' ')
		p++;
	return p;
}

/* E(key, ctr), E(key, ctr + 1), ... through the kernel's ctr(aes). */
static int kernel_ctr(const unsigned char *key, const unsigned char *ctr,
		      unsigned char *out, size_t len)
{
	char cbuf[CMSG_SPACE(sizeof(__u32)) +
		  CMSG_SPACE(sizeof(struct af_alg_iv) + 16)] = { 0 };
	static unsigned char zeros[4096];
	struct msghdr msg = { 0 };
	struct cmsghdr *c;
	struct af_alg_iv *iv;
	struct iovec io = { .iov_base = zeros, .iov_len = len };
	int tfm, op, err = -1;

	tfm = alg_bind("skcipher", "ctr(aes)");
	if (tfm < 0)
		return -1;
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, 32))
		goto out;
	op = accept(tfm, NULL, 0);
	if (op < 0)
		goto out;
	msg.msg_control = cbuf;
	msg.msg_controllen = sizeof(cbuf);
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(__u32));
	*(__u32 *)CMSG_DATA(c) = ALG_OP_ENCRYPT;
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_IV;
	c->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + 16);
	iv = (struct af_alg_iv *)CMSG_DATA(c);
	iv->ivlen = 16;
	memcpy(iv->iv, ctr, 16);
	msg.msg_iov = &io;
	msg.msg_iovlen = 1;
	if (sendmsg(op, &msg, 0) == (ssize_t)len && !read_full(op, out, len))
		err = 0;
	close(op);
out:
	close(tfm);
	return err;
}

static void inc128(unsigned char *v)
{
	int i;

	for (i = 15; i >= 0; i--)
		if (++v[i])
			break;
}

static int cmd_cavp(const char *path)
{
	unsigned char seed[96], key[32], v[16], want[128], got[128];
	int elen = -1, plen = 0, have_key = 0, n = 0, bad = 0;
	int in_inst = 0;
	char line[1024];
	const char *p;
	FILE *f = fopen(path, "r");

	if (!f) {
		printf("no %s\n", path);
		return 77;
	}
	while (fgets(line, sizeof(line), f)) {
		const char *e = value(line, "EntropyInput");
		const char *ps = value(line, "PersonalizationString");
		const char *k = in_inst ? value(line, "Key") : NULL;
		int tfm, op;

		p = in_inst ? value(line, "V") : NULL;
		if (!strncmp(line, "COUNT", 5)) {
			elen = -1;
			plen = 0;
			have_key = 0;
			in_inst = 0;
		} else if (e) {
			elen = unhex(e, seed, 48);
		} else if (ps) {
			plen = unhex(ps, seed + 48, 48);
		} else if (strstr(line, "** INSTANTIATE")) {
			in_inst = 1;
		} else if (k) {
			have_key = unhex(k, key, 32) == 32;
		}
		if (!p)
			continue;
		in_inst = 0;
		if (!have_key || elen != 48 || plen < 0 ||
		    unhex(p, v, 16) != 16) {
			printf("cavp: parse error near vector %d\n", n);
			bad++;
			continue;
		}
		inc128(v);
		if (kernel_ctr(key, v, want, sizeof(want))) {
			printf("cavp: kernel ctr(aes) via algif_skcipher unavailable\n");
			fclose(f);
			return 77;
		}
		op = rng_open(seed, 48 + plen, &tfm);
		if (op < 0 || read_full(op, got, sizeof(got)) ||
		    memcmp(got, want, sizeof(got))) {
			printf("cavp: vector %d (seed %d bytes) mismatch or error (%s)\n",
			       n, 48 + plen, strerror(errno));
			bad++;
		}
		if (op >= 0) {
			close(op);
			close(tfm);
		}
		n++;
	}
	fclose(f);
	if (n != 240 || bad) {
		printf("cavp: %d vectors, %d bad\n", n, bad);
		return 1;
	}
	printf("ok cavp: %d vectors, 128-byte reads\n", n);
	return 0;
}

static int pqc_client(unsigned char (*want)[48], int count)
{
	unsigned char seed[48], got[48];
	int tfm, op, i, err = 0;

	for (i = 0; i < 48; i++)
		seed[i] = (unsigned char)i;
	op = rng_open(seed, sizeof(seed), &tfm);
	if (op < 0) {
		printf("pqc: cannot open %s: %s\n", DRIVER, strerror(errno));
		return 1;
	}
	for (i = 0; i < count && !err; i++) {
		if (read_full(op, got, 48) || memcmp(got, want[i], 48)) {
			printf("pqc: output %d differs\n", i);
			err = 1;
		}
	}
	close(op);
	close(tfm);
	return err;
}

static int cmd_pqc(const char *path, int clients)
{
	static unsigned char want[100][48];
	char line[1024];
	const char *p;
	int n = 0, i, bad = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		printf("no %s\n", path);
		return 77;
	}
	while (fgets(line, sizeof(line), f) && n < 100) {
		p = value(line, "seed");
		if (p && unhex(p, want[n], 48) == 48)
			n++;
	}
	fclose(f);
	if (n != 100) {
		printf("pqc: %d outputs in %s\n", n, path);
		return 1;
	}
	if (clients <= 1)
		bad = pqc_client(want, n);
	else {
		for (i = 0; i < clients; i++) {
			pid_t pid = fork();

			if (pid == 0) {
				int r = 0, k;

				/* Each client repeats the 100 reads 5 times. */
				for (k = 0; k < 5 && !r; k++)
					r = pqc_client(want, n);
				_exit(r);
			}
			if (pid < 0)
				bad++;
		}
		for (i = 0; i < clients; i++) {
			int st;

			if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
				bad++;
		}
	}
	if (bad)
		return 1;
	printf("ok pqc: %d outputs x %d client(s)\n", n, clients);
	return 0;
}

static int cmd_badseed(void)
{
	static const size_t bad_lens[] = { 1, 47, 97, 200 };
	static const size_t good_lens[] = { 0, 48, 72, 96 };
	unsigned char seed[200] = { 1 }, out[16];
	size_t i;
	int err = 0, tfm, op;

	tfm = alg_bind("rng", DRIVER);
	if (tfm < 0) {
		printf("badseed: bind: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < ARRAY_SIZE(bad_lens); i++) {
		errno = 0;
		if (!setsockopt(tfm, SOL_ALG, ALG_SET_KEY, seed, bad_lens[i]) ||
		    errno != EINVAL) {
			printf("badseed: %zu-byte seed: %s, want EINVAL\n",
			       bad_lens[i], strerror(errno));
			err = 1;
		}
	}
	for (i = 0; i < ARRAY_SIZE(good_lens); i++) {
		if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, seed, good_lens[i])) {
			printf("badseed: %zu-byte seed refused: %s\n",
			       good_lens[i], strerror(errno));
			err = 1;
		}
	}
	op = accept(tfm, NULL, 0);
	if (op < 0 || read_full(op, out, sizeof(out))) {
		printf("badseed: read after good seeds failed\n");
		err = 1;
	}
	if (op >= 0)
		close(op);
	close(tfm);
	if (!err)
		printf("ok badseed: 1/47/97/200 -> EINVAL, 0/48/72/96 accepted\n");
	return err;
}

static int cmd_interval(void)
{
	unsigned char seed[48] = { 7 }, out[16];
	unsigned long interval, i;
	int tfm, op, r;
	FILE *f = fopen("/sys/module/nobs/parameters/drbg_reseed_interval",
			"r");

	if (!f || fscanf(f, "%lu", &interval) != 1) {
		printf("interval: module parameter not readable\n");
		if (f)
			fclose(f);
		return 77;
	}
	fclose(f);
	op = rng_open(seed, sizeof(seed), &tfm);
	if (op < 0) {
		printf("interval: open: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < interval; i++) {
		r = read_full(op, out, 1);
		if (r) {
			printf("interval: read %lu of %lu failed: %s\n", i + 1,
			       interval, strerror(-r));
			return 1;
		}
	}
	r = read_full(op, out, 1);
	if (r != -EKEYEXPIRED) {
		printf("interval: read %lu gave %s, want EKEYEXPIRED\n",
		       interval + 1, r ? strerror(-r) : "success");
		return 1;
	}
	/* af_alg refuses setkey while an accepted socket is open. */
	close(op);
	op = -1;
	if (!setsockopt(tfm, SOL_ALG, ALG_SET_KEY, seed, sizeof(seed)))
		op = accept(tfm, NULL, 0);
	if (op < 0 || read_full(op, out, sizeof(out))) {
		printf("interval: reseeding did not restore service\n");
		return 1;
	}
	close(op);
	close(tfm);
	printf("ok interval: %lu reads, then EKEYEXPIRED, setkey restores\n",
	       interval);
	return 0;
}

/* refcnt of the algorithm whose driver is @drv in /proc/crypto, or -1. */
static long crypto_refcnt(const char *drv)
{
	char line[256], name[128];
	long ref = -1;
	int ours = 0;
	FILE *f = fopen("/proc/crypto", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "driver : %127s", name) == 1)
			ours = !strcmp(name, drv);
		else if (ours && sscanf(line, "refcnt : %ld", &ref) == 1)
			break;
	}
	fclose(f);
	return ours ? ref : -1;
}

static int cmd_refs(const char *aes, int n)
{
	int tfm[16], i, opened = 0, err = 0;
	long base, held, after;

	if (n < 1 || n > (int)ARRAY_SIZE(tfm))
		return 2;
	base = crypto_refcnt(aes);
	if (base < 0) {
		printf("refs: %s not in /proc/crypto\n", aes);
		return 1;
	}
	for (i = 0; i < n; i++) {
		tfm[i] = alg_bind("rng", DRIVER);
		if (tfm[i] < 0) {
			printf("refs: bind %d: %s\n", i, strerror(errno));
			err = 1;
			break;
		}
		opened++;
	}
	held = crypto_refcnt(aes);
	for (i = 0; i < opened; i++)
		close(tfm[i]);
	after = crypto_refcnt(aes);
	if (!err && (held != base + n || after != base)) {
		printf("refs: %s refcnt %ld, with %d DRBG sockets %ld, after %ld\n",
		       aes, base, n, held, after);
		err = 1;
	}
	if (!err)
		printf("ok refs: %s refcnt %ld, %ld with %d DRBG sockets, %ld after\n",
		       aes, base, held, n, after);
	return err;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "refs"))
		return cmd_refs(argv[2], atoi(argv[3]));
	if (argc >= 3 && !strcmp(argv[1], "cavp"))
		return cmd_cavp(argv[2]);
	if (argc >= 3 && !strcmp(argv[1], "pqc"))
		return cmd_pqc(argv[2], argc > 3 ? atoi(argv[3]) : 1);
	if (argc >= 2 && !strcmp(argv[1], "badseed"))
		return cmd_badseed();
	if (argc >= 2 && !strcmp(argv[1], "interval"))
		return cmd_interval();
	fprintf(stderr, "usage: drbg_alg cavp FILE.txt | pqc FILE [N] | badseed | interval | refs AES N\n");
	return 2;
}
