/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the CSIDH cores of every parameter set share (csidh512.h,
 * csidh1024.h): the class group action on supersingular Montgomery curves
 * y^2 = x^3 + A x^2 + x over GF(p), one engine (csidh_curve_tmpl.c)
 * instantiated per set.
 *
 * Pure C on top of the fields (fp512.h, fp1024.h): no allocation, no
 * locks, no crypto-API types.  Randomness (for sampling points) and an
 * optional yield hook come from the caller through struct nobs_csidh_env;
 * the workspace through struct nobs_csidh_ws.
 */
#ifndef NOBS_ISOGENY_CSIDH_H
#define NOBS_ISOGENY_CSIDH_H

#include <nobs/types.h>

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
 * @w: its room (the engine's state, csidh_action_tmpl.c), any content
 *
 * The points, the strategy's stack and the temporaries of the action of
 * any parameter set, which would otherwise take up to 15.9 KiB of the
 * caller's stack (ctidh2048's state: 16136 bytes, the largest, 45
 * 256-byte field elements with square-root Vélu's; ctidh1024's 9528
 * before those; each engine checks its state fits): the caller provides
 * it (the kpp glue in its request context, so one per request, never
 * shared by two operations at once), and each operation wipes it before
 * it returns.  16 KiB less 128 bytes: a request (struct kpp_request, its
 * context aligned to at most 128 bytes, and this) is still one 16 KiB
 * allocation (csidh_glue.c checks it).
 */
#define NOBS_CSIDH_WS_SIZE	16256
struct nobs_csidh_ws {
	u64 w[NOBS_CSIDH_WS_SIZE / sizeof(u64)];
};

#endif /* NOBS_ISOGENY_CSIDH_H */
