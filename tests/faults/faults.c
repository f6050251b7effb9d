// SPDX-License-Identifier: GPL-2.0
/*
 * faults: /init of the fault-injection guest (tests/faults/run.sh), on
 * the x86_64 debug kernel (KASAN, kmemleak, failslab, fail_page_alloc).
 *
 * Phases, each reporting a results-protocol line:
 *  1. faults-load: loads of /nobs/nobs.ko under fault injection.
 *     a. A sweep with /proc/thread-self/fail-nth: a fault-free load counts
 *        the allocation calls that pass the fault filters (K), then load n
 *        fails exactly the n-th of them, n = 1, 1 + s, 1 + 2s, ... <= K
 *        (s = K / loads, 1 in the long run: every allocation site).  With
 *        CONFIG_FAULT_INJECTION_STACKTRACE_FILTER only allocations with a
 *        frame in module space (above the kernel image: nobs.ko is the only
 *        module) count, so every fault lands in nobs's init, not in the
 *        module loader.
 *     b. Random loads: failslab and fail_page_alloc with a probability,
 *        task-filter=Y and /proc/self/make-it-fail set in the loading task
 *        (and the same module-space filter).
 *     After each load: a failed load leaves no nobs module, no nobs driver
 *     in /proc/crypto and no AF_ALG type "kpp"; a successful one has every
 *     driver of the fault-free load, each "selftest: passed", the "kpp"
 *     type, right answers through AF_ALG, and unloads.  Then a plain load.
 *  2. faults-ops: with nobs loaded, a child with make-it-fail=1 (task-filter,
 *     a probability, no stack filter) runs AF_ALG operations on every
 *     algorithm: each gives the right answer or ENOMEM, or ENFILE (the
 *     struct file of socket()/accept() could not be allocated); the
 *     histogram of errnos is printed.  Then, faults off, everything must
 *     work.
 *  3. faults-stress: /bin/stress (tests/vm/progs/stress.c) for a few
 *     seconds, then unload (must succeed) and nothing of nobs left.
 *  4. faults-kmemleak: kmemleak is on; leaks seen at boot are cleared
 *     first (and counted); after the runs, two scans: any new unreferenced
 *     object is a failure (each is printed, module-space frames marked).
 * Counts of injected faults (the 'times' counters of failslab and
 * fail_page_alloc, started at 1000000 in each phase) are printed as
 * "faults: injected ..." lines.
 *
 * Settings come from /etc/faults.conf ("key value" lines, see conf[]).
 * Results go to the console and to /dev/ttyS1 (a second serial port the
 * host reads, free of interleaved kernel messages).  Last line:
 * FAULTS-DONE.
 *
 * Known answers (independent of nobs): the SHA-3 family digests of
 * tests/vm/progs/abuse.c (hashlib, pycryptodome, openssl mac on the host),
 * the NIST PQC KAT's first seed for the DRBG, and a CSIDH reference
 * vector passed in /etc/faults.conf from tests/vectors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <uapi/nobs/if_alg_kpp.h>

#include "afalg_util.h"
#include "hash_kats.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define MODPATH "/nobs/nobs.ko"
#define DBG "/sys/kernel/debug"
#define TIMES_START 1000000L
#define MAX_DRV 32
#define NERR 160

static FILE *res;		/* /dev/ttyS1, or NULL */

static struct timespec t_start;

static long elapsed(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t_start.tv_sec);
}

static void out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
	if (res) {
		va_start(ap, fmt);
		vfprintf(res, fmt, ap);
		va_end(ap);
		fflush(res);
	}
}

/* ---- configuration ------------------------------------------------------ */

static long c_loads = 12, c_ploads = 3, c_prob = 2, c_ops_prob = 3;
static long c_rounds = 6, c_kpp = 2, c_stress = 6, c_reject = 1;
static char c_pr[256], c_pk1[256], c_pk2[256], c_ss[256];

static void read_conf(void)
{
	char line[512], key[64], val[256];
	FILE *f = fopen("/etc/faults.conf", "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63s %255s", key, val) != 2)
			continue;
		if (!strcmp(key, "loads"))
			c_loads = atol(val);
		else if (!strcmp(key, "ploads"))
			c_ploads = atol(val);
		else if (!strcmp(key, "prob"))
			c_prob = atol(val);
		else if (!strcmp(key, "ops_prob"))
			c_ops_prob = atol(val);
		else if (!strcmp(key, "rounds"))
			c_rounds = atol(val);
		else if (!strcmp(key, "kpp"))
			c_kpp = atol(val);
		else if (!strcmp(key, "stress"))
			c_stress = atol(val);
		else if (!strcmp(key, "reject_cryptomgr"))
			c_reject = atol(val);
		else if (!strcmp(key, "csidh_pr"))
			snprintf(c_pr, sizeof(c_pr), "%s", val);
		else if (!strcmp(key, "csidh_pk1"))
			snprintf(c_pk1, sizeof(c_pk1), "%s", val);
		else if (!strcmp(key, "csidh_pk2"))
			snprintf(c_pk2, sizeof(c_pk2), "%s", val);
		else if (!strcmp(key, "csidh_ss"))
			snprintf(c_ss, sizeof(c_ss), "%s", val);
	}
	fclose(f);
}

/* ---- files -------------------------------------------------------------- */

static int put(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		err = -errno;
	close(fd);
	return err;
}

static ssize_t slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t n = 0;
	ssize_t r;

	if (fd < 0)
		return -errno;
	while (n + 1 < len && (r = read(fd, buf + n, len - 1 - n)) > 0)
		n += r;
	close(fd);
	buf[n] = '\0';
	return n;
}

static long getl(const char *path)
{
	char b[64];

	if (slurp(path, b, sizeof(b)) <= 0)
		return -1;
	return atol(b);
}

static unsigned char K[32], M[300], SEED[48];

/* ---- AF_ALG ------------------------------------------------------------- */

/* Read exactly @len bytes in one recv: 0, -errno, or 1 (short read). */
static int recvn(int op, void *buf, size_t len)
{
	ssize_t n = recv(op, buf, len, 0);

	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : 1;
}

/* Outcome of one operation: 0 right, -errno clean error, 1 wrong answer. */
static int same(const unsigned char *got, const char *hex, unsigned int n)
{
	unsigned char want[128];

	return unhex(want, hex) == (int)n && !memcmp(got, want, n) ? 0 : 1;
}

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

/* M in two pieces; with @clone, accept() on the op socket after the first
 * (a copy of the partial state) and finish both.
 */
static int hash_op(const char *drv, int clone)
{
	const struct hash_kat *a = hash_kat_of(drv);
	unsigned char got[128];
	int tfm, op, op2 = -1, err;

	if (!a)
		return 1;
	tfm = keyed_tfm(drv, a);
	if (tfm < 0)
		return tfm;
	op = op_sock(tfm);
	if (op < 0) {
		close(tfm);
		return op;
	}
	err = sendm(op, M, 100, 1);
	if (!err && clone) {
		op2 = op_sock(op);
		if (op2 < 0)
			err = op2;
	}
	if (!err)
		err = sendm(op, M + 100, sizeof(M) - 100, 0);
	if (!err)
		err = recvn(op, got, a->ds);
	if (!err)
		err = same(got, a->m300, a->ds);
	if (!err && clone) {
		err = sendm(op2, M + 100, sizeof(M) - 100, 0);
		if (!err)
			err = recvn(op2, got, a->ds);
		if (!err)
			err = same(got, a->m300, a->ds);
	}
	if (op2 >= 0)
		close(op2);
	close(op);
	close(tfm);
	return err;
}

/* Seeded with 00..2f: the PQC KAT seed; unseeded: 64 bytes, not all 0. */
static int rng_op(const char *drv, int seeded)
{
	unsigned char got[64] = { 0 }, zero[64] = { 0 };
	int tfm = tfm_sock("rng", drv), op, err;

	if (tfm < 0)
		return tfm;
	err = seeded ? setkey(tfm, SEED, sizeof(SEED)) : 0;
	if (err) {
		close(tfm);
		return err;
	}
	op = op_sock(tfm);
	if (op < 0) {
		close(tfm);
		return op;
	}
	err = recvn(op, got, seeded ? 48 : 64);
	if (!err)
		err = seeded ? same(got, pqc_seed0, 48) :
			       !memcmp(got, zero, sizeof(got));
	close(op);
	close(tfm);
	return err;
}

static int kpp_send_op(int op, unsigned int code, const void *data,
		       size_t len)
{
	char cbuf[CMSG_SPACE(sizeof(uint32_t))] = { 0 };
	struct iovec iov = { (void *)data, len };
	struct msghdr m = {
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
		.msg_iov = &iov, .msg_iovlen = len ? 1 : 0,
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	uint32_t v = code;

	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(v));
	memcpy(CMSG_DATA(c), &v, sizeof(v));
	return sendmsg(op, &m, 0) < 0 ? -errno : 0;
}

/* csidh512 with the vector's private key: KEYGEN = Pk1, or SSGEN(Pk2) = Ss. */
static int kpp_op(int ss)
{
	unsigned char pr[64], peer[64], got[64];
	int tfm, op, err, n;

	if (!c_pr[0])
		return 1;
	n = unhex(pr, c_pr);
	unhex(peer, c_pk2);
	tfm = tfm_sock("kpp", "csidh512");
	if (tfm < 0)
		return tfm;
	err = setkey(tfm, pr, n);
	if (err) {
		close(tfm);
		return err;
	}
	op = op_sock(tfm);
	if (op < 0) {
		close(tfm);
		return op;
	}
	err = kpp_send_op(op, ss ? ALG_OP_SSGEN : ALG_OP_KEYGEN, ss ? peer : NULL,
			  ss ? 64 : 0);
	if (!err)
		err = recvn(op, got, 64);
	if (!err)
		err = same(got, ss ? c_ss : c_pk1, 64);
	close(op);
	close(tfm);
	return err;
}

/* ---- /proc/crypto and the module ---------------------------------------- */

static char crypto_buf[1 << 19];

struct drvinfo {
	char name[64];
	char type[64];
	int passed;
};

/* nobs's drivers ("module : nobs") in /proc/crypto. */
static int nobs_drivers(struct drvinfo *d, int max)
{
	char *line, *save = NULL, drv[64] = "", type[64] = "", mod[64] = "";
	int n = 0, passed = 0;

	if (slurp("/proc/crypto", crypto_buf, sizeof(crypto_buf)) < 0)
		return -1;
	for (line = strtok_r(crypto_buf, "\n", &save);; line = strtok_r(NULL, "\n", &save)) {
		char k[32], v[64];

		if (!line || !strncmp(line, "name", 4)) {
			if (drv[0] && !strcmp(mod, "nobs") && n < max) {
				snprintf(d[n].name, sizeof(d[n].name), "%s", drv);
				snprintf(d[n].type, sizeof(d[n].type), "%s", type);
				d[n].passed = passed;
				n++;
			}
			drv[0] = type[0] = mod[0] = '\0';
			passed = 0;
			if (!line)
				break;
			continue;
		}
		if (sscanf(line, "%31s : %63s", k, v) != 2)
			continue;
		if (!strcmp(k, "driver"))
			snprintf(drv, sizeof(drv), "%s", v);
		else if (!strcmp(k, "module"))
			snprintf(mod, sizeof(mod), "%s", v);
		else if (!strcmp(k, "type"))
			snprintf(type, sizeof(type), "%s", v);
		else if (!strcmp(k, "selftest"))
			passed = !strcmp(v, "passed");
	}
	return n;
}

static int module_loaded(void)
{
	char buf[8192];

	if (slurp("/proc/modules", buf, sizeof(buf)) < 0)
		return -1;
	return !strncmp(buf, "nobs ", 5) || strstr(buf, "\nnobs ") != NULL;
}

/* The AF_ALG type "kpp" (nobs's): a bind to csidh512 works. */
static int kpp_type_registered(void)
{
	int fd = tfm_sock("kpp", "csidh512");

	if (fd >= 0) {
		close(fd);
		return 1;
	}
	return fd == -ENOENT ? 0 : fd;
}

static int unload(void)
{
	int i;

	for (i = 0; i < 100; i++) {
		if (!syscall(SYS_delete_module, "nobs", O_NONBLOCK))
			return 0;
		if (errno != EAGAIN && errno != EBUSY)
			return -errno;
		usleep(100000);
	}
	return -errno;
}

static struct drvinfo ref[MAX_DRV];
static int nref;

/* Why the state after a failed load is not clean, or NULL. */
static const char *check_gone(void)
{
	struct drvinfo d[MAX_DRV];

	if (module_loaded())
		return "nobs still in /proc/modules";
	if (nobs_drivers(d, MAX_DRV) != 0)
		return "nobs drivers left in /proc/crypto";
	if (kpp_type_registered())
		return "AF_ALG type kpp still registered";
	return NULL;
}

static char why[256];

/* Why the state after a successful load is not complete, or NULL. */
static const char *check_full(int with_kpp_op)
{
	struct drvinfo d[MAX_DRV];
	int n = nobs_drivers(d, MAX_DRV), i, j, err;

	if (n != nref) {
		snprintf(why, sizeof(why), "%d nobs drivers, want %d", n, nref);
		return why;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < nref && strcmp(d[i].name, ref[j].name); j++)
			;
		if (j == nref || !d[i].passed) {
			snprintf(why, sizeof(why), "%.128s: %s", d[i].name,
				 j == nref ? "unexpected" : "selftest not passed");
			return why;
		}
		if (!strcmp(d[i].type, "shash"))
			err = hash_op(d[i].name, 0);
		else if (!strcmp(d[i].type, "rng"))
			err = rng_op(d[i].name, 1);
		else if (!strncmp(d[i].name, "csidh512-", 9))
			err = with_kpp_op ? kpp_op(0) : 0;
		else
			err = 0;
		if (err) {
			snprintf(why, sizeof(why), "%.128s: %s", d[i].name,
				 err > 0 ? "wrong answer" : strerror(-err));
			return why;
		}
	}
	if (kpp_type_registered() != 1)
		return "AF_ALG type kpp not registered";
	return NULL;
}

/* ---- fault injection ---------------------------------------------------- */

static const char *const fattr[] = { "failslab", "fail_page_alloc" };
static int have_stack_filter;
static unsigned long modspace_start;

/*
 * The kernel's crypto manager (cryptomgr_notify(), crypto/algboss.c, with
 * cryptomgr_schedule_test() inlined) starts the self-test thread of a new
 * algorithm from the registering task; when that allocation fails, 6.12
 * WARNs (crypto_schedule_test(), crypto/api.c) and the algorithm's test
 * never completes.  That is the kernel's own behaviour, not nobs's, so
 * with the stack filter the loads do not inject faults below that
 * function (reject-start/-end); see the report in tests/faults/run.sh's notes.
 */
static unsigned long reject_start, reject_end;

static void find_reject_range(void)
{
	static char buf[1 << 16];
	unsigned long v, start = 0, next = ~0UL;
	char name[128], t;
	FILE *f;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		f = fopen("/proc/kallsyms", "r");
		if (!f)
			return;
		setvbuf(f, buf, _IOFBF, sizeof(buf));
		while (fscanf(f, "%lx %c %127s%*[^\n]", &v, &t, name) == 3) {
			if (!pass && !strcmp(name, "cryptomgr_notify")) {
				start = v;
				break;
			}
			if (pass && v > start && v < next)
				next = v;
		}
		fclose(f);
		if (!start)
			return;
	}
	if (next != ~0UL) {
		reject_start = start;
		reject_end = next;
	}
}

static void fault_set(const char *attr, const char *file, const char *val)
{
	char p[128];

	snprintf(p, sizeof(p), DBG "/%s/%s", attr, file);
	if (put(p, val))
		out("FAULTS-NOTE cannot set %s to %s: %s\n", p, val,
		    strerror(errno));
}

/*
 * prob: percent (0 = only fail-nth); modspace: require a frame above the
 * kernel image (nobs.ko's text) when the kernel can filter stacks.
 */
static void faults_config(long prob, int modspace)
{
	char b[32];
	unsigned int i;

	for (i = 0; i < 2; i++) {
		snprintf(b, sizeof(b), "%ld", prob);
		fault_set(fattr[i], "probability", b);
		fault_set(fattr[i], "interval", "1");
		fault_set(fattr[i], "times", "1000000");
		fault_set(fattr[i], "space", "0");
		fault_set(fattr[i], "verbose", "0");
		fault_set(fattr[i], "task-filter", "Y");
		fault_set(fattr[i], "ignore-gfp-wait", "N");
		if (have_stack_filter) {
			snprintf(b, sizeof(b), "%lu",
				 modspace ? modspace_start : 0UL);
			fault_set(fattr[i], "require-start", b);
			fault_set(fattr[i], "require-end",
				  modspace ? "18446744073692774400" :
					     "18446744073709551615");
			fault_set(fattr[i], "stacktrace-depth", "32");
			snprintf(b, sizeof(b), "%lu",
				 modspace ? reject_start : 0UL);
			fault_set(fattr[i], "reject-start", b);
			snprintf(b, sizeof(b), "%lu",
				 modspace ? reject_end : 0UL);
			fault_set(fattr[i], "reject-end", b);
		}
	}
	fault_set("fail_page_alloc", "ignore-gfp-highmem", "N");
	fault_set("fail_page_alloc", "min-order", "0");
}

static long injected[2];	/* per attribute, this run */

static void faults_collect(void)
{
	char p[128];
	unsigned int i;
	long t;

	for (i = 0; i < 2; i++) {
		snprintf(p, sizeof(p), DBG "/%s/times", fattr[i]);
		t = getl(p);
		if (t >= 0)
			injected[i] += TIMES_START - t;
		fault_set(fattr[i], "probability", "0");
		fault_set(fattr[i], "times", "1000000");
	}
}

/* ---- phase 1: loads ----------------------------------------------------- */

struct load_out {
	int err;		/* errno of finit_module, 0 on success */
	long left;		/* fail-nth left after the load (0: fired) */
};

/*
 * One load in a child: fail-nth @nth (0: none) and/or make-it-fail.  The
 * proc files are opened before the faults start, so that nothing but the
 * load itself can take the injected fault.
 */
static struct load_out load_once(long nth, int make_fail)
{
	struct load_out r = { -1, -1 };
	int pfd[2], st;
	pid_t pid;

	if (pipe(pfd))
		return r;
	pid = fork();
	if (pid == 0) {
		int mfd = open(MODPATH, O_RDONLY | O_CLOEXEC);
		int nfd = open("/proc/thread-self/fail-nth", O_RDWR | O_CLOEXEC);
		int ffd = open("/proc/self/make-it-fail", O_RDWR | O_CLOEXEC);
		char b[32];
		ssize_t n;

		if (mfd < 0 || nfd < 0 || ffd < 0)
			_exit(255);
		if (nth) {
			n = snprintf(b, sizeof(b), "%ld", nth);
			if (pwrite(nfd, b, n, 0) != n)
				_exit(254);
		}
		if (make_fail && pwrite(ffd, "1", 1, 0) != 1)
			_exit(253);
		/*
		 * The permutation named: the one timed fastest at load flips
		 * between generic and bmi under TCG, and with it the number
		 * of drivers every load is compared with.
		 */
		r.err = syscall(SYS_finit_module, mfd, "keccak_impl=bmi", 0) ? errno : 0;
		if (make_fail)
			n = pwrite(ffd, "0", 1, 0);
		if (nth) {
			n = pread(nfd, b, sizeof(b) - 1, 0);
			r.left = n > 0 ? (b[n] = '\0', atol(b)) : -2;
			n = pwrite(nfd, "0", 1, 0);
		}
		n = write(pfd[1], &r, sizeof(r));
		_exit(n == sizeof(r) ? 0 : 252);
	}
	close(pfd[1]);
	if (pid < 0 || read(pfd[0], &r, sizeof(r)) != sizeof(r))
		r.err = -1;
	close(pfd[0]);
	if (pid > 0)
		waitpid(pid, &st, 0);
	return r;
}

static long n_loads, n_load_ok, n_load_failed;
static long load_errs[NERR];
static long pass_load, fail_load;

/* Check the state after a load with result @r; unload if it loaded. */
static void judge_load(const char *label, struct load_out r)
{
	const char *bad = NULL;
	int err;

	n_loads++;
	if (r.err < 0) {
		bad = "no result from the loading child";
	} else if (r.err) {
		n_load_failed++;
		load_errs[r.err < NERR ? r.err : 0]++;
		bad = check_gone();
	} else {
		n_load_ok++;
		bad = check_full(0);
		if (module_loaded() == 1) {
			err = unload();
			if (err && !bad) {
				snprintf(why, sizeof(why), "unload: %s",
					 strerror(-err));
				bad = why;
			}
			if (!err && !bad)
				bad = check_gone();
		}
	}
	if (bad) {
		fail_load++;
		out("FAULTS-RESULT fail %s: load %s: %s\n", label,
		    r.err ? strerror(r.err) : "ok", bad);
		/* Start the next load from a clean state if possible. */
		if (module_loaded() == 1)
			unload();
	} else {
		pass_load++;
	}
}

static void phase_loads(void)
{
	struct load_out r;
	char label[64];
	long k, n, step, i, fired = 0;

	/* The fault-free reference load: counts K and the drivers. */
	faults_config(0, 1);
	r = load_once(TIMES_START, 0);
	if (r.err) {
		out("FAULTS-RESULT fail reference-load: %s\n",
		    r.err > 0 ? strerror(r.err) : "no result");
		fail_load++;
		return;
	}
	nref = nobs_drivers(ref, MAX_DRV);
	k = TIMES_START - r.left;
	out("FAULTS-NOTE reference load: %d nobs drivers, %ld allocation calls pass the filter%s\n",
	    nref, k, have_stack_filter ? " (frame in module space)" : " (no stack filter: all of the task's)");
	for (i = 0; i < nref; i++)
		out("FAULTS-NOTE   %s (%s)%s\n", ref[i].name, ref[i].type,
		    ref[i].passed ? "" : " selftest NOT passed");
	why[0] = '\0';
	{
		/* the kpps of csidh_glue.c's table: one driver each */
		static const char *const kpps[] = {
			"csidh512-", "csidh1024-", "ctidh511-", "ctidh512-",
			"ctidh1024-", "ctidh2048-",
		};
		const char *bad = check_full(1);
		int kpp[sizeof(kpps) / sizeof(*kpps)] = { 0 }, drbg = 0, sh = 0;
		size_t j;

		for (i = 0; i < nref; i++) {
			for (j = 0; j < sizeof(kpps) / sizeof(*kpps); j++)
				kpp[j] += !strncmp(ref[i].name, kpps[j],
						   strlen(kpps[j]));
			drbg += !strcmp(ref[i].type, "rng");
			sh += !strcmp(ref[i].type, "shash");
		}
		for (j = 0; !bad && j < sizeof(kpps) / sizeof(*kpps); j++)
			if (kpp[j] != 1) {
				snprintf(why, sizeof(why),
					 "not every component registered: %d %s* drivers, want 1",
					 kpp[j], kpps[j]);
				bad = why;
			}
		if (!bad && (drbg != 1 || sh < 6))
			bad = "not every component registered";
		if (bad) {
			out("FAULTS-RESULT fail reference-load: %s\n", bad);
			fail_load++;
		} else {
			pass_load++;
		}
	}
	if (unload())
		out("FAULTS-RESULT fail reference-unload: %s\n", strerror(errno));
	faults_collect();
	injected[0] = injected[1] = 0;
	if (k <= 0) {
		out("FAULTS-RESULT fail fail-nth-sweep: no allocation call passed the filter\n");
		fail_load++;
		return;
	}

	/* a. the fail-nth sweep */
	step = c_loads > 0 ? (k + c_loads - 1) / c_loads : k + 1;
	if (step < 1)
		step = 1;
	faults_config(0, 1);
	for (n = 1; c_loads > 0 && n <= k; n += step) {
		snprintf(label, sizeof(label), "fail-nth-%ld", n);
		r = load_once(n, 0);
		fired += r.left == 0;
		judge_load(label, r);
	}
	faults_collect();
	out("FAULTS-NOTE fail-nth sweep: %ld loads, step %ld of %ld, %ld faults fired\n",
	    n_loads, step, k, fired);

	/* b. random faults, task-filter + make-it-fail */
	faults_config(c_prob, 1);
	for (i = 0; i < c_ploads; i++) {
		snprintf(label, sizeof(label), "random-%ld", i);
		judge_load(label, load_once(0, 1));
	}
	faults_collect();
}

/* ---- phase 2: operations ------------------------------------------------ */

struct opstats {
	long ops, right, wrong, errs[NERR];
};

static struct opstats *ops;	/* shared with the child */
static struct drvinfo cur[MAX_DRV];
static int ncur;

static void record(struct opstats *s, int err)
{
	s->ops++;
	if (!err)
		s->right++;
	else if (err > 0)
		s->wrong++;
	else
		s->errs[-err < NERR ? -err : 0]++;
}

static void run_ops(struct opstats *s, long rounds, long kpp)
{
	long r;
	int i;

	for (r = 0; r < rounds; r++) {
		for (i = 0; i < ncur; i++) {
			if (!strcmp(cur[i].type, "shash")) {
				record(s, hash_op(cur[i].name, 0));
				record(s, hash_op(cur[i].name, 1));
			} else if (!strcmp(cur[i].type, "rng")) {
				record(s, rng_op(cur[i].name, 1));
				record(s, rng_op(cur[i].name, 0));
			}
		}
	}
	for (r = 0; r < kpp; r++)
		record(s, kpp_op(r & 1));
}

/*
 * What the kernel returns when an allocation fails under AF_ALG: ENOMEM
 * (af_alg, algif_*, the crypto API, nobs), and ENFILE when socket() or
 * accept() cannot allocate the struct file (alloc_empty_file()).
 */
static int allowed_errno(int e)
{
	return e == ENOMEM || e == ENFILE;
}

static void print_errs(const char *what, const long *errs)
{
	char b[512];
	size_t n = 0;
	int e;

	b[0] = '\0';
	for (e = 0; e < NERR; e++)
		if (errs[e])
			n += snprintf(b + n, sizeof(b) - n, " %s=%ld",
				      e ? strerrorname_np(e) : "other", errs[e]);
	out("FAULTS-NOTE %s errnos:%s\n", what, n ? b : " none");
}

static long pass_ops, fail_ops, n_ops, n_ops_err;

static void phase_ops(void)
{
	struct load_out r;
	struct opstats after = { 0 };
	pid_t pid;
	int st, e;
	long bad = 0;

	r = load_once(0, 0);
	if (r.err) {
		out("FAULTS-RESULT fail plain-load: %s\n", strerror(r.err));
		fail_ops++;
		return;
	}
	ncur = nobs_drivers(cur, MAX_DRV);
	ops = mmap(NULL, sizeof(*ops), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (ops == MAP_FAILED)
		return;
	memset(ops, 0, sizeof(*ops));

	faults_config(c_ops_prob, 0);
	pid = fork();
	if (pid == 0) {
		int ffd = open("/proc/self/make-it-fail", O_RDWR | O_CLOEXEC);
		volatile char stack[256 << 10];

		memset((char *)stack, 0, sizeof(stack));
		if (ffd < 0 || mlockall(MCL_CURRENT | MCL_FUTURE) ||
		    pwrite(ffd, "1", 1, 0) != 1)
			_exit(2);
		run_ops(ops, c_rounds, c_kpp);
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, &st, 0);
	faults_collect();
	if (pid <= 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		out("FAULTS-RESULT fail ops-child: status %d\n", st);
		fail_ops++;
	}
	for (e = 1; e < NERR; e++)
		if (ops->errs[e] && !allowed_errno(e))
			bad += ops->errs[e];
	bad += ops->errs[0];
	n_ops = ops->ops;
	n_ops_err = ops->ops - ops->right - ops->wrong;
	out("FAULTS-NOTE operations under faults: %ld, right %ld, wrong %ld, errors %ld\n",
	    ops->ops, ops->right, ops->wrong, n_ops_err);
	print_errs("operations under faults", ops->errs);
	if (ops->wrong || bad) {
		out("FAULTS-RESULT fail ops-under-faults: %ld wrong answers, %ld errors other than ENOMEM/ENFILE\n",
		    ops->wrong, bad);
		fail_ops++;
	} else if (!ops->ops) {
		out("FAULTS-RESULT fail ops-under-faults: no operation ran\n");
		fail_ops++;
	} else {
		pass_ops += ops->ops;
	}

	/* Faults off: everything works. */
	run_ops(&after, 1, 2);
	if (after.right != after.ops || !after.ops) {
		out("FAULTS-RESULT fail ops-after-faults: %ld of %ld right\n",
		    after.right, after.ops);
		print_errs("after faults", after.errs);
		fail_ops++;
	} else {
		pass_ops += after.ops;
		out("FAULTS-NOTE faults off: %ld operations, all right\n",
		    after.ops);
	}
}

/* ---- phase 3: stress + unload ------------------------------------------- */

static long pass_stress, fail_stress;

static void phase_stress(void)
{
	char secs[16], *argv[MAX_DRV + 8];
	int argc = 0, i, st;
	const char *rng = NULL, *bad;
	pid_t pid;

	if (module_loaded() != 1) {
		out("FAULTS-RESULT fail stress: nobs not loaded\n");
		fail_stress++;
		return;
	}
	for (i = 0; i < ncur; i++)
		if (!strcmp(cur[i].type, "rng"))
			rng = cur[i].name;
	snprintf(secs, sizeof(secs), "%ld", c_stress);
	argv[argc++] = "/bin/stress";
	argv[argc++] = secs;
	argv[argc++] = "2";
	argv[argc++] = "3";
	argv[argc++] = (char *)(rng ? rng : "none");
	for (i = 0; i < ncur; i++)
		if (!strcmp(cur[i].type, "shash") && hash_kat_of(cur[i].name))
			argv[argc++] = cur[i].name;
	argv[argc] = NULL;
	if (c_stress > 0) {
		pid = fork();
		if (pid == 0) {
			execv(argv[0], argv);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) ||
		    WEXITSTATUS(st)) {
			out("FAULTS-RESULT fail stress: exit status %d\n", st);
			fail_stress++;
		} else {
			pass_stress++;
		}
	}
	i = unload();
	bad = i ? strerror(-i) : check_gone();
	if (bad) {
		out("FAULTS-RESULT fail final-unload: %s\n", bad);
		fail_stress++;
	} else {
		pass_stress++;
	}
}

/* ---- phase 4: kmemleak -------------------------------------------------- */

static char leak_buf[1 << 20];

static long leak_scan(int print)
{
	long n = 0;
	char *p;

	if (put(DBG "/kmemleak", "scan"))
		return -1;
	if (slurp(DBG "/kmemleak", leak_buf, sizeof(leak_buf)) < 0)
		return -1;
	for (p = leak_buf; (p = strstr(p, "unreferenced object")); p++)
		n++;
	if (print && n) {
		out("FAULTS-KMEMLEAK-BEGIN\n");
		out("%s", leak_buf);
		out("FAULTS-KMEMLEAK-END\n");
	}
	return n;
}

static long leaks_baseline = -1;

static void kmemleak_start(void)
{
	if (access(DBG "/kmemleak", R_OK | W_OK)) {
		out("FAULTS-NOTE no " DBG "/kmemleak\n");
		return;
	}
	/* Scans only when asked: no scanner thread competing for the CPU. */
	put(DBG "/kmemleak", "scan=off");
	leaks_baseline = leak_scan(1);
	if (put(DBG "/kmemleak", "clear"))
		out("FAULTS-NOTE kmemleak clear: %s\n", strerror(errno));
}

static void phase_kmemleak(long *pass, long *fail)
{
	long n;

	if (leaks_baseline < 0) {
		out("FAULTS-RESULT fail kmemleak: not available or disabled at boot\n");
		(*fail)++;
		return;
	}
	sleep(6);
	leak_scan(0);
	sleep(2);
	n = leak_scan(1);
	if (n < 0) {
		out("FAULTS-RESULT fail kmemleak: scan failed (%s): disabled during the run?\n",
		    strerror(errno));
		(*fail)++;
	} else if (n) {
		out("FAULTS-RESULT fail kmemleak: %ld new leak reports (baseline before the runs: %ld, cleared)\n",
		    n, leaks_baseline);
		(*fail)++;
	} else {
		out("FAULTS-NOTE kmemleak: no new leak reported (boot baseline %ld, cleared)\n",
		    leaks_baseline);
		(*pass)++;
	}
}

/* ---- main --------------------------------------------------------------- */

static unsigned long kernel_end(void)
{
	static char buf[1 << 16];
	unsigned long a = 0, v;
	char name[128], t;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (f) {
		setvbuf(f, buf, _IOFBF, sizeof(buf));
		while (fscanf(f, "%lx %c %127s%*[^\n]", &v, &t, name) == 3)
			if (!strcmp(name, "_end")) {
				a = v;
				break;
			}
		fclose(f);
	}
	/* x86_64 modules live at MODULES_VADDR >= 0xffffffffa0000000. */
	if (a < 0xffffffffa0000000UL)
		a = 0xffffffffa0000000UL;
	return (a + 0xfffff) & ~0xfffffUL;
}

int main(void)
{
	long pk = 0, fk = 0;
	int fd, i;

	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("debugfs", DBG, "debugfs", 0, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t_start);
	res = fopen("/dev/ttyS1", "w");
	/* The host's boot watch (nobs_qemu_run): the kernel reached /init. */
	if (res) {
		fputs("NOBS-INIT\n", res);
		fflush(res);
	}
	/* No usermode modprobe: af_alg's request_module("algif-kpp") fails fast. */
	put("/proc/sys/kernel/modprobe", "\n");
	read_conf();
	for (i = 0; i < (int)sizeof(M); i++)
		M[i] = (unsigned char)(i * 13 + 7);
	for (i = 0; i < (int)sizeof(K); i++)
		K[i] = (unsigned char)(0x40 + i);
	for (i = 0; i < (int)sizeof(SEED); i++)
		SEED[i] = (unsigned char)i;

	out("FAULTS-START loads %ld ploads %ld prob %ld ops_prob %ld rounds %ld kpp %ld stress %ld\n",
	    c_loads, c_ploads, c_prob, c_ops_prob, c_rounds, c_kpp, c_stress);
	if (access(DBG "/failslab/probability", W_OK) ||
	    access(DBG "/fail_page_alloc/probability", W_OK) ||
	    access("/proc/self/make-it-fail", W_OK) ||
	    access("/proc/thread-self/fail-nth", W_OK)) {
		out("FAULTS-RESULT fail setup: no failslab/fail_page_alloc debugfs or fail-nth\n");
		out("faults-setup: 0 passed, 1 failed\n");
		goto done;
	}
	have_stack_filter = !access(DBG "/failslab/require-start", W_OK);
	modspace_start = kernel_end();
	if (have_stack_filter && c_reject)
		find_reject_range();
	out("FAULTS-NOTE stack filter: %s; module space from 0x%lx; not below cryptomgr_notify 0x%lx-0x%lx\n",
	    have_stack_filter ? "yes" : "no (CONFIG_FAULT_INJECTION_STACKTRACE_FILTER off)",
	    modspace_start, reject_start, reject_end);
	kmemleak_start();
	out("FAULTS-NOTE kmemleak baseline done at %ld s\n", elapsed());

	phase_loads();
	out("FAULTS-NOTE loads done at %ld s\n", elapsed());
	out("faults: injected %ld faults in %ld loads (failslab %ld, fail_page_alloc %ld): %ld failed, %ld loaded; %ld of them left a partial state\n",
	    injected[0] + injected[1], n_loads, injected[0], injected[1],
	    n_load_failed, n_load_ok, fail_load);
	print_errs("failed loads", load_errs);
	out("faults-load: %ld passed, %ld failed\n", pass_load, fail_load);

	injected[0] = injected[1] = 0;
	phase_ops();
	out("FAULTS-NOTE operations done at %ld s\n", elapsed());
	out("faults: injected %ld faults in %ld operations (failslab %ld, fail_page_alloc %ld): %ld right, %ld clean errors\n",
	    injected[0] + injected[1], n_ops, injected[0], injected[1],
	    n_ops - n_ops_err, n_ops_err);
	out("faults-ops: %ld passed, %ld failed\n", pass_ops, fail_ops);

	phase_stress();
	out("FAULTS-NOTE stress and unload done at %ld s\n", elapsed());
	out("faults-stress: %ld passed, %ld failed\n", pass_stress, fail_stress);

	phase_kmemleak(&pk, &fk);
	out("FAULTS-NOTE kmemleak done at %ld s\n", elapsed());
	out("faults-kmemleak: %ld passed, %ld failed\n", pk, fk);
done:
	out("FAULTS-DONE\n");
	if (res)
		fclose(res);
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
