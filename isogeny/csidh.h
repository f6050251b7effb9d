/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CSIDH-512 core: the class group action on supersingular Montgomery curves
 * y^2 = x^3 + A x^2 + x over GF(p), p = 4 * 3 * 5 * ... * 373 * 587 - 1.
 *
 * Pure C on top of isogeny/fp.h: no allocation, no locks, no crypto-API
 * types.  Randomness (for sampling points) and an optional yield hook come
 * from the caller through struct nobs_csidh_env.
 *
 * Encodings (those of the CSIDH reference implementation):
 * - private key: 37 bytes; exponent i (prime l_i) is the signed nibble
 *   (s8)(k[i / 2] << ((i % 2) * 4)) >> 4, in [-5, 5];
 * - public key and shared secret: 64 bytes, the coefficient A of the curve
 *   in Montgomery form (A * 2^512 mod p) as 8 little-endian 64-bit limbs.
 *   The base curve is A = 0.
 */
#ifndef NOBS_ISOGENY_CSIDH_H
#define NOBS_ISOGENY_CSIDH_H

#include <nobs/types.h>

#define NOBS_CSIDH_PRIMES		74
#define NOBS_CSIDH_MAX_EXPONENT		5
#define NOBS_CSIDH_PRIVATE_KEY_SIZE	37
#define NOBS_CSIDH_PUBLIC_KEY_SIZE	64
#define NOBS_CSIDH_SHARED_SECRET_SIZE	64

/**
 * struct nobs_csidh_env - what the core needs from its caller
 * @random: fill @buf with @len uniformly random bytes (never fails); used
 *	for private keys and for sampling curve points (whose values are
 *	not secret, but must be unpredictable to an attacker who can
 *	observe timing)
 * @yield: called at points where the caller may reschedule (under 1 ms
 *	apart natively, at places that depend on public data only); may be
 *	NULL.  Returns 0 to go on, or a negative errno to stop: then the
 *	operation returns that error at once, its output zeroed.  The
 *	kernel glue passes cond_resched() when the request may sleep, and
 *	stops with -EINTR on a fatal signal.
 * @ctx: passed to both callbacks
 */
struct nobs_csidh_env {
	void (*random)(void *ctx, void *buf, size_t len);
	int (*yield)(void *ctx);
	void *ctx;
};

/**
 * struct nobs_csidh_ws - the group action's workspace
 * @w: its room (the engine's state, csidh_engine.h), any content
 *
 * The points, the strategy's stack and the temporaries of the action of
 * either parameter set, which would otherwise take about 9 KiB of the
 * caller's stack: the caller provides it (the kpp glue in its request
 * context, so one per request, never shared by two operations at once),
 * and each operation wipes it before it returns.
 */
#define NOBS_CSIDH_WS_SIZE	8192
struct nobs_csidh_ws {
	u64 w[NOBS_CSIDH_WS_SIZE / sizeof(u64)];
};

int nobs_csidh_check_private_key(const u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE]);
void nobs_csidh_random_private_key(u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE],
				   const struct nobs_csidh_env *env);
int nobs_csidh_validate(const u8 pk[NOBS_CSIDH_PUBLIC_KEY_SIZE],
			const struct nobs_csidh_env *env,
			struct nobs_csidh_ws *ws);
int nobs_csidh_public_key(u8 pk[NOBS_CSIDH_PUBLIC_KEY_SIZE],
			  const u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE],
			  const struct nobs_csidh_env *env,
			  struct nobs_csidh_ws *ws);
int nobs_csidh_shared_secret(u8 ss[NOBS_CSIDH_SHARED_SECRET_SIZE],
			     const u8 sk[NOBS_CSIDH_PRIVATE_KEY_SIZE],
			     const u8 peer[NOBS_CSIDH_PUBLIC_KEY_SIZE],
			     const struct nobs_csidh_env *env,
			     struct nobs_csidh_ws *ws);

#endif /* NOBS_ISOGENY_CSIDH_H */
