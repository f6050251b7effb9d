// SPDX-License-Identifier: GPL-2.0
/*
 * kpp_alg: protocol checks of the AF_ALG socket type "kpp" (nobs.ko) in the
 * test guest.  Each command prints "ok ..." and exits 0, or prints what
 * went wrong and exits 1.
 *
 *   kpp_alg errors        every documented errno: unknown algorithm, bad
 *                         keys, missing key, bad ops, bad lengths, invalid
 *                         public keys, setkey while busy
 *   kpp_alg foreign [NAME...]
 *                         the kernel's other kpps (and each NAME) are refused at bind
 *                         (ENOENT), before any of their key parsers sees a
 *                         byte: for each, a key whose kpp_secret header
 *                         claims more bytes than are sent (dh: 529 bytes
 *                         claiming 1041, g never sent; ffdhe*: 17 claiming
 *                         272; ecdh-*: 7 claiming 38) is what would follow
 *   kpp_alg csidh-ss PR PK2 SS
 *                         csidh512 private key PR and the peer's public key
 *                         PK2 give the shared secret SS, with the peer key
 *                         sent in two pieces (MSG_MORE) and by vmsplice/splice
 *   kpp_alg csidh-kat PR PK
 *                         csidh512 private key PR (hex) gives public key PK
 *                         on KAT_OPS (4) op sockets of one parent, run at once by 4
 *                         processes
 *   kpp_alg stress N I    N processes, each I exchanges between two
 *                         random keys on its own sockets, the even ones
 *                         csidh512, the odd ones ctidh511 (two sets'
 *                         requests at once; ctidh511's take a third of
 *                         csidh512's time): the two secrets agree every time
 *   kpp_alg unload        with a kpp socket open, nobs cannot be removed
 *   kpp_alg busy PR PK    while one process's recv() runs a csidh512
 *                         keygen on an op socket, another's send() and
 *                         recv() on the same socket get EBUSY at once
 *                         (no wait on the socket lock); the keygen's
 *                         result is Pk1
 *                         (delete_module fails), and the socket still works
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <linux/if_alg.h>
#include <uapi/nobs/if_alg_kpp.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/*
 * csidh-kat's op sockets: twice the guests' two CPUs, so that requests
 * wait for a CPU while others run (each is a group action, over a second
 * under QEMU/TCG).
 */
#define KAT_OPS 4

static int failed;

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		printf("FAIL %s:%d: ", __func__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
		failed = 1;						\
	}								\
} while (0)

/* Expect a call returning -1 with errno E. */
#define EXPECT_ERR(call, e, what) do {					\
	errno = 0;							\
	long r_ = (long)(call);						\
	CHECK(r_ < 0 && errno == (e), "%s: got %ld errno %d (%s), want %s", \
	      what, r_, errno, strerror(errno), strerror(e));		\
} while (0)

static int hex2bin(const char *h, uint8_t *b, size_t max)
{
	size_t n = 0;

	while (h[0] && h[1] && n < max) {
		unsigned int v;

		if (sscanf(h, "%2x", &v) != 1)
			return -1;
		b[n++] = v;
		h += 2;
	}
	return *h ? -1 : (int)n;
}

static int kbind(const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int s = socket(AF_ALG, SOCK_SEQPACKET, 0);

	if (s < 0)
		return -1;
	strcpy((char *)sa.salg_type, "kpp");
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa))) {
		int e = errno;

		close(s);
		errno = e;
		return -1;
	}
	return s;
}

static int setkey(int s, const void *k, int len)
{
	return setsockopt(s, SOL_ALG, ALG_SET_KEY, k, len);
}

/* sendmsg with an optional ALG_SET_OP (op < 0: none) and optional IV. */
static ssize_t send_op(int s, int op, const void *data, size_t len,
		       int flags, int ivlen)
{
	char cbuf[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16)];
	struct iovec iov = { (void *)data, len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;
	size_t clen = 0;

	memset(cbuf, 0, sizeof(cbuf));
	msg.msg_control = cbuf;
	msg.msg_controllen = sizeof(cbuf);
	c = CMSG_FIRSTHDR(&msg);
	if (op >= 0) {
		uint32_t o = op;

		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_OP;
		c->cmsg_len = CMSG_LEN(4);
		memcpy(CMSG_DATA(c), &o, 4);
		clen += CMSG_SPACE(4);
		c = CMSG_NXTHDR(&msg, c);
	}
	if (ivlen >= 0) {
		struct af_alg_iv iv = { .ivlen = ivlen };

		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(iv) + ivlen);
		memcpy(CMSG_DATA(c), &iv, sizeof(iv));
		clen += CMSG_SPACE(sizeof(iv) + ivlen);
	}
	msg.msg_controllen = clen;
	if (!clen)
		msg.msg_control = NULL;
	return sendmsg(s, &msg, flags);
}

/* One request on a fresh op socket; returns the result length or -errno. */
static int run(int tfm, int op, const void *in, size_t inlen, uint8_t *out,
	       size_t outlen)
{
	int s = accept(tfm, NULL, 0), n;

	if (s < 0)
		return -errno;
	if (send_op(s, op, in, inlen, 0, -1) != (ssize_t)inlen) {
		n = -errno;
		close(s);
		return n;
	}
	n = read(s, out, outlen);
	if (n < 0)
		n = -errno;
	close(s);
	return n;
}

/* A socket of kpp @alg with a fresh random key (setkey of length 0). */
static int kpp_random(const char *alg)
{
	int s = kbind(alg), r;

	if (s < 0)
		return -1;
	r = setkey(s, NULL, 0);
	CHECK(r == 64, "%s random setkey returned %d (%s)", alg, r, strerror(errno));
	return s;
}

static int cmd_errors(void)
{
	uint8_t big[128], out[128], csk[37];
	int s, op, r;

	/* Unknown algorithm, and a name that is not a kpp. */
	EXPECT_ERR(kbind("no-such-kpp"), ENOENT, "bind unknown");
	EXPECT_ERR(kbind("sha256"), ENOENT, "bind a hash");

	/* csidh512 keys: wrong lengths, out-of-range exponent, missing key. */
	s = kbind("csidh512");
	CHECK(s >= 0, "bind csidh512: %s", strerror(errno));
	if (s < 0)
		return 1;
	memset(csk, 0, sizeof(csk));
	EXPECT_ERR(accept(s, NULL, 0), ENOKEY, "accept without key");
	EXPECT_ERR(setkey(s, csk, 36), EINVAL, "setkey 36 bytes");
	EXPECT_ERR(setkey(s, csk, 38), EINVAL, "setkey 38 bytes");
	csk[5] = 0x60;	/* exponent 10 = 6 */
	EXPECT_ERR(setkey(s, csk, 37), EINVAL, "setkey exponent 6");
	EXPECT_ERR(accept(s, NULL, 0), ENOKEY, "accept after a refused key");
	csk[5] = 0x50;
	r = setkey(s, csk, 37);
	CHECK(r == 64, "setkey 37 bytes returned %d (%s)", r, strerror(errno));
	/* Ops and lengths (all refused before any group action). */
	op = accept(s, NULL, 0);
	CHECK(op >= 0, "accept: %s", strerror(errno));
	EXPECT_ERR(setkey(s, csk, 37), EBUSY, "setkey with an op socket open");
	EXPECT_ERR(read(op, out, 64), EINVAL, "recv without a request");
	EXPECT_ERR(send_op(op, -1, big, 64, 0, -1), EINVAL, "data without op");
	EXPECT_ERR(send_op(op, ALG_OP_ENCRYPT, NULL, 0, 0, -1), EINVAL, "op encrypt");
	EXPECT_ERR(send_op(op, 6, NULL, 0, 0, -1), EINVAL, "op 6");
	EXPECT_ERR(send_op(op, ALG_OP_KEYGEN, big, 64, 0, -1), EINVAL, "keygen with data");
	EXPECT_ERR(send_op(op, ALG_OP_KEYGEN, NULL, 0, 0, 16), EINVAL, "a 16-byte IV");
	EXPECT_ERR(send_op(op, ALG_OP_SSGEN, big, 65, 0, -1), EMSGSIZE, "ssgen 65 bytes");
	CHECK(send_op(op, ALG_OP_SSGEN, big, 40, MSG_MORE, -1) == 40, "ssgen 40 more");
	EXPECT_ERR(send_op(op, -1, big, 40, 0, -1), EMSGSIZE, "ssgen 40+40 bytes");
	EXPECT_ERR(read(op, out, 64), EINVAL, "recv after a dropped request");
	CHECK(send_op(op, ALG_OP_SSGEN, big, 63, 0, -1) == 63, "ssgen 63");
	EXPECT_ERR(read(op, out, 63), EMSGSIZE, "recv into 63 bytes");
	EXPECT_ERR(read(op, out, 64), EINVAL, "ssgen with 63 bytes");
	memset(big, 0xff, 64);	/* A >= p */
	CHECK(send_op(op, ALG_OP_SSGEN, big, 64, 0, -1) == 64, "ssgen ff..ff");
	EXPECT_ERR(read(op, out, 64), EINVAL, "ssgen with A >= p");
	EXPECT_ERR(send_op(op, -1, big, 1, 0, -1), EINVAL, "data after a consumed request");
	CHECK(send_op(op, ALG_OP_KEYGEN, NULL, 0, 0, 0) == 0, "keygen with an empty IV");
	close(op);
	close(s);

	if (!failed)
		printf("ok errors\n");
	return failed;
}

/*
 * A csidh512 socket with private key PR (hex), and PK (hex) into @pk: the
 * socket, or -1 (said).
 */
static int csidh_parent(const char *prh, const char *pkh, uint8_t pk[64])
{
	uint8_t pr[37];
	int s;

	if (hex2bin(prh, pr, 37) != 37 || hex2bin(pkh, pk, 64) != 64) {
		printf("FAIL bad hex arguments\n");
		return -1;
	}
	s = kbind("csidh512");
	CHECK(s >= 0 && setkey(s, pr, 37) == 64, "csidh512 setkey: %s", strerror(errno));
	return failed ? -1 : s;
}

static int cmd_csidh_kat(const char *prh, const char *pkh)
{
	uint8_t pk[64], out[64];
	int s, i, ops[KAT_OPS], st, bad = 0;

	s = csidh_parent(prh, pkh, pk);
	if (s < 0)
		return 1;
	for (i = 0; i < KAT_OPS; i++)
		ops[i] = accept(s, NULL, 0);
	for (i = 0; i < KAT_OPS; i++) {
		if (fork() == 0) {
			int r = -1;

			if (send_op(ops[i], ALG_OP_KEYGEN, NULL, 0, 0, -1) == 0)
				r = read(ops[i], out, 64);
			_exit(r == 64 && !memcmp(out, pk, 64) ? 0 : 1);
		}
	}
	for (i = 0; i < KAT_OPS; i++) {
		wait(&st);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			bad++;
	}
	CHECK(!bad, "%d of %d concurrent keygens wrong", bad, KAT_OPS);
	if (!failed)
		printf("ok csidh-kat: %d concurrent keygens on one key = Pk1\n", KAT_OPS);
	return failed;
}

/* struct kpp_secret { u16 type; u16 len; } (include/crypto/kpp.h) */
#define KPP_SECRET_DH	1
#define KPP_SECRET_ECDH	2

/*
 * A kpp_secret header claiming @claimed bytes in all, followed by what the
 * sizes say, of which only @sent bytes in all are written to @k.  dh:
 * u32 key_size, p_size, g_size; ecdh: u16 key_size.
 */
static int claiming(uint8_t *k, uint16_t type, uint16_t claimed,
		    const uint32_t *sizes, int nsizes, int sent)
{
	uint16_t hdr[2] = { type, claimed };
	int off = 4, i;

	memset(k, 0, sent);
	memcpy(k, hdr, 4);
	for (i = 0; i < nsizes; i++) {
		if (type == KPP_SECRET_ECDH) {
			uint16_t v = sizes[i];

			memcpy(k + off, &v, 2);
			off += 2;
		} else {
			memcpy(k + off, &sizes[i], 4);
			off += 4;
		}
	}
	if (sent > off)
		k[off] = 1;		/* the private value x = 1 */
	if (sent > off + 1)
		memset(k + off + 1, 0xff, sent - off - 1);	/* p = 2^4096 - 1 */
	return sent;
}

/*
 * A bind to @name must fail with ENOENT.  Where it does not, the key a
 * user could then send (@k, @n bytes) is set and a keygen tried, and that
 * is reported.
 */
static void foreign_one(const char *name, const uint8_t *k, int n, unsigned int claimed)
{
	static uint8_t out[1100];
	int s = kbind(name), r, e;

	if (s < 0) {
		CHECK(errno == ENOENT, "bind %s: %s, want ENOENT", name, strerror(errno));
		return;
	}
	r = setkey(s, k, n);
	e = errno;
	if (r >= 0)
		r = run(s, ALG_OP_KEYGEN, NULL, 0, out, sizeof(out));
	CHECK(0, "bind %s succeeded; a %d-byte key claiming %u bytes: setkey %s%s",
	      name, n, claimed, r >= 0 ? "accepted, keygen " : strerror(e),
	      r >= 0 ? (r > 0 ? "answered" : strerror(-r)) : "");
	close(s);
}

/*
 * The kernel's kpps of the list below, and every name given (those of
 * /proc/crypto that are not nobs's), each with the over-claiming key of
 * its format (a name with "ecdh" or "curve" in it: ecdh's, else dh's).
 */
static int cmd_foreign(int argc, char **argv)
{
	static const uint32_t dh[3] = { 1, 512, 512 }, ffdhe[3] = { 256, 0, 0 };
	static const uint32_t p256[1] = { 32 }, p384[1] = { 48 }, p192[1] = { 24 };
	static const struct {
		const char *name;
		uint16_t type, claimed;
		const uint32_t *sizes;
		int nsizes, sent;
	} f[] = {
		{ "dh", KPP_SECRET_DH, 16 + 1 + 512 + 512, dh, 3, 16 + 1 + 512 },
		{ "dh-generic", KPP_SECRET_DH, 16 + 1 + 512 + 512, dh, 3, 16 + 1 + 512 },
		{ "ffdhe2048(dh)", KPP_SECRET_DH, 16 + 256, ffdhe, 3, 17 },
		{ "ffdhe3072(dh)", KPP_SECRET_DH, 16 + 256, ffdhe, 3, 17 },
		{ "ffdhe4096(dh)", KPP_SECRET_DH, 16 + 256, ffdhe, 3, 17 },
		{ "ffdhe6144(dh)", KPP_SECRET_DH, 16 + 256, ffdhe, 3, 17 },
		{ "ffdhe8192(dh)", KPP_SECRET_DH, 16 + 256, ffdhe, 3, 17 },
		{ "ecdh-nist-p256", KPP_SECRET_ECDH, 6 + 32, p256, 1, 7 },
		{ "ecdh-nist-p256-generic", KPP_SECRET_ECDH, 6 + 32, p256, 1, 7 },
		{ "ecdh-nist-p384", KPP_SECRET_ECDH, 6 + 48, p384, 1, 7 },
		{ "ecdh-nist-p192", KPP_SECRET_ECDH, 6 + 24, p192, 1, 7 },
		{ "curve25519", KPP_SECRET_ECDH, 6 + 32, p256, 1, 7 },
		{ "curve25519-generic", KPP_SECRET_ECDH, 6 + 32, p256, 1, 7 },
	};
	uint8_t dhk[1100], ecdhk[8];
	int i, ndh, necdh;

	for (i = 0; i < (int)(sizeof(f) / sizeof(f[0])); i++) {
		uint8_t key[1100];
		int n = claiming(key, f[i].type, f[i].claimed, f[i].sizes,
				 f[i].nsizes, f[i].sent);

		foreign_one(f[i].name, key, n, f[i].claimed);
	}
	ndh = claiming(dhk, KPP_SECRET_DH, 16 + 1 + 512 + 512, dh, 3, 16 + 1 + 512);
	necdh = claiming(ecdhk, KPP_SECRET_ECDH, 6 + 32, p256, 1, 7);
	for (i = 0; i < argc; i++) {
		if (strstr(argv[i], "ecdh") || strstr(argv[i], "curve"))
			foreign_one(argv[i], ecdhk, necdh, 6 + 32);
		else
			foreign_one(argv[i], dhk, ndh, 16 + 1 + 512 + 512);
	}
	if (!failed)
		printf("ok foreign: %d names of the kernel's kpps refused at bind (ENOENT)\n",
		       (int)(sizeof(f) / sizeof(f[0])) + argc);
	return failed;
}

/*
 * The shared secret of private key PR and peer key PK2 (hex) must be SS
 * (hex), with the peer key in two pieces and by vmsplice/splice (libkcapi's
 * path: the op with MSG_MORE, then the data spliced).
 */
static int cmd_csidh_ss(const char *prh, const char *pk2h, const char *ssh)
{
	uint8_t pr[37], pk2[64], want[64], out[128];
	struct iovec iov;
	int s, op, r, p[2];

	if (hex2bin(prh, pr, 37) != 37 || hex2bin(pk2h, pk2, 64) != 64 ||
	    hex2bin(ssh, want, 64) != 64) {
		printf("FAIL bad hex arguments\n");
		return 1;
	}
	s = kbind("csidh512");
	CHECK(s >= 0 && setkey(s, pr, 37) == 64, "csidh512 setkey: %s", strerror(errno));
	if (failed)
		return 1;
	op = accept(s, NULL, 0);
	CHECK(op >= 0, "accept: %s", strerror(errno));
	CHECK(send_op(op, ALG_OP_SSGEN, pk2, 20, MSG_MORE, -1) == 20, "piece 1");
	CHECK(send_op(op, -1, pk2 + 20, 44, 0, -1) == 44, "piece 2");
	r = read(op, out, sizeof(out));
	CHECK(r == 64 && !memcmp(out, want, 64), "Ss from two pieces (%d)", r);

	CHECK(pipe(p) == 0, "pipe");
	CHECK(send_op(op, ALG_OP_SSGEN, NULL, 0, MSG_MORE, -1) == 0, "splice op");
	iov.iov_base = pk2;
	iov.iov_len = 64;
	CHECK(vmsplice(p[1], &iov, 1, SPLICE_F_GIFT) == 64, "vmsplice: %s", strerror(errno));
	r = splice(p[0], NULL, op, NULL, 64, 0);
	CHECK(r == 64, "splice: %d %s", r, strerror(errno));
	r = read(op, out, sizeof(out));
	CHECK(r == 64 && !memcmp(out, want, 64), "Ss by splice (%d %s)", r, strerror(errno));
	close(p[0]);
	close(p[1]);
	close(op);
	close(s);
	if (!failed)
		printf("ok csidh-ss: Ss from the peer key in two pieces and by splice\n");
	return failed;
}

static int stress_one(const char *alg, int iters)
{
	uint8_t pa[64], pb[64], sa[64], sb[64];
	int i;

	for (i = 0; i < iters; i++) {
		int a = kpp_random(alg), b = kpp_random(alg);

		if (a < 0 || b < 0 ||
		    run(a, ALG_OP_KEYGEN, NULL, 0, pa, 64) != 64 ||
		    run(b, ALG_OP_KEYGEN, NULL, 0, pb, 64) != 64 ||
		    run(a, ALG_OP_SSGEN, pb, 64, sa, 64) != 64 ||
		    run(b, ALG_OP_SSGEN, pa, 64, sb, 64) != 64 ||
		    memcmp(sa, sb, 64) || !memcmp(pa, pb, 64))
			return 1;
		close(a);
		close(b);
	}
	return 0;
}

static int cmd_stress(int n, int iters)
{
	int i, st, bad = 0;

	for (i = 0; i < n; i++)
		if (fork() == 0)
			_exit(stress_one(i % 2 ? "ctidh511" : "csidh512", iters));
	for (i = 0; i < n; i++) {
		wait(&st);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			bad++;
	}
	CHECK(!bad, "%d of %d processes saw a wrong exchange", bad, n);
	if (!failed)
		printf("ok stress: %d processes (csidh512, ctidh511) x %d exchanges\n", n, iters);
	return failed;
}

static int cmd_unload(void)
{
	uint8_t pa[64];
	int s = kpp_random("csidh512");
	long r;

	if (s < 0)
		return 1;
	errno = 0;
	r = syscall(SYS_delete_module, "nobs", O_NONBLOCK);
	CHECK(r < 0 && (errno == EWOULDBLOCK || errno == EBUSY),
	      "delete_module with a socket open: %ld errno %d", r, errno);
	CHECK(run(s, ALG_OP_KEYGEN, NULL, 0, pa, 64) == 64, "socket after the refused unload");
	close(s);
	if (!failed)
		printf("ok unload refused while a socket is open (%s)\n", strerror(EWOULDBLOCK));
	return failed;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static int readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) > 0;
}

static int cmd_busy(const char *prh, const char *pkh)
{
	uint8_t pk[64], out[64];
	int s, op, p[2], st, try;

	s = csidh_parent(prh, pkh, pk);
	if (s < 0)
		return 1;
	for (try = 0; try < 3; try++) {
		double t0, t1;
		long r1, r2;
		int e1, e2, early;
		char verdict = '0';

		op = accept(s, NULL, 0);
		CHECK(op >= 0 && send_op(op, ALG_OP_KEYGEN, NULL, 0, 0, -1) == 0,
		      "keygen request: %s", strerror(errno));
		if (failed || pipe(p))
			return 1;
		if (fork() == 0) {
			char ok = read(op, out, 64) == 64 && !memcmp(out, pk, 64) ? '1' : '0';

			_exit(write(p[1], &ok, 1) == 1 ? 0 : 1);
		}
		usleep(50000);
		early = readable(p[0]);
		t0 = now();
		errno = 0;
		r1 = send_op(op, ALG_OP_KEYGEN, NULL, 0, 0, -1);
		e1 = errno;
		errno = 0;
		r2 = read(op, out, 64);
		e2 = errno;
		t1 = now();
		wait(&st);
		if (read(p[0], &verdict, 1) != 1)
			verdict = '0';
		close(p[0]);
		close(p[1]);
		close(op);
		CHECK(verdict == '1', "the running keygen's result is not Pk1");
		if (early)
			continue;	/* it ended before the probes: again */
		CHECK(r1 < 0 && e1 == EBUSY, "send during the request: %ld (%s), want EBUSY", r1, strerror(e1));
		CHECK(r2 < 0 && e2 == EBUSY, "recv during the request: %ld (%s), want EBUSY", r2, strerror(e2));
		CHECK(t1 - t0 < 0.25, "the two calls took %.0f ms: they waited for the request", (t1 - t0) * 1e3);
		if (!failed)
			printf("ok busy: send and recv during a running keygen: EBUSY in %.1f ms\n",
			       (t1 - t0) * 1e3);
		close(s);
		return failed;
	}
	close(s);
	printf("SKIP the keygen ended within 50 ms three times: nothing to probe\n");
	return 77;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc == 2 && !strcmp(argv[1], "errors"))
		return cmd_errors();
	if (argc >= 2 && !strcmp(argv[1], "foreign"))
		return cmd_foreign(argc - 2, argv + 2);
	if (argc == 5 && !strcmp(argv[1], "csidh-ss"))
		return cmd_csidh_ss(argv[2], argv[3], argv[4]);
	if (argc == 4 && !strcmp(argv[1], "csidh-kat"))
		return cmd_csidh_kat(argv[2], argv[3]);
	if (argc == 4 && !strcmp(argv[1], "stress"))
		return cmd_stress(atoi(argv[2]), atoi(argv[3]));
	if (argc == 2 && !strcmp(argv[1], "unload"))
		return cmd_unload();
	if (argc == 4 && !strcmp(argv[1], "busy"))
		return cmd_busy(argv[2], argv[3]);
	fprintf(stderr, "usage: kpp_alg errors|foreign [NAME...]|csidh-ss PR PK2 SS|csidh-kat PR PK|stress N I|unload|busy PR PK\n");
	return 2;
}
