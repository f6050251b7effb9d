/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry points of one CSIDH parameter set, a template included once
 * per set by its header (csidh512.h, csidh1024.h) after it defined
 *
 *	NOBS_CSIDHX(name)	the set's prefix: NOBS_CSIDHX(validate) is
 *				nobs_csidh512_validate or nobs_csidh1024_validate
 *	NOBS_CSIDHX_PRIVATE_KEY_SIZE, NOBS_CSIDHX_PUBLIC_KEY_SIZE,
 *	NOBS_CSIDHX_SHARED_SECRET_SIZE	its encodings' sizes
 *
 * No include guard: the including header has one and undefines the macros
 * afterwards.  The engine behind them is csidh_curve_tmpl.c and the files
 * it names; the contract of struct nobs_csidh_env and nobs_csidh_ws is in
 * csidh.h.  Each entry point wipes the workspace before it returns;
 * validate, public_key and shared_secret return 0, -EINVAL for a key that
 * is not valid, or what the yield hook answered to stop.
 */
#if !defined(NOBS_CSIDHX) || !defined(NOBS_CSIDHX_PRIVATE_KEY_SIZE) || \
	!defined(NOBS_CSIDHX_PUBLIC_KEY_SIZE) || \
	!defined(NOBS_CSIDHX_SHARED_SECRET_SIZE)
#error "csidh_tmpl.h: define NOBS_CSIDHX(name) and the key sizes first"
#endif

int (NOBS_CSIDHX(check_private_key))(const u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE]);
void (NOBS_CSIDHX(random_private_key))(u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
				       const struct nobs_csidh_env *env);
int (NOBS_CSIDHX(validate))(const u8 pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE],
			    const struct nobs_csidh_env *env,
			    struct nobs_csidh_ws *ws);
int (NOBS_CSIDHX(public_key))(u8 pk[NOBS_CSIDHX_PUBLIC_KEY_SIZE],
			      const u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
			      const struct nobs_csidh_env *env,
			      struct nobs_csidh_ws *ws);
int (NOBS_CSIDHX(shared_secret))(u8 ss[NOBS_CSIDHX_SHARED_SECRET_SIZE],
				 const u8 sk[NOBS_CSIDHX_PRIVATE_KEY_SIZE],
				 const u8 peer[NOBS_CSIDHX_PUBLIC_KEY_SIZE],
				 const struct nobs_csidh_env *env,
				 struct nobs_csidh_ws *ws);
