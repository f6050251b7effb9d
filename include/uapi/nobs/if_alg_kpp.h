/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * nobs's AF_ALG socket type "kpp" (afalg/algif_kpp.c): the operations a
 * sendmsg() asks for in its ALG_SET_OP control message, beside
 * <linux/if_alg.h>'s.  They are the op codes of the algif_kpp patches
 * that were never merged, which libkcapi's kcapi_kpp_* functions send:
 * ALG_OP_KEYGEN makes the public key of the socket's private key,
 * ALG_OP_SSGEN the shared secret with the peer's public key sent as data.
 * Shared by the module, tools/nobs-kpp and the tests.
 */
#ifndef _UAPI_NOBS_IF_ALG_KPP_H
#define _UAPI_NOBS_IF_ALG_KPP_H

#define ALG_OP_KEYGEN	4
#define ALG_OP_SSGEN	5

#endif /* _UAPI_NOBS_IF_ALG_KPP_H */
