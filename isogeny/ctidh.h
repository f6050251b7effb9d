/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the CTIDH cores share (ctidh512.h): the CTIDH class group action
 * (eprint 2021/633) on the CSIDH curves y^2 = x^3 + A x^2 + x over GF(p),
 * one engine (ctidh_action_tmpl.c) instantiated per parameter set.
 *
 * Pure C on top of the fields (fp512.h): no allocation, no locks, no
 * crypto-API types.  The caller's hooks are the CSIDH cores' (struct
 * nobs_csidh_env, csidh.h), and so is the workspace (struct
 * nobs_csidh_ws): the kpp glue serves both engines from one request
 * context.
 */
#ifndef NOBS_ISOGENY_CTIDH_H
#define NOBS_ISOGENY_CTIDH_H

#include "csidh.h"

/*
 * The action's state (ctidh_action_tmpl.c) lies in struct nobs_csidh_ws,
 * the CSIDH cores' workspace: the points, the curves and the per-round
 * selections, which would otherwise sit on the caller's stack, or, while
 * a peer's public key is validated, the CSIDH core's own state.  The
 * caller provides it, one per operation at a time, and each operation
 * wipes it before it returns.
 */

#ifdef NOBS_CSIDH_VALGRIND
/*
 * The valgrind harness (test_ctidh_ct.c) only: whether the sets whose
 * field has vector code take the way they take with it (both points of
 * a round cleared in lockstep) where valgrind runs no vector code.
 */
bool nobs_ctidh_test_pairs(void);
#endif

#endif /* NOBS_ISOGENY_CTIDH_H */
