#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# coverage.sh: line and branch coverage of the cores, measured by running the
# userspace harness (the very files that ship in nobs.ko) built with
# gcc --coverage, and of the whole of nobs.ko (glue, self-tests,
# nobs_main.c, the unwinding code) in the x86_64 debug test kernel
# (scripts/kcov-run.sh: VM cases, KUnit, every load failure) and in the
# arm64 test kernel (scripts/kcov-arm64.sh: KUnit on the SHA3-instruction
# permutation, whose vector-register sections x86_64 under TCG cannot run,
# and with its known answers failing); the kernel table merges both.
#
#   scripts/coverage.sh            (make coverage)
#
# Environment:
#   NOBS_COV_CSIDH_N   CSIDH vectors test_csidh runs (default 12; "all" for
#                      the 328, about 4 min at -O0; the first 6 also run
#                      with the generic field arithmetic)
#   NOBS_COV_STRICT    1 (default): a file or unwinding function below its
#                      target is a failure; 0: only report it
#   NOBS_KCOV          build (default): also measure nobs.ko in the kernels
#                      (scripts/kcov-run.sh, scripts/kcov-arm64.sh),
#                      building the x86_64 debug and the arm64 test kernels
#                      first if $NOBS_CACHE lacks them (make check builds
#                      the same ones); auto: only those built already;
#                      0: user space only
#   NOBS_KCOV_UNWIND   1 (default): the kernel run also fails the load at
#                      every registration and every allocation (fail-nth);
#                      0: only test_fail_after=0
#
# Output in $NOBS_BUILD/coverage/: bin/ (programs, .gcno, .gcda), html/
# (index.html: the tables; user/ and kernel/: gcovr's annotated sources),
# summary.txt (the tables), kernel/ (the kernel run: data/, console.log,
# results.tsv, ktap.log).  Tables: scripts/coverage-report.py.
# Targets: cores >= 95% lines and >= 85% branches; glue and
# nobs_main.c >= 85% lines; every line of the unwinding code run.  The last
# line is "coverage: N passed, N failed, N skipped": one count per test
# program run, plus the kernel run's own counts (VM cases, KUnit cases).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

command -v gcovr >/dev/null || nobs_die "gcovr not found (apt-get install gcovr)"

out=$NOBS_BUILD/coverage
bin=$out/bin
csidh_n=${NOBS_COV_CSIDH_N:-12}
mkdir -p "$bin"
# The vectors the programs read (tests/vectors, unpacked and checked into
# build/vectors): from a clean clone, nothing else has unpacked them.
nobs_vectors || nobs_die "the vectors could not be unpacked"

# The programs, built by tests/user's own rules into another directory.
user=$NOBS_ROOT/tests/user
mapfile -t -d ' ' tests < <(make -s -C "$user" coverage-tests | tr -d '\n')
targets=()
for t in "${tests[@]}"; do targets+=("$bin/$t"); done
nobs_log "coverage: building ${#tests[@]} programs with --coverage in $bin"
make -s -C "$user" BUILD="$bin" SAN_CFLAGS="-O0 --coverage" "${targets[@]}" ||
	nobs_die "coverage build failed"

# Counts from an earlier run would add up: start from zero.
find "$bin" -name '*.gcda' -delete
rm -rf "$out/html"
mkdir -p "$out/html" "$out/logs"

for t in "${tests[@]}"; do
	args=()
	if [ "$t" = test_csidh ] && [ "$csidh_n" != all ]; then
		args=(-n "$csidh_n")
	fi
	if (cd "$bin" && "./$t" "${args[@]}") >"$out/logs/$t.log" 2>&1; then
		nobs_result pass "$t $(tail -n 1 "$out/logs/$t.log")"
	else
		nobs_result fail "$t (see $out/logs/$t.log)"
		grep -m 5 '^FAIL' "$out/logs/$t.log" | sed 's/^/        /'
	fi
done

# The files the harness's table covers: the cores, and the files listed
# without a target (coverage-report.py, the one list of them).
mapfile -t covered < <(python3 "$NOBS_ROOT/scripts/coverage-report.py" --files)
filters=()
for f in "${covered[@]}"; do filters+=(-f "$(printf '%s' "$f" | sed 's/\./\\./g')"); done

mkdir -p "$out/html/user"
gcovr -r "$NOBS_ROOT" "${filters[@]}" --branches \
	--json-summary "$out/user.json" \
	--html-details "$out/html/user/index.html" --html-title "nobs cores (userspace harness)" \
	"$bin" >/dev/null 2>"$out/logs/gcovr.err" ||
	{ cat "$out/logs/gcovr.err" >&2; nobs_die "gcovr failed"; }

# nobs.ko in the GCOV_KERNEL test kernel: sources and .gcda files in data/.
kcov=${NOBS_KCOV:-build}
kdata=$out/kernel/data
rm -f "$out/kernel.json" "$out/kernel-detail.json" "$out/kernel-x86_64.json"
rm -rf "$out/kernel-arm64"
# kernel_run NAME LABEL EXTRA_GREP PREFIX: scripts/NAME.sh (kargs), its log
# in logs/NAME.log; its pass/fail/skip lines and the EXTRA_GREP ones shown,
# the counts of its last line ("PREFIX: N passed, ...": VM and KUnit cases)
# added to ours.
kernel_run() {
	local log=$out/logs/$1.log t0 krc kline
	t0=$(date +%s)
	"$NOBS_ROOT/scripts/$1.sh" "${kargs[@]}" >"$log" 2>&1
	krc=$?
	grep -E "^  FAIL|^SKIP|$3" "$log"
	kline=$(tail -n 1 "$log")
	echo "  $2: $kline ($(($(date +%s) - t0)) s; $log)"
	if [[ $kline =~ ^$4:\ ([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
		nobs_add "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}"
	fi
	if [ "$krc" != 0 ] && [ "${BASH_REMATCH[2]:-0}" = 0 ]; then
		nobs_result fail "$1 exited $krc (see $log)"
	fi
}
if [ "$kcov" != 0 ]; then
	kargs=()
	if [ "$kcov" = build ]; then kargs=(-b); fi
	kbuilt=$("$NOBS_ROOT/scripts/build-test-kernel.sh" -n x86_64 2>/dev/null || true)
	if [ "$kcov" = build ] || [ -f "$kbuilt/.nobs-built" ]; then
		if [ ! -f "$kbuilt/.nobs-built" ]; then
			nobs_log "coverage: building the x86_64 debug test kernel first (about 6 min, once)"
		fi
		nobs_log "coverage: nobs.ko in the kernel (scripts/kcov-run.sh)"
		kernel_run kcov-run "kernel run" '^  kunit:|^  [0-9]+ \.gcda' kcov
	else
		nobs_result skip coverage/kernel "no debug test kernel built (NOBS_KCOV=build builds it, about 6 min)"
	fi
	# The same module in the arm64 kernel: the SHA3-instruction paths.
	nobs_log "coverage: nobs.ko in the arm64 kernel (scripts/kcov-arm64.sh)"
	kernel_run kcov-arm64 "arm64 run" '^  arm64-kcov' kcov-arm64
fi
# One table for both kernels: the x86_64 run's counts plus each arm64
# run's (gcovr tracefiles, merged line by line; code only one architecture
# builds counts once, from that architecture).
if [ "$kcov" != 0 ] && [ -d "$kdata" ] &&
   find "$kdata" -name '*.gcda' | grep -q .; then
	mkdir -p "$out/html/kernel"
	gcovr -r "$kdata" --branches \
		--gcov-executable "${NOBS_KCOV_GCOV:-gcov}" \
		-e '.*\.mod\.c$' -e '^kunit/' \
		--json "$out/kernel-x86_64.json" \
		"$kdata" >/dev/null 2>"$out/logs/gcovr-kernel.err" ||
		nobs_log "gcovr on the kernel data failed (see $out/logs/gcovr-kernel.err)"
	traces=(--add-tracefile "$out/kernel-x86_64.json")
	for t in "$out"/kernel-arm64/arm64-kcov*.json; do
		if [ -f "$t" ]; then traces+=(--add-tracefile "$t"); fi
	done
	gcovr -r "$kdata" --branches "${traces[@]}" \
		--json-summary "$out/kernel.json" \
		--json "$out/kernel-detail.json" \
		--html-details "$out/html/kernel/index.html" \
		--html-title "nobs.ko in the kernel (GCOV_KERNEL: x86_64 and arm64)" \
		>/dev/null 2>>"$out/logs/gcovr-kernel.err" ||
		nobs_log "gcovr could not merge the kernel runs (see $out/logs/gcovr-kernel.err)"
fi

python3 "$NOBS_ROOT/scripts/coverage-report.py" "$out" "$NOBS_ROOT"
st=$?
echo "html: $out/html/index.html"
if [ "$st" = 3 ] && [ "${NOBS_COV_STRICT:-1}" = 1 ]; then
	nobs_result fail coverage "below target (the table's last line; NOBS_COV_STRICT=0 only reports it)"
fi
nobs_summary coverage
