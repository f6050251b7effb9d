/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The x86-64 part of the DRBG's glue: drbg/drbg_glue.c includes it as
 * "drbg_arch.h", found in the architecture's directory (the top-level
 * Kbuild puts it on the include path; arch/generic's where nobs has no
 * code for the architecture).
 */
#ifndef NOBS_ARCH_X86_DRBG_ARCH_H
#define NOBS_ARCH_X86_DRBG_ARCH_H

#include <crypto/skcipher.h>
#include <linux/err.h>
#include <linux/kmod.h>

/*
 * The AES-CTR on the CPU's AES instructions, which nobs_drbg_select() asks
 * for by name when the kernel's "ctr(aes)" answers with generic C code:
 * a transform of it, or an ERR_PTR where there is none.
 * AES-NI's cipher (module aesni_intel, asked for by its name: nothing
 * happens where it is loaded, built in or refuses this CPU) under the
 * ctr template; its own ctr-aes-aesni is asynchronous, which the DRBG
 * does not take.
 */
static inline struct crypto_skcipher *nobs_drbg_arch_alloc_aes(void)
{
	request_module("aesni_intel");
	return crypto_alloc_skcipher("ctr(aes-aesni)", 0, CRYPTO_ALG_ASYNC);
}

#endif /* NOBS_ARCH_X86_DRBG_ARCH_H */
