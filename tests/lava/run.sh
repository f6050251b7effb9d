#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh: the LAVA test definition (tests/lava/nobs-selftest.yaml) run
# for real, by Debian's LAVA dispatcher (lava-dispatcher, lava-run), on a
# QEMU arm64 Cortex-A72 device of its own (tests/lava/qemu-arm64.yaml),
# booting the board's Debian 13 system (scripts/board-rootfs.sh) with its
# stock kernel; apt installs this checkout's packages there (nobs-dkms,
# nobs-kpp and nobs-tests for arm64: scripts/deb.sh, built when missing)
# and DKMS builds nobs.ko on the board.
#
#   tests/lava/run.sh [-c 'CASES'] [-p 'MODULE PARAMS'] [-r] [-l LABEL] [-t MINUTES] [-R]
#
# -c: nobs-selftest's case patterns (default: the boards' core cases,
# NOBS_BOARD_CORE of scripts/lib.sh); -p: nobs's module parameters (default
# drbg_reseed_interval=1000); -r: RELOAD=true (the cases that unload
# nobs too); -t: the job's timeout (default 90 minutes); -R: no run, the
# report of the last one again (its output dir as it is).
# Output in $NOBS_BUILD/lava/<label>/ (default label lava-arm64-a72):
# job.yaml (the rendered job), lava.log (the dispatcher's log), lava/
# (its output dir, result.yaml), console.log (what the board printed),
# ktap (nobs-selftest's KTAP, from the log), ktap.tsv (scripts/ktap.py's
# reading of it), results.tsv (LAVA's test cases: STATUS<TAB>NAME).
# Each LAVA test case is one harness result; then "ktap-match": LAVA's
# cases are the KTAP's (scripts/ktap.py, the one KTAP reader), name for
# name and status for status; "lava-job": the job's own result;
# "kernel-log": no oops, WARN, BUG... in the board's dmesg.  The last line
# is "lava: N passed, N failed, N skipped".
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
export NOBS_ARCH=arm64

cases=$NOBS_BOARD_CORE params=drbg_reseed_interval=1000 reload=false
label=lava-arm64-a72 minutes=90 again=0
while getopts c:p:rl:t:R o; do
	case $o in
	c) cases=$OPTARG ;;
	p) params=$OPTARG ;;
	r) reload=true ;;
	l) label=$OPTARG ;;
	t) minutes=$OPTARG ;;
	R) again=1 ;;
	*) sed -n '4,/^set -euo/p' "$0" | sed '$d'; exit 2 ;;
	esac
done
# Debian's LAVA dispatcher (lava-run).
"$NOBS_ROOT/scripts/deps.sh" lava

# The host's KTAP reader needs the kernel's kunit_parser.py: any kernel
# tree's (this machine's trixie build tree links its source).
ksrc=$(readlink -f "$(NOBS_ARCH=x86_64 "$NOBS_ROOT/scripts/fetch-kernel.sh" -b trixie)/source")
out=$NOBS_BUILD/lava/$label
rc=0
if [ "$again" = 0 ]; then
	# The packages of this checkout.
	da=$(nobs_debarch)
	dkms=$NOBS_BUILD/deb/nobs-dkms_${NOBS_VERSION}_all.deb
	debs=("$dkms" "$NOBS_BUILD/deb-$da/nobs-kpp_${NOBS_VERSION}_$da.deb"
		"$NOBS_BUILD/deb-$da/nobs-tests_${NOBS_VERSION}_$da.deb")
	[ -f "$dkms" ] || "$NOBS_ROOT/scripts/deb.sh" >/dev/null
	[ -f "${debs[1]}" ] && [ -f "${debs[2]}" ] || "$NOBS_ROOT/scripts/deb.sh" --arch "$da" >/dev/null
	kdir=$("$NOBS_ROOT/scripts/board-rootfs.sh" trixie)

	rm -rf "$out"
	mkdir -p "$out/run/nobs"
	# The run disk: the LAVA boot's /init and the packages (/nobs/).
	cp "$NOBS_ROOT/tests/lava/lava-init.sh" "$out/run/init"
	pkgs=
	for d in "${debs[@]}"; do
		cp "$d" "$out/run/nobs/"
		pkgs="${pkgs:+$pkgs }/nobs/$(basename "$d")"
	done
	mkfs.ext4 -q -F -L nobsrun -d "$out/run" "$out/run.img" \
		$(($(du -sm "$out/run" | cut -f1) + 16))M >/dev/null
	rm -rf "$out/run"
	# The test definition's repository: tests/lava/ of this tree as it is
	# (a lab names the project's repository instead).
	t=$out/testdef
	mkdir -p "$t/tests"
	cp -R "$NOBS_ROOT/tests/lava" "$t/tests/"
	git -C "$t" init -q
	git -C "$t" add -A
	git -C "$t" -c user.name=nobs -c user.email=nobs@localhost commit -q -m "nobs-selftest test definition"

	sed -e "s|@LABEL@|$label|" -e "s|@KDIR@|$kdir|g" -e "s|@RUNIMG@|$out/run.img|" \
		-e "s|@TESTDEF@|$t|" -e "s|@PACKAGES@|$pkgs|" -e "s|@CASES@|$cases|" \
		-e "s|@RELOAD@|$reload|" -e "s|@MODULE_PARAMS@|$params|" \
		-e "s|@JOB_MINUTES@|$minutes|g" -e "s|@TEST_MINUTES@|$((minutes - 20))|" \
		"$NOBS_ROOT/tests/lava/job.yaml.in" >"$out/job.yaml"

	nobs_log "lava $label: lava-run (QEMU arm64 cortex-a72, TCG; DKMS builds on the board: many minutes)"
	t0=$SECONDS
	# libguestfs (the overlay's disk) under TCG: this machine's KVM is not
	# usable by guests.
	rc=0
	LIBGUESTFS_BACKEND_SETTINGS=force_tcg timeout $((minutes * 60 + 300)) \
		lava-run --job-id "$label" --output-dir "$out/lava" \
		--device "$NOBS_ROOT/tests/lava/qemu-arm64.yaml" "$out/job.yaml" \
		>"$out/lava.log" 2>&1 || rc=$?
	echo "$((SECONDS - t0))" >"$out/seconds"
fi
[ -f "$out/lava.log" ] || nobs_die "no run in $out"

# The log: what the board printed, LAVA's test cases, the job's result.
/usr/bin/python3 - "$out" <<'PY'
import sys
import yaml
out = sys.argv[1]
try:
    log = yaml.load(open(out + '/lava.log', errors='replace'), Loader=yaml.CSafeLoader) or []
except yaml.YAMLError:
    log = []
    for line in open(out + '/lava.log', errors='replace'):
        try:
            e = yaml.load(line, Loader=yaml.CSafeLoader)
        except yaml.YAMLError:
            continue
        log += e if isinstance(e, list) else [e]
con = open(out + '/console.log', 'w')
res = open(out + '/results.tsv', 'w')
st = {'pass': 'PASS', 'fail': 'FAIL', 'skip': 'SKIP'}
for e in log:
    if not isinstance(e, dict):
        continue
    if e.get('lvl') == 'target':
        con.write('%s\n' % e.get('msg'))
    elif e.get('lvl') == 'results' and isinstance(e.get('msg'), dict):
        m = e['msg']
        if m.get('definition', '').endswith('nobs-selftest'):
            res.write('%s\t%s\n' % (st.get(m.get('result'), 'FAIL'), m.get('case')))
PY
tr -d '\r' <"$out/console.log" | sed -n '/^KTAP version/,/^# [0-9]* passed, [0-9]* failed, [0-9]* skipped$/p' >"$out/ktap"
tr -d '\r' <"$out/console.log" | sed -n '/^NOBS-DMESG-BEGIN$/,/^NOBS-DMESG-END$/p' >"$out/dmesg.log"

# LAVA's cases against the KTAP (its cases' paths less the case file's
# name, as nobs-lava.sh names them), but install and modprobe, the
# step's own.
if [ ! -s "$out/ktap" ]; then
	nobs_result fail "$label/ktap-match" "no KTAP in the log"
else
	python3 "$NOBS_ROOT/scripts/ktap.py" "$ksrc/tools/testing/kunit" "$out/ktap" "$out/ktap.tsv" >"$out/ktap.out" || true
	awk -F'\t' '{ n = $2; if (n ~ /\./) sub(/^[^.]*\./, "", n)
		gsub(/[^A-Za-z0-9._-]/, "_", n); print $1 "\t" n "\t" $3 }' "$out/ktap.tsv" >"$out/ktap.named"
	cut -f1,2 "$out/ktap.named" | sort >"$out/ktap.cases"
	grep -Ev $'\t(install|modprobe)$' "$out/results.tsv" | sort >"$out/lava.cases" || true
	if cmp -s "$out/ktap.cases" "$out/lava.cases"; then
		nobs_result pass "$label/ktap-match"
	else
		nobs_result fail "$label/ktap-match" "LAVA's cases are not the KTAP's: $(diff "$out/ktap.cases" "$out/lava.cases" | grep '^[<>]' | head -n 5 | tr '\n\t' '; ')"
	fi
fi
# Each LAVA test case, a result (a skip with its reason in the KTAP).
declare -A why=()
if [ -f "$out/ktap.named" ]; then
	while IFS=$'\t' read -r _ name r; do why[$name]=$r; done <"$out/ktap.named"
fi
n=0
while IFS=$'\t' read -r s name; do
	n=$((n + 1))
	case $s in
	PASS) nobs_result pass "$label/$name" ;;
	SKIP) nobs_result skip "$label/$name" "${why[$name]:-skipped on the board}" ;;
	*) nobs_result fail "$label/$name" ;;
	esac
done <"$out/results.tsv"
job=$(sed -n 's/^result: //p' "$out/lava/result.yaml" 2>/dev/null || true)
if [ "$rc" = 0 ] && [ "$job" = pass ]; then
	nobs_result pass "$label/lava-job"
else
	nobs_result fail "$label/lava-job" "lava-run exit $rc, job ${job:-?}: $(sed -n 's/^error_msg: //p' "$out/lava/result.yaml" 2>/dev/null)"
fi
if [ ! -s "$out/dmesg.log" ]; then
	nobs_result fail "$label/kernel-log" "no dmesg in the log"
elif nobs_kernel_problems "$out/dmesg.log" >/dev/null; then
	nobs_result fail "$label/kernel-log" "the board's kernel reported a problem ($out/dmesg.log)"
else
	nobs_result pass "$label/kernel-log"
fi
[ "$n" -gt 0 ] || echo "  (no LAVA test case: see $out/lava.log)"
# (indented: no count line of run-suite.sh's)
[ ! -f "$out/ktap.out" ] || echo "  scripts/ktap.py on the log's KTAP: $(tail -n 1 "$out/ktap.out")"
echo "  time  $label: lava-run $(cat "$out/seconds" 2>/dev/null) s"
nobs_summary lava
