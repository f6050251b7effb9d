// SPDX-License-Identifier: GPL-2.0
/*
 * failnth N FILE [PARAM=VALUE...]: load a module with one finit_module()
 * call while the N-th fault-injection point this task reaches fails
 * (/proc/thread-self/fail-nth, CONFIG_FAULT_INJECTION; failslab and the
 * stack filter set up by the caller decide which points count).
 *
 * Prints one line:
 *   failnth N: loaded|errno E (text): injected|not injected (P points)
 * and exits 0 when the module loaded, 1 when the load failed, 2 when the
 * fault could not be armed.  "not injected" means the load reached only
 * P < N points (so N = 1000000 counts them).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int fail_nth_fd(void)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/task/%ld/fail-nth",
		 (long)syscall(SYS_gettid));
	return open(path, O_RDWR | O_CLOEXEC);
}

int main(int argc, char **argv)
{
	char params[4096] = "", buf[32];
	size_t len = 0;
	int fd, nth_fd, i, rc, err = 0;
	long left;
	ssize_t n;

	if (argc < 3) {
		fprintf(stderr, "usage: failnth N FILE [PARAM=VALUE...]\n");
		return 2;
	}
	for (i = 3; i < argc; i++)
		len += snprintf(params + len, sizeof(params) - len, "%s%s",
				i > 3 ? " " : "", argv[i]);
	fd = open(argv[2], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		perror(argv[2]);
		return 2;
	}
	nth_fd = fail_nth_fd();
	if (nth_fd < 0) {
		perror("fail-nth");
		return 2;
	}
	n = snprintf(buf, sizeof(buf), "%s", argv[1]);
	if (write(nth_fd, buf, n) != n) {
		perror("fail-nth: write");
		return 2;
	}
	rc = syscall(SYS_finit_module, fd, params, 0);
	if (rc)
		err = errno;
	/* What is left of the count (0: the fault was injected); then off. */
	n = pread(nth_fd, buf, sizeof(buf) - 1, 0);
	buf[n > 0 ? n : 0] = '\0';
	left = strtol(buf, NULL, 10);
	if (write(nth_fd, "0", 1) != 1)
		perror("fail-nth: reset");
	if (rc)
		printf("failnth %s: errno %d (%s): ", argv[1], err,
		       strerror(err));
	else
		printf("failnth %s: loaded: ", argv[1]);
	if (left)
		printf("not injected (%ld points)\n",
		       strtol(argv[1], NULL, 10) - left);
	else
		printf("injected\n");
	return rc ? 1 : 0;
}
