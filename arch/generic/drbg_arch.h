/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic part of the DRBG's glue: drbg/drbg_glue.c includes it as
 * "drbg_arch.h", found in the architecture's directory (the top-level
 * Kbuild puts it on the include path; arch/generic's where nobs has no
 * code for the architecture).
 */
#ifndef NOBS_ARCH_GENERIC_DRBG_ARCH_H
#define NOBS_ARCH_GENERIC_DRBG_ARCH_H

#include <crypto/skcipher.h>
#include <linux/err.h>

/*
 * The AES-CTR on the CPU's AES instructions, which nobs_drbg_select() asks
 * for by name when the kernel's "ctr(aes)" answers with generic C code:
 * a transform of it, or an ERR_PTR where there is none.
 * None that nobs knows of here: the kernel's "ctr(aes)" answers alone.
 */
static inline struct crypto_skcipher *nobs_drbg_arch_alloc_aes(void)
{
	return ERR_PTR(-ENOENT);
}

#endif /* NOBS_ARCH_GENERIC_DRBG_ARCH_H */
