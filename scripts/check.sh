#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# check.sh full|quick|lint: run the test suites and print the summary.
#   full:  lint (checkpatch, W=1 + sparse builds for 6.1 and 6.12), the
#          userspace harness (ASan+UBSan, valgrind), 5 s of each fuzzer, DKMS add/build/remove,
#          the VM tests on both stock kernels with and without
#          force_generic (on the modules DKMS built), the runner self-test,
#          KUnit on the x86_64 debug kernel and on arm64.
#   quick: userspace harness, 6.12 build, VM tests on 6.12, x86_64 KUnit.
# The last line is "N passed, N failed[, N skipped]".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

mode=${1:-full}
rs=$NOBS_ROOT/scripts/run-suite
rm -rf "$NOBS_BUILD/results"
mkdir -p "$NOBS_BUILD/results"

vm_suites() {
	local kodir=$1 series params
	shift
	for series in "$@"; do
		for params in "" "force_generic=1 drbg_reseed_interval=1000"; do
			"$rs" "vm-$series${params:+-generic}" "$NOBS_ROOT/tests/vm/run-vm.sh" \
				-q -k "$series" -m "$kodir/$series/nobs.ko" -p "$params"
		done
	done
}

case "$mode" in
lint)
	"$rs" lint "$NOBS_ROOT/scripts/lint.sh"
	;;
quick)
	"$rs" user make -s -C "$NOBS_ROOT/tests/user" test
	"$rs" fuzz "$NOBS_ROOT/scripts/fuzz.sh" 5
	"$rs" build-6.12 "$NOBS_ROOT/scripts/kbuild.sh" 6.12
	vm_suites "$NOBS_BUILD/kmod" 6.12
	"$rs" kunit-x86_64 "$NOBS_ROOT/scripts/kunit-check.sh" x86_64
	;;
full)
	"$rs" lint "$NOBS_ROOT/scripts/lint.sh"
	"$rs" user make -s -C "$NOBS_ROOT/tests/user" test
	"$rs" valgrind make -s -C "$NOBS_ROOT/tests/user" valgrind
	"$rs" fuzz "$NOBS_ROOT/scripts/fuzz.sh" 5
	"$rs" dkms "$NOBS_ROOT/scripts/dkms-check.sh"
	vm_suites "$NOBS_BUILD/dkms" 6.1 6.12
	"$rs" runner-selftest "$NOBS_ROOT/scripts/runner-selftest.sh" "$NOBS_BUILD/dkms"
	# KUnit on self-built kernels (cached in $NOBS_CACHE/kbuild): the x86_64
	# debug kernel, and arm64 for the SHA3-instruction and arm64 asm paths.
	for a in x86_64 arm64; do
		"$rs" "kunit-$a" "$NOBS_ROOT/scripts/kunit-check.sh" "$a"
	done
	;;
*)
	nobs_die "usage: check.sh full|quick|lint"
	;;
esac
"$NOBS_ROOT/scripts/summary"
