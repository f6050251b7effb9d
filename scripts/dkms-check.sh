#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# dkms-check.sh: dkms add, build and remove against both Debian kernels'
# headers in a throwaway DKMS tree.  The modules DKMS built are kept as
# build/dkms/<series>/nobs.ko (decompressed) for the VM tests.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

t=$(mktemp -d /tmp/nobs-dkms.XXXXXX)
trap 'rm -rf "$t"' EXIT
src=$t/src/nobs-$NOBS_VERSION
mkdir -p "$src" "$t/tree"
nobs_copy_tree "$src"
d=(--dkmstree "$t/tree" --sourcetree "$t/src")
pass=0 fail=0
step() {
	local name=$1
	shift
	if "$@" >"$t/step.log" 2>&1; then
		pass=$((pass + 1))
		echo "  pass  dkms $name"
	else
		fail=$((fail + 1))
		echo "  FAIL  dkms $name"
		tail -n 30 "$t/step.log"
		find "$t/tree" -name make.log -exec tail -n 30 {} \; 2>/dev/null
	fi
}

step add dkms add "${d[@]}" "$src"
for series in 6.1 6.12; do
	kver=$(nobs_kver "$series")
	step "build $kver" dkms build "${d[@]}" "nobs/$NOBS_VERSION" -k "$kver"
	out=$NOBS_BUILD/dkms/$series
	rm -rf "$out"
	mkdir -p "$out"
	ko=$(find "$t/tree/nobs/$NOBS_VERSION/$kver" -name 'nobs.ko*' -path '*module*' 2>/dev/null | head -n 1 || true)
	case "$ko" in
	*.xz) xz -dc "$ko" >"$out/nobs.ko" ;;
	*.zst) zstd -qdc "$ko" >"$out/nobs.ko" ;;
	?*) cp "$ko" "$out/nobs.ko" ;;
	esac
	step "module for $kver" test -s "$out/nobs.ko"
	step "vermagic $kver" sh -c "modinfo -F vermagic '$out/nobs.ko' | grep -q '^$kver '"
done
step remove dkms remove "${d[@]}" "nobs/$NOBS_VERSION" --all
echo "dkms: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
