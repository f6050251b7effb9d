#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# run-suite.sh NAME CMD...: run one test suite, show its output, and record its
# counts in $NOBS_BUILD/results/NAME.  Counts come from the suite's own
# "[WORD: ]N passed, N failed[, N skipped]" lines (summed); a suite that exits
# non-zero without reporting a failure counts as one failure.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

name=$1
shift
mkdir -p "$NOBS_BUILD/results"
log=$NOBS_BUILD/results/$name.log
start=$(date +%s)
echo "######## $name: $*"
"$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
counts=$(sed -nE 's/^([A-Za-z0-9_./-]+( [A-Za-z0-9_./-]+)?: )?([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?$/\3 \4 \6/p' "$log" |
	awk '{p += $1; f += $2; s += ($3 == "" ? 0 : $3)} END {print p + 0, f + 0, s + 0}')
read -r p f s <<<"$counts"
if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
	f=1
	echo "SUITE-ERROR: $name exited with status $rc without reporting a failed test" | tee -a "$log"
fi
grep -h '^SKIP: ' "$log" >"$NOBS_BUILD/results/$name.skips" || true
printf '%s %s %s %s %s\n' "$name" "$p" "$f" "$s" "$(($(date +%s) - start))" >"$NOBS_BUILD/results/$name"
echo "######## $name: $p passed, $f failed, $s skipped ($(($(date +%s) - start)) s)"
[ "$f" -eq 0 ]
