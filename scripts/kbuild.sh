#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kbuild.sh ID|SERIES [make args]: build nobs.ko against that Debian kernel
# (a kernel ID of scripts/lib.sh, e.g. 6.1, 6.12, trixie, backports, or a
# series such as 7.3; its build directory from scripts/fetch-kernel.sh -b)
# in a private copy of the tree (build/kmod/<ID>), with W=1 and sparse
# (C=1).  Any warning or error, including objtool's, fails.  Where the
# kernel's Makefile finds sparse too old for its headers and runs without it
# (7.x: scripts/checker-valid.sh wants __typeof_unqual__, which Debian 12's
# sparse 0.6.4 cannot parse; forced on those headers it crashes), that is
# said as a skip.
# Prints "<ID> build: 1 passed, 0 failed[, 1 skipped]" (or failed), records
# the result in build/results/kernels.tsv and leaves the module at
# build/kmod/<ID>/nobs.ko.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || nobs_die "usage: kbuild.sh ID|SERIES [make args]"
id=$(nobs_kernel_id "$1")
shift
kver=$(nobs_kver "$id")
kdir=$(nobs_kdir "$id")
[ -f "$kdir/Makefile" ] || nobs_die "no build directory for $id at $kdir (make deps)"
read -ra arch_args <<<"$(nobs_kbuild_args)"
dst=$NOBS_BUILD/kmod/$id
rm -rf "$dst"
mkdir -p "$dst"
nobs_copy_tree "$dst"
log=$dst/build.log
nobs_log "$id: building against $kver ($kdir)"
ok=0 skip=0
if make -C "$kdir" M="$dst" "${arch_args[@]}" W=1 C=1 "$@" modules >"$log" 2>&1 &&
	! grep -Eq 'warning:|error:|Error|objtool' "$log"; then
	ok=1
else
	grep -E 'warning:|error:|Error|objtool' "$log" || tail -n 30 "$log"
fi
if grep -q 'C=1 specified, but .* is not available or not up to date' "$log"; then
	echo "SKIP: $id sparse: $(sparse --version 2>&1 | head -n 1) is too old for $kver's headers (the kernel's checker-valid.sh)"
	skip=1
fi
skipped=
[ "$skip" = 0 ] || skipped=", $skip skipped"
echo "$id build: $ok passed, $((1 - ok)) failed$skipped"
nobs_record_kernel "$id" build "$ok" "$((1 - ok))" "$skip"
[ "$ok" = 1 ]
