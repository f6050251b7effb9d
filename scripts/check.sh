#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# check.sh full|quick|lint|boards: run the test suites and print the summary.
#   full:  lint (checkpatch, W=1 + sparse builds against every kernel ID of
#          scripts/lib.sh), the userspace harness (ASan+UBSan, valgrind),
#          5 s of each fuzzer, DKMS add/build/remove against every kernel
#          ID, the VM tests on Debian 12's two stock kernels with and without
#          force_generic (on the modules DKMS built), the VM tests on the
#          newer kernels (NOBS_VM_EXTRA, below), the runner self-test; and,
#          on self-built kernels, KUnit on x86_64 (debug kernel) followed by
#          fault injection and kmemleak there, arm64, riscv64 and ppc64le,
#          and the AF_ALG fuzzer's short campaign (debug and KCSAN
#          kernels, and the planted bug it must find).
#   quick: userspace harness, 6.12 build, VM tests on 6.12, x86_64 KUnit
#          and fault injection.
# The newer kernels' VM suites, ID[:generic][:core|:noaes] each: every case
# with the default parameters on trixie, backports and trixie-rt; the core
# cases ($NOBS_VM_CORE, default '[3-8]0-*': every algorithm, the kpp type's
# errors, the abuse and stress runs; not the known-answer-failure loads
# and the autoload) on sid, and with force_generic on backports; the DRBG
# cases on a CPU without AES instructions (QEMU -cpu max,-aes: which AES
# the DRBG takes then) on 6.12 and backports.
# Suites run in two lanes at once (stock-kernel work and self-built-kernel
# work; the machine has two cores and each QEMU/TCG run keeps about one
# busy; lint, the fuzzers and half of the newer kernels' VM suites join
# the second lane when its kernels are all cached); the second lane's
# output is printed when it ends.  NOBS_SERIAL=1 runs everything in one
# lane.  Per kernel, what ran and its counts: build/results/kernels.tsv.
# The boards' stock kernels (Debian 13's arm64, riscv64 and ppc64le:
# kernel ID trixie with NOBS_ARCH), ARCH[:CPU][:dkms][:core][:tcrypt]
# each (board_suite): arm64 on cortex-a72 (the Raspberry Pi 4: generic
# Keccak, arm64 field assembly) as a whole Debian 13 system in which the
# nobs-dkms package is installed and DKMS builds nobs.ko
# (scripts/board-rootfs.sh, run-vm.sh -D), arm64 on max (the SHA3
# instructions) and riscv64 and ppc64le (generic C) from an initramfs,
# with the module cross-built against each kernel's headers (kbuild.sh:
# W=1 and sparse too).  make check: the Cortex-A72 system with every
# case, the others with the core cases ($NOBS_BOARD_CORE); arm64 max in
# the first lane ($NOBS_BOARDS_1), the rest in the second
# ($NOBS_BOARDS_2).
#   boards: every board suite (make check-boards), every case on each:
#           the same kernels, arm64 max with README.md's tcrypt commands,
#           riscv64 as a whole system with DKMS too.
# The last line is "N passed, N failed[, N skipped]".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

mode=${1:-full}
rs=$NOBS_ROOT/scripts/run-suite
res=$NOBS_BUILD/results
rm -rf "$res"
mkdir -p "$res"

GENERIC="force_generic=1 drbg_reseed_interval=1000"
# The runs with the fast code name the permutation: the one timed fastest at
# load is whichever TCG's translation happens to run faster that moment
# (generic or bmi, from load to load), and each run must test the same
# code every time.  36-sha3-impl.sh tests the timed choice itself.
FAST="keccak_impl=bmi"
NOBS_VM_CORE=${NOBS_VM_CORE:-'[3-8]0-*'}
VM_EXTRA_1=${NOBS_VM_EXTRA_1:-"trixie sid:core"}
VM_EXTRA_2=${NOBS_VM_EXTRA_2:-"backports trixie-rt backports:generic:core 6.12:noaes backports:noaes"}

BOARDS_1=${NOBS_BOARDS_1:-"arm64:max:core"}
BOARDS_2=${NOBS_BOARDS_2:-"arm64:cortex-a72:dkms riscv64:core ppc64le:core"}
# The boards' core cases: every algorithm (30, 40, 50), the load line
# against the CPU (36), the kpp type's errors (60), abuse and stress with
# unload attempts (70, 80), autoloading after depmod (90).
NOBS_BOARD_CORE=${NOBS_BOARD_CORE:-'[3-9][06]-*'}
BOARDS_ALL_1="arm64:cortex-a72:dkms riscv64:dkms"
BOARDS_ALL_2="arm64:max:tcrypt riscv64 ppc64le"

# board_suite ARCH[:CPU][:dkms][:core][:tcrypt]: one board kernel's suites.
board_suite() {
	local arch=${1%%:*} cpu= name args=() deb params=
	case $1 in *:cortex-a72* | *:max*) cpu=$(echo "$1" | cut -d: -f2) ;; esac
	name=vm-trixie-$arch${cpu:+-${cpu#cortex-}}
	# The generic-only kernels, and the Pi 4: the DRBG's reseed case;
	# -cpu max: the SHA3 instructions (under TCG the load's timing picks
	# the C).
	case $arch:$cpu in
	arm64:max) params="keccak_impl=ce" ;;
	*) params="drbg_reseed_interval=1000" ;;
	esac
	case $1 in *:tcrypt*) args+=(-S); name=$name-tcrypt ;; esac
	# Another architecture under TCG on a loaded machine: riscv64's whole
	# case set took 51 s idle and passed 600 s at a load of 20.
	case $1 in *:dkms* | *:tcrypt*) ;; *) args+=(-t 1200) ;; esac
	# The test build (test_fail_* parameters) for the cases that load it
	# (20, 35: not among the core cases).
	case $1 in
	*:core*) args+=(-c "$NOBS_BOARD_CORE"); name=$name-core ;;
	*) args+=(-T "$(NOBS_ARCH=$arch test_ko trixie)") ;;
	esac
	case $1 in
	*:dkms*)
		name=$name-dkms
		deb=$NOBS_BUILD/deb/nobs-dkms_${NOBS_VERSION}_all.deb
		# The package deb-check.sh built (make deb), once it is done.
		while [ "$mode" = full ] && [ ! -f "$res/deb" ]; do sleep 5; done
		if [ "$mode" != full ] && [ ! -f "$deb" ]; then "$NOBS_ROOT/scripts/deb.sh" >/dev/null; fi
		NOBS_ARCH=$arch "$rs" "$name" "$NOBS_ROOT/tests/vm/run-vm.sh" -q -k trixie \
			-l "$name" -D "$deb" -u "$cpu" -p "$params" "${args[@]}"
		;;
	*)
		NOBS_ARCH=$arch "$rs" "build-trixie-$arch" "$NOBS_ROOT/scripts/kbuild.sh" trixie
		NOBS_ARCH=$arch "$rs" "$name" "$NOBS_ROOT/tests/vm/run-vm.sh" -q -k trixie \
			-l "$name" -m "$NOBS_BUILD/kmod/$arch/trixie/nobs.ko" -u "$cpu" \
			-p "$params" "${args[@]}"
		;;
	esac
}
board_suites() {
	local b
	for b in "$@"; do board_suite "$b"; done
}

vm_suites() {
	local kodir=$1 id
	shift
	for id in "$@"; do
		vm_suite "$kodir" "$id"
		vm_suite "$kodir" "$id:generic"
	done
}
# test_ko ID: the test build of the module for ID (the test_fail_*
# parameters some cases load it with), built once per run, whichever lane
# asks first.
test_ko() {
	local d=$NOBS_BUILD/kmod-test/$(nobs_arch_dir)
	mkdir -p "$d"
	(
		flock 9
		[ -f "$d/.done-$run_id-$1" ] || {
			"$NOBS_ROOT/scripts/kbuild.sh" -t "$1" >"$d/$1.out" 2>&1 &&
				touch "$d/.done-$run_id-$1"
		} || sed 's/^/  test build: /' "$d/$1.out" >&2
	) 9>"$d/.lock-$1"
	echo "${d%/}/$1/nobs.ko"
}
run_id=$$

# vm_suite KO_DIR ID[:generic][:core|:noaes]: one VM suite on
# KO_DIR/ID/nobs.ko (and the test build of ID for the cases that need its
# test hooks).
vm_suite() {
	local kodir=$1 id=${2%%:*} name=vm-${2%%:*} params=$FAST cases='*'
	local cpu=max
	case $2 in *:generic*) params=$GENERIC name=$name-generic ;; esac
	case $2 in *:core*) cases=$NOBS_VM_CORE name=$name-core ;; esac
	case $2 in *:noaes*) cases='4[05]-*' cpu=max,-aes name=$name-noaes ;; esac
	"$rs" "$name" "$NOBS_ROOT/tests/vm/run-vm.sh" -q -k "$id" -l "$name" \
		-m "$kodir/$id/nobs.ko" -T "$(test_ko "$id")" -p "$params" \
		-c "$cases" -u "$cpu"
}
# vm_extra LIST: the newer kernels' suites on the modules DKMS built (in
# the other lane: once dkms-check is done).
vm_extra() {
	local s
	while [ ! -f "$res/dkms" ]; do sleep 5; done
	for s in $1; do vm_suite "$NOBS_BUILD/dkms" "$s"; done
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
# The self-built kernels' suites of make check: KUnit (and the fault
# injection) on each, then the AF_ALG fuzzer's short campaign on the
# x86_64 debug and KCSAN kernels with its planted-bug check
# (scripts/afalg-fuzz.sh check).
selfbuilt_suites() {
	kunit_suites x86_64 arm64 riscv64 ppc64le x86_64-cfi
	"$rs" afalg-fuzz "$NOBS_ROOT/scripts/afalg-fuzz.sh" check
}
lint_fuzz_kunit_vm() {
	lint_fuzz
	selfbuilt_suites
	vm_extra "$VM_EXTRA_2"
	board_suites $BOARDS_2
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
	# shorter one (about 8 against 12 min): lint, the fuzzers and
	# VM_EXTRA_2 move there (those wait for dkms-check's modules, which
	# runs first here).  Cold, that lane first builds four kernels; they
	# stay here.
	# The boards' suites likewise: BOARDS_2 there once it is warm (the
	# DKMS one waits for deb-check's package).
	extra=$VM_EXTRA_1 boards=$BOARDS_1
	if [ "$(kernels_cached x86_64 arm64 riscv64 ppc64le x86_64-cfi x86_64-kcsan)" = yes ] &&
		[ -z "${NOBS_SERIAL:-}" ]; then
		in_lane lint_fuzz_kunit_vm
	else
		in_lane selfbuilt_suites
		lint_fuzz
		extra="$extra $VM_EXTRA_2" boards="$boards $BOARDS_2"
	fi
	"$rs" dkms "$NOBS_ROOT/scripts/dkms-check.sh"
	"$rs" deb "$NOBS_ROOT/scripts/deb-check.sh"
	"$rs" user make -s -C "$NOBS_ROOT/tests/user" test
	"$rs" valgrind make -s -C "$NOBS_ROOT/tests/user" valgrind
	vm_suites "$NOBS_BUILD/dkms" 6.1 6.12
	vm_extra "$extra"
	# shellcheck disable=SC2086
	board_suites $boards
	"$rs" runner-selftest "$NOBS_ROOT/scripts/runner-selftest.sh" "$NOBS_BUILD/kmod-test"
	lane_wait
	;;
boards)
	"$NOBS_ROOT/scripts/deb.sh" >/dev/null
	# shellcheck disable=SC2086
	in_lane board_suites $BOARDS_ALL_1
	# shellcheck disable=SC2086
	board_suites $BOARDS_ALL_2
	lane_wait
	;;
*)
	nobs_die "usage: check.sh full|quick|lint|boards"
	;;
esac
"$NOBS_ROOT/scripts/summary"
