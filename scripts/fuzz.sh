#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fuzz.sh: build the libFuzzer fuzzers of tests/fuzz and run each for a
# fixed time, starting from the committed seed corpus
# (tests/fuzz/corpus/<fuzzer>/) plus, for fuzz_csidh, the public keys of
# the first CSIDH vectors when $NOBS_VECTORS has them.
#
#   scripts/fuzz.sh [SECONDS] [fuzzer...]     default 10 s, every fuzzer
#
# New inputs go to build/fuzz/work/<fuzzer>/ (kept between runs, never into
# the committed corpus); a finding is saved as build/fuzz/artifacts/<fuzzer>-*
# and reproduced with build/fuzz/<fuzzer> <that file>.  Prints one line per
# fuzzer (executions, crashes) and "fuzz: N passed, N failed[, N skipped]".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

secs=${1:-10}
shift || true
fuzzers=${*:-fuzz_shake fuzz_cshake fuzz_kmac fuzz_drbg fuzz_csidh fuzz_fp fuzz_fp1024}
fb=${FUZZ_BUILD:-$NOBS_BUILD/fuzz}
src=$NOBS_ROOT/tests/fuzz

if ! command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1 ||
   ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }' |
	"${FUZZ_CC:-clang}" -fsanitize=fuzzer -x c - -o "$fb.probe" 2>/dev/null; then
	rm -f "$fb.probe"
	echo "SKIP: fuzz: needs clang with libFuzzer (clang, libclang-rt-*-dev)"
	echo "fuzz: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
rm -f "$fb.probe"
if ! make -s -C "$src" BUILD="$fb" all; then
	echo "fuzz: 0 passed, 1 failed (build)"
	exit 1
fi

mkdir -p "$fb/work" "$fb/artifacts"
# Seeds read from the vectors at run time, never committed.
vec=$NOBS_VECTORS/csidh/csidh_testvectors.dat
if [ -f "$vec" ]; then
	mkdir -p "$fb/work/fuzz_csidh"
	grep -o '"Pk[12]": "[0-9a-f]*"' "$vec" | head -n 4 | cut -d'"' -f4 |
	while read -r pk; do
		# selector 0 (the key as is), the 64 bytes, x = 5
		printf "\\x00$(echo "$pk" | sed 's/../\\x&/g')\\x05\\x00" \
			>"$fb/work/fuzz_csidh/vector-${pk:0:16}"
	done
fi

pass=0 fail=0 total=0
for f in $fuzzers; do
	work=$fb/work/$f log=$fb/$f.log
	mkdir -p "$work"
	# -timeout: one input slower than 120 s is a finding (a hang).
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		nice -n 5 "$fb/$f" -max_total_time="$secs" -timeout=120 \
		-rss_limit_mb=4096 -print_final_stats=1 \
		-artifact_prefix="$fb/artifacts/$f-" "$work" "$src/corpus/$f" \
		>"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	execs=${execs:-0}
	total=$((total + execs))
	crashes=$(grep -c 'Test unit written to' "$log")
	if [ $rc -eq 0 ] && [ "$crashes" -eq 0 ]; then
		pass=$((pass + 1))
		echo "  pass  $f: $execs executions in ${secs}s, 0 crashes, corpus $(ls "$work" | wc -l)"
	else
		fail=$((fail + 1))
		echo "  FAIL  $f: exit $rc after $execs executions; log $log"
		grep -E 'FUZZ MISMATCH|ERROR:|SUMMARY:|Test unit written' "$log" | head -n 8
	fi
done
echo "fuzz: $total executions in total"
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
