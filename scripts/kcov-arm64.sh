#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kcov-arm64.sh: coverage of nobs.ko in the arm64 test kernel (qemu -M virt
# -cpu max: the SHA3 instructions, so the vector-register sections of
# sha3/sha3_glue.c run, which the x86_64 guest cannot reach without
# AVX-512).  nobs.ko is built with GCOV_PROFILE=y against the arm64 kernel
# of scripts/build-test-kernel.sh (CONFIG_GCOV_KERNEL) and run under the
# KUnit runner (kunit/run-guest.sh -g) twice:
#   arm64-kcov        keccak_impl=ce: the KUnit suites on the SHA3-instruction
#                     permutation (and the crypto manager's tests, with
#                     SIMD disabled for some of them: the scalar fallback);
#   arm64-kcov-katfail  keccak_impl=ce test_fail_kat=ce: the load must fall back to the
#                     generic permutation with one error line, and the
#                     suites pass on it.
#
#   scripts/kcov-arm64.sh [-b]     -b: build the kernel first if missing
#
# Output in $NOBS_BUILD/coverage/kernel-arm64/: data/ (sources, objects,
# .gcno; the last run's .gcda), gcda-<label>/ (each run's .gcda files),
# <label>.json (gcovr's tracefile of each run, for scripts/coverage.sh to
# merge with the x86_64 run).  Last line: "kcov-arm64: N passed, N failed,
# N skipped" (KUnit cases of both runs, plus the checks made here).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

build=0
if [ "${1:-}" = -b ]; then build=1; fi
out=$NOBS_BUILD/coverage/kernel-arm64
skip_out() {
	nobs_result skip kcov-arm64 "$1"
	nobs_summary kcov-arm64
	exit 0
}
if [ "$build" = 1 ]; then
	kdir=$("$NOBS_ROOT/scripts/build-test-kernel.sh" arm64) ||
		nobs_die "arm64 test kernel build failed"
else
	kdir=$("$NOBS_ROOT/scripts/build-test-kernel.sh" -n arm64)
fi
[ -f "$kdir/.nobs-built" ] ||
	skip_out "no built arm64 test kernel in $kdir (scripts/kcov-arm64.sh -b)"
grep -q '^CONFIG_GCOV_KERNEL=y' "$kdir/.config" ||
	skip_out "$kdir has no CONFIG_GCOV_KERNEL"

rm -rf "$out"
mkdir -p "$out/data"
data=$(cd "$out/data" && pwd)
nobs_copy_tree "$data"
kv=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
nobs_log "kcov-arm64: nobs.ko with GCOV_PROFILE=y against $kdir"
if ! nice -n 10 make -s -j2 -C "$kdir" M="$data" "${kv[@]}" GCOV_PROFILE=y NOBS_TEST_HOOKS=1 \
	modules >"$out/build.log" 2>&1 ||
   ! nice -n 10 make -s -C "$data/kunit" KDIR="$kdir" NOBS_DIR="$data" "${kv[@]}" \
	KCFLAGS=-DNOBS_KUNIT_NOBS_GCOV >>"$out/build.log" 2>&1; then
	tail -n 20 "$out/build.log"
	nobs_result fail kcov-arm64 "module build failed ($out/build.log)"
	nobs_summary kcov-arm64
	exit 1
fi

# run LABEL NOBS_PARAMS: one KUnit boot; its .gcda files into gcda-LABEL/
# and its counts into LABEL.json.
run() {
	local label=$1 params=$2 log=$out/$1.log line n f rel
	"$NOBS_ROOT/kunit/run-guest.sh" -q -a arm64 -K "$kdir" \
		-m "$data/nobs.ko" -m "$data/kunit/nobs_kunit.ko" -p "$params" \
		-l "$label" -g "$out/gcda-$label" >"$log" 2>&1
	grep -E '^  FAIL|^SKIP' "$log"
	line=$(tail -n 1 "$log")
	echo "  $label: $line"
	if [[ $line =~ kunit:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped ]]; then
		nobs_add "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}"
	else
		nobs_result fail "$label" "no result line ($log)"
	fi
	# Beside their .gcno in data/ (gcov finds the sources by the path
	# they were built at), one run at a time.
	find "$data" -name '*.gcda' -delete
	n=0
	while read -r f; do
		rel=${f#"$out/gcda-$label$data/"}
		case $rel in /*) continue ;; esac
		cp "$f" "$data/$rel"
		n=$((n + 1))
	done < <(find "$out/gcda-$label" -name '*.gcda' 2>/dev/null)
	if [ "$n" = 0 ]; then
		nobs_result fail "$label" "no .gcda file of nobs.ko came back"
		return
	fi
	gcovr -r "$data" --branches -e '.*\.mod\.c$' -e '^kunit/' \
		--json "$out/$label.json" "$data" \
		>/dev/null 2>"$out/gcovr-$label.err" || {
		nobs_result fail "$label" "gcovr failed ($out/gcovr-$label.err)"
	}
}

# verdict NAME WHAT TEST LABEL: TEST (a function) on LABEL's console log
# makes one counted pass or FAIL line.
verdict() {
	local c=$NOBS_BUILD/kunit/$4/console.log
	if "$3" "$c"; then
		nobs_result pass "$1: $2"
	else
		nobs_result fail "$1" "not so: $2 ($c)"
	fi
}
ce_chosen() {
	grep -q 'keccak=ce' "$1" && ! grep -q 'known-answer test failed' "$1"
}
ce_dropped() {
	[ "$(grep -c 'known-answer test failed' "$1")" = 1 ] &&
		grep -q 'sha3: shake128: known-answer test failed on ce (-74), using generic' "$1"
}

# keccak_impl=ce: under QEMU/TCG the load-time timing picks the C.
nobs_log "kcov-arm64: KUnit with nobs keccak_impl=ce"
run arm64-kcov "keccak_impl=ce"
verdict arm64-kcov-ce "the SHA3-instruction permutation chosen, every known answer right" \
	ce_chosen arm64-kcov
params="keccak_impl=ce test_fail_kat=ce drbg_reseed_interval=1000"
nobs_log "kcov-arm64: KUnit with nobs $params"
run arm64-kcov-katfail "$params"
verdict arm64-kcov-katfail-line "one error line: ce failed, generic used" \
	ce_dropped arm64-kcov-katfail
nobs_summary kcov-arm64
