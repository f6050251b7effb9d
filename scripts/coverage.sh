#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# coverage.sh: line and branch coverage of the cores, measured by running the
# userspace harness (the very files that ship in nobs.ko) built with
# gcc --coverage, and, when a kernel coverage run left its data
# (scripts/kcov-run.sh), of the glue and nobs_main.c in the kernel.
#
#   scripts/coverage.sh            (make coverage)
#
# Environment:
#   NOBS_COV_CSIDH_N   CSIDH vectors test_csidh runs (default 12; "all" for
#                      the 328, about 4 min at -O0; the first 6 also run
#                      with the generic field arithmetic)
#   NOBS_COV_STRICT=1  also fail when a file is below its target
#   NOBS_KCOV          0 (default): user space only; auto: also measure
#                      nobs.ko in the kernel (scripts/kcov-run.sh) when the
#                      x86_64 debug test kernel is already built; build:
#                      build it first (about 6 min, cached in $NOBS_CACHE).
#                      The kernel part is new and not yet part of make check.
#
# Output in $NOBS_BUILD/coverage/: bin/ (programs, .gcno, .gcda), html/
# (gcovr's annotated report: html/index.html), summary.txt (the tables).
# Targets (issue 9): cores >= 95% lines and >= 85% branches; glue and
# nobs_main.c >= 85% lines.  The last line is "coverage: N passed, N failed,
# N skipped", one count per test program run.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

command -v gcovr >/dev/null || nobs_die "gcovr not found (apt-get install gcovr)"

out=$NOBS_BUILD/coverage
bin=$out/bin
csidh_n=${NOBS_COV_CSIDH_N:-12}
mkdir -p "$bin"

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

pass=0 fail=0 skip=0
for t in "${tests[@]}"; do
	args=()
	if [ "$t" = test_csidh ] && [ "$csidh_n" != all ]; then
		args=(-n "$csidh_n")
	fi
	if (cd "$bin" && "./$t" "${args[@]}") >"$out/logs/$t.log" 2>&1; then
		pass=$((pass + 1))
		printf '  pass  %s %s\n' "$t" "$(tail -n 1 "$out/logs/$t.log")"
	else
		fail=$((fail + 1))
		printf '  FAIL  %s (see %s)\n' "$t" "$out/logs/$t.log"
		grep -m 5 '^FAIL' "$out/logs/$t.log" | sed 's/^/        /'
	fi
done

# Core files, in the order of the table.  keccak_x86.c holds only the
# implementation descriptor (no executable line); isogeny/fp.h holds the
# inline mul/sqr dispatch between the generic C and the BMI2/ADX assembly.
# The assembly itself (arch/x86/*.S) has no gcov counters: the tests that
# compare it with the generic C bit for bit stand for it.
cores=(sha3/keccak.c arch/x86/keccak_x86.c drbg/ctr_drbg.c isogeny/fp.c
	isogeny/fp.h isogeny/csidh.c)
also=(sha3/sha3_selftest.c)
filters=()
for f in "${cores[@]}" "${also[@]}"; do filters+=(-f "$(printf '%s' "$f" | sed 's/\./\\./g')"); done

gcovr -r "$NOBS_ROOT" "${filters[@]}" --branches \
	--json-summary "$out/user.json" \
	--html-details "$out/html/index.html" --html-title "nobs cores (userspace harness)" \
	"$bin" >/dev/null 2>"$out/logs/gcovr.err" ||
	{ cat "$out/logs/gcovr.err" >&2; nobs_die "gcovr failed"; }

# nobs.ko in the GCOV_KERNEL test kernel: sources and .gcda files in data/.
kcov=${NOBS_KCOV:-0}
kdata=$out/kernel/data
kargs=()
if [ "$kcov" = build ]; then kargs=(-b); fi
if [ "$kcov" != 0 ]; then
	kbuilt=$("$NOBS_ROOT/scripts/build-test-kernel.sh" -n x86_64 2>/dev/null || true)
	if [ "$kcov" = build ] || [ -f "$kbuilt/.nobs-built" ]; then
		nobs_log "coverage: nobs.ko in the kernel (scripts/kcov-run.sh)"
		if "$NOBS_ROOT/scripts/kcov-run.sh" "${kargs[@]}" >"$out/logs/kcov.log" 2>&1; then
			pass=$((pass + 1))
			echo "  pass  kcov-run $(tail -n 1 "$out/logs/kcov.log")"
		else
			fail=$((fail + 1))
			echo "  FAIL  kcov-run $(tail -n 1 "$out/logs/kcov.log") (see $out/logs/kcov.log)"
			grep -E '^  FAIL' "$out/logs/kcov.log" | sed 's/^/      /'
		fi
		grep '^SKIP' "$out/logs/kcov.log" || true
	else
		echo "SKIP: coverage/kernel: no debug test kernel built (NOBS_KCOV=build builds it, about 6 min)"
		skip=$((skip + 1))
	fi
fi
if [ -d "$kdata" ] && find "$kdata" -name '*.gcda' | grep -q .; then
	mkdir -p "$out/html/kernel"
	gcovr -r "$kdata" --branches \
		--gcov-executable "${NOBS_KCOV_GCOV:-gcov}" \
		-e '.*\.mod\.c$' \
		--json-summary "$out/kernel.json" \
		--html-details "$out/html/kernel/index.html" \
		--html-title "nobs.ko in the kernel (GCOV_KERNEL)" \
		"$kdata" >/dev/null 2>"$out/logs/gcovr-kernel.err" ||
		nobs_log "gcovr on the kernel data failed (see $out/logs/gcovr-kernel.err)"
	# Lines never run, per file (the error paths among them are named in
	# the summary below).
	gcovr -r "$kdata" -e '.*\.mod\.c$' --txt "$out/kernel-lines.txt" "$kdata" \
		>/dev/null 2>>"$out/logs/gcovr-kernel.err" || true
fi

python3 - "$out" "$NOBS_ROOT" "${cores[@]}" -- "${also[@]}" <<'EOF' | tee "$out/summary.txt"
import json, os, sys

out, root = sys.argv[1], sys.argv[2]
rest = sys.argv[3:]
cut = rest.index('--')
cores, also = rest[:cut], rest[cut + 1:]
below = 0


def load(name):
    try:
        with open(os.path.join(out, name)) as f:
            return {e['filename']: e for e in json.load(f)['files']}
    except (OSError, ValueError, KeyError):
        return None


def pct(c, t):
    return '   -  ' if not t else '%5.1f%%' % (100.0 * c / t)


def row(name, e, lt, bt):
    global below
    if e is None:
        print('%-24s %14s %16s  %s' % (name, 'no code', '', 'descriptor only'))
        return
    lc, ltot = e['line_covered'], e['line_total']
    bc, btot = e['branch_covered'], e['branch_total']
    ok = (not ltot or 100.0 * lc / ltot >= lt) and \
         (bt is None or not btot or 100.0 * bc / btot >= bt)
    if not ok and lt:
        below += 1
    print('%-24s %6s %7s %7s %8s  %s' % (
        name, pct(lc, ltot), '%d/%d' % (lc, ltot),
        pct(bc, btot), '%d/%d' % (bc, btot),
        '' if not lt else ('ok' if ok else 'BELOW TARGET')))


user = load('user.json') or {}
print('userspace harness (gcc --coverage -O0), targets: lines >= 95%, branches >= 85%')
hdr = '%-24s %6s %7s %7s %8s' % ('file', 'lines', '', 'branch', '')
print(hdr)
tl = tlt = tb = tbt = 0
for f in cores:
    e = user.get(f)
    row(f, e, 95, 85)
    if e:
        tl += e['line_covered']; tlt += e['line_total']
        tb += e['branch_covered']; tbt += e['branch_total']
print('%-24s %6s %7s %7s %8s' % ('cores total', pct(tl, tlt), '%d/%d' % (tl, tlt),
                                  pct(tb, tbt), '%d/%d' % (tb, tbt)))
for f in also:
    if f in user:
        row(f, user[f], 0, None)
        print('  (%s: the module\'s known-answer tables, run by test_sha3; no target)' % f)

kern = load('kernel.json')
if kern is not None:
    print()
    print('nobs.ko in the kernel (GCOV_KERNEL, scripts/kcov-run.sh), target: glue and nobs_main.c lines >= 85%')
    print(hdr)
    for f in sorted(kern):
        glue = f.endswith('_glue.c') or f == 'nobs_main.c'
        row(f, kern[f], 85 if glue else 0, None)
    try:
        with open(os.path.join(out, 'kernel-lines.txt')) as t:
            miss = [l.split() for l in t if l.split() and
                    (l.split()[0].endswith('_glue.c') or l.split()[0] == 'nobs_main.c')]
        print('lines never run in the kernel (glue, nobs_main.c):')
        for m in miss:
            print('  %-22s %s' % (m[0], ' '.join(m[4:]) or '-'))
    except OSError:
        pass
else:
    print()
    print('kernel: no data (run scripts/kcov-run.sh with a GCOV_KERNEL build)')
print('below target: %d file(s)' % below)
sys.exit(3 if below else 0)
EOF
st=${PIPESTATUS[0]}
echo "html: $out/html/index.html"
if [ "$st" = 3 ] && [ "${NOBS_COV_STRICT:-0}" = 1 ]; then
	fail=$((fail + 1))
fi
echo "coverage: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
