// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the KUnit initramfs (kunit/run-guest.sh).  A static C
 * program rather than busybox so one source serves every architecture
 * (Debian 12 ships no riscv64 busybox).
 *
 * /etc/kunit.conf holds runs, each a line "#run LABEL", an optional line
 * "#filter GLOB" (KUnit's filter_glob for the run's suites) and its
 * modules, one a line: "PATH [params...]".  A run's modules are loaded in
 * order (KUnit runs a module's suites while it loads), then unloaded in
 * reverse order, and the next run begins; after the last, kmemleak (when
 * present) is scanned once, and the guest reboots (qemu runs with
 * -no-reboot, so it exits).  Module lines before any "#run" are one run.
 * A run without "#filter" after one with it runs every suite again.
 * Markers on the console, for the host:
 *	NOBS-KUNIT-RUN <label>            before a run's first module
 *	NOBS-KUNIT-LOAD <path>            before loading a module
 *	NOBS-KUNIT-RESULT load|unload|filter <name> ok|<errno text>
 *	NOBS-KUNIT-RUNS-END               after the last run's unloads
 *	NOBS-KMEMLEAK-BEGIN ... NOBS-KMEMLEAK-END
 *	NOBS-GCDA <path> <bytes>, hex lines, NOBS-GCDA-END   (see below)
 *	NOBS-KUNIT-DONE
 * A line "#gcov" in the file (scripts/coverage.sh, on a kernel with
 * CONFIG_GCOV_KERNEL and modules built with GCOV_PROFILE=y) sends every
 * .gcda file under /sys/kernel/debug/gcov to the console after the
 * unloads (gcov_persist keeps the counts of unloaded modules).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_MODS 8

static char names[MAX_MODS][64];

static void say(const char *fmt, const char *a, const char *b, const char *c)
{
	printf(fmt, a, b, c);
	fflush(stdout);
}

static void modname(const char *path, char *out, size_t len)
{
	const char *base = strrchr(path, '/');
	size_t i;

	base = base ? base + 1 : path;
	for (i = 0; i + 1 < len && base[i] && strcmp(base + i, ".ko"); i++)
		out[i] = base[i] == '-' ? '_' : base[i];
	out[i] = '\0';
}

static void leak_report(void)
{
	char buf[4096];
	ssize_t n;
	int fd, pass;

	if (access("/sys/kernel/debug/kmemleak", W_OK))
		return;
	/* An object is reported only once it is old enough and unreferenced
	 * in two scans.
	 */
	for (pass = 0; pass < 2; pass++) {
		sleep(pass ? 1 : 6);
		fd = open("/sys/kernel/debug/kmemleak", O_WRONLY);
		if (fd < 0)
			return;
		if (write(fd, "scan", 4) < 0)
			perror("kmemleak scan");
		close(fd);
	}
	say("NOBS-KMEMLEAK-BEGIN\n", "", "", "");
	fd = open("/sys/kernel/debug/kmemleak", O_RDONLY);
	if (fd >= 0) {
		while ((n = read(fd, buf, sizeof(buf))) > 0)
			fwrite(buf, 1, n, stdout);
		close(fd);
	}
	say("NOBS-KMEMLEAK-END\n", "", "", "");
}

/* Every .gcda file under @dir, as hex, 32 bytes a line. */
static void gcov_dump(const char *dir)
{
	static unsigned char buf[1 << 20];
	char path[4096];
	struct dirent *e;
	size_t len, i;
	ssize_t n;
	DIR *d;
	int fd;

	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR) {
			gcov_dump(path);
			continue;
		}
		len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".gcda"))
			continue;
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		len = 0;
		while (len < sizeof(buf) &&
		       (n = read(fd, buf + len, sizeof(buf) - len)) > 0)
			len += n;
		close(fd);
		printf("NOBS-GCDA %s %zu\n", path, len);
		for (i = 0; i < len; i++)
			printf("%02x%s", buf[i], i % 32 == 31 || i + 1 == len ? "\n" : "");
		printf("NOBS-GCDA-END\n");
		fflush(stdout);
	}
	closedir(d);
}

/* Unloads the @n modules of a run, in reverse order. */
static void unload_run(int n)
{
	int i;

	for (i = n - 1; i >= 0; i--) {
		int err = 0;

		if (syscall(SYS_delete_module, names[i], O_NONBLOCK))
			err = errno;
		say("NOBS-KUNIT-RESULT unload %s %s\n", names[i],
		    err ? strerror(err) : "ok", "");
	}
}

/* KUnit's filter_glob, for the suites of the modules loaded next. */
static void set_filter(const char *glob)
{
	int fd, err = 0;

	fd = open("/sys/module/kunit/parameters/filter_glob", O_WRONLY);
	if (fd < 0 || write(fd, glob, strlen(glob)) < 0)
		err = errno;
	if (fd >= 0)
		close(fd);
	say("NOBS-KUNIT-RESULT filter %s %s\n", glob,
	    err ? strerror(err) : "ok", "");
}

int main(void)
{
	static char line[4096];
	int nmods = 0, gcov = 0, filtered = 0, failed = 0, fd;
	FILE *conf;

	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	/* The host's boot watch (nobs_qemu_run): the kernel reached /init. */
	say("NOBS-INIT\n", "", "", "");
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);

	conf = fopen("/etc/kunit.conf", "r");
	if (!conf) {
		perror("/etc/kunit.conf");
		goto out;
	}
	while (fgets(line, sizeof(line), conf)) {
		char *params, *nl = strchr(line, '\n');
		int err = 0;

		if (nl)
			*nl = '\0';
		if (!strcmp(line, "#gcov"))
			gcov = 1;
		if (!strncmp(line, "#run ", 5)) {
			unload_run(nmods);
			nmods = 0;
			failed = 0;
			say("NOBS-KUNIT-RUN %s\n", line + 5, "", "");
			/* the next line may set a filter of its own */
			if (filtered)
				set_filter("*");
			filtered = 0;
			continue;
		}
		if (!strncmp(line, "#filter ", 8)) {
			set_filter(line + 8);
			filtered = 1;
			continue;
		}
		if (!line[0] || line[0] == '#' || failed || nmods == MAX_MODS)
			continue;
		params = strchr(line, ' ');
		if (params)
			*params++ = '\0';
		else
			params = "";
		modname(line, names[nmods], sizeof(names[0]));
		say("NOBS-KUNIT-LOAD %s %s\n", line, params, "");
		fd = open(line, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || syscall(SYS_finit_module, fd, params, 0))
			err = errno;
		if (fd >= 0)
			close(fd);
		say("NOBS-KUNIT-RESULT load %s %s\n", names[nmods],
		    err ? strerror(err) : "ok", "");
		/* a run's later modules need the earlier ones */
		if (err)
			failed = 1;
		else
			nmods++;
	}
	fclose(conf);
	unload_run(nmods);
	say("NOBS-KUNIT-RUNS-END\n", "", "", "");
	leak_report();
	if (gcov)
		gcov_dump("/sys/kernel/debug/gcov");
out:
	say("NOBS-KUNIT-DONE\n", "", "", "");
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
