#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fuzz.sh: build the libFuzzer fuzzers of tests/fuzz and run each for a
# fixed time, starting from the committed seed corpus
# (tests/fuzz/corpus/<fuzzer>/; fuzz_csidh_refused, fuzz_csidh1024_refused
# and fuzz_fp_exp, with no folder of their own, take fuzz_csidh's,
# fuzz_csidh1024's and fuzz_fp's) plus, for
# fuzz_csidh, the public keys of the first CSIDH vectors when
# $NOBS_VECTORS has them.
#
#   scripts/fuzz.sh [SECONDS] [fuzzer...]     default 10 s, every fuzzer
#
# FUZZ_RUNS=N: each fuzzer stops after N executions instead (libFuzzer's
# -runs), SECONDS (0: none) still bounding it; make fuzz-long runs 10
# million each.  FUZZ_COVERAGE=1: then replay each fuzzer's corpus (the
# work folder and the seeds) through a build with clang's source-based
# coverage (build/fuzz/cov/) and print the lines it reaches of each C file
# of nobs it runs (FUZZ_RUNS=0 FUZZ_COVERAGE=1: only replay).
#
# New inputs go to build/fuzz/work/<fuzzer>/ (kept between runs, never into
# the committed corpus); a finding is saved as build/fuzz/artifacts/<fuzzer>-*
# and reproduced with build/fuzz/<fuzzer> <that file>.  Prints one line per
# fuzzer (executions, crashes) and "fuzz: N passed, N failed[, N skipped]".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

secs=${1:-10}
runs=${FUZZ_RUNS:-}
shift || true
fuzzers=${*:-fuzz_shake fuzz_cshake fuzz_kmac fuzz_drbg fuzz_csidh fuzz_csidh_refused fuzz_csidh1024 fuzz_csidh1024_refused fuzz_ctidh511 fuzz_ctidh512 fuzz_ctidh1024 fuzz_ctidh2048 fuzz_fp fuzz_fp_exp fuzz_fp1024 fuzz_fp1024_exp}
fb=${FUZZ_BUILD:-$NOBS_BUILD/fuzz}
src=$NOBS_ROOT/tests/fuzz

if ! command -v "${FUZZ_CC:-clang}" >/dev/null 2>&1 ||
   ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }' |
	"${FUZZ_CC:-clang}" -fsanitize=fuzzer -x c - -o "$fb.probe" 2>/dev/null; then
	rm -f "$fb.probe"
	nobs_result skip fuzz "needs clang with libFuzzer (clang, libclang-rt-*-dev)"
	nobs_summary fuzz
	exit 0
fi
rm -f "$fb.probe"
if ! make -s -C "$src" BUILD="$fb" all; then
	echo "fuzz: 0 passed, 1 failed (build)"
	exit 1
fi

mkdir -p "$fb/work" "$fb/artifacts"
# Seeds read from the vectors at run time, never committed.
nobs_vectors
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

if [ "${FUZZ_COVERAGE:-0}" = 1 ] &&
   ! make -s -C "$src" BUILD="$fb/cov" COVERAGE=1 all; then
	echo "fuzz: 0 passed, 1 failed (coverage build)"
	exit 1
fi

# cov_report NAME PROFDATA BINARY...: the lines of each C file of nobs (not
# the fuzzers' own) that the profile reached.
cov_report() {
	local name=$1 prof=$2 bin=$3
	shift 3
	llvm-cov export -summary-only -instr-profile="$prof" "$bin" \
		"${@/#/-object=}" | python3 -c '
import json, sys
root, name = sys.argv[1] + "/", sys.argv[2]
for f in json.load(sys.stdin)["data"][0]["files"]:
    p = f["filename"]
    if (not p.startswith(root) or p.startswith(root + "tests/") or
            not p.endswith(".c")):
        continue
    n = f["summary"]["lines"]
    print("  cov   %s: %s: lines %d/%d (%.1f%%)" % (name, p[len(root):],
          n["covered"], n["count"], n["percent"]))
' "$NOBS_ROOT" "$name"
}

# fuzz_cov FUZZER WORK SEEDS: replay the corpus through the coverage build.
fuzz_cov() {
	local cov=$fb/cov
	rm -f "$cov/$1.profraw"
	LLVM_PROFILE_FILE=$cov/$1.profraw "$cov/$1" -runs=0 "$2" "$3" \
		>"$cov/$1.log" 2>&1
	llvm-profdata merge -sparse -o "$cov/$1.profdata" "$cov/$1.profraw" &&
		cov_report "$1" "$cov/$1.profdata" "$cov/$1"
	covered+=("$cov/$1")
}
covered=()

total=0
for f in $fuzzers; do
	work=$fb/work/$f log=$fb/$f.log seeds=$src/corpus/$f
	[ -d "$seeds" ] || seeds=$src/corpus/${f%_*}
	mkdir -p "$work"
	# -timeout: one input slower than 120 s is a finding (a hang).
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		nice -n 5 "$fb/$f" -max_total_time="$secs" ${runs:+-runs=$runs} -timeout=120 \
		-rss_limit_mb=4096 -print_final_stats=1 \
		-artifact_prefix="$fb/artifacts/$f-" "$work" "$seeds" \
		>"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	execs=${execs:-0}
	total=$((total + execs))
	crashes=$(grep -c 'Test unit written to' "$log")
	# libFuzzer's last status line: edges (cov) and features (ft) reached
	cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1)
	took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
	if [ $rc -eq 0 ] && [ "$crashes" -eq 0 ]; then
		nobs_result pass "$f: $execs executions in ${took:-$secs}s, 0 crashes, ${cov:-no cov}, corpus $(ls "$work" | wc -l)"
		[ "${FUZZ_COVERAGE:-0}" != 1 ] || fuzz_cov "$f" "$work" "$seeds"
	else
		nobs_result fail "$f" "exit $rc after $execs executions; log $log"
		grep -E 'FUZZ MISMATCH|ERROR:|SUMMARY:|Test unit written' "$log" | head -n 8
	fi
done
# Several fuzzers replayed: the lines all of them reached together.
if [ ${#covered[@]} -gt 1 ]; then
	llvm-profdata merge -sparse -o "$fb/cov/all.profdata" \
		"${covered[@]/%/.profraw}" &&
		cov_report all "$fb/cov/all.profdata" "${covered[@]}"
fi
echo "fuzz: $total executions in total"
nobs_summary fuzz
