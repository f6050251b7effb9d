// SPDX-License-Identifier: GPL-2.0
/*
 * stress: hash and draw random bytes through AF_ALG from several processes
 * with several threads each, for a fixed time, while another process keeps
 * trying to unload nobs.
 *
 *   stress SECONDS NPROC NTHREADS RNG_DRIVER HASH_DRIVER...
 *
 * Every hash result is checked against a known answer (computed on the
 * host with hashlib / pycryptodome / openssl, see abuse.c); every rng
 * socket is seeded with 00..2f and must give the NIST PQC KAT's first 48
 * bytes before drawing more.  Transform sockets are re-bound every 16
 * operations, so the module's reference count moves all the time.
 *
 * The parent holds one socket open for the whole run (so nobs can never be
 * unused) and forks an unloader that calls delete_module("nobs",
 * O_NONBLOCK) every 20 ms: each call must fail with EWOULDBLOCK (EAGAIN),
 * what kernel/module/main.c returns for a module in use; EBUSY is only for
 * a module still initialising or already going.  kmod's rmmod reports the
 * same as "Module nobs is in use".
 *
 * Prints "stress: hash N rng N bytes N unload-refused N errors N".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "hash_kats.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/* M = bytes((i * 13 + 7) & 0xff for i in range(300)); K = 40..5f (hash_kats.h) */


static unsigned char M[300], K[32], SEED[48];
static const char *rng_drv;
static char **hash_drv;
static int nhash;
static time_t deadline;

struct counts {
	unsigned long hash, rng, bytes, errors, refused;
	unsigned int idx;
};

static int unhex(unsigned char *d, const char *h)
{
	int n = 0;
	unsigned int b;

	while (h[0] && h[1] && sscanf(h, "%2x", &b) == 1) {
		d[n++] = (unsigned char)b;
		h += 2;
	}
	return n;
}

static int bind_alg(const char *type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd;

	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static int kat_of(const char *drv)
{
	size_t i, n;

	for (i = 0; i < sizeof(hash_kats) / sizeof(hash_kats[0]); i++) {
		n = strlen(hash_kats[i].name);
		if (!strncmp(drv, hash_kats[i].name, n) && drv[n] == '-')
			return (int)i;
	}
	return -1;
}

static void *worker(void *arg)
{
	struct counts *c = arg;
	unsigned int seed = (unsigned int)(uintptr_t)c ^ (unsigned int)getpid();
	unsigned char out[128], want[64];
	int tfm = -1, uses = 0, is_rng, k = -1, op;
	const char *drv;

	/* thread 0, 3, 6... draw random bytes, the others hash */
	is_rng = c->idx % 3 == 0;
	drv = is_rng ? rng_drv : hash_drv[(c->idx + getpid()) % nhash];
	if (!is_rng) {
		k = kat_of(drv);
		if (k < 0) {
			fprintf(stderr, "stress: %s: no known answer\n", drv);
			c->errors++;
			return NULL;
		}
		unhex(want, hash_kats[k].m300);
	}
	while (time(NULL) < deadline) {
		if (tfm < 0 || ++uses > 16) {
			if (tfm >= 0)
				close(tfm);
			uses = 0;
			tfm = bind_alg(is_rng ? "rng" : "hash", drv);
			if (tfm < 0 ||
			    (is_rng && setsockopt(tfm, SOL_ALG, ALG_SET_KEY, SEED, 48)) ||
			    (!is_rng && hash_kats[k].kind == 1 &&
			     setsockopt(tfm, SOL_ALG, ALG_SET_KEY, S, strlen(S))) ||
			    (!is_rng && hash_kats[k].kind == 2 &&
			     setsockopt(tfm, SOL_ALG, ALG_SET_KEY, K, sizeof(K)))) {
				fprintf(stderr, "stress: %s: bind/setkey: %s\n",
					drv, strerror(errno));
				c->errors++;
				break;
			}
			if (is_rng) {	/* the KAT, once per seeding */
				op = accept(tfm, NULL, 0);
				unhex(want, pqc_seed0);
				if (op < 0 || recv(op, out, 48, 0) != 48 ||
				    memcmp(out, want, 48)) {
					fprintf(stderr, "stress: %s: KAT: %s\n",
						drv, strerror(errno));
					c->errors++;
				} else
					c->rng++, c->bytes += 48;
				if (op >= 0)
					close(op);
			}
		}
		op = accept(tfm, NULL, 0);
		if (op < 0) {
			fprintf(stderr, "stress: %s: accept: %s\n", drv,
				strerror(errno));
			c->errors++;
			break;
		}
		if (is_rng) {
			int i;

			for (i = 0; i < 4; i++) {
				if (recv(op, out, 128, 0) != 128) {
					fprintf(stderr, "stress: %s: recv: %s\n",
						drv, strerror(errno));
					c->errors++;
					break;
				}
				c->rng++;
				c->bytes += 128;
			}
		} else {
			size_t cut = rand_r(&seed) % sizeof(M);

			if (send(op, M, cut, MSG_MORE) != (ssize_t)cut ||
			    send(op, M + cut, sizeof(M) - cut, 0) !=
			    (ssize_t)(sizeof(M) - cut) ||
			    recv(op, out, hash_kats[k].ds, 0) != (ssize_t)hash_kats[k].ds ||
			    memcmp(out, want, hash_kats[k].ds)) {
				c->errors++;
				fprintf(stderr, "stress: %s: wrong result (%s)\n",
					drv, strerror(errno));
			} else {
				c->hash++;
			}
		}
		close(op);
	}
	if (tfm >= 0)
		close(tfm);
	return NULL;
}

static void run_process(int nthreads, int wfd)
{
	pthread_t th[64];
	struct counts c[64], sum = { 0 };
	int i;

	memset(c, 0, sizeof(c));
	for (i = 0; i < nthreads; i++)
		c[i].idx = i;
	for (i = 0; i < nthreads; i++)
		if (pthread_create(&th[i], NULL, worker, &c[i])) {
			fprintf(stderr, "stress: pthread_create failed\n");
			c[i].errors++;
			th[i] = 0;
		}
	for (i = 0; i < nthreads; i++) {
		if (th[i])
			pthread_join(th[i], NULL);
		sum.hash += c[i].hash;
		sum.rng += c[i].rng;
		sum.bytes += c[i].bytes;
		sum.errors += c[i].errors;
	}
	if (write(wfd, &sum, sizeof(sum)) != sizeof(sum))
		_exit(2);
	_exit(0);
}

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	stop = 1;
}

/* delete_module() while in use: must be refused with EWOULDBLOCK. */
static void run_unloader(int wfd)
{
	struct counts c = { 0 };
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	signal(SIGTERM, on_term);
	while (!stop) {
		if (syscall(SYS_delete_module, "nobs", O_NONBLOCK) == 0) {
			fprintf(stderr, "stress: nobs unloaded while in use\n");
			c.errors++;
			break;
		} else if (errno == EWOULDBLOCK) {
			c.refused++;
		} else {
			fprintf(stderr, "stress: delete_module: %s\n",
				strerror(errno));
			c.errors++;
		}
		nanosleep(&ts, NULL);
	}
	if (write(wfd, &c, sizeof(c)) != sizeof(c))
		_exit(2);
	_exit(0);
}

int main(int argc, char **argv)
{
	int secs, nproc, nthr, i, anchor, pfd[2], st;
	struct counts tot = { 0 }, c;
	pid_t unloader;

	if (argc < 6) {
		fprintf(stderr, "usage: stress SECONDS NPROC NTHREADS RNG_DRIVER HASH_DRIVER...\n");
		return 2;
	}
	secs = atoi(argv[1]);
	nproc = atoi(argv[2]);
	nthr = atoi(argv[3]);
	if (nthr < 1 || nthr > 64 || nproc < 1) {
		fprintf(stderr, "stress: bad counts\n");
		return 2;
	}
	rng_drv = argv[4];
	hash_drv = argv + 5;
	nhash = argc - 5;
	for (i = 0; i < (int)sizeof(M); i++)
		M[i] = (unsigned char)(i * 13 + 7);
	for (i = 0; i < (int)sizeof(K); i++)
		K[i] = (unsigned char)(0x40 + i);
	for (i = 0; i < (int)sizeof(SEED); i++)
		SEED[i] = (unsigned char)i;

	anchor = bind_alg("hash", hash_drv[0]);
	if (anchor < 0 || pipe(pfd)) {
		perror("stress: anchor socket");
		return 1;
	}
	deadline = time(NULL) + secs;
	unloader = fork();
	if (unloader == 0)
		run_unloader(pfd[1]);
	for (i = 0; i < nproc; i++)
		if (fork() == 0)
			run_process(nthr, pfd[1]);
	for (i = 0; i < nproc; i++) {
		pid_t p = wait(&st);

		if (p == unloader) {	/* must not end on its own */
			fprintf(stderr, "stress: the unloader ended early\n");
			i--;
			unloader = -1;
			tot.errors++;
			continue;
		}
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			fprintf(stderr, "stress: a worker process failed (%#x)\n",
				st);
			tot.errors++;
		}
	}
	if (unloader > 0) {
		kill(unloader, SIGTERM);
		waitpid(unloader, &st, 0);
	}
	close(pfd[1]);
	while (read(pfd[0], &c, sizeof(c)) == sizeof(c)) {
		tot.hash += c.hash;
		tot.rng += c.rng;
		tot.bytes += c.bytes;
		tot.errors += c.errors;
		tot.refused += c.refused;
	}
	close(anchor);
	printf("stress: hash %lu rng %lu bytes %lu unload-refused %lu errors %lu\n",
	       tot.hash, tot.rng, tot.bytes, tot.refused, tot.errors);
	return tot.errors || !tot.hash || !tot.rng || !tot.refused ? 1 : 0;
}
