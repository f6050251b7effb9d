/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private interface between csidh_glue.c and csidh_selftest.c.  The glue
 * holds the CSIDH-family parameter sets served as kpps (csidh512,
 * csidh1024, and ctidh511, ctidh512, ctidh1024, ctidh2048 on the CTIDH
 * engine with the same contract),
 * each with its sizes, its core's entry points and its self-test vectors;
 * the self-tests (csidh_selftest.c) hold the vectors and take a set and
 * what they need of the kernel as arguments: they call nothing of the
 * glue.
 */
#ifndef NOBS_CSIDH_GLUE_H
#define NOBS_CSIDH_GLUE_H

#include "csidh512.h"
#include "csidh1024.h"
#include "ctidh511.h"
#include "ctidh512.h"
#include "ctidh1024.h"
#include "ctidh2048.h"
#include "csidh2048.h"

/*
 * the largest keys of any set (the tfm context's room; the glue checks
 * every set against them at build time)
 */
#define NOBS_CSIDH_MAX_PRIVATE_KEY_SIZE	NOBS_CTIDH2048_PRIVATE_KEY_SIZE
#define NOBS_CSIDH_MAX_PUBLIC_KEY_SIZE	NOBS_CTIDH2048_PUBLIC_KEY_SIZE

/**
 * struct nobs_csidh_kat - a parameter set's self-test vectors
 * @sk: the private key (a vector's Pr1)
 * @peer: the peer's public key (Pk2)
 * @ss: the shared secret of @sk and @peer (Ss)
 * @invalid: a public key in range that is not supersingular; NULL: @peer
 *	with bit 0 flipped (ctidh2048's, whose prime has no CSIDH vectors:
 *	high-ctidh's validate() refuses it), which the self-tests derive
 */
struct nobs_csidh_kat {
	const u8 *sk, *peer, *ss, *invalid;
};

/* The vectors of each set (csidh_selftest.c) */
extern const struct nobs_csidh_kat nobs_csidh512_kat, nobs_csidh1024_kat,
	nobs_ctidh511_kat, nobs_ctidh512_kat, nobs_ctidh1024_kat,
	nobs_ctidh2048_kat;

/**
 * struct nobs_csidh_set - one parameter set (CSIDH, or CTIDH over a CSIDH
 *	prime)
 * @alg: the kpp's cra_name, e.g. "csidh512"
 * @sk_size: private key bytes
 * @pk_size: public key (and shared secret) bytes
 * @bad_byte: a value of byte 5 that puts a private key out of range (the
 *	exchange test plants it in one): CSIDH, an exponent nibble out of
 *	[-max, max]; CTIDH, an exponent past its batch's bound
 * @check_private_key: the core's nobs_csidh*_check_private_key() (or
 *	nobs_ctidh*_...; the same for the others)
 * @random_private_key: nobs_csidh*_random_private_key()
 * @validate: nobs_csidh*_validate() (a CTIDH set: its prime's CSIDH one)
 * @public_key: nobs_csidh*_public_key()
 * @shared_secret: nobs_csidh*_shared_secret()
 * @kat: its self-tests' vectors
 * @first_use: the known-answer tests run when the first transform of the
 *	set is made (nobs_csidh_first_use_test()), not at load: set for
 *	csidh1024 and the CTIDH sets, whose actions would add 0.05 to 0.2 s
 *	each to every load natively, seconds on a board's generic C and
 *	5-10 s under QEMU/TCG
 */
struct nobs_csidh_set {
	const char *alg;
	unsigned int sk_size, pk_size;
	u8 bad_byte;
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
	const struct nobs_csidh_kat *kat;
	bool first_use;
};

/* The number of sets (the table is the glue's, in registration order) */
#define NOBS_CSIDH_SETS	6

/* The self-tests (csidh_selftest.c); env: the core's, from the glue */
int nobs_csidh_invalid_test(const struct nobs_csidh_set *set,
			    const struct nobs_csidh_env *env,
			    struct nobs_csidh_ws *ws);
int nobs_csidh_kat_test(const struct nobs_csidh_set *set,
			const struct nobs_csidh_env *env);
int nobs_csidh_exchange_test(const struct nobs_csidh_set *set,
			     const char *driver);

#endif /* NOBS_CSIDH_GLUE_H */
