#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lint.sh: checkpatch.pl (from linux-source-6.12, extracted at lint time into
# the cache, never committed) over every kernel-side source file, the
# generated sources against their generators (make regen-check), the ENDBR checker's self-test, the CSIDH
# action's stack depth (scripts/stack-check.sh), then W=1 +
# sparse builds (scripts/kbuild.sh) against every kernel of the matrix
# ($NOBS_KERNELS, default every kernel ID of scripts/lib.sh).  Any finding
# fails.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

cp_dir=$NOBS_CACHE/checkpatch
tarball=$(ls /usr/src/linux-source-6.12.tar.* 2>/dev/null | head -n 1)
if [ ! -x "$cp_dir/scripts/checkpatch.pl" ]; then
	[ -n "$tarball" ] || nobs_die "linux-source-6.12 is not installed (make deps)"
	mkdir -p "$cp_dir"
	tar -xf "$tarball" -C "$cp_dir" --strip-components=1 \
		linux-source-6.12/scripts/checkpatch.pl \
		linux-source-6.12/scripts/spelling.txt \
		linux-source-6.12/scripts/const_structs.checkpatch
fi

cd "$NOBS_ROOT" || exit 1
# The kernel-side sources: tracked or new (not ignored) files, the tests,
# the host's generators (scripts/gen) and the KUnit guest's user-space
# /init (kunit/guest-init.c) aside.
if git -C "$NOBS_ROOT" rev-parse --git-dir >/dev/null 2>&1; then
	files=$(git ls-files -co --exclude-standard -- '*.c' '*.h' '*.S' |
		grep -v '^tests/\|^scripts/\|^kunit/guest-init\.c$' | sort -u)
else
	files=$(find . -path ./build -prune -o -path ./tests -prune -o \
		-path ./scripts -prune -o -path ./kunit/guest-init.c -prune -o \
		\( -name '*.c' -o -name '*.h' -o -name '*.S' \) -type f -print | sort)
fi
# One checkpatch.pl run over every file (a run a file starts perl and
# reads its tables 57 times); its terse lines start with the file's name.
# shellcheck disable=SC2086
all=$(perl "$cp_dir/scripts/checkpatch.pl" --no-tree --terse --show-types \
	-f $files 2>&1 | grep -E '(ERROR|WARNING|CHECK):')
for f in $files; do
	f=${f#./}
	out=$(echo "$all" | grep -E "^(\./)?$f:")
	if [ -z "$out" ]; then
		nobs_add 1 0 0
	else
		nobs_result fail "checkpatch $f"
		echo "$out" | sed 's/^/        /'
	fi
done
nobs_summary checkpatch

# The compatibility layer is the one place that tells kernels apart: no
# version test, no probe result and no namespace spelling outside compat/.
# (A namespace is NOBS_NS or NOBS_KUNIT_NS, never its spelling: a string
# or a bare name.)
compat=$(git -C "$NOBS_ROOT" grep -nE 'LINUX_VERSION_CODE|KERNEL_VERSION\(|NOBS_KERNEL_HAS_|EXPORTED_FOR_KUNIT_TESTING|_NS(_GPL)?\([^)]*(, *NOBS *\)|")|IMPORT_NS\( *(NOBS *\)|")' \
	-- '*.c' '*.h' '*.S' ':!compat/' ':!tests/' ':!kunit/guest-init.c' 2>/dev/null)
if [ -z "$compat" ]; then
	echo "compat: 1 passed, 0 failed"
else
	echo "  FAIL  kernel differences outside compat/:"
	echo "$compat" | sed 's/^/        /'
	echo "compat: 0 passed, 1 failed"
fi

# Generated sources (the GENERATED list of the top Makefile): each
# committed file is what its generator prints.
gen=$(MAKEFLAGS= make -s -k -C "$NOBS_ROOT" regen-check 2>&1)
rc=$?
ok=$(echo "$gen" | grep -c '^ok: ')
bad=$(echo "$gen" | grep -c '^FAIL: ')
# a generator that does not build or run fails too
[ "$rc" = 0 ] || [ "$bad" -gt 0 ] || bad=1
echo "$gen" | grep -v '^ok: ' | sed 's/^/        /'
echo "generated: $ok passed, $bad failed"

# The ENDBR check kbuild.sh runs must be able to fail.
python3 "$NOBS_ROOT/scripts/endbr-check.py" --self-test

# The CSIDH action's stack depth, from the call graph, on every architecture.
"$NOBS_ROOT/scripts/stack-check.sh"

for id in ${NOBS_KERNELS:-$NOBS_KERNEL_IDS}; do
	"$NOBS_ROOT/scripts/kbuild.sh" "$id"
done
