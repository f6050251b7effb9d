/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private interface between csidh_glue.c and csidh_selftest.c: the CSIDH
 * parameter sets served as kpps (csidh512, csidh1024), each with its
 * sizes, its core's entry points and its self-test vectors.
 */
#ifndef NOBS_CSIDH_GLUE_H
#define NOBS_CSIDH_GLUE_H

#include "csidh512.h"
#include "csidh1024.h"

/* the largest keys of any set (the tfm context's room) */
#define NOBS_CSIDH_MAX_PRIVATE_KEY_SIZE	NOBS_CSIDH1024_PRIVATE_KEY_SIZE
#define NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE	NOBS_CSIDH1024_PUBLIC_KEY_SIZE

/**
 * struct nobs_csidh_set - one CSIDH parameter set
 * @alg: the kpp's cra_name, e.g. "csidh512"
 * @sk_size: private key bytes
 * @pk_size: public key (and shared secret) bytes
 * @bad_nibble: a nibble outside the exponent range (the exchange test
 *	plants it in a private key)
 * @check_private_key: the core's nobs_csidh*_check_private_key()
 * @random_private_key: nobs_csidh*_random_private_key()
 * @validate: nobs_csidh*_validate()
 * @public_key: nobs_csidh*_public_key()
 * @shared_secret: nobs_csidh*_shared_secret()
 * @kat_sk: the self-tests' private key (a vector's Pr1)
 * @kat_peer: the peer's public key (Pk2)
 * @kat_ss: the shared secret of @kat_sk and @kat_peer (Ss)
 * @kat_invalid: a public key in range that is not supersingular
 * @first_use: the known-answer tests run when the first transform of the
 *	set is made (nobs_csidh_first_use_test()), not at load: set for
 *	csidh1024, whose action would add 0.2 s to every load natively,
 *	seconds on a board's generic C and 5-10 s under QEMU/TCG
 */
struct nobs_csidh_set {
	const char *alg;
	unsigned int sk_size, pk_size;
	u8 bad_nibble;
	int (*check_private_key)(const u8 *sk);
	void (*random_private_key)(u8 *sk, const struct nobs_csidh_env *env);
	int (*validate)(const u8 *pk, const struct nobs_csidh_env *env,
			struct nobs_csidh_ws *ws);
	int (*public_key)(u8 *pk, const u8 *sk,
			  const struct nobs_csidh_env *env,
			  struct nobs_csidh_ws *ws);
	int (*shared_secret)(u8 *ss, const u8 *sk, const u8 *peer,
			     const struct nobs_csidh_env *env,
			     struct nobs_csidh_ws *ws);
	const u8 *kat_sk, *kat_peer, *kat_ss, *kat_invalid;
	bool first_use;
};

/* The sets, in registration order (csidh_selftest.c). */
#define NOBS_CSIDH_SETS	2
extern const struct nobs_csidh_set nobs_csidh_sets[NOBS_CSIDH_SETS];

void nobs_csidh_env_init(struct nobs_csidh_env *env, bool may_sleep);
void nobs_csidh_env_init_selftest(struct nobs_csidh_env *env);
int nobs_csidh_exchange_test(const struct nobs_csidh_set *set,
			     const char *driver);
int nobs_csidh_first_use_test(const struct nobs_csidh_set *set);

#endif /* NOBS_CSIDH_GLUE_H */
