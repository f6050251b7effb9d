/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AF_ALG socket helpers shared by the guest programs (abuse.c and
 * tests/faults/faults.c), each returning -errno on failure, and unhex().
 */
#ifndef NOBS_AFALG_UTIL_H
#define NOBS_AFALG_UTIL_H

#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/* -errno of a call's return value (0 for success). */
#define ERR(x) ((x) < 0 ? -errno : 0)

static inline int tfm_sock(const char *type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd, err;

	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		err = -errno;
		close(fd);
		return err;
	}
	return fd;
}

static inline int setkey(int fd, const void *key, size_t len)
{
	return ERR(setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, len));
}

static inline int op_sock(int fd)
{
	int op = accept(fd, NULL, 0);

	return op < 0 ? -errno : op;
}

static inline int sendm(int op, const void *p, size_t len, int more)
{
	ssize_t n = send(op, p, len, more ? MSG_MORE : 0);

	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

static inline int unhex(unsigned char *dst, const char *hex)
{
	int n = 0;
	unsigned int b;

	while (hex[0] && hex[1] && sscanf(hex, "%2x", &b) == 1) {
		dst[n++] = (unsigned char)b;
		hex += 2;
	}
	return n;
}

#endif
