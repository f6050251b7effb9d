// SPDX-License-Identifier: GPL-2.0
/*
 * test_zeroize: the cores leave no secret behind.
 *
 * Two kinds of evidence, both on the very core files that ship:
 *
 * 1. Structures: nobs_ctr_drbg_uninstantiate() leaves all-zero memory,
 *    after instantiate, generate, reseed and after an engine failure, and
 *    it re-keys the AES engine with an all-zero key first (the kernel
 *    engine's key schedule is overwritten before the tfm is freed).
 * 2. Stack: after a core call returns, the stack below the caller is
 *    scanned for any 16-byte window of the secrets the call handled:
 *    DRBG seed material (entropy XOR personalization / additional input),
 *    the DRBG key K (recorded by the engine) and the entropy itself; the
 *    KMAC key; the CSIDH and CTIDH private keys, their decoded exponents
 *    and the random bytes a fresh private key was drawn from.  A control
 *    that copies a secret to its stack without wiping must be caught, or
 *    the scan proves nothing.
 * 3. Stack residue of the CSIDH and CTIDH group actions (CSIDH-512,
 *    CSIDH-1024, CTIDH-511, -512, -1024 and -2048, each of its own
 *    depth): the
 *    stack below the caller is painted with a pattern, the call runs over
 *    it, and afterwards every 64-bit word there must be the pattern, zero,
 *    or a pointer into this program or this stack (return addresses, saved
 *    frame pointers).
 *    Anything else is a value the computation left: field elements of
 *    the walk (curves, points, the temporaries of xDBL, xADD and the
 *    field multiplication) and the secret sign and step choices.  With
 *    the generic field multiplication and, where the CPU has it, the
 *    assembly.  A control that leaves random words must be caught.
 *    ZEROIZE_VERBOSE=1 prints how deep each call went (what the stack
 *    scrub after the action, csidh_action_tmpl.c and ctidh_action_tmpl.c,
 *    must cover).
 *
 * Not covered here (kernel only, see the report / KUnit proposals): the
 * glue's memzero_explicit of the sha3 descriptor at final, of the keyed
 * tfm prefix, DRBG and CSIDH tfm contexts at exit.
 *
 * Built without sanitizers (ASan moves stack frames to a fake stack).
 * Ends with "zeroize: N passed, N failed, N skipped".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha3/keccak.h"
#include "drbg/ctr_drbg.h"
#include "isogeny/csidh512.h"
#include "isogeny/csidh1024.h"
#include "isogeny/ctidh511.h"
#include "isogeny/ctidh512.h"
#include "isogeny/ctidh1024.h"
#include "isogeny/ctidh2048.h"
#include "isogeny/fp512.h"
#include "fp_cpu.h"

#define SCAN_BYTES	(256 * 1024)
#define WIN		16
/*
 * A window of a secret is looked for only if at least this many of its
 * bytes are nonzero: zeros and small words are what any stack holds (a
 * wiped one, integers, pointers' high bytes), and a CTIDH key with small
 * bounds (ctidh2048's) has runs of zero exponents.  The other secrets
 * (random bytes, seeds, keys) have nearly every byte nonzero.
 */
#define WIN_NONZERO	4

static int passed, failed, skipped;

static void check(int ok, const char *name, const char *why)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s: %s\n", name, why);
	}
}

/* ---- stack scanning ----------------------------------------------------- */

/*
 * Whether any WIN-byte window of @pat (len >= WIN) lies in the SCAN_BYTES
 * below this function's frame, i.e. in what the frames of the call made
 * just before (from the same caller) left behind.  Plain loads, no calls.
 */
/* how many of a secret's windows stack_has() looks for */
static size_t windows_sought(const u8 *pat, size_t len)
{
	size_t off, i, nonzero, n = 0;

	for (off = 0; off + WIN <= len; off++) {
		for (i = 0, nonzero = 0; i < WIN; i++)
			nonzero += !!pat[off + i];
		n += nonzero >= WIN_NONZERO;
	}
	return n;
}

static noinline int stack_has(const u8 *pat, size_t len)
{
	const volatile u8 *top = (const u8 *)__builtin_frame_address(0) - 64;
	const volatile u8 *lo = top - SCAN_BYTES;
	size_t off, i, nonzero;

	for (off = 0; off + WIN <= len; off++) {
		const volatile u8 *p;

		for (i = 0, nonzero = 0; i < WIN; i++)
			nonzero += !!pat[off + i];
		if (nonzero < WIN_NONZERO)
			continue;

		for (p = lo; p + WIN <= top; p++) {
			for (i = 0; i < WIN && p[i] == pat[off + i]; i++)
				;
			if (i == WIN)
				return 1;
		}
	}
	return 0;
}

/* Wipes the scanned region, so each check sees only its own call. */
static noinline void stack_clean(void)
{
	volatile u8 buf[SCAN_BYTES + 4096];
	size_t i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = 0;
}

/*
 * Every call under test goes through this: a 4 KiB pad puts the callee's
 * frames below the region stack_has()'s own frame overwrites.
 */
#define UNDER_TEST(call) do {						\
	volatile u8 pad[4096];						\
	pad[0] = 0;							\
	(void)pad[0];							\
	call;								\
} while (0)

/*
 * The callee's prologue saves the caller's registers below the caller,
 * in the region the residue scan reads: values of the test's own loops
 * would read as words the computation left.  So the callee-saved
 * registers are saved here (at the top of this frame, which the scan
 * leaves out) and zeroed before the call.
 */
static noinline void run_pad(void (*fn)(void *), void *arg)
{
#ifdef __x86_64__
	__asm__ volatile("xor %%ebx, %%ebx\n\txor %%ebp, %%ebp\n\t"
			 "xor %%r12d, %%r12d\n\txor %%r13d, %%r13d\n\t"
			 "xor %%r14d, %%r14d\n\txor %%r15d, %%r15d"
			 ::: "rbx", "rbp", "r12", "r13", "r14", "r15");
#endif
	UNDER_TEST(fn(arg));
}

static void leak_copy(void *arg)
{
	volatile u8 copy[64];
	size_t i;

	for (i = 0; i < sizeof(copy); i++)
		copy[i] = ((const u8 *)arg)[i];
}

/* ---- stack residue ------------------------------------------------------ */

#define PAINT_BYTES	(64 * 1024)
#define PAINT_BYTE	0xa5
#define PAINT_WORD	0xa5a5a5a5a5a5a5a5ULL

extern char __executable_start[], end[];
static uintptr_t paint_lo;
/* The first residue words found, for ZEROIZE_VERBOSE=1. */
static u64 residue_seen[256];
static size_t residue_at[256];

/* Paints the PAINT_BYTES below the caller's frame. */
static noinline void stack_paint(void)
{
	volatile u8 buf[PAINT_BYTES];
	size_t i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = PAINT_BYTE;
	paint_lo = (uintptr_t)buf;
}

/*
 * A word nobody has to hide: the pattern with zeros written over some of
 * its bytes, or a pointer into the program or the stack.
 */
static u64 residue_small_ok;

static int residue_allowed(u64 w, uintptr_t lo, uintptr_t hi)
{
	u64 b = w;

	if (w <= residue_small_ok)
		return 1;

	/* zeros written over the pattern, bytewise: nothing to hide */
	while (b && ((b & 0xff) == 0 || (b & 0xff) == PAINT_BYTE))
		b >>= 8;
	if (!b)
		return 1;
	if (w >= (uintptr_t)__executable_start && w < (uintptr_t)end)
		return 1;
	return w >= lo - PAINT_BYTES && w < hi + PAINT_BYTES;
}

/*
 * How many 64-bit words of the painted region (up to just below this
 * function's frame, i.e. what the call made from the same caller left)
 * are neither the pattern, nor zero, nor a pointer; *depth: how far below
 * the top the lowest overwritten word is.  Plain loads, no calls.
 */
static noinline size_t stack_residue(size_t *depth)
{
	const volatile u8 *top = (const u8 *)__builtin_frame_address(0) - 256;
	uintptr_t lo = (paint_lo + 7) & ~(uintptr_t)7;
	const volatile u64 *w;
	size_t n = 0;

	*depth = 0;
	for (w = (const volatile u64 *)lo; (const volatile u8 *)(w + 1) <= top;
	     w++) {
		if (*w != PAINT_WORD && !*depth)
			*depth = (size_t)(top - (const volatile u8 *)w);
		if (residue_allowed(*w, lo, (uintptr_t)top))
			continue;
		if (n < ARRAY_SIZE(residue_seen)) {
			residue_seen[n] = *w;
			residue_at[n] = (size_t)(top - (const volatile u8 *)w);
		}
		n++;
	}
	return n;
}

static void leak_random(void *arg)
{
	volatile u64 junk[16];
	u64 x = *(const u64 *)arg;
	size_t i;

	for (i = 0; i < 16; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		junk[i] = x;
	}
	(void)junk[0];
}

/* ---- DRBG with a recording toy engine ----------------------------------- */

static u8 engine_key[32];
static int engine_setkeys, engine_fail_after = -1;

static int toy_setkey(void *ctx, const u8 *key)
{
	(void)ctx;
	if (engine_fail_after == 0)
		return -EIO;
	if (engine_fail_after > 0)
		engine_fail_after--;
	memcpy(engine_key, key, 32);
	engine_setkeys++;
	return 0;
}

/* Not AES: the core does not care; writes only to @out, no stack copies. */
static int toy_keystream(void *ctx, const u8 *ctr, u8 *out, size_t len)
{
	size_t i;

	(void)ctx;
	if (engine_fail_after == 0)
		return -EIO;
	if (engine_fail_after > 0)
		engine_fail_after--;
	for (i = 0; i < len; i++)
		out[i] = engine_key[i % 32] ^ ctr[i % 16] ^ (u8)(i / 16) ^ 0x5c;
	return 0;
}

static const struct nobs_ctr_drbg_ops toy_ops = {
	.setkey = toy_setkey,
	.keystream = toy_keystream,
};

static int all_zero(const void *p, size_t n)
{
	const u8 *b = p;

	while (n--)
		if (*b++)
			return 0;
	return 1;
}

struct drbg_args {
	struct nobs_ctr_drbg *d;
	const u8 *ent, *extra;
	size_t extralen, outlen;
	u8 *out;
	int op, err;
};

static void drbg_call(void *arg)
{
	struct drbg_args *a = arg;

	switch (a->op) {
	case 0:
		a->err = nobs_ctr_drbg_instantiate(a->d, &toy_ops, NULL, a->ent,
						   a->extra, a->extralen, 1000);
		break;
	case 1:
		a->err = nobs_ctr_drbg_generate(a->d, a->out, a->outlen,
						a->extra, a->extralen);
		break;
	case 2:
		a->err = nobs_ctr_drbg_reseed(a->d, a->ent, a->extra,
					      a->extralen);
		break;
	}
}

static void test_drbg(void)
{
	static u8 out[70000];
	struct nobs_ctr_drbg d;
	struct drbg_args a = { .d = &d, .out = out };
	u8 ent[48], pers[48], seedmat[48], key[32];
	size_t lens[] = { 16, 100, 4096, 70000 - 4470 };
	size_t i, j;
	char name[80];

	for (i = 0; i < 48; i++) {
		ent[i] = (u8)(0xa0 + i * 3);
		pers[i] = (u8)(0x11 * i + 5);
		seedmat[i] = ent[i] ^ pers[i];
	}

	/* instantiate: seed material and the derived key off the stack */
	stack_clean();
	a.op = 0, a.ent = ent, a.extra = pers, a.extralen = 48;
	run_pad(drbg_call, &a);
	check(!a.err, "drbg-instantiate", "failed");
	memcpy(key, engine_key, 32);
	check(!stack_has(seedmat, 48), "drbg-instantiate-stack-seed",
	      "seed material left on the stack");
	check(!stack_has(ent, 48), "drbg-instantiate-stack-entropy",
	      "entropy left on the stack");
	check(!stack_has(key, 32), "drbg-instantiate-stack-key",
	      "derived key left on the stack");

	for (j = 0; j < sizeof(lens) / sizeof(lens[0]); j++) {
		stack_clean();
		a.op = 1, a.extra = pers, a.extralen = j % 2 ? 48 : 0;
		a.outlen = lens[j];
		run_pad(drbg_call, &a);
		snprintf(name, sizeof(name), "drbg-generate-%zu-stack-key",
			 lens[j]);
		check(!a.err && !stack_has(engine_key, 32), name,
		      "new key left on the stack");
		snprintf(name, sizeof(name), "drbg-generate-%zu-stack-addin",
			 lens[j]);
		check(j % 2 == 0 || !stack_has(pers, 48), name,
		      "additional input left on the stack");
	}

	stack_clean();
	a.op = 2, a.ent = ent, a.extra = pers, a.extralen = 48;
	run_pad(drbg_call, &a);
	check(!a.err && !stack_has(seedmat, 48) && !stack_has(engine_key, 32),
	      "drbg-reseed-stack", "seed material or key left on the stack");

	/* uninstantiate: all-zero state, engine re-keyed with zeros */
	engine_setkeys = 0;
	nobs_ctr_drbg_uninstantiate(&d);
	check(all_zero(&d, sizeof(d)), "drbg-uninstantiate-state",
	      "state not all zero");
	check(engine_setkeys == 1 && all_zero(engine_key, 32),
	      "drbg-uninstantiate-engine-key", "engine key not zeroed");

	/* engine failure in the middle of generate: state and output wiped */
	for (j = 0; j < 3; j++) {
		check(!nobs_ctr_drbg_instantiate(&d, &toy_ops, NULL, ent, NULL,
						 0, 1000), "drbg-reinstantiate",
		      "failed");
		engine_fail_after = (int)j;
		memset(out, 0xee, 4096);
		a.op = 1, a.extra = pers, a.extralen = 48, a.outlen = 4096;
		drbg_call(&a);
		engine_fail_after = -1;
		snprintf(name, sizeof(name), "drbg-engine-failure-%zu", j);
		check(a.err == -EIO && all_zero(&d, sizeof(d)) &&
		      all_zero(out, 4096), name,
		      "failure did not wipe state and output");
	}
	/* never instantiated, or twice: still all zero */
	memset(&d, 0x77, sizeof(d));
	d.ops = NULL;
	nobs_ctr_drbg_uninstantiate(&d);
	check(all_zero(&d, sizeof(d)), "drbg-uninstantiate-garbage",
	      "state not all zero");
}

/* ---- KMAC / cSHAKE keys ------------------------------------------------- */

struct kmac_args {
	struct nobs_keccak *k;
	const u8 *key;
	size_t keylen;
	int sec, cshake;
};

static void kmac_call(void *arg)
{
	struct kmac_args *a = arg;

	if (a->cshake)
		nobs_keccak_cshake_init(a->k, &nobs_keccak_generic, a->sec, NULL, 0,
				 a->key, a->keylen);
	else
		nobs_keccak_kmac_init(a->k, &nobs_keccak_generic, a->sec, a->key,
			       a->keylen, NULL, 0);
	nobs_keccak_absorb(a->k, &nobs_keccak_generic, a->key, 1);
}

static void test_keccak(void)
{
	static const size_t lens[] = { 16, 32, 135, 168, 300, 512 };
	struct nobs_keccak k;
	struct kmac_args a = { .k = &k };
	u8 key[512];
	char name[64];
	size_t i, j;

	for (i = 0; i < sizeof(key); i++)
		key[i] = (u8)(0x3b + 7 * i + (i >> 8));
	for (j = 0; j < sizeof(lens) / sizeof(lens[0]); j++) {
		for (a.cshake = 0; a.cshake < 2; a.cshake++) {
			stack_clean();
			a.key = key, a.keylen = lens[j];
			a.sec = j % 2 ? 256 : 128;
			run_pad(kmac_call, &a);
			snprintf(name, sizeof(name), "%s-%d-key%zu-stack",
				 a.cshake ? "cshake" : "kmac", a.sec, lens[j]);
			check(!stack_has(key, lens[j]), name,
			      "key bytes left on the stack");
		}
	}
}

/* ---- CSIDH private keys ------------------------------------------------- */

static u8 drawn[4096];
static size_t ndrawn;

static void rec_random(void *ctx, void *buf, size_t len)
{
	unsigned long long *s = ctx;
	u8 *p = buf;
	size_t i;

	/*
	 * Two loops, few registers: a callee-saved one pushed here would hold
	 * the caller's loop counter, which the residue scan would flag.
	 */
	for (i = 0; i < len; i++) {
		*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
		p[i] = (u8)(*s >> 56);
	}
	for (i = 0; i < len && ndrawn < sizeof(drawn); i++)
		drawn[ndrawn++] = p[i];
}

/*
 * A CSIDH or CTIDH parameter set: its sizes and entry points.  max: the
 * largest exponent of a CSIDH key (two a byte); 0: a CTIDH key (one
 * int8_t exponent a byte, each batch's L1 norm bounded).
 */
struct csidh_set {
	const char *name;
	size_t sk_size, pk_size;
	int primes, max;
	void (*random_key)(u8 *sk, const struct nobs_csidh_env *env);
	int (*public_key)(u8 *pk, const u8 *sk,
			  const struct nobs_csidh_env *env,
			  struct nobs_csidh_ws *ws);
	int (*shared_secret)(u8 *ss, const u8 *sk, const u8 *pk,
			     const struct nobs_csidh_env *env,
			     struct nobs_csidh_ws *ws);
	int (*check_key)(const u8 *sk);
};

static const struct csidh_set csidh512 = {
	"csidh", NOBS_CSIDH512_PRIVATE_KEY_SIZE, NOBS_CSIDH512_PUBLIC_KEY_SIZE,
	NOBS_CSIDH512_PRIMES, NOBS_CSIDH512_MAX_EXPONENT,
	nobs_csidh512_random_private_key, nobs_csidh512_public_key,
	nobs_csidh512_shared_secret, nobs_csidh512_check_private_key,
};

static const struct csidh_set csidh1024 = {
	"csidh1024", NOBS_CSIDH1024_PRIVATE_KEY_SIZE,
	NOBS_CSIDH1024_PUBLIC_KEY_SIZE, NOBS_CSIDH1024_PRIMES,
	NOBS_CSIDH1024_MAX_EXPONENT,
	nobs_csidh1024_random_private_key, nobs_csidh1024_public_key,
	nobs_csidh1024_shared_secret, nobs_csidh1024_check_private_key,
};

static const struct csidh_set ctidh511 = {
	"ctidh511", NOBS_CTIDH511_PRIVATE_KEY_SIZE,
	NOBS_CTIDH511_PUBLIC_KEY_SIZE, NOBS_CTIDH511_PRIMES, 0,
	nobs_ctidh511_random_private_key, nobs_ctidh511_public_key,
	nobs_ctidh511_shared_secret, nobs_ctidh511_check_private_key,
};

static const struct csidh_set ctidh512 = {
	"ctidh512", NOBS_CTIDH512_PRIVATE_KEY_SIZE,
	NOBS_CTIDH512_PUBLIC_KEY_SIZE, NOBS_CTIDH512_PRIMES, 0,
	nobs_ctidh512_random_private_key, nobs_ctidh512_public_key,
	nobs_ctidh512_shared_secret, nobs_ctidh512_check_private_key,
};

static const struct csidh_set ctidh1024 = {
	"ctidh1024", NOBS_CTIDH1024_PRIVATE_KEY_SIZE,
	NOBS_CTIDH1024_PUBLIC_KEY_SIZE, NOBS_CTIDH1024_PRIMES, 0,
	nobs_ctidh1024_random_private_key, nobs_ctidh1024_public_key,
	nobs_ctidh1024_shared_secret, nobs_ctidh1024_check_private_key,
};

static const struct csidh_set ctidh2048 = {
	"ctidh2048", NOBS_CTIDH2048_PRIVATE_KEY_SIZE,
	NOBS_CTIDH2048_PUBLIC_KEY_SIZE, NOBS_CTIDH2048_PRIMES, 0,
	nobs_ctidh2048_random_private_key, nobs_ctidh2048_public_key,
	nobs_ctidh2048_shared_secret, nobs_ctidh2048_check_private_key,
};

/* room for the largest set's keys (ctidh2048's: one byte an exponent) */
#define CSIDH_SK_MAX	NOBS_CTIDH2048_PRIVATE_KEY_SIZE
#define CSIDH_PK_MAX	NOBS_CTIDH2048_PUBLIC_KEY_SIZE
#define CSIDH_PRIMES_MAX	NOBS_CTIDH2048_PRIMES

struct csidh_args {
	const struct csidh_set *set;
	u8 *sk, *pk, *ss;
	const struct nobs_csidh_env *env;
	struct nobs_csidh_ws *ws;
	int op, err;
};

static void csidh_call(void *arg)
{
	struct csidh_args *a = arg;

	switch (a->op) {
	case 0:
		a->set->random_key(a->sk, a->env);
		break;
	case 1:
		a->err = a->set->public_key(a->pk, a->sk, a->env, a->ws);
		break;
	case 2:
		a->err = a->set->shared_secret(a->ss, a->sk, a->pk, a->env,
					       a->ws);
		break;
	case 3:
		a->err = a->set->check_key(a->sk);
		break;
	}
}

/* the caller's workspace for the group action (struct nobs_csidh_ws) */
static struct nobs_csidh_ws ws;

/* whether the workspace is all zero */
static int ws_clean(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ws.w); i++)
		if (ws.w[i])
			return 0;
	return 1;
}

/*
 * A distinctive key, whose windows the stack scan cannot find by chance:
 * CSIDH's exponents -max..max without zeros.  CTIDH's are bounded by
 * batch (each batch's L1 norm), and the key is built by what the core
 * accepts: first +-1 on every exponent that stays within the bounds,
 * visited in a stride order (97 i mod the primes) that spreads a small
 * bound over its batch (ctidh2048's: 1 to 3 on 6 to 15 primes, two
 * batches at 0); then each exponent raised towards -3..3 (odd i negative)
 * while the core still accepts the key.  Windows with few nonzero bytes
 * that this leaves (zeros forced by the bounds) are not looked for
 * (stack_has()).
 */
static void distinctive_key(const struct csidh_set *set, s8 *e, u8 *sk)
{
	int i, k, sign;

	if (!set->max) {
		memset(sk, 0, set->sk_size);
		for (k = 0; k < set->primes; k++) {
			i = (97 * k) % set->primes;
			sk[i] = (u8)(i % 2 ? -1 : 1);
			if (set->check_key(sk))
				sk[i] = 0;
		}
		for (i = 0; i < set->primes; i++) {
			sign = i % 2 ? -1 : 1;
			while (sk[i] && (s8)sk[i] * sign < 1 + i % 3) {
				sk[i] = (u8)((s8)sk[i] + sign);
				if (set->check_key(sk)) {
					sk[i] = (u8)((s8)sk[i] - sign);
					break;
				}
			}
			e[i] = (s8)sk[i];
		}
		return;
	}
	for (i = 0; i < set->primes; i++) {
		e[i] = (s8)((i * 7) % (2 * set->max + 1) - set->max);
		if (!e[i])
			e[i] = (s8)(set->max - 1 - i % 2);
		if (!e[i])
			e[i] = -1;
	}
	for (i = 0; i < (int)set->sk_size; i++)
		sk[i] = (u8)(((u8)e[2 * i] << 4) | ((u8)e[2 * i + 1] & 0xf));
}

static void test_csidh(const struct csidh_set *set)
{
	unsigned long long seed = 0x1234567;
	struct nobs_csidh_env env = { rec_random, NULL, &seed };
	u8 sk[CSIDH_SK_MAX], pk[CSIDH_PK_MAX], ss[CSIDH_PK_MAX];
	s8 e[CSIDH_PRIMES_MAX];
	struct csidh_args a = {
		.set = set, .sk = sk, .pk = pk, .ss = ss, .env = &env,
		.ws = &ws
	};
	int i;
	char name[64], why[96];

	/* a fresh key: the raw random bytes must not stay on the stack */
	ndrawn = 0;
	stack_clean();
	a.op = 0;
	run_pad(csidh_call, &a);
	snprintf(name, sizeof(name), "%s-random-key-stack", set->name);
	check(ndrawn >= set->sk_size &&
	      !stack_has(drawn, ndrawn < 64 ? ndrawn : 64), name,
	      "random bytes left on the stack");
	snprintf(name, sizeof(name), "%s-random-key-stack-sk", set->name);
	check(!stack_has(sk, set->sk_size), name,
	      "the private key left on the stack");

	distinctive_key(set, e, sk);
	snprintf(name, sizeof(name), "%s-key-windows", set->name);
	snprintf(why, sizeof(why), "%zu of the key's %zu windows sought",
		 windows_sought(sk, set->sk_size), set->sk_size - WIN + 1);
	check(!set->check_key(sk) &&
	      4 * windows_sought(sk, set->sk_size) >= 3 * (set->sk_size - WIN + 1),
	      name, why);
	if (getenv("ZEROIZE_VERBOSE"))
		printf("  %s: %s\n", name, why);

	for (i = 0; i < 3; i++) {
		static const int ops[] = { 3, 1, 2 };

		a.op = ops[i];
		stack_clean();
		run_pad(csidh_call, &a);
		snprintf(name, sizeof(name), "%s-%s-stack", set->name,
			 a.op == 3 ? "check-key" : a.op == 1 ? "public-key" :
			 "shared-secret");
		check(!a.err && !stack_has((const u8 *)e, set->primes) &&
		      !stack_has(sk, set->sk_size), name,
		      "private key or exponents left on the stack");
		snprintf(name, sizeof(name), "%s-%s-workspace", set->name,
			 a.op == 3 ? "check-key" : a.op == 1 ? "public-key" :
			 "shared-secret");
		check(ws_clean(), name, "the workspace is not wiped");
	}
}

/*
 * One call over a painted stack, and what it left.  A function of its own,
 * whose registers hold only pointers: the core's prologues save the
 * caller's registers on the stack, and the test's loop index or op there
 * would count as residue.
 */
static noinline size_t residue_of(struct csidh_args *a, size_t *depth)
{
	size_t n;

	/*
	 * A fresh private key calls env->random() again whenever its 64
	 * random bytes are used up; the callback saves the core's registers,
	 * among them the index of the exponent being drawn (at most the
	 * number of primes): public, what the number of rejections (the
	 * timing) reveals anyway, and independent of the key.
	 */
	residue_small_ok = a->op == 0 ? (u64)a->set->primes : 0;
	stack_paint();
	run_pad(csidh_call, a);
	n = stack_residue(depth);
	residue_small_ok = 0;
	return n;
}

/*
 * The group action and what calls it leave nothing of their computation
 * on the stack (section 3 at the top).
 */
static void test_csidh_residue(const struct csidh_set *set, const char *impl)
{
	unsigned long long seed = 0x7654321;
	struct nobs_csidh_env env = { rec_random, NULL, &seed };
	u8 sk[CSIDH_SK_MAX], pk[CSIDH_PK_MAX], ss[CSIDH_PK_MAX];
	struct csidh_args a = {
		.set = set, .sk = sk, .pk = pk, .ss = ss, .env = &env,
		.ws = &ws
	};
	static const int ops[] = { 0, 1, 2, 3 };
	static const char *const names[] = {
		"random-key", "public-key", "shared-secret", "check-key"
	};
	size_t n, depth, i, j;
	char name[64], why[96];

	set->random_key(sk, &env);
	snprintf(name, sizeof(name), "%s-residue-setup", set->name);
	check(!set->public_key(pk, sk, &env, &ws), name, "no public key");
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		a.op = ops[i];
		n = residue_of(&a, &depth);
		snprintf(name, sizeof(name), "%s-%s-%s-stack-residue",
			 set->name, impl, names[i]);
		snprintf(why, sizeof(why),
			 "%zu words of the computation left, %zu bytes deep", n,
			 depth);
		check(!a.err && n == 0, name, why);
		if (getenv("ZEROIZE_VERBOSE"))
			printf("  %s: %zu bytes deep\n", name, depth);
		for (j = 0; getenv("ZEROIZE_VERBOSE") && j < n &&
			    j < ARRAY_SIZE(residue_seen); j++)
			printf("  %s: -%zu: %016llx\n", name, residue_at[j],
			       (unsigned long long)residue_seen[j]);
	}
	stack_paint();
	run_pad(leak_random, &seed);
	check(stack_residue(&depth) >= 16, "control-residue-found",
	      "the residue scan misses random words: it proves nothing");
}

/* Both checks on one parameter set, each field implementation it runs */
static void test_csidh_set(const struct csidh_set *set)
{
	test_csidh(set);
	test_csidh_residue(set, nobs_test_fp_select(false));
#if defined(__x86_64__) && !defined(NOBS_FP_NO_ASM)
	if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx"))
		test_csidh_residue(set, nobs_test_fp_select(true));
#elif defined(__aarch64__) && !defined(NOBS_FP_NO_ASM)
	test_csidh_residue(set, nobs_test_fp_select(true));
#endif
}

static void test_control(void)
{
	u8 secret[64];
	size_t i;

	for (i = 0; i < sizeof(secret); i++)
		secret[i] = (u8)(0xc5 ^ (i * 29));
	stack_clean();
	run_pad(leak_copy, secret);
	check(stack_has(secret, sizeof(secret)), "control-unwiped-copy-found",
	      "the scanner misses an unwiped copy: the stack checks prove nothing");
	stack_clean();
	check(!stack_has(secret, sizeof(secret)), "control-clean-stack",
	      "the scanner sees a secret after stack_clean()");
}

int main(void)
{
	test_control();
	test_drbg();
	test_keccak();
	test_csidh_set(&csidh512);
	test_csidh_set(&csidh1024);
	test_csidh_set(&ctidh511);
	test_csidh_set(&ctidh512);
	test_csidh_set(&ctidh1024);
	test_csidh_set(&ctidh2048);
	printf("zeroize: %d passed, %d failed, %d skipped\n", passed, failed,
	       skipped);
	return failed ? 1 : 0;
}
