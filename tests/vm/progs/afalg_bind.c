// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_bind [-u] TYPE NAME...: for each NAME, create an AF_ALG socket,
 * bind it to TYPE/NAME and print "NAME RESULT", RESULT being "ok" or the
 * errno's symbolic name (ENOENT, EAFNOSUPPORT, ...).  -u first drops to
 * uid/gid 65534 (nobody), which also drops every capability.
 * Exit status 0 unless the arguments or the privilege drop fail.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <grp.h>
#include <unistd.h>

#include "afalg_util.h"

static const char *errname(int err)
{
	static char buf[16];

	switch (err) {
	case 0: return "ok";
	case ENOENT: return "ENOENT";
	case EAFNOSUPPORT: return "EAFNOSUPPORT";
	case EINVAL: return "EINVAL";
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ENOMEM: return "ENOMEM";
	}
	snprintf(buf, sizeof(buf), "errno%d", err);
	return buf;
}

int main(int argc, char **argv)
{
	int i = 1, fd;

	if (argc > 1 && !strcmp(argv[1], "-u")) {
		if (setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
		    setresuid(65534, 65534, 65534)) {
			perror("afalg_bind: dropping to nobody");
			return 2;
		}
		i++;
	}
	if (argc - i < 2) {
		fprintf(stderr, "usage: afalg_bind [-u] TYPE NAME...\n");
		return 2;
	}
	for (int n = i + 1; n < argc; n++) {
		fd = tfm_sock(argv[i], argv[n]);
		printf("%s %s\n", argv[n], errname(fd < 0 ? -fd : 0));
		if (fd >= 0)
			close(fd);
	}
	return 0;
}
