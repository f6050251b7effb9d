#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nobs-lava.sh [--reload] [PACKAGE.deb|URL]...: the LAVA test definition's
# step (tests/lava/nobs-selftest.yaml): installs the packages given (apt;
# URLs are fetched first), loads nobs, runs nobs-selftest and hands every
# result of its KTAP to LAVA as a test case "CASE.RESULT" (each case file
# also as "CASE"), through lava-test-case; without LAVA (no lava-test-case
# in PATH) it prints them as "RESULT NAME".  Exit: nobs-selftest's.
# POSIX sh.
set -u
reload=
[ "${1:-}" != --reload ] || { reload=--reload; shift; }
work=$(mktemp -d /tmp/nobs-lava.XXXXXX) || exit 2
trap 'rm -rf "$work"' EXIT

# report NAME pass|fail|skip (a LAVA test case name: letters, digits, . _ -)
report() {
	set -- "$(printf %s "$1" | tr -c 'A-Za-z0-9._-' _)" "$2"
	if command -v lava-test-case >/dev/null 2>&1; then
		lava-test-case "$1" --result "$2"
	else
		echo "$2 $1"
	fi
}

debs=
for p in "$@"; do
	case $p in
	http://* | https://*)
		f=$work/$(basename "$p")
		if ! wget -q -O "$f" "$p" && ! curl -fsSL -o "$f" "$p"; then
			report install fail
			exit 1
		fi
		debs="$debs $f" ;;
	*) debs="$debs $(readlink -f "$p")" ;;
	esac
done
if [ -n "$debs" ]; then
	# shellcheck disable=SC2086
	if DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $debs; then
		report install pass
	else
		report install fail
		exit 1
	fi
fi
if modprobe nobs; then report modprobe-nobs pass; else report modprobe-nobs fail; exit 1; fi

nobs-selftest $reload >"$work/ktap"
rc=$?
cat "$work/ktap"
# Top-level "ok N CASE [# SKIP ...]" closes a case; its nested results,
# indented, come before it.
case_now=
while IFS= read -r l; do
	case $l in
	"  # Subtest: "*) case_now=${l#  # Subtest: } ;;
	"  ok "* | "  not ok "*)
		r=pass
		case $l in "  not ok "*) r=fail ;; *"# SKIP"*) r=skip ;; esac
		n=${l#  ok } n=${n#  not ok } n=${n#* } n=${n%% # *}
		report "$case_now.$n" "$r" ;;
	"ok "* | "not ok "*)
		r=pass
		case $l in "not ok "*) r=fail ;; *"# SKIP"*) r=skip ;; esac
		n=${l#ok } n=${n#not ok } n=${n#* } n=${n%% # *}
		report "$n" "$r"
		case_now= ;;
	esac
done <"$work/ktap"
exit $rc
