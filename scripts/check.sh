#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# check.sh full|quick|lint: run the test suites and print the summary.
#   full:  lint (checkpatch, W=1 + sparse builds for 6.1 and 6.12), the
#          userspace harness (ASan+UBSan, valgrind), 5 s of each fuzzer,
#          DKMS add/build/remove, the VM tests on both stock kernels with and
#          without force_generic (on the modules DKMS built), the runner
#          self-test; and, on self-built kernels, KUnit on x86_64 (debug
#          kernel) followed by fault injection and kmemleak there, arm64,
#          riscv64 and ppc64le.
#   quick: userspace harness, 6.12 build, VM tests on 6.12, x86_64 KUnit
#          and fault injection.
# Suites run in two lanes at once (stock-kernel work and self-built-kernel
# work; the machine has two cores and each QEMU/TCG run keeps about one
# busy; lint and the fuzzers join the second lane when its kernels are all
# cached); the second lane's output is printed when it ends.  NOBS_SERIAL=1
# runs everything in one lane.
# The last line is "N passed, N failed[, N skipped]".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

mode=${1:-full}
rs=$NOBS_ROOT/scripts/run-suite
res=$NOBS_BUILD/results
rm -rf "$res"
mkdir -p "$res"

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

# Self-built kernels (cached in $NOBS_CACHE/kbuild): the x86_64 debug
# kernel, arm64 for the SHA3-instruction and arm64 asm paths, and the
# generic C on riscv64 and ppc64le.
# After x86_64's KUnit, the fault-injection and kmemleak run on the same
# debug kernel (scripts/faults-check.sh).
kunit_suites() {
	local a
	for a in "$@"; do
		"$rs" "kunit-$a" "$NOBS_ROOT/scripts/kunit-check.sh" "$a"
		if [ "$a" = x86_64 ]; then
			"$rs" faults "$NOBS_ROOT/scripts/faults-check.sh"
		fi
	done
}

lint_fuzz() {
	"$rs" lint "$NOBS_ROOT/scripts/lint.sh"
	"$rs" fuzz "$NOBS_ROOT/scripts/fuzz.sh" 5
}
lint_fuzz_kunit() {
	lint_fuzz
	kunit_suites x86_64 arm64 riscv64 ppc64le
}
# kernels_cached ARCH...: "yes" when every one's test kernel is built.
kernels_cached() {
	local a d
	for a in "$@"; do
		d=$("$NOBS_ROOT/scripts/build-test-kernel.sh" -n "$a" 2>/dev/null) &&
			[ -f "$d/.nobs-built" ] || { echo no; return; }
	done
	echo yes
}

# in_lane FUNC ARGS...: run in the background (output to a file) unless
# NOBS_SERIAL is set; lane_wait prints that output once it is done.
lane_pid=
in_lane() {
	if [ -n "${NOBS_SERIAL:-}" ]; then
		"$@"
		return
	fi
	echo "######## in parallel (output follows at the end): $*"
	"$@" >"$res/lane.log" 2>&1 &
	lane_pid=$!
}
lane_wait() {
	[ -n "$lane_pid" ] || return 0
	wait "$lane_pid"
	cat "$res/lane.log"
	lane_pid=
}
kill_tree() {
	local c
	for c in $(pgrep -P "$1"); do kill_tree "$c"; done
	kill "$1" 2>/dev/null
}
trap '[ -z "$lane_pid" ] || kill_tree "$lane_pid"' EXIT

case "$mode" in
lint)
	"$rs" lint "$NOBS_ROOT/scripts/lint.sh"
	;;
quick)
	in_lane kunit_suites x86_64
	"$rs" user make -s -C "$NOBS_ROOT/tests/user" test
	"$rs" fuzz "$NOBS_ROOT/scripts/fuzz.sh" 5
	"$rs" build-6.12 "$NOBS_ROOT/scripts/kbuild.sh" 6.12
	vm_suites "$NOBS_BUILD/kmod" 6.12
	lane_wait
	;;
full)
	# With every test kernel cached, the self-built-kernel lane is the
	# shorter one (about 8 against 12 min): lint and the fuzzers move
	# there.  Cold, that lane first builds four kernels; they stay here.
	if [ "$(kernels_cached x86_64 arm64 riscv64 ppc64le)" = yes ]; then
		in_lane lint_fuzz_kunit
	else
		in_lane kunit_suites x86_64 arm64 riscv64 ppc64le
		lint_fuzz
	fi
	"$rs" user make -s -C "$NOBS_ROOT/tests/user" test
	"$rs" valgrind make -s -C "$NOBS_ROOT/tests/user" valgrind
	"$rs" dkms "$NOBS_ROOT/scripts/dkms-check.sh"
	vm_suites "$NOBS_BUILD/dkms" 6.1 6.12
	"$rs" runner-selftest "$NOBS_ROOT/scripts/runner-selftest.sh" "$NOBS_BUILD/dkms"
	lane_wait
	;;
*)
	nobs_die "usage: check.sh full|quick|lint"
	;;
esac
"$NOBS_ROOT/scripts/summary"
