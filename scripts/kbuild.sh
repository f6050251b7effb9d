#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kbuild.sh 6.1|6.12 [make args]: build nobs.ko against that Debian kernel's
# headers in a private copy of the tree (build/kmod/<series>), with W=1 and
# sparse (C=1).  Any warning or error, including objtool's, fails.
# Prints "<series> build: 1 passed, 0 failed" (or failed) and leaves the
# module at build/kmod/<series>/nobs.ko.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

series=$1
shift
kdir=$(nobs_kdir "$series")
[ -d "$kdir" ] || nobs_die "no headers at $kdir (make deps)"
dst=$NOBS_BUILD/kmod/$series
rm -rf "$dst"
mkdir -p "$dst"
nobs_copy_tree "$dst"
log=$dst/build.log
if make -C "$kdir" M="$dst" W=1 C=1 "$@" modules >"$log" 2>&1 &&
	! grep -Eq 'warning:|error:|Error|objtool' "$log"; then
	echo "$series build: 1 passed, 0 failed"
else
	grep -E 'warning:|error:|Error|objtool' "$log" || tail -n 30 "$log"
	echo "$series build: 0 passed, 1 failed"
	exit 1
fi
