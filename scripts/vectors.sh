#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# vectors.sh [DEST]: the test vectors of tests/vectors, unpacked into DEST
# (default $NOBS_VECTORS, which defaults to build/vectors): *.xz
# decompressed, the rest copied, each only when its source is newer; then
# every file listed in tests/vectors/SHA256SUMS checked.  Quiet on success.
# tests/vectors/acvp stays out: NIST's ACVP JSON (18 MiB unpacked, which
# the guests' initramfs would carry) is read compressed by the harness's
# converter (tests/user/sha3_lib.mk), against its own SHA256SUMS.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$NOBS_ROOT/tests/vectors
dest=${1:-$NOBS_VECTORS}
mkdir -p "$dest"
(
	cd "$src"
	find . -path ./acvp -prune -o -type f ! -name README.md \
		! -name SHA256SUMS -print | sort
) | while read -r f; do
	f=${f#./}
	out=$dest/${f%.xz}
	[ "$out" -nt "$src/$f" ] && continue
	mkdir -p "$(dirname "$out")"
	case $f in
	*.xz) xz -dc "$src/$f" >"$out.tmp" && mv "$out.tmp" "$out" ;;
	*) cp "$src/$f" "$out" ;;
	esac
done
(cd "$dest" && sha256sum --quiet -c "$src/SHA256SUMS") ||
	nobs_die "the vectors in $dest do not match tests/vectors/SHA256SUMS"
