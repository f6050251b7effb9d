#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nobs-lava.sh: the step of the LAVA test definition
# tests/lava/nobs-selftest.yaml, on the board, from its parameters
# (environment): installs PACKAGES (paths or URLs of .debs, fetched
# first; apt-get), loads nobs (modprobe, with MODULE_PARAMS), runs
# nobs-selftest on CASES (with --reload where RELOAD=true) and hands
# every result to LAVA as a test case through lava-test-case, by its
# name.  Those results are nobs-selftest's own result lines
# (NOBS_SELFTEST_RESULTS: "NOBS-RESULT STATUS NAME REASON", one per case
# of its KTAP, a case file skipped whole one), so no KTAP is parsed on
# the board: its KTAP goes to the log as it is, where the host's one KTAP
# reader (scripts/ktap.py, tests/lava/run.sh) checks LAVA's cases against
# it.  The kernel's log follows, between NOBS-DMESG-BEGIN and
# NOBS-DMESG-END.  Without LAVA (no lava-test-case) the results are
# printed as "RESULT NAME".  Exit: nobs-selftest's.  POSIX sh.
set -u
work=$(mktemp -d /tmp/nobs-lava.XXXXXX) || exit 2
trap 'rm -rf "$work"' EXIT

# report NAME pass|fail|skip (a LAVA test case's name: letters, digits,
# '.', '_', '-'; any other character becomes '_')
report() {
	set -- "$(printf %s "$1" | tr -c 'A-Za-z0-9._-' _)" "$2"
	if command -v lava-test-case >/dev/null 2>&1; then
		lava-test-case "$1" --result "$2"
	else
		echo "$2 $1"
	fi
}

debs=
for p in ${PACKAGES:-}; do
	case $p in
	http://* | https://*)
		f=$work/$(basename "$p")
		if ! wget -q -O "$f" "$p" 2>/dev/null && ! curl -fsSL -o "$f" "$p"; then
			echo "nobs-lava: cannot fetch $p"
			report install fail
			exit 1
		fi
		debs="$debs $f" ;;
	*) debs="$debs $(readlink -f "$p")" ;;
	esac
done
if [ -n "$debs" ]; then
	t0=$(cut -d. -f1 /proc/uptime)
	# shellcheck disable=SC2086
	if DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		$debs >"$work/apt.log" 2>&1; then
		grep -Ei '^(Setting up|Building|Installing)|dkms' "$work/apt.log" | head -n 20
		report install pass
	else
		tail -n 40 "$work/apt.log"
		find /var/lib/dkms -name make.log -exec tail -n 30 {} \;
		report install fail
		exit 1
	fi
	echo "nobs-lava: apt-get install (DKMS build) $(($(cut -d. -f1 /proc/uptime) - t0)) s"
fi
# shellcheck disable=SC2086
if modprobe nobs ${MODULE_PARAMS:-}; then
	report modprobe pass
else
	report modprobe fail
	exit 1
fi

reload=
[ "${RELOAD:-false}" != true ] || reload=--reload
# shellcheck disable=SC2086
NOBS_PARAMS=${MODULE_PARAMS:-} NOBS_SELFTEST_RESULTS=$work/results \
	nobs-selftest $reload ${CASES:-}
rc=$?
while read -r tag st name _; do
	[ "$tag" = NOBS-RESULT ] || continue
	case $st in
	PASS) report "$name" pass ;;
	SKIP) report "$name" skip ;;
	*) report "$name" fail ;;
	esac
done <"$work/results"
echo NOBS-DMESG-BEGIN
dmesg
echo NOBS-DMESG-END
exit $rc
