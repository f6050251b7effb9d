/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic part of the DRBG's glue: drbg/drbg_glue.c includes it as
 * "drbg_arch.h", found in the architecture's directory (the top-level
 * Kbuild puts it on the include path; arch/generic's where nobs has no
 * code for the architecture).  Names only: the glue allocates.
 */
#ifndef NOBS_ARCH_GENERIC_DRBG_ARCH_H
#define NOBS_ARCH_GENERIC_DRBG_ARCH_H

/*
 * The AES-CTR on the CPU's AES instructions, which nobs_drbg_select() asks
 * for by name when the kernel's "ctr(aes)" answers with generic C code:
 * none that nobs knows of here, so the kernel's "ctr(aes)" answers alone.
 */
#define NOBS_DRBG_ARCH_AES_MODULE	NULL
#define NOBS_DRBG_ARCH_AES_DRIVER	NULL

#endif /* NOBS_ARCH_GENERIC_DRBG_ARCH_H */
