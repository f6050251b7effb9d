/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the kernel's <linux/cfi_types.h>: an indirect-call
 * target (in the kernel: ENDBR for IBT, BTI for arm64, the kCFI type hash
 * for clang's CFI) is a plain global function here.
 */
#ifndef NOBS_COMPAT_LINUX_CFI_TYPES_H
#define NOBS_COMPAT_LINUX_CFI_TYPES_H

#include <linux/linkage.h>

#ifdef __ASSEMBLER__
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
#endif

#endif /* NOBS_COMPAT_LINUX_CFI_TYPES_H */
