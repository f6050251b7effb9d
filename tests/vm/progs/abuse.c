// SPDX-License-Identifier: GPL-2.0
/*
 * abuse: AF_ALG misuse of every nobs hash and rng driver, in the guest.
 *
 *   abuse hash DRIVER...   shake*, cshake*, kmac*, sha3-* drivers of nobs
 *   abuse rng DRIVER       the CTR_DRBG driver
 *   abuse many DRIVER N    N transform sockets + N accept()ed sockets
 *
 * Prints "pass|fail NAME [reason]" per case and "cases N" at the end.
 * Expected digests are independent: hashlib (SHAKE, SHA3), pycryptodome
 * (cSHAKE) and "openssl mac" (KMAC) on the host, embedded below with the
 * script that computed them; the DRBG value is the first "seed" line of the
 * NIST PQC KAT files (randombytes_init(00..2f), then 48 bytes).
 *
 * Expected errnos (6.1 and 6.12, from crypto/af_alg.c, algif_hash.c,
 * algif_rng.c, shash.c and nobs' README):
 *   ALG_SET_KEY on an unkeyed hash          ENOSYS (shash_no_setkey)
 *   key larger than net.core.optmem_max     ENOMEM (sock_kmalloc fails)
 *   key pointer not readable                EFAULT
 *   kmac key empty or > 512 B, cshake S > 512 B, rng seed not 0/48..96 B
 *                                           EINVAL (nobs)
 *   kmac without a key (or after a failed setkey): accept() succeeds,
 *   then send() and recv() on it give     ENOKEY (algif_hash's nokey ops)
 *   ALG_SET_KEY on an accept()ed socket     EOPNOTSUPP (no setsockopt)
 *   ALG_SET_KEY on a parent with keyed children  EBUSY
 *   bind to an unknown name                 ENOENT
 *   send() on an rng socket                 EOPNOTSUPP
 *   recv() of more than the digest          digest size, no MSG_TRUNC
 *   recv() of less                          that many bytes, MSG_TRUNC
 *   recv() > 128 B on rng                   128 B (algif_rng's cap)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg_util.h"
#include "hash_kats.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

static unsigned int cases, failed;
static const char *cur;

static void report(int ok, const char *what, const char *fmt, ...)
{
	va_list ap;

	cases++;
	printf("%s abuse-%s-%s", ok ? "pass" : "fail", cur, what);
	if (!ok) {
		failed++;
		putchar(' ');
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	putchar('\n');
	fflush(stdout);
}

static void expect_err(const char *what, int got, int want)
{
	report(got == -want, what, "got %d (%s), want %d (%s)", got,
	       got ? strerror(-got) : "success", -want,
	       want ? strerror(want) : "success");
}

/* recvmsg of @len bytes; returns the count or -errno, *flags = msg_flags */
static ssize_t recvf(int op, void *buf, size_t len, int *flags)
{
	struct iovec iov = { buf, len };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t n = recvmsg(op, &m, 0);

	*flags = m.msg_flags;
	return n < 0 ? -errno : n;
}

static unsigned char K[32], M[300], big[1 << 20];

/* A transform socket for @drv with the alg's standard key, or -errno. */
static int keyed_tfm(const char *drv, const struct hash_kat *a)
{
	int fd = tfm_sock("hash", drv), err = 0;

	if (fd < 0)
		return fd;
	if (a->kind == 1)
		err = setkey(fd, S, strlen(S));
	else if (a->kind == 2)
		err = setkey(fd, K, sizeof(K));
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

/* Hash @len bytes of @m in pieces of @piece (0: one send) on a new op. */
static int digest_on(int tfm, const unsigned char *m, size_t len,
		     size_t piece, unsigned char *out, unsigned int ds)
{
	int op = op_sock(tfm), err = 0, fl;
	size_t off = 0, n;

	if (op < 0)
		return op;
	while (!err && off < len) {
		n = piece && len - off > piece ? piece : len - off;
		err = sendm(op, m + off, n, off + n < len);
		off += n;
	}
	if (!err && recvf(op, out, ds, &fl) != (ssize_t)ds)
		err = -EIO;
	close(op);
	return err;
}

static int same(const unsigned char *got, const char *hex, unsigned int n)
{
	unsigned char want[64];

	return unhex(want, hex) >= (int)n && !memcmp(got, want, n);
}

static void check_digest(const char *what, int err, const unsigned char *got,
			 const char *hex, unsigned int ds)
{
	if (err)
		report(0, what, "error %d (%s)", err, strerror(-err));
	else
		report(same(got, hex, ds), what, "wrong digest");
}

static void hash_keys(const char *drv, const struct hash_kat *a)
{
	unsigned char out[64];
	int fd, op, op2, err, fl;

	fd = tfm_sock("hash", drv);
	if (fd < 0) {
		report(0, "bind", "%s", strerror(-fd));
		return;
	}
	report(1, "bind", "");
	/* Key too large for the socket's option memory: sock_kmalloc. */
	expect_err("key-1MiB-enomem", setkey(fd, big, sizeof(big)), ENOMEM);
	expect_err("key-efault", setkey(fd, (void *)8, 32), EFAULT);
	expect_err("setsockopt-bad-level", ERR(setsockopt(fd, SOL_SOCKET + 1000,
			ALG_SET_KEY, K, 32)), ENOPROTOOPT);
	if (a->kind == 0) {
		expect_err("key-unkeyed-enosys", setkey(fd, K, 16), ENOSYS);
		expect_err("key-empty-unkeyed-enosys", setkey(fd, K, 0), ENOSYS);
		err = digest_on(fd, M, sizeof(M), 0, out, a->ds);
		check_digest("digest-after-bad-keys", err, out, a->m300, a->ds);
	} else if (a->kind == 1) {
		expect_err("s-512", setkey(fd, big, 512), 0);
		expect_err("s-513-einval", setkey(fd, big, 513), EINVAL);
		expect_err("s-4096-einval", setkey(fd, big, 4096), EINVAL);
		expect_err("s-empty", setkey(fd, S, 0), 0);
		/* empty S is SHAKE (SP 800-185 3.3) */
		err = digest_on(fd, M, 0, 0, out, a->ds);
		check_digest("empty-s-is-shake", err, out,
			     hash_kat_of(a->ds == 32 ? "shake128-" : "shake256-")->empty,
			     a->ds);
		expect_err("s-set", setkey(fd, S, strlen(S)), 0);
		expect_err("s-too-long-keeps-s", setkey(fd, big, 600), EINVAL);
		err = digest_on(fd, M, sizeof(M), 0, out, a->ds);
		check_digest("digest-after-failed-setkey", err, out, a->m300,
			     a->ds);
	} else {
		op = op_sock(fd);
		expect_err("accept-nokey", op < 0 ? op : 0, 0);
		if (op >= 0) {
			expect_err("send-nokey-enokey", sendm(op, M, 16, 0),
				   ENOKEY);
			expect_err("recv-nokey-enokey",
				   (int)recvf(op, out, a->ds, &fl), ENOKEY);
			close(op);
		}
		expect_err("key-empty-einval", setkey(fd, K, 0), EINVAL);
		expect_err("key-513-einval", setkey(fd, big, 513), EINVAL);
		expect_err("key-4096-einval", setkey(fd, big, 4096), EINVAL);
		expect_err("key-1", setkey(fd, K, 1), 0);
		expect_err("key-512", setkey(fd, big, 512), 0);
		expect_err("key-set", setkey(fd, K, sizeof(K)), 0);
		err = digest_on(fd, M, sizeof(M), 0, out, a->ds);
		check_digest("digest-keyed", err, out, a->m300, a->ds);
		expect_err("key-bad-after-good", setkey(fd, K, 0), EINVAL);
		op = op_sock(fd);
		expect_err("send-after-failed-setkey-enokey",
			   op < 0 ? op : sendm(op, M, 16, 0), ENOKEY);
		if (op >= 0)
			close(op);
		expect_err("key-again", setkey(fd, K, sizeof(K)), 0);
	}
	/* setkey on an accept()ed socket, and on a parent with children */
	op = op_sock(fd);
	if (op < 0) {
		report(0, "accept", "%s", strerror(-op));
		close(fd);
		return;
	}
	expect_err("key-on-op-socket-eopnotsupp", setkey(op, K, 16),
		   EOPNOTSUPP);
	if (a->kind) {
		op2 = op_sock(fd);
		expect_err("key-parent-with-children-ebusy",
			   setkey(fd, K, sizeof(K)), EBUSY);
		if (op2 >= 0)
			close(op2);
	}
	close(op);
	close(fd);
}

static void hash_messages(const char *drv, const struct hash_kat *a)
{
	static const size_t pieces[] = { 1, 7, 64, 72, 84, 104, 135, 136, 137,
					 168, 299 };
	unsigned char out[128], full[64];
	char what[64];
	int fd, op, op2, op3, err, fl;
	ssize_t n;
	size_t i;

	fd = keyed_tfm(drv, a);
	if (fd < 0) {
		report(0, "tfm", "%s", strerror(-fd));
		return;
	}
	/* empty messages, three ways */
	op = op_sock(fd);
	n = recvf(op, out, a->ds, &fl);
	check_digest("empty-recv-only", n == a->ds ? 0 : -EIO, out, a->empty,
		     a->ds);
	close(op);
	err = digest_on(fd, M, 0, 0, out, a->ds);
	check_digest("empty-send", err, out, a->empty, a->ds);
	op = op_sock(fd);
	err = sendm(op, M, 0, 1);
	if (!err)
		err = sendm(op, M, 0, 1);
	n = recvf(op, out, a->ds, &fl);
	check_digest("empty-msg-more", err ? err : n == a->ds ? 0 : -EIO,
		     out, a->empty, a->ds);
	close(op);

	/* one shot and MSG_MORE pieces around every rate */
	err = digest_on(fd, M, sizeof(M), 0, full, a->ds);
	check_digest("m300", err, full, a->m300, a->ds);
	for (i = 0; i < sizeof(pieces) / sizeof(pieces[0]); i++) {
		snprintf(what, sizeof(what), "msg-more-pieces-%zu", pieces[i]);
		err = digest_on(fd, M, sizeof(M), pieces[i], out, a->ds);
		check_digest(what, err, out, a->m300, a->ds);
	}
	/* MSG_MORE on the last piece too: recv finalizes */
	op = op_sock(fd);
	err = sendm(op, M, 100, 1);
	if (!err)
		err = sendm(op, M + 100, 200, 1);
	n = recvf(op, out, a->ds, &fl);
	check_digest("msg-more-then-recv", err ? err : n == a->ds ? 0 : -EIO,
		     out, a->m300, a->ds);
	close(op);

	/* short and long recv buffers */
	op = op_sock(fd);
	sendm(op, M, sizeof(M), 0);
	n = recvf(op, out, a->ds - 1, &fl);
	report(n == a->ds - 1 && (fl & MSG_TRUNC) && same(out, a->m300, n),
	       "recv-short-msg-trunc", "n %zd flags %#x", n, fl);
	close(op);
	op = op_sock(fd);
	sendm(op, M, sizeof(M), 0);
	n = recvf(op, out, 1, &fl);
	report(n == 1 && (fl & MSG_TRUNC) && same(out, a->m300, 1),
	       "recv-1-msg-trunc", "n %zd flags %#x", n, fl);
	close(op);
	op = op_sock(fd);
	sendm(op, M, sizeof(M), 0);
	n = recvf(op, out, sizeof(out), &fl);
	report(n == a->ds && !(fl & MSG_TRUNC) && same(out, a->m300, n),
	       "recv-long-no-trunc", "n %zd flags %#x", n, fl);
	close(op);

	/* accept() clones carry the state; the original goes on unchanged */
	op = op_sock(fd);
	err = sendm(op, M, 150, 1);
	op2 = op_sock(op);
	op3 = op2 >= 0 ? op_sock(op2) : -1;
	if (err || op2 < 0 || op3 < 0) {
		report(0, "clone", "err %d op2 %d op3 %d", err, op2, op3);
	} else {
		err = sendm(op2, M + 150, 150, 0);
		n = recvf(op2, out, a->ds, &fl);
		check_digest("clone-finishes", err ? err : n == a->ds ? 0 : -EIO,
			     out, a->m300, a->ds);
		err = sendm(op3, M + 150, 150, 0);
		n = recvf(op3, out, a->ds, &fl);
		check_digest("clone-of-clone", err ? err : n == a->ds ? 0 : -EIO,
			     out, a->m300, a->ds);
		err = sendm(op, M + 150, 150, 0);
		n = recvf(op, out, a->ds, &fl);
		check_digest("clone-original", err ? err : n == a->ds ? 0 : -EIO,
			     out, a->m300, a->ds);
	}
	if (op3 >= 0)
		close(op3);
	if (op2 >= 0)
		close(op2);
	close(op);
	/* clone of an idle op socket starts fresh */
	op = op_sock(fd);
	op2 = op_sock(op);
	close(op);
	err = op2 < 0 ? op2 : sendm(op2, M, sizeof(M), 0);
	n = err ? -1 : recvf(op2, out, a->ds, &fl);
	check_digest("clone-idle", err ? err : n == a->ds ? 0 : -EIO, out,
		     a->m300, a->ds);
	if (op2 >= 0)
		close(op2);

	/* closing in the middle: op with pending data; parent closed first */
	op = op_sock(fd);
	sendm(op, M, 150, 1);
	close(op);
	report(1, "close-mid-op", "");
	op = op_sock(fd);
	err = sendm(op, M, 150, 1);
	op2 = op_sock(op);
	close(fd);
	if (!err)
		err = sendm(op, M + 150, 150, 0);
	n = recvf(op, out, a->ds, &fl);
	check_digest("parent-closed-mid-op", err ? err : n == a->ds ? 0 : -EIO,
		     out, a->m300, a->ds);
	close(op);
	err = op2 < 0 ? op2 : sendm(op2, M + 150, 150, 0);
	n = err ? -1 : recvf(op2, out, a->ds, &fl);
	check_digest("clone-outlives-all", err ? err : n == a->ds ? 0 : -EIO,
		     out, a->m300, a->ds);
	if (op2 >= 0)
		close(op2);
}

/*
 * 16 MiB through one hash operation with MSG_MORE: far past the socket's
 * buffer and every page-sized step.
 */
static void hash_stream(const char *drv, const struct hash_kat *a)
{
	static unsigned char blk[65536];
	unsigned char out[64];
	unsigned int j, i;
	int fd, op, err = 0, fl;

	for (i = 8; i < sizeof(blk); i++)
		blk[i] = (unsigned char)(i * 31 + 7);
	fd = tfm_sock("hash", drv);
	op = fd < 0 ? fd : op_sock(fd);
	if (op < 0) {
		report(0, "stream-16MiB", "%s", strerror(-op));
		return;
	}
	for (j = 0; j < 256 && !err; j++) {
		for (i = 0; i < 8; i++)
			blk[i] = (unsigned char)((unsigned long long)j >> (8 * i));
		err = sendm(op, blk, sizeof(blk), 1);
	}
	if (!err && recvf(op, out, a->ds, &fl) != a->ds)
		err = -EIO;
	check_digest("stream-16MiB", err, out, a->stream, a->ds);
	close(op);
	close(fd);
}

static void hash_main(const char *drv)
{
	const struct hash_kat *a = hash_kat_of(drv);

	cur = drv;
	if (!a) {
		report(0, "known", "no expected values for this driver");
		return;
	}
	hash_keys(drv, a);
	hash_messages(drv, a);
	if (a->stream)
		hash_stream(drv, a);
	/* bad binds */
	expect_err("bind-unknown-enoent", tfm_sock("hash", "nobs-no-such"),
		   ENOENT);
	expect_err("bind-as-rng-enoent", tfm_sock("rng", drv), ENOENT);
}

/* ---- rng ---------------------------------------------------------------- */

static void rng_main(const char *drv)
{
	unsigned char seed[96], out[4096], a1[96], a2[96];
	int fd, op, op2, fl;
	ssize_t n, n2;
	unsigned int i;

	cur = drv;
	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (unsigned char)i;
	fd = tfm_sock("rng", drv);
	if (fd < 0) {
		report(0, "bind", "%s", strerror(-fd));
		return;
	}
	report(1, "bind", "");
	expect_err("seed-47-einval", setkey(fd, seed, 47), EINVAL);
	expect_err("seed-97-einval", setkey(fd, seed, 97), EINVAL);
	expect_err("seed-4096-einval", setkey(fd, big, 4096), EINVAL);
	expect_err("seed-1MiB-enomem", setkey(fd, big, sizeof(big)), ENOMEM);
	expect_err("seed-efault", setkey(fd, (void *)8, 48), EFAULT);
	expect_err("seed-0-random", setkey(fd, seed, 0), 0);
	expect_err("seed-96", setkey(fd, seed, 96), 0);
	expect_err("seed-48", setkey(fd, seed, 48), 0);
	op = op_sock(fd);
	n = recvf(op, out, 48, &fl);
	report(n == 48 && same(out, pqc_seed0, 48), "pqc-kat-first-48",
	       "n %zd", n);
	n = recvf(op, out, 0, &fl);
	report(n == 0, "recv-0", "n %zd", n);
	n = recvf(op, out, 1, &fl);
	report(n == 1, "recv-1", "n %zd", n);
	n = recvf(op, out, 129, &fl);
	report(n == 128, "recv-129-capped-128", "n %zd", n);
	n = recvf(op, out, sizeof(out), &fl);
	report(n == 128, "recv-4096-capped-128", "n %zd", n);
	expect_err("send-eopnotsupp", sendm(op, seed, 16, 0), EOPNOTSUPP);
	expect_err("seed-on-op-socket-eopnotsupp", setkey(op, seed, 48),
		   EOPNOTSUPP);
	/* Two children share the parent's DRBG: one stream, interleaved. */
	op2 = op_sock(fd);
	expect_err("seed-parent-with-children-ebusy", setkey(fd, seed, 48),
		   EBUSY);
	close(op);
	close(op2);
	setkey(fd, seed, 48);
	op = op_sock(fd);
	op2 = op_sock(fd);
	n = recvf(op, a1, 48, &fl);
	n2 = recvf(op2, a1 + 48, 48, &fl);
	close(op);
	close(op2);
	setkey(fd, seed, 48);
	op = op_sock(fd);
	recvf(op, a2, 48, &fl);
	recvf(op, a2 + 48, 48, &fl);
	report(n == 48 && n2 == 48 && !memcmp(a1, a2, 96) &&
	       same(a1, pqc_seed0, 48), "children-share-one-stream",
	       "n %zd/%zd", n, n2);
	/* Parent closed while a child reads on. */
	close(fd);
	n = recvf(op, out, 64, &fl);
	report(n == 64, "parent-closed-child-reads", "n %zd", n);
	close(op);
	/* Two unseeded transforms draw from get_random_bytes(): differ. */
	fd = tfm_sock("rng", drv);
	op = fd < 0 ? fd : op_sock(fd);
	n = op < 0 ? op : recvf(op, a1, 32, &fl);
	if (op >= 0)
		close(op);
	if (fd >= 0)
		close(fd);
	fd = tfm_sock("rng", drv);
	op = fd < 0 ? fd : op_sock(fd);
	n2 = op < 0 ? op : recvf(op, a2, 32, &fl);
	report(n == 32 && n2 == 32 && memcmp(a1, a2, 32), "unseeded-differ",
	       "n %zd/%zd", n, n2);
	if (op >= 0)
		close(op);
	if (fd >= 0)
		close(fd);
	expect_err("bind-as-hash-enoent", tfm_sock("hash", drv), ENOENT);
}

/* ---- thousands of sockets ----------------------------------------------- */

static void many(const char *type, const char *drv, unsigned int n)
{
	struct rlimit rl = { 2 * n + 64, 2 * n + 64 };
	unsigned char out[128];
	const struct hash_kat *a = hash_kat_of(drv);
	int *fds = calloc(2 * n, sizeof(int)), err = 0, fl;
	unsigned int i, opened = 0, bad = 0;
	char what[64];

	cur = drv;
	snprintf(what, sizeof(what), "sockets-%u", 2 * n);
	if (!fds || setrlimit(RLIMIT_NOFILE, &rl)) {
		report(0, what, "setrlimit: %s", strerror(errno));
		free(fds);
		return;
	}
	for (i = 0; i < n && !err; i++) {
		fds[2 * i] = tfm_sock(type, drv);
		fds[2 * i + 1] = fds[2 * i] < 0 ? -1 : op_sock(fds[2 * i]);
		if (fds[2 * i] < 0 || fds[2 * i + 1] < 0)
			err = fds[2 * i] < 0 ? fds[2 * i] : fds[2 * i + 1];
		else
			opened++;
	}
	/* every op socket works while all are open */
	for (i = 0; i < opened; i++) {
		int op = fds[2 * i + 1];

		if (a) {
			if (sendm(op, M, sizeof(M), 0) ||
			    recvf(op, out, a->ds, &fl) != a->ds ||
			    !same(out, a->m300, a->ds))
				bad++;
		} else if (recvf(op, out, 16, &fl) != 16) {
			bad++;
		}
	}
	for (i = 0; i < 2 * n; i++)
		if (i < 2 * opened)
			close(fds[i]);
	free(fds);
	report(!err && !bad, what, "opened %u pairs, error %d, %u bad results",
	       opened, err, bad);
}

int main(int argc, char **argv)
{
	int i;

	for (i = 0; i < (int)sizeof(M); i++)
		M[i] = (unsigned char)(i * 13 + 7);
	for (i = 0; i < (int)sizeof(K); i++)
		K[i] = (unsigned char)(0x40 + i);
	memset(big, 0x42, sizeof(big));
	if (argc >= 3 && !strcmp(argv[1], "hash")) {
		for (i = 2; i < argc; i++)
			hash_main(argv[i]);
	} else if (argc == 3 && !strcmp(argv[1], "rng")) {
		rng_main(argv[2]);
	} else if (argc == 4 && !strcmp(argv[1], "many")) {
		many(strncmp(argv[2], "nobs_ctr_drbg", 13) ? "hash" : "rng",
		     argv[2], (unsigned int)atoi(argv[3]));
	} else {
		fprintf(stderr, "usage: abuse hash DRIVER... | rng DRIVER | many DRIVER N\n");
		return 2;
	}
	printf("cases %u %u\n", cases, failed);
	return failed ? 1 : 0;
}
