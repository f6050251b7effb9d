/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the CTIDH cores share (ctidh512.h): the CTIDH class group action
 * (eprint 2021/633) on the CSIDH curves y^2 = x^3 + A x^2 + x over GF(p),
 * one engine (ctidh_action_tmpl.c) instantiated per parameter set.
 *
 * Pure C on top of the fields (fp512.h): no allocation, no locks, no
 * crypto-API types.  The caller's hooks are the CSIDH cores' (struct
 * nobs_csidh_env, csidh.h); the workspace is struct nobs_ctidh_ws.
 */
#ifndef NOBS_ISOGENY_CTIDH_H
#define NOBS_ISOGENY_CTIDH_H

#include "csidh.h"

/**
 * struct nobs_ctidh_ws - the CTIDH group action's workspace
 * @w: its room, any content: the action's state (ctidh_action_tmpl.c),
 *	or, while a peer's public key is validated, the CSIDH workspace of
 *	the same prime (struct nobs_csidh_ws, which it holds whole)
 *
 * The points, the curves and the per-round selections, which would
 * otherwise sit on the caller's stack: the caller provides it, one per
 * operation at a time, and each operation wipes it before it returns.
 */
#define NOBS_CTIDH_WS_SIZE	NOBS_CSIDH_WS_SIZE
struct nobs_ctidh_ws {
	u64 w[NOBS_CTIDH_WS_SIZE / sizeof(u64)];
};

#endif /* NOBS_ISOGENY_CTIDH_H */
