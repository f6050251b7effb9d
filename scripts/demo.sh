#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# demo.sh [ID|SERIES]: build nobs.ko for a Debian stock kernel (default
# 6.12, Debian 12's; any kernel ID of scripts/lib.sh or a series such as
# 7.3: make demo KERNEL=7.3), boot that kernel in QEMU, load the module and
# use every algorithm through the crypto API and AF_ALG (tests/vm/demo/*.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

id=$(nobs_kernel_id "${1:-6.12}")
kver=$(nobs_kver "$id")
nobs_log "building nobs.ko $NOBS_VERSION for Debian's $kver kernel ($id)"
"$NOBS_ROOT/scripts/kbuild.sh" "$id" >/dev/null ||
	nobs_die "build failed: see $NOBS_BUILD/kmod/$id/build.log"
nobs_log "booting the stock $kver kernel under QEMU (TCG) and loading nobs.ko"
"$NOBS_ROOT/tests/vm/run-vm.sh" -q -v -k "$id" -m "$NOBS_BUILD/kmod/$id/nobs.ko" \
	-C "$NOBS_ROOT/tests/vm/demo" -l "demo-$id"
