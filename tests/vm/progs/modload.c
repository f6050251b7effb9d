// SPDX-License-Identifier: GPL-2.0
/*
 * modload FILE [PARAMS...]: load a module with exactly one finit_module()
 * call (busybox and kmod retry with init_module() on failure, which runs a
 * failing init twice).  Prints the errno name on failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char params[4096] = "";
	size_t len = 0;
	int fd, i;

	if (argc < 2) {
		fprintf(stderr, "usage: modload FILE [PARAM=VALUE...]\n");
		return 2;
	}
	for (i = 2; i < argc; i++)
		len += snprintf(params + len, sizeof(params) - len, "%s%s",
				i > 2 ? " " : "", argv[i]);
	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	if (syscall(SYS_finit_module, fd, params, 0)) {
		fprintf(stderr, "modload: %s: %s (errno %d)\n", argv[1],
			strerror(errno), errno);
		return 1;
	}
	return 0;
}
