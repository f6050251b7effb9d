#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# summary.sh: one line per suite recorded by run-suite.sh, the skips with their
# reasons, and the grand total as the last line.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

dir=$NOBS_BUILD/results
P=0 F=0 S=0
echo
echo "==================== nobs test summary ===================="
for r in "$dir"/*; do
	case "$r" in *.log | *.skips | *.tsv | *.md | *.lock | *.tmp) continue ;; esac
	[ -f "$r" ] || continue
	read -r name p f s secs <"$r"
	printf '%-28s %5d passed %4d failed %4d skipped %5ss\n' "$name" "$p" "$f" "$s" "$secs"
	P=$((P + p)) F=$((F + f)) S=$((S + s))
done
# KUnit totals per architecture (every run of the suites on that kernel;
# the deliberately failing meta run is indented in the logs and not counted).
cat "$dir"/kunit-*.log 2>/dev/null |
	sed -nE 's/^([a-z0-9_-]+) kunit: ([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?$/\1 \2 \3 \5/p' |
	awk '{p[$1] += $2; f[$1] += $3; s[$1] += ($4 == "" ? 0 : $4); n[$1]++}
	END {for (a in p) printf "%s kunit: %d passed, %d failed, %d skipped (%d runs)\n", a, p[a], f[a], s[a], n[a]}' |
	sort | sed 's/^/  /' | { grep . && true; } | sed '1i KUnit per architecture:' || true
# Robustness counts: fuzz executions, abuse cases and stress operations per
# VM run, faults injected on the debug kernel.
{
	grep -h '^fuzz: .* executions in total' "$dir"/fuzz.log
	grep -h '^  count ' "$dir"/vm-*.log | sed 's/^  count //'
	grep -h '^faults: ' "$dir"/faults.log
} 2>/dev/null | sed 's/^/  /' | { grep . && true; } | sed '1i Robustness counts:' || true
# Per kernel, what ran (the README's supported-kernels table is made from
# this: make kernels-table).
if [ -f "$dir/kernels.tsv" ]; then
	python3 "$NOBS_ROOT/scripts/kernels-table.py" "$dir/kernels.tsv" >"$dir/kernels.md" &&
		sed '1i Per kernel (build/results/kernels.md):' "$dir/kernels.md"
fi
if cat "$dir"/*.skips 2>/dev/null | grep -q .; then
	echo "skipped:"
	cat "$dir"/*.skips | sed 's/^SKIP: /  /'
fi
# The failures last, just above the total, so that the tail of the output
# (all a CI log may keep) names them: each failed suite, its failure lines.
if [ "$F" -gt 0 ]; then
	echo "failed:"
	for r in "$dir"/*; do
		case "$r" in *.log | *.skips | *.tsv | *.md | *.lock | *.tmp) continue ;; esac
		[ -f "$r" ] || continue
		read -r name p f s secs <"$r"
		[ "$f" -gt 0 ] || continue
		echo "  $name ($f):"
		grep -hE '^ *FAIL  |^SUITE-ERROR|^ *not ok|[0-9]+ passed, [1-9][0-9]* failed' \
			"$r.log" 2>/dev/null | grep -v '^ *|' |
			head -n 8 | sed 's/^ */    /'
	done
fi
if [ "$S" -gt 0 ]; then
	echo "$P passed, $F failed, $S skipped"
else
	echo "$P passed, $F failed"
fi
[ "$F" -eq 0 ]
