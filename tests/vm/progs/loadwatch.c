// SPDX-License-Identifier: GPL-2.0
/*
 * loadwatch: a second process beside a loading nobs (tests/vm/cases/
 * 20-load.sh), doing what any user could while the module initialises.
 *
 *   loadwatch watch STOP
 *	create STOP.up after the first read, then until the file STOP
 *	exists: read /proc/crypto over and over; count the reads that list
 *	an algorithm of module nobs, and bind an AF_ALG hash socket to each
 *	shake128-nobs-* driver listed (closed again at once, while nobs is
 *	still there).  Prints "loadwatch: R reads, N with nobs, B bound".
 *   loadwatch hold READY RELEASE
 *	wait until a shake128-nobs-* driver is listed, bind a hash socket to
 *	it and hash the empty message (FIPS 202 SHAKE128, 32 bytes); create
 *	READY; wait until RELEASE exists; then bind once more to the same
 *	driver, hash through the first socket again and close it.  Prints
 *	"loadwatch: bound DRIVER", "loadwatch: digest ok|bad (errno)" twice
 *	and "loadwatch: rebind ok|errno E".
 *   loadwatch loop STOP NAME...
 *	until the file STOP exists: bind an AF_ALG hash socket to each NAME
 *	in turn and close it at once (each bind a crypto_alloc_ahash() of
 *	that name in the kernel).  Prints "loadwatch: B binds, K ok".
 *
 * Exits 0 unless something it needs (a /proc read, a file) failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "afalg_util.h"
#include "hash_kats.h"

static char lw_buf[1 << 20];

/* /proc/crypto into lw_buf; its length, or -1. */
static long lw_read_crypto(void)
{
	long n = 0, r;
	int fd = open("/proc/crypto", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while ((r = read(fd, lw_buf + n, sizeof(lw_buf) - 1 - n)) > 0)
		n += r;
	close(fd);
	lw_buf[n] = '\0';
	return r < 0 ? -1 : n;
}

/*
 * The driver of the next algorithm of module nobs in lw_buf from *pos
 * (blocks of "field : value" lines, a blank line between them), copied to
 * @drv; 0 when there is none left.
 */
static int lw_next_nobs(char **pos, char *drv, size_t len)
{
	char d[64] = "", *line = *pos, *nl;
	int nobs = 0;

	while (line && *line) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (!strncmp(line, "driver       : ", 15))
			snprintf(d, sizeof(d), "%s", line + 15);
		else if (!strcmp(line, "module       : nobs"))
			nobs = 1;
		line = nl ? nl + 1 : NULL;
		if (!line || !*line || *line == '\n') {
			if (line && *line == '\n')
				line++;
			if (nobs) {
				snprintf(drv, len, "%s", d);
				*pos = line;
				return 1;
			}
			d[0] = '\0';
		}
	}
	*pos = NULL;
	return 0;
}

static int lw_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

static void lw_nap(void)
{
	struct timespec ts = { 0, 2000000 };

	nanosleep(&ts, NULL);
}

/* SHAKE128 of the empty message through bound socket @fd; 0 if right. */
static int lw_digest(int fd)
{
	unsigned char out[32], want[32];
	int op = op_sock(fd), err;
	ssize_t n;

	if (op < 0)
		return op;
	err = sendm(op, "", 0, 0);
	if (!err) {
		n = read(op, out, sizeof(out));
		err = n == (ssize_t)sizeof(out) ? 0 : n < 0 ? -errno : -EIO;
	}
	close(op);
	if (err)
		return err;
	unhex(want, hash_kats[0].empty);
	return memcmp(out, want, sizeof(out)) ? -EBADMSG : 0;
}

static int lw_watch(const char *stop)
{
	unsigned long reads = 0, with = 0, bound = 0;
	char up[256], drv[64], *pos;
	int fd, any;

	snprintf(up, sizeof(up), "%s.up", stop);
	while (!lw_exists(stop)) {
		if (lw_read_crypto() < 0) {
			perror("/proc/crypto");
			return 1;
		}
		if (!reads++) {
			fd = open(up, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
			if (fd < 0) {
				perror(up);
				return 1;
			}
			close(fd);
		}
		any = 0;
		for (pos = lw_buf; lw_next_nobs(&pos, drv, sizeof(drv));) {
			any = 1;
			if (strncmp(drv, "shake128-nobs-", 14))
				continue;
			fd = tfm_sock("hash", drv);
			if (fd >= 0) {
				bound++;
				close(fd);
			}
		}
		with += any;
	}
	printf("loadwatch: %lu reads, %lu with nobs, %lu bound\n", reads, with,
	       bound);
	return 0;
}

static int lw_hold(const char *ready, const char *release)
{
	char drv[64] = "", *pos;
	int fd = -1, fd2, err, fdr;

	while (fd < 0) {
		if (lw_read_crypto() < 0) {
			perror("/proc/crypto");
			return 1;
		}
		for (pos = lw_buf; fd < 0 && lw_next_nobs(&pos, drv,
							  sizeof(drv));)
			if (!strncmp(drv, "shake128-nobs-", 14))
				fd = tfm_sock("hash", drv);
		if (fd < 0)
			lw_nap();
	}
	printf("loadwatch: bound %s\n", drv);
	err = lw_digest(fd);
	printf("loadwatch: digest %s (%d)\n", err ? "bad" : "ok", err);
	fflush(stdout);
	fdr = open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fdr < 0) {
		perror(ready);
		return 1;
	}
	close(fdr);
	while (!lw_exists(release))
		lw_nap();
	fd2 = tfm_sock("hash", drv);
	if (fd2 >= 0) {
		printf("loadwatch: rebind ok\n");
		close(fd2);
	} else {
		printf("loadwatch: rebind errno %d\n", -fd2);
	}
	err = lw_digest(fd);
	printf("loadwatch: digest %s (%d)\n", err ? "bad" : "ok", err);
	close(fd);
	return 0;
}

static int lw_loop(const char *stop, char **names, int n)
{
	unsigned long binds = 0, ok = 0;
	int i, fd;

	while (!lw_exists(stop)) {
		for (i = 0; i < n; i++) {
			fd = tfm_sock("hash", names[i]);
			binds++;
			if (fd >= 0) {
				ok++;
				close(fd);
			}
		}
	}
	printf("loadwatch: %lu binds, %lu ok\n", binds, ok);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && !strcmp(argv[1], "watch"))
		return lw_watch(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "hold"))
		return lw_hold(argv[2], argv[3]);
	if (argc >= 4 && !strcmp(argv[1], "loop"))
		return lw_loop(argv[2], argv + 3, argc - 3);
	fprintf(stderr, "usage: loadwatch watch STOP | hold READY RELEASE | loop STOP NAME...\n");
	return 2;
}
