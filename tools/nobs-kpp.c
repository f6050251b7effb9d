// SPDX-License-Identifier: GPL-2.0
/*
 * nobs-kpp: key agreement from the command line through the AF_ALG socket
 * type "kpp" of nobs.ko (CSIDH-512, CSIDH-1024, CTIDH-511, CTIDH-512,
 * CTIDH-1024, CTIDH-2048).
 *
 *   nobs-kpp [-f] [-a ALG] keygen PRIV
 *   nobs-kpp [-f] pub PRIV [OUT]
 *   nobs-kpp [-f] derive PRIV PEER.pub [OUT]
 *
 * Files are two lines of text: "nobs-kpp ALG KIND" (KIND: private, public
 * or shared), then the key in lowercase hex.  keygen draws the private key
 * in user space from getrandom() (the kernel does not hand out private
 * keys); pub and derive give it to the kernel, which computes.
 *
 * Plain C and glibc (getrandom, explicit_bzero): builds with gcc alone.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <linux/if_alg.h>
#include <uapi/nobs/if_alg_kpp.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define EXIT_FAIL	1	/* the operation failed */
#define EXIT_USAGE	2	/* bad command line */
#define MAX_KEY		256	/* bytes, the largest key (ctidh2048 public) */
#define MAX_FILE	1024	/* bytes, the largest key file */
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const char *prog = "nobs-kpp";
static int force;

struct alg {
	const char *name;	/* kpp name, also in the files */
	size_t priv_len, pub_len, ss_len;
	int (*keygen)(uint8_t *priv);
};

static void die(int code, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

static void random_bytes(uint8_t *buf, size_t len)
{
	while (len) {
		ssize_t n = getrandom(buf, len, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die(EXIT_FAIL, "getrandom: %s", strerror(errno));
		buf += n;
		len -= n;
	}
}

/*
 * CSIDH: n exponents, each uniform in [-max, max] (a random nibble,
 * redrawn while it is above 2 max), packed as in the reference code:
 * exponent i is the signed nibble (int8_t)(k[i / 2] << ((i % 2) * 4)) >> 4.
 * CSIDH-512: 74 exponents in [-5, 5] (37 bytes); CSIDH-1024: 130 in
 * [-2, 2] (65 bytes).
 */
static void csidh_keygen(uint8_t *priv, int n, int max)
{
	uint8_t pool[64];
	size_t used = sizeof(pool) * 2;
	int i;

	memset(priv, 0, (n + 1) / 2);
	for (i = 0; i < n; i++) {
		int e;

		do {
			if (used == sizeof(pool) * 2) {
				random_bytes(pool, sizeof(pool));
				used = 0;
			}
			e = (pool[used / 2] >> ((used % 2) * 4)) & 0xf;
			used++;
		} while (e > 2 * max);
		e -= max;
		priv[i / 2] |= (uint8_t)((e & 0xf) << ((i % 2) ? 0 : 4));
	}
	explicit_bzero(pool, sizeof(pool));
}

static int csidh512_keygen(uint8_t *priv)
{
	csidh_keygen(priv, 74, 5);
	return 0;
}

static int csidh1024_keygen(uint8_t *priv)
{
	csidh_keygen(priv, 130, 2);
	return 0;
}

/* a uniform number in [0, n), n > 0 */
static uint32_t random_below(uint32_t n)
{
	uint32_t r, lim = UINT32_MAX - UINT32_MAX % n;

	do
		random_bytes((uint8_t *)&r, sizeof(r));
	while (r >= lim);
	return r % n;
}

/*
 * CTIDH: per batch of w primes and bound S, a uniform exponent vector of
 * L1 norm at most S (high-ctidh's method, random_boundedl1): w bars at
 * uniform distinct places among w + S slots; the stars before the first
 * bar are |e_0|, those between bar i and bar i + 1 are |e_i|, those after
 * bar w none: uniform over the magnitudes.  A vector with z zeros has
 * 2^(w - z) sign patterns, so the draw is kept with probability
 * 2^-(z - zmin), zmin = max(w - S, 0) the fewest zeros possible, and then
 * each non-zero gets a random sign.  One int8_t exponent a byte.
 * The batches: high-ctidh's primes<b>.c.  CTIDH-512: 74 primes in 14
 * batches; CTIDH-511: 74 in 15; CTIDH-1024: 130 in 23 (the last, bound
 * 0, always gives 0); CTIDH-2048: 231 in 24 (batches 21 and 23, bound 0,
 * always 0).
 */
static const uint8_t ctidh512_size[] = {
	2, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 6, 8, 1,
};
static const uint8_t ctidh512_bound[] = {
	10, 14, 16, 17, 17, 17, 18, 18, 18, 18, 18, 13, 13, 1,
};
static const uint8_t ctidh511_size[] = {
	2, 3, 4, 4, 5, 5, 5, 5, 5, 7, 7, 8, 7, 6, 1,
};
static const uint8_t ctidh511_bound[] = {
	6, 9, 11, 11, 12, 12, 12, 12, 12, 12, 12, 12, 8, 6, 1,
};
static const uint8_t ctidh1024_size[] = {
	2, 3, 5, 4, 6, 6, 6, 6, 6, 7, 7, 7, 6, 7, 7, 5, 6, 5, 10, 3, 10, 5, 1,
};
static const uint8_t ctidh1024_bound[] = {
	2, 4, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 5, 3, 6, 2, 6, 2, 0,
};
static const uint8_t ctidh2048_size[] = {
	9, 10, 8, 8, 7, 10, 12, 11, 10, 15, 10, 9, 8, 6, 10, 13, 10, 9, 12,
	13, 10, 10, 10, 1,
};
static const uint8_t ctidh2048_bound[] = {
	1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 0, 2, 0,
};

static void ctidh_batch(int8_t *e, int w, int S)
{
	uint8_t slot[64], bar[64];
	int i, n = w + S, k, z, zmin = w > S ? w - S : 0;
	uint8_t t;

	for (;;) {
		for (i = 0; i < n; i++) {
			slot[i] = (uint8_t)i;
			bar[i] = 0;
		}
		for (i = 0; i < w; i++) {
			k = i + (int)random_below((uint32_t)(n - i));
			t = slot[i];
			slot[i] = slot[k];
			slot[k] = t;
			bar[slot[i]] = 1;
		}
		memset(e, 0, w);
		for (i = 0, k = 0; i < n && k < w; i++) {
			if (bar[i])
				k++;
			else
				e[k]++;
		}
		for (i = 0, z = 0; i < w; i++)
			z += !e[i];
		for (k = 0; k < z - zmin; k++)
			if (random_below(2))
				break;
		if (k < z - zmin)
			continue;
		for (i = 0; i < w; i++)
			if (random_below(2))
				e[i] = (int8_t)-e[i];
		break;
	}
	explicit_bzero(slot, sizeof(slot));
	explicit_bzero(bar, sizeof(bar));
}

static void ctidh_keygen(uint8_t *priv, const uint8_t *size,
			 const uint8_t *bound, size_t batches)
{
	size_t b;
	int lo = 0;

	for (b = 0; b < batches; b++) {
		ctidh_batch((int8_t *)priv + lo, size[b], bound[b]);
		lo += size[b];
	}
}

/* One function a set: struct alg's keygen takes the key alone. */
#define CTIDH_KEYGEN(set)						\
static int set##_keygen(uint8_t *priv)					\
{									\
	ctidh_keygen(priv, set##_size, set##_bound,			\
		     ARRAY_SIZE(set##_size));				\
	return 0;							\
}
CTIDH_KEYGEN(ctidh512)
CTIDH_KEYGEN(ctidh511)
CTIDH_KEYGEN(ctidh1024)
CTIDH_KEYGEN(ctidh2048)

static const struct alg algs[] = {
	/* the private keys go to ALG_SET_KEY as they are in the files */
	{ "csidh512", 37, 64, 64, csidh512_keygen },
	{ "csidh1024", 65, 128, 128, csidh1024_keygen },
	{ "ctidh512", 74, 64, 64, ctidh512_keygen },
	{ "ctidh511", 74, 64, 64, ctidh511_keygen },
	{ "ctidh1024", 130, 128, 128, ctidh1024_keygen },
	{ "ctidh2048", 231, 256, 256, ctidh2048_keygen },
};

static const struct alg *find_alg(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(algs); i++)
		if (!strcmp(algs[i].name, name))
			return &algs[i];
	return NULL;
}

/* AF_ALG ---------------------------------------------------------------- */

static int kpp_bind(const char *alg)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int s;

	s = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (s < 0)
		die(EXIT_FAIL, "cannot open an AF_ALG socket: %s%s",
		    strerror(errno),
		    errno == EAFNOSUPPORT ? " (load af_alg: modprobe af_alg)" : "");
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "kpp");
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", alg);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)))
		die(EXIT_FAIL, "cannot bind an AF_ALG \"kpp\" socket to %s: %s%s",
		    alg, strerror(errno),
		    errno == ENOENT ? " (no such kpp, or no AF_ALG type \"kpp\": is nobs.ko loaded?)" : "");
	return s;
}

static void kpp_setkey(int tfm, const char *alg, const uint8_t *key,
		       int len, const char *what)
{
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, len) < 0)
		die(EXIT_FAIL, "%s: the kernel refused the %s: %s", alg, what,
		    strerror(errno));
}

/* One request on a fresh op socket; returns the result's length. */
static size_t kpp_run(int tfm, int op, const uint8_t *in, size_t inlen,
		      uint8_t *out, size_t outlen, const char *alg,
		      const char *what)
{
	char cbuf[CMSG_SPACE(sizeof(uint32_t))] = { 0 };
	struct iovec iov = { (void *)in, inlen };
	struct msghdr msg = {
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
		.msg_iov = &iov, .msg_iovlen = 1,
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	ssize_t n;
	int s;

	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(c), &(uint32_t){ op }, sizeof(uint32_t));
	s = accept(tfm, NULL, 0);
	if (s < 0)
		die(EXIT_FAIL, "%s: accept: %s", alg, strerror(errno));
	if (sendmsg(s, &msg, 0) != (ssize_t)inlen)
		die(EXIT_FAIL, "%s: %s: sendmsg: %s", alg, what,
		    strerror(errno));
	n = read(s, out, outlen);
	if (n < 0)
		die(EXIT_FAIL, "%s: %s: %s", alg, what, strerror(errno));
	close(s);
	return n;
}

/* Files --------------------------------------------------------------- */

static void write_file(const char *path, const char *alg, const char *kind,
		       const uint8_t *key, size_t len, mode_t mode)
{
	char buf[MAX_FILE];
	int fd, created = 0, n;
	size_t i, off;

	off = snprintf(buf, sizeof(buf), "nobs-kpp %s %s\n", alg, kind);
	for (i = 0; i < len; i++)
		off += snprintf(buf + off, sizeof(buf) - off, "%02x", key[i]);
	buf[off++] = '\n';

	if (!path || !strcmp(path, "-")) {
		fd = STDOUT_FILENO;
	} else {
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW |
			  (force ? O_TRUNC : O_EXCL), mode);
		if (fd < 0)
			die(EXIT_FAIL, "cannot create %s: %s%s", path,
			    strerror(errno),
			    errno == EEXIST ? " (use -f to overwrite)" : "");
		created = 1;
		/* An overwritten secret keeps its old mode: narrow it. */
		if (mode == 0600 && fchmod(fd, mode)) {
			n = errno;
			unlink(path);
			die(EXIT_FAIL, "cannot chmod %s: %s", path,
			    strerror(n));
		}
	}
	for (i = 0; i < off; i += n) {
		n = write(fd, buf + i, off - i);
		if (n <= 0) {
			n = errno;
			if (created)
				unlink(path);
			die(EXIT_FAIL, "cannot write %s: %s",
			    path ? path : "standard output", strerror(n));
		}
	}
	explicit_bzero(buf, sizeof(buf));
	if (created && close(fd)) {
		n = errno;
		unlink(path);
		die(EXIT_FAIL, "cannot write %s: %s", path, strerror(n));
	}
}

static int unhex(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Reads PATH, which must say "nobs-kpp ALG KIND"; *alg is set from it (or
 * must match it when already set).  Returns the key length.
 */
static size_t read_file(const char *path, const char *kind,
			const struct alg **alg, uint8_t *key, size_t max)
{
	char buf[MAX_FILE + 1], name[64], k[16], *p;
	const struct alg *a;
	size_t len = 0, n;
	struct stat st;
	int fd, hi, lo;
	ssize_t r;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		die(EXIT_FAIL, "cannot open %s: %s", path, strerror(errno));
	if (!strcmp(kind, "private") && !fstat(fd, &st) &&
	    (st.st_mode & 077))
		die(EXIT_FAIL, "%s: private key readable by others (mode %04o); chmod 600 it",
		    path, (unsigned int)(st.st_mode & 07777));
	for (n = 0; n < MAX_FILE; n += r) {
		r = read(fd, buf + n, MAX_FILE - n);
		if (r < 0)
			die(EXIT_FAIL, "cannot read %s: %s", path,
			    strerror(errno));
		if (!r)
			break;
	}
	close(fd);
	buf[n] = '\0';
	p = strchr(buf, '\n');
	if (sscanf(buf, "nobs-kpp %63s %15s", name, k) != 2 || !p)
		die(EXIT_FAIL, "%s: not a nobs-kpp key file (first line: \"nobs-kpp ALG %s\")",
		    path, kind);
	if (strcmp(k, kind))
		die(EXIT_FAIL, "%s: a %s file, not a %s key", path, k, kind);
	a = find_alg(name);
	if (!a)
		die(EXIT_FAIL, "%s: unknown algorithm %s", path, name);
	if (*alg && *alg != a)
		die(EXIT_FAIL, "%s: a %s key, expected %s", path, name,
		    (*alg)->name);
	*alg = a;
	for (p++; (hi = unhex(p[0])) >= 0 && (lo = unhex(p[1])) >= 0; p += 2) {
		if (len == max)
			break;
		key[len++] = (uint8_t)(hi << 4 | lo);
	}
	if (*p == '\n')
		p++;
	if (*p)
		die(EXIT_FAIL, "%s: malformed hex on the second line", path);
	explicit_bzero(buf, sizeof(buf));
	return len;
}

/* Commands ------------------------------------------------------------ */

static int cmd_keygen(const struct alg *a, char **argv, int argc)
{
	uint8_t priv[MAX_KEY];

	if (argc != 1)
		return -1;
	a->keygen(priv);
	write_file(argv[0], a->name, "private", priv, a->priv_len, 0600);
	explicit_bzero(priv, sizeof(priv));
	return 0;
}

/* Binds a socket for PRIV's algorithm and gives the kernel the key. */
static int load_private(const char *path, const struct alg **a)
{
	uint8_t priv[MAX_KEY];
	size_t len;
	int tfm;

	len = read_file(path, "private", a, priv, sizeof(priv));
	if (len != (*a)->priv_len)
		die(EXIT_FAIL, "%s: a %s private key has %zu bytes, this one %zu",
		    path, (*a)->name, (*a)->priv_len, len);
	tfm = kpp_bind((*a)->name);
	kpp_setkey(tfm, (*a)->name, priv, (int)len, "private key");
	explicit_bzero(priv, sizeof(priv));
	return tfm;
}

static int cmd_pub(const struct alg *a, char **argv, int argc)
{
	uint8_t pub[MAX_KEY];
	size_t n;
	int tfm;

	if (argc < 1 || argc > 2)
		return -1;
	tfm = load_private(argv[0], &a);
	n = kpp_run(tfm, ALG_OP_KEYGEN, NULL, 0, pub, sizeof(pub), a->name,
		    "public key");
	if (n != a->pub_len)
		die(EXIT_FAIL, "%s: public key of %zu bytes, expected %zu",
		    a->name, n, a->pub_len);
	close(tfm);
	write_file(argc > 1 ? argv[1] : NULL, a->name, "public", pub, n, 0644);
	return 0;
}

static int cmd_derive(const struct alg *a, char **argv, int argc)
{
	uint8_t peer[MAX_KEY], ss[MAX_KEY];
	size_t len, n;
	int tfm;

	if (argc < 2 || argc > 3)
		return -1;
	tfm = load_private(argv[0], &a);
	len = read_file(argv[1], "public", &a, peer, sizeof(peer));
	n = kpp_run(tfm, ALG_OP_SSGEN, peer, len, ss, sizeof(ss), a->name,
		    "the peer's public key was refused");
	if (n != a->ss_len)
		die(EXIT_FAIL, "%s: shared secret of %zu bytes, expected %zu",
		    a->name, n, a->ss_len);
	close(tfm);
	write_file(argc > 2 ? argv[2] : NULL, a->name, "shared", ss, n, 0600);
	explicit_bzero(ss, sizeof(ss));
	return 0;
}

static void print_help(FILE *f)
{
	fprintf(f,
		"usage: %s [-f] [-a ALG] keygen PRIV\n"
		"       %s [-f] pub PRIV [OUT]\n"
		"       %s [-f] derive PRIV PEER.pub [OUT]\n"
		"\n"
		"Key agreement through the kernel's AF_ALG socket type \"kpp\" (nobs.ko).\n"
		"  keygen  draw a random private key (getrandom) into PRIV, mode 0600\n"
		"  pub     the public key of PRIV, computed by the kernel\n"
		"  derive  the secret shared between PRIV and the peer's public key\n"
		"\n"
		"  -a ALG  csidh512 (default), csidh1024, ctidh511, ctidh512,\n"
		"          ctidh1024 or ctidh2048; pub and derive take the algorithm\n"
		"          from PRIV\n"
		"  -f      overwrite existing output files (default: refuse)\n"
		"  -h      this help\n"
		"\n"
		"Files are text: a line \"nobs-kpp ALG KIND\" (KIND: private, public or\n"
		"shared), then the key in hex.  OUT omitted or \"-\": standard output.\n"
		"CSIDH keys are in the reference encoding (CSIDH-512: 37-byte private\n"
		"key, 64-byte public key and secret; CSIDH-1024: 65 and 128 bytes).\n"
		"CTIDH keys are high-ctidh's: the private key one signed exponent a\n"
		"byte, each batch's sum of |e| within its bound (others are refused);\n"
		"CTIDH-511 and -512: 74 bytes, the public key and secret 64 bytes, as\n"
		"CSIDH-512's; CTIDH-1024: 130 and 128 bytes, as CSIDH-1024's;\n"
		"CTIDH-2048: 231 and 256 bytes.\n"
		"Exit status: 0 done, 1 failed (the message says why), 2 bad usage.\n",
		prog, prog, prog);
}

int main(int argc, char **argv)
{
	const struct alg *a = NULL;
	const char *alg_name = NULL;
	int opt, err;

	while ((opt = getopt(argc, argv, "+a:fh")) != -1) {
		switch (opt) {
		case 'a':
			alg_name = optarg;
			break;
		case 'f':
			force = 1;
			break;
		case 'h':
			print_help(stdout);
			return 0;
		default:
			print_help(stderr);
			return EXIT_USAGE;
		}
	}
	if (alg_name) {
		a = find_alg(alg_name);
		if (!a)
			die(EXIT_USAGE, "unknown algorithm %s (csidh512, csidh1024, ctidh511, ctidh512, ctidh1024 or ctidh2048)",
			    alg_name);
	}
	if (optind >= argc) {
		print_help(stderr);
		return EXIT_USAGE;
	}
	argv += optind;
	argc -= optind;
	if (!strcmp(argv[0], "keygen"))
		err = cmd_keygen(a ? a : &algs[0], argv + 1, argc - 1);
	else if (!strcmp(argv[0], "pub"))
		err = cmd_pub(a, argv + 1, argc - 1);
	else if (!strcmp(argv[0], "derive"))
		err = cmd_derive(a, argv + 1, argc - 1);
	else
		die(EXIT_USAGE, "unknown command %s (keygen, pub or derive; -h for help)",
		    argv[0]);
	if (err) {
		print_help(stderr);
		return EXIT_USAGE;
	}
	return 0;
}
