/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry points of one CTIDH parameter set, a template included once
 * per set by its header (ctidh512.h) after it defined
 *
 *	NOBS_CTIDHX(name)	the set's prefix: NOBS_CTIDHX(public_key) is
 *				nobs_ctidh512_public_key
 *	NOBS_CTIDHX_PRIVATE_KEY_SIZE, NOBS_CTIDHX_PUBLIC_KEY_SIZE,
 *	NOBS_CTIDHX_SHARED_SECRET_SIZE	its encodings' sizes
 *
 * No include guard: the including header has one and undefines the macros
 * afterwards.  The engine is ctidh_action_tmpl.c; the contract of struct
 * nobs_csidh_env is in csidh.h, and of struct
 * nobs_csidh_ws (the workspace of both engines) in csidh.h and ctidh.h.
 * Each entry point wipes the workspace before it returns; they return 0,
 * -EINVAL for a key that is not valid, or what the yield hook answered to
 * stop.
 */
#if !defined(NOBS_CTIDHX) || !defined(NOBS_CTIDHX_PRIVATE_KEY_SIZE) || \
	!defined(NOBS_CTIDHX_PUBLIC_KEY_SIZE) || \
	!defined(NOBS_CTIDHX_SHARED_SECRET_SIZE)
#error "ctidh_tmpl.h: define NOBS_CTIDHX(name) and the key sizes first"
#endif

int (NOBS_CTIDHX(check_private_key))(const u8 sk[NOBS_CTIDHX_PRIVATE_KEY_SIZE]);
void (NOBS_CTIDHX(random_private_key))(u8 sk[NOBS_CTIDHX_PRIVATE_KEY_SIZE],
				       const struct nobs_csidh_env *env);
int (NOBS_CTIDHX(public_key))(u8 pk[NOBS_CTIDHX_PUBLIC_KEY_SIZE],
			      const u8 sk[NOBS_CTIDHX_PRIVATE_KEY_SIZE],
			      const struct nobs_csidh_env *env,
			      struct nobs_csidh_ws *ws);
int (NOBS_CTIDHX(shared_secret))(u8 ss[NOBS_CTIDHX_SHARED_SECRET_SIZE],
				 const u8 sk[NOBS_CTIDHX_PRIVATE_KEY_SIZE],
				 const u8 peer[NOBS_CTIDHX_PUBLIC_KEY_SIZE],
				 const struct nobs_csidh_env *env,
				 struct nobs_csidh_ws *ws);
