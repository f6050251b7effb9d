#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# demo.sh: build nobs.ko for Debian's stock 6.12 kernel, boot that kernel in
# QEMU, load the module and use every algorithm through the crypto API and
# AF_ALG (tests/vm/demo/*.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

nobs_log "building nobs.ko $NOBS_VERSION for Debian's 6.12 kernel"
"$NOBS_ROOT/scripts/kbuild.sh" 6.12 >/dev/null ||
	nobs_die "build failed: see $NOBS_BUILD/kmod/6.12/build.log"
nobs_log "booting the stock 6.12 kernel under QEMU (TCG) and loading nobs.ko"
"$NOBS_ROOT/tests/vm/run-vm.sh" -q -v -k 6.12 -m "$NOBS_BUILD/kmod/6.12/nobs.ko" \
	-C "$NOBS_ROOT/tests/vm/demo" -l demo
