// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-fuzz: a syscall fuzzer for the AF_ALG surface nobs serves (its
 * hashes, its DRBG and its own "kpp" socket type, which must refuse every
 * kpp but nobs's), run as root inside a test kernel's guest
 * (tests/afalg-fuzz/run.sh).
 *
 *   afalg-fuzz [-s SEED] [-t SECONDS] [-n CALLS] [-p NPROC] [-j NTHREADS]
 *              [-u KO [-P PARAMS]] [-w W] [-x I,I-J,...] [-e] [-m] [-v] [-d]
 *
 * NPROC worker processes (default 2) with NTHREADS threads each (default
 * 3; worker W is thread W % NTHREADS of process W / NTHREADS) make random
 * calls: socket, bind (nobs's cra_names and driver names, the kernel's kpp
 * names, which the kpp type must refuse, wrong types, garbage, short and
 * long addresses), setsockopt (ALG_SET_KEY with keys of random length and
 * content, kpp secrets in the kernel's encodings, among them secrets whose
 * header claims more bytes than are sent (the over-read of a parser that
 * trusts the header; for every kpp_secret format: dh, ffdhe, ecdh), valid
 * csidh512 keys and CTIDH keys (ctidh511, ctidh512, ctidh1024; for
 * ctidh2048 only keys it refuses),
 * ALG_SET_DRBG_ENTROPY, other options), accept, sendmsg (ALG_SET_OP, IV,
 * AEAD assoclen and garbage control messages, MSG_MORE, several iovecs),
 * recvmsg/read/readv (buffers of 0 to 1 GiB of declared length),
 * vmsplice + splice through a pipe, close, dup, fork (a child making calls
 * on the inherited descriptors while its parent's threads go on) and
 * taking descriptors from the other worker processes (pidfd_getfd()).
 * The threads of a process share one descriptor table.  A "flow" is a
 * run of those calls whose choices fit together (socket, a name nobs
 * serves, a key of its format, accept, kpp ops of about the right length,
 * a receive), so deep states come often.  -u KO: one more process keeps
 * unloading nobs (delete_module, O_NONBLOCK) and loading it back, from KO
 * with PARAMS or by the kernel's autoload when a bind asks for a nobs name.
 *
 * Deterministic by seed: worker W draws every choice (call, descriptor
 * slot, name, lengths, flags, bytes) from its own generator seeded with
 * (SEED, process, thread), never from a result, so a seed gives each
 * worker the same call sequence on every run; which descriptor a slot
 * holds at a given moment depends on the other threads (and the
 * unloader's timing on everyone).  "digest W N 0x..." lines hash each
 * worker's first N choices: a replay (the printed command: -s SEED -n N,
 * the same -p and -j) prints the same digests.  -d computes them without
 * making any call (on any machine).  -v prints every call and its result
 * (with -d: every call a worker would make, "= 0"; how a seed that reaches
 * a given flow early is found, docs/testing.md).
 *
 * The parent reads /dev/kmsg and prints every kernel report as it comes
 * ("REPORT kind: line": KASAN, KCSAN, UBSAN, KFENCE, lockdep, WARN, BUG,
 * Oops, hung tasks, soft lockups, refcount and list corruption) with the
 * last calls of every worker; a worker that makes no progress for 30 s is
 * reported with its kernel stack (300 s while its call is on a csidh1024
 * or CTIDH socket: the first transform of each runs its known answers,
 * and one action takes seconds (ctidh511/512) to tens of seconds
 * (csidh1024, ctidh1024, ctidh2048) on the debug kernel under TCG).
 * ctidh2048 (20 to 30 s an action there) is bound in a flow only, rarely,
 * and given only keys it refuses (KPP_CTIDH2048).  -e: stop
 * at the first report.  -m: after the campaign, the first report that is not a data race is
 * replayed with one worker alone (-w W), the shortest prefix of its calls
 * that reproduces it is searched (-n), then the calls it does without are
 * dropped one chunk at a time (-x I,I-J: calls not made); the command and
 * the calls left are printed ("minimized: ...").
 *
 * Last lines: "afalg-fuzz: seed S calls N in S s (N/min) reports N" and
 * the replay command.  Exit status: 0 no report, 1 reports, 2 usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <uapi/nobs/if_alg_kpp.h>
#include <stddef.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif
#ifndef ALG_SET_AEAD_AUTHSIZE
#define ALG_SET_AEAD_AUTHSIZE 5
#endif
#ifndef ALG_SET_DRBG_ENTROPY
#define ALG_SET_DRBG_ENTROPY 6
#endif
#ifndef ALG_SET_KEY_BY_KEY_SERIAL
#define ALG_SET_KEY_BY_KEY_SERIAL 7
#endif

#define MAXW		64	/* workers */
#define NSLOT		48	/* descriptor slots per process */
#define RING		96	/* calls remembered per worker */
#define BUFSZ		(2u << 20)
#define HUGE_LEN	(1u << 30)
#define STALL_S		30
#define STALL_SLOW_S	300	/* a call on a csidh1024 or CTIDH socket */
#define CKPT		16	/* a digest every CKPT calls */
#define SHORT_REPLAY	64	/* digests printed for this many calls too */
#define NCKPT		8192	/* (131072 calls a worker) */

/* ---- the generator: splitmix64 seeding xoshiro256** ---- */
struct rng {
	uint64_t s[4];
};

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void rng_seed(struct rng *r, uint64_t seed, uint64_t a, uint64_t b)
{
	uint64_t x = seed ^ (a << 32) ^ (b << 48) ^ 0x6e6f6273ull;
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t next64(struct rng *r)
{
	uint64_t *s = r->s, res = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return res;
}

static uint32_t below(struct rng *r, uint32_t n)
{
	return n ? (uint32_t)(next64(r) % n) : 0;
}

static int chance(struct rng *r, unsigned int pct)
{
	return below(r, 100) < pct;
}

/* ---- names ---- (kpp_names' order: smart_key() and do_bind()) */
static const char *const hash_names[] = {
	"shake128", "shake256", "cshake128", "cshake256", "kmac128",
	"kmac256", "sha3-224", "sha3-256", "sha3-384", "sha3-512",
	"shake128-nobs-generic", "shake256-nobs-bmi", "cshake128-nobs-avx512",
	"cshake256-nobs-generic", "kmac128-nobs-bmi", "kmac256-nobs-generic",
	"sha3-256-nobs-bmi", "sha3-512-nobs-generic", "sha3-224-nobs-avx512",
	"sha3-384-nobs-bmi", "kmac256-nobs-bmi", "shake256-nobs-generic",
	"sha3-256-generic", "hmac(shake128)", "hmac(sha3-256)", "sha256",
};
static const char *const rng_names[] = {
	"stdrng", "nobs_ctr_drbg_aes256_nodf", "drbg_nopr_ctr_aes256",
	"jitterentropy_rng", "ansi_cprng",
};
static const char *const kpp_names[] = {
	"csidh512", "csidh512-nobs-generic", "csidh512-nobs-bmi2adx",
	"csidh512", "ecdh-nist-p256", "ecdh-nist-p384", "dh", "ffdhe2048(dh)",
	"ffdhe3072(dh)", "ffdhe4096(dh)", "ffdhe8192(dh)", "ecdh-nist-p192",
	"curve25519", "ecdh-nist-p256-generic", "dh-generic", "hpre-dh",
	"csidh1024", "shake128", "ctidh511", "ctidh512", "ctidh1024",
	"ctidh2048",
};
#define NKPP		(sizeof(kpp_names) / sizeof(*kpp_names))
#define KPP_CTIDH	18	/* kpp_names[KPP_CTIDH + 0..3]: the CTIDH sets */
/*
 * ctidh2048: its first transform after each load runs its known answers
 * (a validation and a group action, 20 to 30 s each on the debug kernel
 * under TCG) and every accepted key would cost such actions, which a
 * campaign's end waits for.  So it is bound only in a flow, in 1 of 400
 * of the flows' kpp binds (do_bind()), and given only keys it refuses
 * (past a bound, a wrong length, random bytes: smart_key()): its bind,
 * setkey and refusals are fuzzed, its actions are the VM case's
 * (63-ctidh.sh) and the harness's.
 */
#define KPP_CTIDH2048	21
static const char *const types[] = {
	"hash", "rng", "kpp", "skcipher", "aead", "akcipher", "", "kpp\x01",
};

/* ---- shared state ---- */
enum op {
	OP_SOCKET, OP_BIND, OP_SETKEY, OP_SETOPT, OP_ACCEPT, OP_SEND,
	OP_RECV, OP_SPLICE, OP_CLOSE, OP_DUP, OP_FORK, OP_PASSFD, OP_MISC,
	OP_FLOW, OP_UNLOAD, OP_LOAD, NR_OPS
};
static const char *const op_name[NR_OPS] = {
	"socket", "bind", "setkey", "setsockopt", "accept", "sendmsg",
	"recvmsg", "splice", "close", "dup", "fork", "passfd", "misc",
	"flow", "delete_module", "finit_module",
};
/* Weights of the worker calls (OP_UNLOAD/LOAD: the unloader's). */
static const unsigned int op_weight[NR_OPS] = {
	8, 12, 12, 4, 12, 20, 18, 5, 6, 3, 1, 2, 2, 16, 0, 0,
};

/* One call: every choice, then the result. */
struct call {
	uint32_t idx;
	uint8_t op, slot, slot2, child;
	uint32_t a, b, c;
	int32_t ret;
};

struct worker {
	_Atomic uint32_t calls;	/* calls started */
	_Atomic int tid;
	_Atomic uint32_t pos;	/* ring position */
	_Atomic int slow;	/* the call under way may take STALL_SLOW_S */
	uint64_t digest;	/* of the choices of calls 1..calls */
	uint64_t ckpt[NCKPT];	/* digest after call CKPT * i */
	uint32_t stop_at;	/* -n */
	struct call ring[RING];
};

struct shared {
	_Atomic int stop;
	_Atomic int drain;	/* the unloader asks for every descriptor closed */
	_Atomic uint32_t drains;
	_Atomic int pid[MAXW];			/* of each worker process */
	_Atomic int slots[MAXW][NSLOT];		/* each process's table */
	_Atomic uint32_t unloads, loads, load_fail;
	_Atomic uint32_t made[NR_OPS], ok[NR_OPS];	/* calls, successes */
	struct worker w[MAXW + 1];	/* [nw]: the unloader */
};

static struct shared *sh;
static uint64_t seed;
static int nproc = 2, nthr = 3, verbose, dry, minimize, stop_first;
static uint32_t max_calls;
static unsigned int seconds = 60;
static const char *ko, *ko_params = "";
static int only = -1;		/* -w: the one worker */
static char *skip;		/* -x: calls not made (by index), or NULL */
static uint32_t skip_len;
static struct call *capture;	/* capture_calls(): every call's choices */
static uint32_t capture_len;
static unsigned char *buf;	/* BUFSZ, shared by a process's threads */

/*
 * This process's descriptor table (in *sh, where the others can read it;
 * a fork's child has a private copy).
 */
static _Atomic int *slots;

struct ctx {
	struct rng r;
	struct worker *w;
	int proc, id, child;
	int last;		/* the slot this thread filled last */
	int smart;		/* in a flow: choices that make sense */
	/*
	 * What this thread meant each slot to be (its choices, not results):
	 * type + 1 (types[]) and name, << 8.
	 */
	uint32_t kind[NSLOT];
	unsigned char *mine;	/* this thread's scratch */
};

static void digest_add(struct worker *w, const struct call *c)
{
	const unsigned char *p = (const unsigned char *)c;
	uint64_t h = w->digest ? w->digest : 0xcbf29ce484222325ull;
	size_t i;

	/* idx, op, slots, child flag and a/b/c: not the result. */
	for (i = 0; i < offsetof(struct call, ret); i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	w->digest = h;
}

static int skipped(uint32_t idx)
{
	return skip && idx < skip_len && skip[idx];
}

static const char *bind_name(uint32_t b)
{
	uint32_t i = b & 0xff;

	switch (b >> 8) {
	case 0:
		return hash_names[i % (sizeof(hash_names) / sizeof(*hash_names))];
	case 1:
		return rng_names[i % (sizeof(rng_names) / sizeof(*rng_names))];
	case 2:
		return kpp_names[i % (sizeof(kpp_names) / sizeof(*kpp_names))];
	default:
		return "(64 random bytes)";
	}
}

/* One call, readable: what it was asked to do, and what it got. */
static void fmt_call(char *s, size_t n, int wi, const struct call *c)
{
	static const char *const keys[] = { "zeros", "0xff bytes", "random",
		"random", "dh kpp_secret", "ecdh kpp_secret", "csidh512 key",
		"ecdh random-key secret", "ffdhe random-key secret", "NULL",
		"dh 2048-bit secret", "dh secret claiming more than sent",
		"ffdhe secret claiming more than sent",
		"ecdh secret claiming more than sent", "ctidh key",
		"ctidh key past a bound" };
	static const char *const cm[] = { "op=keygen", "op=ssgen",
		"op=decrypt", "op=encrypt", "op=junk", "op=junk|0xff00", "iv",
		"iv(bad ivlen)", "assoclen", "short", "SOL_SOCKET", "garbage",
		"garbage", "garbage", "garbage", "garbage" };
	static const char *const rv[] = { "recvmsg", "read", "readv",
		"recv PEEK", "recv TRUNC" };
	char a[160];
	uint32_t i;
	size_t o;

	switch (c->op) {
	case OP_SOCKET:
		snprintf(a, sizeof(a), "type %#x, protocol %u -> slot %u",
			 c->a, c->b, c->slot);
		break;
	case OP_BIND:
		snprintf(a, sizeof(a), "slot %u, \"%s\", \"%s\", addrlen %u",
			 c->slot, types[c->a], bind_name(c->b), c->c);
		break;
	case OP_SETKEY:
		snprintf(a, sizeof(a), "slot %u, %s, %u bytes", c->slot,
			 keys[c->a % (sizeof(keys) / sizeof(*keys))], c->b);
		break;
	case OP_ACCEPT:
	case OP_DUP:
		snprintf(a, sizeof(a), "slot %u -> slot %u", c->slot, c->slot2);
		break;
	case OP_SEND:
		o = (size_t)snprintf(a, sizeof(a), "slot %u, cmsgs [", c->slot);
		for (i = 0; i < (c->a & 3) && o < sizeof(a); i++)
			o += (size_t)snprintf(a + o, sizeof(a) - o, "%s%s",
					      i ? " " : "", cm[(c->a >> (4 + 4 * i)) & 15]);
		if (o < sizeof(a))
			snprintf(a + o, sizeof(a) - o, "], %u bytes%s%s%s", c->b,
				 c->slot2 & 1 ? ", MSG_MORE" : "",
				 c->slot2 & 2 ? ", MSG_DONTWAIT" : "",
				 c->slot2 & 4 ? ", 4 iovecs" : "");
		break;
	case OP_RECV:
		snprintf(a, sizeof(a), "slot %u, %s, %u bytes%s", c->slot,
			 rv[c->a % 5], c->b, c->c ? ", MSG_DONTWAIT" : "");
		break;
	case OP_PASSFD:
		snprintf(a, sizeof(a), "process %u slot %u -> slot %u", c->a,
			 c->slot, c->slot2);
		break;
	case OP_FORK:
		snprintf(a, sizeof(a), "child makes %u calls", c->a);
		break;
	case OP_UNLOAD:
		snprintf(a, sizeof(a), "\"nobs\", O_NONBLOCK");
		break;
	default:
		snprintf(a, sizeof(a), "slot %u, a=%#x, b=%#x, c=%#x", c->slot,
			 c->a, c->b, c->c);
	}
	snprintf(s, n, "w%d #%u%s %s(%s) = %d%s%s", wi, c->idx,
		 c->child ? " (child)" : "", op_name[c->op], a, c->ret,
		 c->ret < 0 ? " " : "",
		 c->ret < 0 ? strerrorname_np(-c->ret) ?: "" : "");
}

static uint32_t slot_type(struct ctx *x, int s)
{
	return x->kind[s] & 0xff;	/* types[] index + 1; 0: none */
}

static uint32_t slot_name(struct ctx *x, int s)
{
	return x->kind[s] >> 8;
}

/* Whether slot @s was bound to a CTIDH set (kpp_names[KPP_CTIDH...]). */
static int slot_ctidh(struct ctx *x, int s)
{
	const size_t n = sizeof(kpp_names) / sizeof(*kpp_names);

	return slot_type(x, s) == 3 &&
	       slot_name(x, s) % n >= KPP_CTIDH;
}

/*
 * slow_call(): whether the call is on a csidh1024 or CTIDH socket (bound
 * to it, or accepted from one), which may legitimately take minutes under
 * TCG: the first transform of each set runs its known answers (group
 * actions) and other first users wait for them.
 */
static int slow_call(struct ctx *x, const struct call *c)
{
	const size_t n = sizeof(kpp_names) / sizeof(*kpp_names);

	return slot_ctidh(x, c->slot) ||
	       (slot_type(x, c->slot) == 3 &&
		!strcmp(kpp_names[slot_name(x, c->slot) % n], "csidh1024"));
}

/*
 * begin(): the call's choices are made; record them (ring, digest) and say
 * whether to make it.  end(): its result.
 */
static struct call *begin(struct ctx *x, struct call *c)
{
	struct worker *w = x->w;
	struct call *slot;

	if (!x->child)
		c->idx = atomic_fetch_add(&w->calls, 1) + 1;
	else
		c->idx = atomic_load(&w->calls);
	if (!x->child && w->stop_at && c->idx > w->stop_at) {
		/* -n reached inside a flow: the rest is not made. */
		atomic_fetch_sub(&w->calls, 1);
		return NULL;
	}
	c->child = (uint8_t)x->child;
	c->ret = 0;
	atomic_store(&w->slow, slow_call(x, c));
	/* A fork's child's calls follow from the fork's own choices. */
	if (!x->child) {
		digest_add(w, c);
		if (c->idx % CKPT == 0 && c->idx / CKPT < NCKPT)
			w->ckpt[c->idx / CKPT] = w->digest;
	}
	slot = &w->ring[atomic_fetch_add(&w->pos, 1) % RING];
	*slot = *c;
	if (capture && !x->child && c->idx <= capture_len)
		capture[c->idx] = *c;
	if (dry && verbose && !x->child) {
		char line[320];

		fmt_call(line, sizeof(line), (int)(w - sh->w), c);
		printf("call %s\n", line);
	}
	if (dry || (!x->child && skipped(c->idx)))
		return NULL;
	return slot;
}

static void end(struct ctx *x, struct call *rec, long ret)
{
	char line[320];

	rec->ret = ret < 0 ? -errno : (int32_t)ret;
	atomic_fetch_add(&sh->made[rec->op], 1);
	if (ret >= 0)
		atomic_fetch_add(&sh->ok[rec->op], 1);
	if (verbose) {
		fmt_call(line, sizeof(line), (int)(x->w - sh->w), rec);
		printf("call %s\n", line);
		fflush(stdout);
	}
}

/* ---- choices ---- */
/* A slot to use: the last one filled, often (in a flow: always). */
static int pick_slot(struct ctx *x)
{
	int near = chance(&x->r, 55), any = (int)below(&x->r, NSLOT);

	if (x->last >= 0 && (near || x->smart))
		return x->last;
	return any;
}

/* A slot a new descriptor goes to: the choice, whatever the result. */
static int new_slot(struct ctx *x, uint32_t kind)
{
	int s = (int)below(&x->r, NSLOT);

	x->last = s;
	x->kind[s] = kind;
	return s;
}

static int slot_fd(int s)
{
	return atomic_load(&slots[s]);
}

/* A new descriptor into a slot; the one there before is closed. */
static void put_fd(struct ctx *x, int s, int fd)
{
	int old;

	if (fd < 0)
		return;
	old = atomic_exchange(&slots[s], fd);
	if (old >= 0)
		close(old);
}

static const uint32_t lens[] = {
	0, 1, 2, 7, 15, 16, 17, 31, 32, 33, 36, 37, 38, 47, 48, 63, 64, 65,
	95, 96, 97, 127, 128, 129, 135, 136, 137, 167, 168, 169, 255, 256,
	511, 512, 513, 1024, 4095, 4096, 4097, 65535, 65536, 65537,
	(1u << 20), (2u << 20) - 1,
};

static uint32_t pick_len(struct rng *r, uint32_t max)
{
	uint32_t n;

	if (chance(r, 75))
		n = lens[below(r, sizeof(lens) / sizeof(lens[0]))];
	else
		n = below(r, chance(r, 80) ? 600 : 70000);
	return n > max ? max : n;
}

static void fill(struct rng *r, unsigned char *p, uint32_t n, uint32_t how)
{
	uint32_t i;
	uint64_t v = 0;

	switch (how % 4) {
	case 0:
		memset(p, 0, n);
		break;
	case 1:
		memset(p, 0xff, n);
		break;
	default:
		for (i = 0; i < n; i++) {
			if (!(i & 7))
				v = next64(r);
			p[i] = (unsigned char)v;
			v >>= 8;
		}
	}
}

/* ---- the calls ---- */
static void do_socket(struct ctx *x)
{
	static const int kinds[] = { SOCK_SEQPACKET, SOCK_SEQPACKET,
		SOCK_SEQPACKET, SOCK_STREAM, SOCK_DGRAM, SOCK_RAW };
	struct call c = { .op = OP_SOCKET }, *rec;
	int fd;

	c.slot = (uint8_t)new_slot(x, 0);
	c.a = (uint32_t)kinds[below(&x->r, 6)];
	if (chance(&x->r, 30))
		c.a |= SOCK_NONBLOCK;
	c.b = chance(&x->r, 90) ? 0 : below(&x->r, 300);
	if (x->smart) {
		c.a = SOCK_SEQPACKET;
		c.b = 0;
	}
	rec = begin(x, &c);
	if (!rec)
		return;
	fd = socket(AF_ALG, (int)(c.a | SOCK_CLOEXEC), (int)c.b);
	end(x, rec, fd);
	put_fd(x, c.slot, fd);
}

static void do_bind(struct ctx *x)
{
	struct call c = { .op = OP_BIND }, *rec;
	struct sockaddr_alg_new {
		struct sockaddr_alg sa;
		unsigned char pad[64];
	} a;
	const char *name;
	uint32_t t, n;

	memset(&a, 0, sizeof(a));
	c.slot = (uint8_t)pick_slot(x);
	t = below(&x->r, 100);
	c.a = t < 40 ? 0 : t < 55 ? 1 : t < 90 ? 2 : 3 + below(&x->r, 5);
	n = below(&x->r, 100);
	if (n < 80) {	/* a name of the type's own */
		switch (c.a) {
		case 1:
			c.b = below(&x->r, sizeof(rng_names) / sizeof(*rng_names));
			break;
		case 2:
			c.b = below(&x->r, sizeof(kpp_names) / sizeof(*kpp_names));
			break;
		default:
			c.b = below(&x->r, sizeof(hash_names) / sizeof(*hash_names));
		}
		c.b |= (c.a == 1 ? 1u : c.a == 2 ? 2u : 0u) << 8;
	} else {
		c.b = (n < 90 ? below(&x->r, 3) : 3) << 8 | below(&x->r, 26);
	}
	/* ctidh2048 in flows only (KPP_CTIDH2048): ctidh1024 instead */
	if (c.b >> 8 == 2 && (c.b & 0xff) % NKPP == KPP_CTIDH2048)
		c.b--;
	c.c = chance(&x->r, 85) ? sizeof(struct sockaddr_alg) :
	      below(&x->r, sizeof(a) + 1);
	if (x->smart) {	/* a name of nobs's, or one the kpp type serves */
		t = below(&x->r, 100);
		c.a = t < 45 ? 0 : t < 60 ? 1 : 2;
		c.c = sizeof(struct sockaddr_alg);
		n = below(&x->r, 100);
		if (c.a == 0)
			c.b = below(&x->r, 22);
		else if (c.a == 1)
			c.b = 1 << 8 | (n < 50 ? 1 : 0);
		else	/* csidh512 or a CTIDH set half the time, then ecdh, dh, ffdhe */
			c.b = 2 << 8 | (n < 44 ? (n & 1 ? 0 : 3) :
					n == 49 && chance(&x->r, 25) ?
					KPP_CTIDH2048 :
					n < 50 ? KPP_CTIDH + n % 3 :
					n < 75 ? 4 + (n & 1) : 6 + n % 4);
	}
	x->kind[c.slot] = (c.a + 1) | (c.b & 0xff) << 8;
	rec = begin(x, &c);
	if (!rec)
		return;
	snprintf((char *)a.sa.salg_type, sizeof(a.sa.salg_type), "%s",
		 types[c.a]);
	switch (c.b >> 8) {
	case 0:
		name = hash_names[(c.b & 0xff) % (sizeof(hash_names) / sizeof(*hash_names))];
		break;
	case 1:
		name = rng_names[(c.b & 0xff) % (sizeof(rng_names) / sizeof(*rng_names))];
		break;
	case 2:
		name = kpp_names[(c.b & 0xff) % (sizeof(kpp_names) / sizeof(*kpp_names))];
		break;
	default:
		name = NULL;
	}
	if (name) {
		snprintf((char *)a.sa.salg_name, sizeof(a.sa.salg_name), "%s", name);
	} else {	/* garbage, possibly without a terminating NUL */
		struct rng r2;

		rng_seed(&r2, c.b ^ ((uint64_t)c.c << 32), c.idx, 5);
		fill(&r2, a.sa.salg_name, sizeof(a.sa.salg_name), 2);
	}
	a.sa.salg_family = AF_ALG;
	end(x, rec, bind(slot_fd(c.slot), (struct sockaddr *)&a, c.c));
}

/*
 * A secret as the kernel's kpp_secret encoding expects (struct kpp_secret
 * header: type, len; then ecdh: key_size; dh: key_size, p_size, g_size).
 */
static uint32_t kpp_secret(struct rng *r, unsigned char *p, uint32_t how)
{
	uint16_t type = how & 1 ? 2 : 1, total;
	uint32_t klen = pick_len(r, 600), plen = pick_len(r, 1100);
	uint32_t glen = below(r, 3), hdr, n;

	if (type == 2) {	/* ecdh: u16 key_size */
		hdr = 4 + 2;
		if (chance(r, 40))
			klen = chance(r, 50) ? 0 : (chance(r, 50) ? 32 : 48);
		n = hdr + klen;
		memcpy(p + 4, &(uint16_t){ (uint16_t)(chance(r, 90) ? klen : below(r, 65536)) }, 2);
	} else {		/* dh: u32 key_size, p_size, g_size */
		hdr = 4 + 12;
		n = hdr + klen + plen + glen;
		memcpy(p + 4, &klen, 4);
		memcpy(p + 8, &plen, 4);
		memcpy(p + 12, &glen, 4);
	}
	if (n > 4096)
		n = 4096;
	fill(r, p + hdr, n - hdr, 2);
	memcpy(p, &type, 2);
	total = (uint16_t)(chance(r, 90) ? n : below(r, 65536));
	memcpy(p + 2, &total, 2);
	return n;
}

/*
 * A kpp_secret whose header agrees with itself (its total length is what
 * its sizes add up to, so a parser that checks only that accepts it) but
 * claims more bytes than are sent: the key stops short, somewhere in what
 * the sizes promise.  @how 11: dh (u32 key_size, p_size, g_size; p of
 * 1536 to 4096 bits, all ones, so that the kernel's checks of p pass and
 * its reader goes on past the end); 12: ffdhe (dh with p_size and g_size
 * 0: only a private key); 13: ecdh (u16 key_size).
 */
static uint32_t over_claim(struct rng *r, unsigned char *p, uint32_t how)
{
	uint16_t type = how == 13 ? 2 : 1, total;
	uint32_t ks, ps = 0, gs = 0, hdr, body, sent;

	if (how == 13) {
		ks = chance(r, 50) ? 32 : 48;
		hdr = 6;
		memcpy(p + 4, &(uint16_t){ (uint16_t)ks }, 2);
	} else {
		hdr = 16;
		if (how == 11) {
			ps = 192 + below(r, 321);
			ks = 1 + below(r, 32);
			gs = 1 + below(r, ps);
		} else {
			ks = 32 + below(r, 225);
		}
		memcpy(p + 4, &ks, 4);
		memcpy(p + 8, &ps, 4);
		memcpy(p + 12, &gs, 4);
	}
	body = ks + ps + gs;
	/* dh: g never whole (it is read last); the others: any cut. */
	sent = how == 11 ? ks + ps + below(r, gs) : below(r, body);
	memset(p + hdr, 0xff, sent);
	if (sent)
		p[hdr] = 1;
	total = (uint16_t)(hdr + body);
	memcpy(p, &type, 2);
	memcpy(p + 2, &total, 2);
	return hdr + sent;
}

/*
 * Key bytes of kind @how into @k, @len of them for the kinds without a
 * format of their own; returns the length.  0-3: filled (zeros, ones,
 * random); 4-5: a random kpp_secret (dh, ecdh); 6: a valid csidh512 key;
 * 7: ecdh, a random key; 8: ffdhe, a random key; 10: dh with a 2048-bit
 * modulus; 11-13: a dh, ffdhe or ecdh secret whose header is consistent
 * but claims more bytes than are sent (over_claim()); 14: a CTIDH key
 * of @len bytes, valid for ctidh511/512 (74) and ctidh1024 (130); 15: the
 * same with its last exponent 1, past that prime's bound 0 (ctidh2048's,
 * 231 bytes: refused); 9: (the caller passes NULL).
 */
static uint32_t key(struct rng *r, unsigned char *k, uint32_t how,
		    uint32_t len)
{
	static const unsigned char nib[] = { 0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 15 };
	uint32_t i, v[3] = { 32, 256, 1 };

	switch (how) {
	case 4: case 5:
		return kpp_secret(r, k, how);
	case 11: case 12: case 13:
		return over_claim(r, k, how);
	case 6:
		for (i = 0; i < 37; i++)
			k[i] = (unsigned char)(nib[below(r, 11)] << 4 | nib[below(r, 11)]);
		return 37;
	case 14:	/* -1, 0 or 1 on every fourth prime: within every bound */
	case 15:	/* of ctidh511/512/1024; 15: the last prime's passed */
		for (i = 0; i < len; i++)
			k[i] = i % 4 ? 0 : (unsigned char)(below(r, 3) - 1);
		if (how == 15 && len)
			k[len - 1] = 1;
		return len;
	case 7:		/* struct kpp_secret { u16 type, len }, u16 key_size */
		memcpy(k, &(uint16_t[3]){ 2, 6, 0 }, 6);
		return 6;
	case 8:		/* + u32 key_size, p_size, g_size */
		memcpy(k, &(uint16_t[2]){ 1, 16 }, 4);
		memset(k + 4, 0, 12);
		return 16;
	case 10:
		memcpy(k, &(uint16_t[2]){ 1, 16 + 32 + 256 + 1 }, 4);
		memcpy(k + 4, v, 12);
		fill(r, k + 16, 32 + 256, 2);
		k[16 + 32] |= 0x80;
		k[16 + 32 + 255] |= 1;
		k[16 + 32 + 256] = 2;
		return 16 + 32 + 256 + 1;
	default:
		fill(r, k, len, how);
		return len;
	}
}

/* In a flow: a key of the kind the slot was bound for. */
static void smart_key(struct ctx *x, struct call *c)
{
	uint32_t t = slot_type(x, c->slot), n = slot_name(x, c->slot);
	uint32_t p = below(&x->r, 100);

	if (t == 3 && n <= 3) {		/* csidh512 */
		c->a = p < 50 ? 0 : p < 90 ? 6 : 2;
		c->b = p < 50 ? 0 : 37;
	} else if (slot_ctidh(x, c->slot) && n % NKPP == KPP_CTIDH2048) {
		/* only keys it refuses (KPP_CTIDH2048) */
		c->a = p < 40 ? 15 : p < 70 ? 14 : 2;
		c->b = p < 40 || p >= 70 ? 231 : p & 1 ? 230 : 232;
	} else if (slot_ctidh(x, c->slot)) {	/* ctidh511, 512, 1024 */
		c->a = p < 30 ? 0 : p < 90 ? 14 : 2;
		c->b = p < 30 ? 0 : (n % NKPP == KPP_CTIDH + 2 ? 130 : 74);
	} else if (t == 3 && n <= 5) {	/* ecdh */
		c->a = p < 50 ? 7 : p < 75 ? 13 : 5;
	} else if (t == 3 && n == 6) {	/* dh */
		c->a = p < 40 ? 10 : p < 75 ? 11 : 4;
	} else if (t == 3) {		/* ffdhe */
		c->a = p < 55 ? 8 : p < 85 ? 12 : 4;
	} else if (t == 2) {		/* rng: a seed */
		c->a = 2;
		c->b = below(&x->r, 161);
	} else {			/* hash: a key, a customization */
		c->a = 2;
		c->b = 1 + below(&x->r, 80);
	}
}

static void do_setkey(struct ctx *x)
{
	struct call c = { .op = OP_SETKEY }, *rec;
	unsigned char *k = x->mine;
	struct rng r2;

	c.slot = (uint8_t)pick_slot(x);
	c.a = below(&x->r, 10);		/* content: see key() */
	c.b = pick_len(&x->r, 70000);
	c.c = (uint32_t)next64(&x->r);	/* seed of the content */
	if (chance(&x->r, 3))
		c.a = 9;		/* a NULL pointer */
	else if (chance(&x->r, 8))
		c.a = 11 + below(&x->r, 3);	/* claims more than it holds */
	if (x->smart)
		smart_key(x, &c);
	rec = begin(x, &c);
	if (!rec)
		return;
	rng_seed(&r2, c.c, 1, 2);
	c.b = rec->b = key(&r2, k, c.a, c.b);
	end(x, rec, setsockopt(slot_fd(c.slot), SOL_ALG, ALG_SET_KEY,
			       c.a == 9 ? NULL : k, c.b));
}

static void do_setopt(struct ctx *x)
{
	static const int opts[] = { ALG_SET_IV, ALG_SET_OP,
		ALG_SET_AEAD_ASSOCLEN, ALG_SET_AEAD_AUTHSIZE,
		ALG_SET_DRBG_ENTROPY, ALG_SET_KEY_BY_KEY_SERIAL, 0, 8, 100 };
	struct call c = { .op = OP_SETOPT }, *rec;
	int fd;
	socklen_t len;

	c.slot = (uint8_t)pick_slot(x);
	c.a = below(&x->r, 12);	/* < 9: SOL_ALG option; 9-10 get; 11 SOL_SOCKET */
	c.b = pick_len(&x->r, 4096);
	c.c = (uint32_t)next64(&x->r);
	rec = begin(x, &c);
	if (!rec)
		return;
	fd = slot_fd(c.slot);
	memcpy(x->mine, &c.c, 4);
	if (c.a < 9) {
		end(x, rec, setsockopt(fd, SOL_ALG, opts[c.a], x->mine, c.b));
	} else if (c.a < 11) {
		len = c.b;
		end(x, rec, getsockopt(fd, c.a == 9 ? SOL_ALG : SOL_SOCKET,
				       (int)(c.c % 64), x->mine, &len));
	} else {
		end(x, rec, setsockopt(fd, SOL_SOCKET,
				       c.c & 1 ? SO_SNDBUF : SO_RCVBUF,
				       x->mine, sizeof(int)));
	}
}

static void do_accept(struct ctx *x)
{
	struct call c = { .op = OP_ACCEPT }, *rec;
	int fd;

	c.slot = (uint8_t)pick_slot(x);
	c.slot2 = (uint8_t)new_slot(x, x->kind[c.slot]);
	c.a = chance(&x->r, 20) ? SOCK_NONBLOCK : 0;
	rec = begin(x, &c);
	if (!rec)
		return;
	fd = accept4(slot_fd(c.slot), NULL, NULL, (int)c.a | SOCK_CLOEXEC);
	end(x, rec, fd);
	put_fd(x, c.slot2, fd);
}

/* Control messages: a = count (0-3) | kinds << 4; each kind 4 bits. */
static size_t cmsgs(struct rng *r, uint32_t spec, uint32_t vals,
		    unsigned char *cbuf, size_t room)
{
	unsigned int n = spec & 3, i;
	size_t off = 0;

	memset(cbuf, 0, room);
	for (i = 0; i < n; i++) {
		struct cmsghdr *cm = (struct cmsghdr *)(cbuf + off);
		unsigned int kind = (spec >> (4 + 4 * i)) & 15;
		uint32_t v = vals >> (8 * i);
		size_t dlen = 4;

		cm->cmsg_level = SOL_ALG;
		switch (kind) {
		case 0: case 1: case 2: case 3: case 4: case 5:
			/* ALG_SET_OP: keygen, ssgen, decrypt, encrypt, junk */
			cm->cmsg_type = ALG_SET_OP;
			*(uint32_t *)CMSG_DATA(cm) =
				kind == 0 ? ALG_OP_KEYGEN : kind == 1 ? ALG_OP_SSGEN :
				kind < 4 ? kind - 2 : (v & 0xff) | (kind == 5 ? 0xff00 : 0);
			break;
		case 6: case 7: {	/* ALG_SET_IV, ivlen right or wrong */
			struct af_alg_iv *iv = (void *)CMSG_DATA(cm);

			iv->ivlen = kind == 6 ? (v & 3) * 8 : v & 0xffff;
			dlen = sizeof(*iv) + ((v & 3) * 8);
			fill(r, iv->iv, (uint32_t)((v & 3) * 8), 2);
			break;
		}
		case 8:
			cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
			*(uint32_t *)CMSG_DATA(cm) = v & 0x1ff;
			break;
		case 9:		/* too short for its type */
			cm->cmsg_type = ALG_SET_OP;
			dlen = v & 3;
			break;
		case 10:	/* another level */
			cm->cmsg_level = SOL_SOCKET;
			cm->cmsg_type = (int)(v & 7);
			break;
		default:	/* garbage type and data */
			cm->cmsg_type = (int)(v & 0xff);
			dlen = v & 15;
			fill(r, CMSG_DATA(cm), (uint32_t)dlen, 2);
		}
		if (kind == 6 || kind == 7)
			cm->cmsg_type = ALG_SET_IV;
		cm->cmsg_len = CMSG_LEN(dlen);
		off += CMSG_SPACE(dlen);
		if (off + CMSG_SPACE(64) > room)
			break;
	}
	return off;
}

static void do_send(struct ctx *x)
{
	struct call c = { .op = OP_SEND }, *rec;
	unsigned char cbuf[512];
	struct iovec iov[4];
	struct msghdr m = { 0 };
	struct rng r2;
	uint32_t len, niov, i, off = 0, flags;

	c.slot = (uint8_t)pick_slot(x);
	niov = below(&x->r, 4);	/* number of control messages */
	c.a = niov;
	for (i = 0; i < niov; i++)
		c.a |= below(&x->r, 16) << (4 + 4 * i);
	if (chance(&x->r, 35))	/* bias: a kpp op first */
		c.a = (c.a & ~0xf3u) | 1 | (chance(&x->r, 50) << 4);
	c.b = pick_len(&x->r, BUFSZ);
	c.c = (uint32_t)next64(&x->r);
	flags = below(&x->r, 8);	/* MORE, DONTWAIT, 4 iovecs */
	if (x->smart) {
		static const uint32_t kl[] = { 0, 32, 48, 63, 64, 64, 64, 65,
			80, 95, 96, 96, 97, 100, 128, 129, 192, 256, 512, 513 };
		uint32_t p = below(&x->r, 100), l = kl[below(&x->r, 20)];

		flags = p < 25 ? 1 : 0;
		if (slot_type(x, c.slot) == 3) {	/* keygen/ssgen */
			c.a = p % 4 ? 1 | (p < 65 ? 1 : 0) << 4 : 0;
			c.b = l;
		} else {
			c.a = 0;
			c.b = pick_len(&x->r, 4096);
			flags = p < 40 ? 1 : 0;
		}
	}
	c.slot2 = (uint8_t)flags;
	rec = begin(x, &c);
	if (!rec)
		return;
	rng_seed(&r2, c.c, 3, 4);
	len = c.b;
	m.msg_controllen = cmsgs(&r2, c.a, c.c, cbuf, sizeof(cbuf));
	m.msg_control = m.msg_controllen ? cbuf : NULL;
	fill(&r2, buf, len > 4096 ? 4096 : len, c.c);
	niov = flags & 4 ? 4 : 1;
	for (i = 0; i < niov; i++) {
		uint32_t n = i == niov - 1 ? len - off : (len - off) / 2;

		iov[i].iov_base = buf + off;
		iov[i].iov_len = n;
		off += n;
	}
	m.msg_iov = iov;
	m.msg_iovlen = niov;
	end(x, rec, sendmsg(slot_fd(c.slot), &m,
			    (flags & 1 ? MSG_MORE : 0) |
			    (flags & 2 ? MSG_DONTWAIT : 0) | MSG_NOSIGNAL));
}

static void do_recv(struct ctx *x)
{
	struct call c = { .op = OP_RECV }, *rec;
	struct iovec iov[3];
	struct msghdr m = { 0 };
	int fd;
	uint32_t len;

	c.slot = (uint8_t)pick_slot(x);
	c.a = below(&x->r, 5);	/* recvmsg, read, readv, recv PEEK, recv TRUNC */
	c.b = chance(&x->r, 5) ? HUGE_LEN : pick_len(&x->r, BUFSZ);
	c.c = chance(&x->r, 30) ? MSG_DONTWAIT : 0;
	if (x->smart) {
		static const uint32_t kl[] = { 64, 64, 96, 512, 31, 63, 0, 200 };

		c.a = below(&x->r, 2);
		c.b = kl[below(&x->r, 8)];
	}
	rec = begin(x, &c);
	if (!rec)
		return;
	fd = slot_fd(c.slot);
	/* The buffer is BUFSZ long; a HUGE_LEN one only claims more. */
	len = c.b;
	switch (c.a) {
	case 0:
		iov[0].iov_base = x->mine;
		iov[0].iov_len = len;
		m.msg_iov = iov;
		m.msg_iovlen = 1;
		end(x, rec, recvmsg(fd, &m, (int)c.c));
		break;
	case 1:
		end(x, rec, read(fd, x->mine, len));
		break;
	case 2:
		iov[0].iov_base = x->mine;
		iov[0].iov_len = len / 3;
		iov[1].iov_base = x->mine + 1;
		iov[1].iov_len = 1;
		iov[2].iov_base = x->mine + 2;
		iov[2].iov_len = len - len / 3;
		end(x, rec, readv(fd, iov, 3));
		break;
	default:
		end(x, rec, recv(fd, x->mine, len, (int)c.c |
				 (c.a == 3 ? MSG_PEEK : MSG_TRUNC)));
	}
}

static void do_splice(struct ctx *x)
{
	struct call c = { .op = OP_SPLICE }, *rec;
	struct iovec iov;
	int p[2], fd;
	long n;

	c.slot = (uint8_t)pick_slot(x);
	c.a = pick_len(&x->r, 65536);
	c.b = below(&x->r, 4);	/* 0-1: pipe -> socket, 2: MORE, 3: socket -> pipe */
	c.c = (uint32_t)next64(&x->r);
	rec = begin(x, &c);
	if (!rec)
		return;
	fd = slot_fd(c.slot);
	if (pipe2(p, O_NONBLOCK | O_CLOEXEC)) {
		end(x, rec, -1);
		return;
	}
	if (c.b < 3) {
		iov.iov_base = buf;
		iov.iov_len = c.a;
		n = vmsplice(p[1], &iov, 1, SPLICE_F_NONBLOCK |
			     (c.c & 1 ? SPLICE_F_GIFT : 0));
		if (n >= 0)
			n = splice(p[0], NULL, fd, NULL, (size_t)n + (c.c & 2),
				   SPLICE_F_NONBLOCK |
				   (c.b == 2 ? SPLICE_F_MORE : 0));
	} else {
		n = splice(fd, NULL, p[1], NULL, c.a, SPLICE_F_NONBLOCK);
	}
	end(x, rec, n);
	close(p[0]);
	close(p[1]);
}

static void do_close(struct ctx *x)
{
	struct call c = { .op = OP_CLOSE }, *rec;
	int fd;

	c.slot = (uint8_t)pick_slot(x);
	rec = begin(x, &c);
	if (!rec)
		return;
	fd = atomic_exchange(&slots[c.slot], -1);
	end(x, rec, fd < 0 ? 0 : close(fd));
}

static void do_dup(struct ctx *x)
{
	struct call c = { .op = OP_DUP }, *rec;
	int fd;

	c.slot = (uint8_t)pick_slot(x);
	c.slot2 = (uint8_t)new_slot(x, x->kind[c.slot]);
	rec = begin(x, &c);
	if (!rec)
		return;
	fd = fcntl(slot_fd(c.slot), F_DUPFD_CLOEXEC, 0);
	end(x, rec, fd);
	put_fd(x, c.slot2, fd);
}

static void do_misc(struct ctx *x)
{
	struct call c = { .op = OP_MISC }, *rec;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	struct pollfd pfd;
	int fd;

	c.slot = (uint8_t)pick_slot(x);
	c.a = below(&x->r, 6);
	rec = begin(x, &c);
	if (!rec)
		return;
	fd = slot_fd(c.slot);
	switch (c.a) {
	case 0:
		end(x, rec, getsockname(fd, (struct sockaddr *)&ss, &sl));
		break;
	case 1:
		end(x, rec, listen(fd, 1));
		break;
	case 2:
		end(x, rec, shutdown(fd, SHUT_RDWR));
		break;
	case 3:
		pfd.fd = fd;
		pfd.events = POLLIN | POLLOUT;
		end(x, rec, poll(&pfd, 1, 0));
		break;
	case 4:
		end(x, rec, fcntl(fd, F_SETFL, O_NONBLOCK));
		break;
	default:
		end(x, rec, connect(fd, (struct sockaddr *)&ss, sizeof(ss)));
	}
}

/* A descriptor of another worker process, taken with pidfd_getfd(). */
static void do_passfd(struct ctx *x)
{
	struct call c = { .op = OP_PASSFD }, *rec;
	int q, pidfd, fd;

	c.a = below(&x->r, MAXW);	/* the process: a % nproc */
	c.slot = (uint8_t)below(&x->r, NSLOT);	/* its slot */
	c.slot2 = (uint8_t)new_slot(x, 0);	/* ours */
	rec = begin(x, &c);
	if (!rec)
		return;
	q = (int)(c.a % (uint32_t)nproc);
	pidfd = (int)syscall(SYS_pidfd_open, atomic_load(&sh->pid[q]), 0);
	if (pidfd < 0) {
		end(x, rec, pidfd);
		return;
	}
	fd = (int)syscall(SYS_pidfd_getfd, pidfd,
			  atomic_load(&sh->slots[q][c.slot]), 0);
	end(x, rec, fd);
	close(pidfd);
	if (fd >= 0)
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	put_fd(x, c.slot2, fd);
}

static void one_call(struct ctx *x);

/* A child process making calls on the descriptors it inherits. */
static void do_fork(struct ctx *x)
{
	struct call c = { .op = OP_FORK }, *rec;
	struct ctx cx;
	pid_t pid;
	int st;
	uint32_t i;

	c.a = 1 + below(&x->r, 24);
	c.b = (uint32_t)next64(&x->r);
	rec = begin(x, &c);
	if (!rec)
		return;
	pid = fork();
	if (pid == 0) {
		_Atomic int *mine = calloc(NSLOT, sizeof(*mine));

		for (i = 0; i < NSLOT; i++)
			atomic_store(&mine[i], atomic_load(&slots[i]));
		slots = mine;
		cx = *x;
		cx.child = 1;
		rng_seed(&cx.r, seed ^ c.b, 0xc, rec->idx);
		alarm(20);
		for (i = 0; i < c.a && !atomic_load(&sh->stop); i++)
			one_call(&cx);
		_exit(0);
	}
	end(x, rec, pid);
	if (pid > 0)
		waitpid(pid, &st, 0);
}

/*
 * A flow: socket, bind, setkey, accept, sends, a receive, each one call
 * with choices that make sense together (a name nobs serves, a key of its
 * format, a kpp op with about the right length), so the deep states come
 * often; everything else stays random.
 */
static void do_flow(struct ctx *x)
{
	uint32_t sends = 1 + below(&x->r, 3), k, recv_pct;

	x->smart = 1;
	do_socket(x);
	do_bind(x);
	if (chance(&x->r, 85))
		do_setkey(x);
	do_accept(x);
	for (k = 0; k < sends; k++)
		do_send(x);
	/* A csidh512 or CTIDH operation takes seconds under emulation. */
	recv_pct = (slot_type(x, x->last) == 3 && slot_name(x, x->last) <= 3) ||
		   slot_ctidh(x, x->last) ? 30 : 90;
	if (chance(&x->r, recv_pct))
		do_recv(x);
	if (chance(&x->r, 50))
		do_close(x);
	x->smart = 0;
}

static void one_call(struct ctx *x)
{
	uint32_t total = 0, r, i;

	for (i = 0; i < NR_OPS; i++)
		total += op_weight[i];
	r = below(&x->r, total);
	for (i = 0; r >= op_weight[i]; i++)
		r -= op_weight[i];
	if (x->child && i == OP_FORK)
		i = OP_MISC;
	switch (i) {
	case OP_SOCKET:
		do_socket(x);
		break;
	case OP_BIND:
		do_bind(x);
		break;
	case OP_SETKEY:
		do_setkey(x);
		break;
	case OP_SETOPT:
		do_setopt(x);
		break;
	case OP_ACCEPT:
		do_accept(x);
		break;
	case OP_SEND:
		do_send(x);
		break;
	case OP_RECV:
		do_recv(x);
		break;
	case OP_SPLICE:
		do_splice(x);
		break;
	case OP_CLOSE:
		do_close(x);
		break;
	case OP_DUP:
		do_dup(x);
		break;
	case OP_FORK:
		do_fork(x);
		break;
	case OP_PASSFD:
		do_passfd(x);
		break;
	case OP_FLOW:
		do_flow(x);
		break;
	default:
		do_misc(x);
		break;
	}
}

static void *worker_main(void *arg)
{
	struct ctx *x = arg;

	int i;

	atomic_store(&x->w->tid, (int)syscall(SYS_gettid));
	while (!atomic_load(&sh->stop) &&
	       (!x->w->stop_at || atomic_load(&x->w->calls) < x->w->stop_at)) {
		if (atomic_load(&sh->drain)) {
			/* Nothing of nobs held, so the unloader can unload. */
			for (i = 0; i < NSLOT; i++) {
				int fd = atomic_exchange(&slots[i], -1);

				if (fd >= 0)
					close(fd);
			}
			while (atomic_load(&sh->drain) && !atomic_load(&sh->stop))
				usleep(20000);
			continue;
		}
		one_call(x);
	}
	return NULL;
}

/* The unloader: delete_module, then a load from KO or a bind's autoload. */
static void unloader(int wi)
{
	struct ctx x = { .w = &sh->w[wi], .last = -1 };
	struct call c, *rec;
	struct timespec ts;
	int fd;

	rng_seed(&x.r, seed, 0xff, 0xff);
	atomic_store(&x.w->tid, (int)syscall(SYS_gettid));
	while (!atomic_load(&sh->stop)) {
		/*
		 * Mostly an attempt while the workers hold sockets (refused
		 * with EAGAIN); one in 16, the workers close everything first
		 * and the attempts go on for up to 2 s.
		 */
		int tries = 1;

		ts.tv_sec = 0;
		ts.tv_nsec = (long)(20 + below(&x.r, 400)) * 1000000L;
		nanosleep(&ts, NULL);
		if (!below(&x.r, 16)) {
			atomic_store(&sh->drain, 1);
			atomic_fetch_add(&sh->drains, 1);
			tries = 20;
		}
		for (; tries; tries--) {
			c = (struct call){ .op = OP_UNLOAD };
			rec = begin(&x, &c);
			if (!rec)
				break;
			end(&x, rec, syscall(SYS_delete_module, "nobs", O_NONBLOCK));
			if (!rec->ret || tries == 1)
				break;
			usleep(100000);
		}
		atomic_store(&sh->drain, 0);
		if (!rec || rec->ret)
			continue;
		atomic_fetch_add(&sh->unloads, 1);
		/* Half the time: left to the autoload for up to 2 s. */
		c = (struct call){ .op = OP_LOAD, .a = below(&x.r, 2) };
		if (c.a) {
			ts.tv_sec = 0;
			ts.tv_nsec = 500000000L;
			for (int i = 0; i < 4 && access("/sys/module/nobs", F_OK); i++)
				nanosleep(&ts, NULL);
		}
		rec = begin(&x, &c);
		if (!rec || !access("/sys/module/nobs", F_OK))
			continue;
		fd = open(ko, O_RDONLY | O_CLOEXEC);
		end(&x, rec, syscall(SYS_finit_module, fd, ko_params, 0));
		if (!rec->ret)
			atomic_fetch_add(&sh->loads, 1);
		else if (rec->ret != -EEXIST)
			atomic_fetch_add(&sh->load_fail, 1);
		close(fd);
	}
}

/* ---- the parent: workers, kernel reports, the watchdog ---- */
static const char *const report_pat[][2] = {
	{ "BUG: KASAN:", "kasan" }, { "BUG: KCSAN:", "kcsan" },
	{ "UBSAN:", "ubsan" }, { "BUG: KFENCE:", "kfence" },
	{ "possible circular locking", "lockdep" },
	{ "possible recursive locking", "lockdep" },
	{ "inconsistent lock state", "lockdep" },
	{ "suspicious RCU usage", "lockdep" },
	{ "WARNING: ", "warn" }, { "kernel BUG", "bug" },
	{ "general protection fault", "oops" }, { "Oops", "oops" },
	{ "blocked for more than", "hung" }, { "soft lockup", "lockup" },
	{ "refcount_t:", "refcount" }, { "list_add corruption", "list" },
	{ "list_del corruption", "list" }, { "BUG: ", "bug" },
	{ "Kernel panic", "panic" },
};

static int kmsg = -1;
static unsigned int nreports, nraces, nshown, ndumps, nfound;
static char first_report[256];
static const char *want;	/* reproduces(): the report looked for */

/* "BUG: KASAN: slab-out-of-bounds in f+0x1/0x2" -> up to the offset. */
static size_t report_key(const char *msg)
{
	const char *o = strstr(msg, "+0x");

	return o ? (size_t)(o - msg) : strlen(msg);
}

/*
 * New kernel messages; each report header is counted and the first 40
 * are printed.  Returns how many reports other than data races it saw
 * (with `want` set: how many like `want`).
 */
static int scan_kmsg(int quiet)
{
	char rec[2048], *msg;
	ssize_t n;
	size_t i;
	int found = 0;

	while ((n = read(kmsg, rec, sizeof(rec) - 1)) != 0) {
		if (n < 0) {
			if (errno == EPIPE)
				continue;	/* overwritten: go on */
			break;
		}
		rec[n] = 0;
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		msg++;
		msg[strcspn(msg, "\n")] = 0;
		for (i = 0; i < sizeof(report_pat) / sizeof(*report_pat); i++) {
			if (!strstr(msg, report_pat[i][0]))
				continue;
			if (!quiet && nshown++ < 40)
				printf("afalg-fuzz: REPORT %s: %s\n",
				       report_pat[i][1], msg);
			if (!strcmp(report_pat[i][1], "kcsan")) {
				nraces++;
			} else if (!want || (report_key(msg) == report_key(want) &&
					     !strncmp(msg, want, report_key(want)))) {
				found++;
				nfound++;
				if (!first_report[0])
					snprintf(first_report, sizeof(first_report),
						 "%s", msg);
			}
			if (!quiet)
				nreports++;
			break;
		}
	}
	fflush(stdout);
	return found;
}

static void dump_rings(int nw)
{
	char line[320];
	int wi, k;

	for (wi = 0; wi <= nw; wi++) {
		struct worker *w = &sh->w[wi];
		uint32_t pos = atomic_load(&w->pos), from;

		if (!pos)
			continue;
		from = wi == nw ? (pos > 6 ? pos - 6 : 0) :
		       (pos > 24 ? pos - 24 : 0);
		printf("afalg-fuzz: last calls of %s %d (%u calls):\n",
		       wi == nw ? "the unloader" : "worker", wi,
		       atomic_load(&w->calls));
		for (k = (int)from; k < (int)pos; k++) {
			fmt_call(line, sizeof(line), wi, &w->ring[k % RING]);
			printf("afalg-fuzz:   %s\n", line);
		}
	}
	fflush(stdout);
}

static void show_stack(int tid)
{
	char path[64], s[4096];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stack", tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return;
	n = read(fd, s, sizeof(s) - 1);
	close(fd);
	if (n > 0) {
		s[n] = 0;
		printf("%s", s);
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One worker process: its threads (worker indices base..base+nt-1). */
static void run_process(int proc, int base, int nt, int first_tid)
{
	pthread_t th[MAXW];
	struct ctx *x = calloc((size_t)nt, sizeof(*x));
	int t, i;

	slots = sh->slots[proc];
	for (i = 0; i < NSLOT; i++)
		atomic_store(&slots[i], -1);
	atomic_store(&sh->pid[proc], getpid());
	buf = mmap(NULL, BUFSZ, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (t = 0; t < nt; t++) {
		x[t].w = &sh->w[base + t];
		x[t].proc = proc;
		x[t].id = first_tid + t;
		x[t].last = -1;
		x[t].mine = mmap(NULL, BUFSZ, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		rng_seed(&x[t].r, seed, (uint64_t)proc + 1, (uint64_t)x[t].id + 1);
		pthread_create(&th[t], NULL, worker_main, &x[t]);
	}
	for (t = 0; t < nt; t++)
		pthread_join(th[t], NULL);
	_exit(0);
}

static int nw;

/* Run the workers (all, or -w's one); returns the calls made. */
static uint64_t campaign(int quiet, double *secs)
{
	pid_t pids[MAXW + 1];
	int p, np = 0, wi, stalled[MAXW + 1] = { 0 }, st, lim, grace;
	uint32_t lastc[MAXW + 1] = { 0 };
	double t0 = now(), lastmove[MAXW + 1];
	uint64_t total = 0;

	memset(sh, 0, sizeof(*sh));
	for (wi = 0; wi <= nw; wi++) {
		sh->w[wi].stop_at = max_calls;
		lastmove[wi] = t0;
	}
	if (only >= 0) {
		pids[np] = fork();
		if (!pids[np]) {
			/* worker `only` = process only / nthr, thread only % nthr */
			nproc = 1;
			run_process(only / nthr, only, 1, only % nthr);
		}
		np++;
	} else {
		for (p = 0; p < nproc; p++) {
			pids[np] = fork();
			if (!pids[np])
				run_process(p, p * nthr, nthr, 0);
			np++;
		}
		if (ko) {
			pids[np] = fork();
			if (!pids[np]) {
				unloader(nw);
				_exit(0);
			}
			np++;
		}
	}
	/*
	 * The clock starts once every worker runs: under emulation on a busy
	 * machine, starting the processes and threads can take seconds.
	 */
	for (wi = 0; wi < nw && !dry; wi++) {
		while ((only < 0 || wi == only) && !atomic_load(&sh->w[wi].tid) &&
		       now() - t0 < 120)
			usleep(10000);
	}
	t0 = now();
	for (wi = 0; wi <= nw; wi++)
		lastmove[wi] = t0;
	for (;;) {
		int alive = 0;
		double t = now();

		for (p = 0; p < np; p++)
			if (pids[p] > 0 && waitpid(pids[p], &st, WNOHANG) == pids[p])
				pids[p] = 0;
		for (p = 0; p < np; p++)
			alive += pids[p] > 0;
		if (scan_kmsg(quiet) && !quiet) {
			if (ndumps++ < 3)
				dump_rings(nw);
			if (stop_first)
				atomic_store(&sh->stop, 1);
		}
		if (!alive)
			break;
		if (seconds && t - t0 >= seconds)
			atomic_store(&sh->stop, 1);
		/* How long after the end the workers may still run. */
		grace = 60;
		for (wi = 0; wi < nw && !dry; wi++) {
			uint32_t cnt = atomic_load(&sh->w[wi].calls);

			lim = atomic_load(&sh->w[wi].slow) ? STALL_SLOW_S : STALL_S;
			if (lim == STALL_SLOW_S)
				grace = 60 + STALL_SLOW_S;
			if (cnt != lastc[wi] || !atomic_load(&sh->w[wi].tid)) {
				lastc[wi] = cnt;
				lastmove[wi] = t;
				continue;
			}
			if (!stalled[wi] && t - lastmove[wi] > lim &&
			    (only < 0 || wi == only)) {
				stalled[wi] = 1;
				nreports++;
				printf("afalg-fuzz: REPORT stall: worker %d made no call for %d s, in:\n",
				       wi, lim);
				dump_rings(nw);
				show_stack(atomic_load(&sh->w[wi].tid));
			}
		}
		if (atomic_load(&sh->stop) && t - t0 > seconds + grace) {
			printf("afalg-fuzz: REPORT stall: workers still running %d s after the end\n",
			       grace);
			nreports++;
			break;
		}
		usleep(dry ? 1000 : 100000);
	}
	*secs = now() - t0;
	for (wi = 0; wi < nw; wi++)
		total += atomic_load(&sh->w[wi].calls);
	return total;
}

static void parse_skip(const char *s)
{
	char *end;
	unsigned long a, b;

	skip_len = 1u << 20;
	skip = calloc(skip_len, 1);
	while (*s) {
		a = strtoul(s, &end, 10);
		b = a;
		if (*end == '-')
			b = strtoul(end + 1, &end, 10);
		for (; a <= b && a < skip_len; a++)
			skip[a] = 1;
		s = *end ? end + 1 : end;
	}
}

/*
 * Worker @w alone for its first @n calls (the -x skips apply), no
 * unloader; @dry_run: no calls made.  Returns how many reports like the
 * first one came.
 */
static unsigned int solo(int w, uint32_t n, int dry_run)
{
	int sv_dry = dry, sv_only = only;
	unsigned int sv_sec = seconds;
	uint32_t sv_max = max_calls;
	const char *sv_ko = ko;
	double secs;

	dry = dry_run;
	only = w;
	max_calls = n;
	seconds = dry_run ? 0 : 120;
	ko = NULL;
	want = NULL;
	scan_kmsg(1);
	want = first_report;
	nfound = 0;
	campaign(1, &secs);	/* (it reads the kernel's messages too) */
	if (!dry_run) {
		usleep(300000);
		scan_kmsg(1);
	}
	want = NULL;
	dry = sv_dry;
	only = sv_only;
	max_calls = sv_max;
	seconds = sv_sec;
	ko = sv_ko;
	return nfound;
}

/* The first report again from worker @w alone, in its first @n calls? */
static int reproduces(int w, uint32_t n)
{
	return solo(w, n, 0) > 0;
}

/* A dry run of worker @w's first @n calls into @out[1..n] (shared). */
static void capture_calls(int w, uint32_t n, struct call *out)
{
	capture = out;
	capture_len = n;
	solo(w, n, 1);
	capture = NULL;
}

/*
 * The calls the last one can depend on: those on the slots it uses, back
 * through the accept and dup calls that filled them (a fork's child and
 * descriptors of other processes aside).  Marks the others in skip[].
 */
static void slice(const struct call *cs, uint32_t n)
{
	unsigned char rel[NSLOT] = { 0 };
	uint32_t i;

	rel[cs[n].slot] = 1;
	for (i = n - 1; i >= 1; i--) {
		const struct call *c = &cs[i];
		int out = -1, in = -1;

		switch (c->op) {
		case OP_SOCKET:
			out = c->slot;
			break;
		case OP_ACCEPT:
		case OP_DUP:
			out = c->slot2;
			in = c->slot;
			break;
		case OP_PASSFD:
			out = c->slot2;
			break;
		case OP_FORK:
			break;
		default:
			in = c->slot;
		}
		if ((out >= 0 && rel[out]) || (in >= 0 && out < 0 && rel[in])) {
			if (in >= 0)
				rel[in] = 1;
		} else {
			skip[i] = 1;
		}
	}
}

static void print_skips(uint32_t n)
{
	uint32_t i, j;
	int first = 1;

	for (i = 1; i <= n; i++) {
		if (!skip[i])
			continue;
		for (j = i; j + 1 <= n && skip[j + 1]; j++)
			;
		if (j > i)
			printf("%s%u-%u", first ? "" : ",", i, j);
		else
			printf("%s%u", first ? "" : ",", i);
		first = 0;
		i = j;
	}
	if (first)
		printf("0");
}

/*
 * The first report again from one worker alone: which worker, the
 * shortest prefix of its calls, the calls on what the last one uses
 * (slice()), then whatever of those it does without, chunk by chunk,
 * within MIN_BUDGET_S seconds.
 */
#define MIN_BUDGET_S	120
static void minimize_report(void)
{
	uint32_t counts[MAXW], lo, hi, mid, n, chunk, i, j, keep, nk;
	uint32_t *kept;
	struct call *cs;
	double t_end = now() + MIN_BUDGET_S;
	int w, found = -1, timed_out = 0;

	for (w = 0; w < nw; w++)
		counts[w] = atomic_load(&sh->w[w].calls);
	printf("afalg-fuzz: minimizing '%s'\n", first_report);
	for (w = 0; w < nw && found < 0 && now() < t_end; w++)
		if (counts[w] && reproduces(w, counts[w]))
			found = w;
	if (found < 0) {
		printf("afalg-fuzz: minimized: not reproduced by any worker alone (a race between them, the unloader, or kernel state)\n");
		return;
	}
	/* The shortest prefix, by bisection (a report stays once reached). */
	lo = 1;
	hi = counts[found];
	while (lo < hi && !(timed_out = now() > t_end)) {
		mid = lo + (hi - lo) / 2;
		if (reproduces(found, mid))
			hi = mid;
		else
			lo = mid + 1;
	}
	n = hi;
	skip_len = n + 1;
	skip = calloc(skip_len, 1);
	cs = mmap(NULL, (n + 1) * sizeof(*cs), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	kept = calloc(n + 1, sizeof(*kept));
	if (cs == MAP_FAILED || !kept)
		return;
	capture_calls(found, n, cs);
	slice(cs, n);
	if (!reproduces(found, n))
		memset(skip, 0, skip_len);	/* the slice is not enough */
	/* Then drop what it does without, halving the chunks. */
	for (nk = 0, i = 1; i < n; i++)
		if (!skip[i])
			kept[nk++] = i;
	for (chunk = nk / 2 ? nk / 2 : 1; nk && !timed_out; chunk /= 2) {
		for (i = 0; i + chunk <= nk && !(timed_out = now() > t_end); i += chunk) {
			for (j = i; j < i + chunk; j++)
				skip[kept[j]] = 1;
			if (!reproduces(found, n))
				for (j = i; j < i + chunk; j++)
					skip[kept[j]] = 0;
		}
		if (chunk == 1)
			break;
	}
	for (keep = 0, i = 1; i <= n; i++)
		keep += !skip[i];
	printf("afalg-fuzz: minimized: %u of the first %u calls of worker %d reproduce '%s'%s:\n",
	       keep, n, found, first_report,
	       timed_out ? " (the time budget ended the search)" : "");
	printf("afalg-fuzz: minimized replay: afalg-fuzz -s %#llx -p %d -j %d -w %d -n %u -x ",
	       (unsigned long long)seed, nproc, nthr, found, n);
	print_skips(n);
	printf(" -v\n");
	/* The calls, from a verbose replay. */
	verbose = 1;
	fflush(stdout);
	reproduces(found, n);
	verbose = 0;
	munmap(cs, (n + 1) * sizeof(*cs));
	free(kept);
}

static void usage(void)
{
	fprintf(stderr, "usage: afalg-fuzz [-s SEED] [-t SECONDS] [-n CALLS] [-p NPROC] [-j NTHREADS]\n"
		"                  [-u KO [-P PARAMS]] [-w WORKER] [-x I,I-J,...] [-e] [-m] [-v] [-d]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	double secs;
	uint64_t total;
	uint32_t n;
	int o, wi, have_seed = 0;

	while ((o = getopt(argc, argv, "s:t:n:p:j:u:P:w:x:emvd")) != -1) {
		switch (o) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			have_seed = 1;
			break;
		case 't':
			seconds = (unsigned int)atoi(optarg);
			break;
		case 'n':
			max_calls = (uint32_t)strtoul(optarg, NULL, 0);
			break;
		case 'p':
			nproc = atoi(optarg);
			break;
		case 'j':
			nthr = atoi(optarg);
			break;
		case 'u':
			ko = optarg;
			break;
		case 'P':
			ko_params = optarg;
			break;
		case 'w':
			only = atoi(optarg);
			break;
		case 'x':
			parse_skip(optarg);
			break;
		case 'm':
			minimize = 1;
			break;
		case 'e':
			stop_first = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 'd':
			dry = 1;
			break;
		default:
			usage();
		}
	}
	if (nproc < 1 || nthr < 1 || nproc * nthr > MAXW ||
	    (only >= nproc * nthr))
		usage();
	if (!have_seed) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		seed = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^
		       ((uint64_t)getpid() << 40);
	}
	if (dry && !max_calls)
		max_calls = 1000;
	if (dry)
		seconds = 0;
	nw = nproc * nthr;
	setvbuf(stdout, NULL, _IOLBF, 0);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("afalg-fuzz: mmap");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (kmsg >= 0)
		lseek(kmsg, 0, SEEK_END);
	else if (!dry)
		printf("afalg-fuzz: note: no /dev/kmsg: kernel reports are not watched\n");
	printf("afalg-fuzz: seed %#llx, %d process(es) x %d thread(s)%s, %s%s\n",
	       (unsigned long long)seed, nproc, nthr,
	       ko ? " + unloader" : "", dry ? "dry run" : "", dry ? "" : "running");
	total = campaign(0, &secs);
	if (dry)
		secs = 0;
	/* Digests of every worker's first n calls: a replay (-n n) repeats them. */
	n = UINT32_MAX;
	for (wi = 0; wi < nw; wi++)
		if (only < 0 || wi == only)
			n = atomic_load(&sh->w[wi].calls) < n ?
			    atomic_load(&sh->w[wi].calls) : n;
	if (n != max_calls)
		n -= n % CKPT;
	for (wi = 0; wi < nw; wi++) {
		struct worker *w = &sh->w[wi];

		if (only >= 0 && wi != only)
			continue;
		if (n > SHORT_REPLAY)	/* the guest's replay check's */
			printf("afalg-fuzz: digest %d %u %#018llx\n", wi,
			       SHORT_REPLAY,
			       (unsigned long long)w->ckpt[SHORT_REPLAY / CKPT]);
		printf("afalg-fuzz: digest %d %u %#018llx\n", wi, n,
		       (unsigned long long)(n == atomic_load(&w->calls) ? w->digest :
					    n / CKPT < NCKPT ? w->ckpt[n / CKPT] : 0));
	}
	for (wi = 0; wi < nw; wi++)
		if (only < 0 || wi == only)
			printf("afalg-fuzz: worker %d calls %u\n", wi,
			       atomic_load(&sh->w[wi].calls));
	printf("afalg-fuzz: calls (succeeded/made):");
	for (o = 0; o < NR_OPS; o++)
		if (atomic_load(&sh->made[o]))
			printf(" %s %u/%u", op_name[o], atomic_load(&sh->ok[o]),
			       atomic_load(&sh->made[o]));
	printf("\n");
	if (ko)
		printf("afalg-fuzz: unloads %u (drains %u), loads %u (failed %u), the rest autoloaded\n",
		       atomic_load(&sh->unloads), atomic_load(&sh->drains),
		       atomic_load(&sh->loads), atomic_load(&sh->load_fail));
	printf("afalg-fuzz: seed %#llx calls %llu in %.1f s (%.0f/min) reports %u (data races %u)\n",
	       (unsigned long long)seed, (unsigned long long)total, secs,
	       secs > 0 ? total * 60.0 / secs : 0.0, nreports, nraces);
	if (kmsg >= 0 && minimize && first_report[0])
		minimize_report();
	printf("afalg-fuzz: replay: afalg-fuzz -s %#llx -p %d -j %d -n %u%s%s\n",
	       (unsigned long long)seed, nproc, nthr, n,
	       ko ? " -u " : "", ko ? ko : "");
	return nreports > nraces ? 1 : 0;
}
