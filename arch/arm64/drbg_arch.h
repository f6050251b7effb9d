/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arm64 part of the DRBG's glue: drbg/drbg_glue.c includes it as
 * "drbg_arch.h", found in the architecture's directory (the top-level
 * Kbuild puts it on the include path; arch/generic's where nobs has no
 * code for the architecture).  Names only: the glue allocates.
 */
#ifndef NOBS_ARCH_ARM64_DRBG_ARCH_H
#define NOBS_ARCH_ARM64_DRBG_ARCH_H

/*
 * The AES-CTR on the CPU's AES instructions, which nobs_drbg_select() asks
 * for by name when the kernel's "ctr(aes)" answers with generic C code:
 * the Crypto Extensions', after asking for its module by name (nothing
 * happens where it is loaded, built in or refuses this CPU).
 */
#define NOBS_DRBG_ARCH_AES_MODULE	"aes-ce-blk"
#define NOBS_DRBG_ARCH_AES_DRIVER	"ctr-aes-ce"

#endif /* NOBS_ARCH_ARM64_DRBG_ARCH_H */
