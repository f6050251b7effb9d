#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# sparse-cache.sh SPARSE ARGS... FILE.c: the checker kbuild.sh gives
# Kbuild (CHECK), which runs it as "$(CHECK) $(CHECKFLAGS) $(c_flags) $<"
# right after compiling FILE.c (rule_cc_o_c: the compile, fixdep's
# .FILE.o.cmd, then the check).  SPARSE's output for FILE.c is kept in
# $NOBS_CACHE/sparse-cache under a key of everything it reads: SPARSE
# itself (its content), every argument, the kernel's generated
# configuration (include/generated/autoconf.h, which fixdep leaves out of
# the dependencies), FILE.c and every file its compile read (the deps_
# list of .FILE.o.cmd, headers of the kernel tree and of nobs alike).  A
# check with the same key prints the kept output and exits with the kept
# status instead of running SPARSE again: a warm W=1 + sparse build after a
# change to nobs checks again only the files whose inputs changed, as the
# compiler cache compiles only those.  Anything else (no .o.cmd younger
# than FILE.c, a dependency that is not there, the kernel's checker-valid.sh
# probe, NOBS_SPARSE_CACHE=0) runs SPARSE as it is.  Only a check that
# exited 0 is kept; its warnings are kept and printed like the rest, so a
# build they fail fails again.  A header included only under __CHECKER__
# would escape the key; the kernel has none.
set -uo pipefail
sp=$1
shift
src=${!#}
dir=${NOBS_CACHE:-/var/cache/nobs}/sparse-cache
cmdf=$(dirname -- "$src")/.$(basename -- "${src%.c}").o.cmd
if [ "${NOBS_SPARSE_CACHE:-1}" = 0 ] || [[ $src != *.c ]] ||
	[ ! -f "$cmdf" ] || [ "$cmdf" -ot "$src" ]; then
	exec "$sp" "$@"
fi

# The dependencies: the deps_ list's lines up to the first empty one, less
# fixdep's $(wildcard include/config/...) entries; paths are absolute or
# relative to the kernel build directory, where Kbuild runs the checker.
deps=$(sed -n '/^deps_/,/^$/{/^deps_/d;/wildcard/d;s/^[[:space:]]*//;s/[[:space:]]*\\$//;/^$/d;p}' "$cmdf")
# Every dependency must be there to be read into the key.
if [ -z "$deps" ] || [ ! -f include/generated/autoconf.h ]; then
	exec "$sp" "$@"
fi
sums=$(echo "$deps" | tr '\n' '\0' | xargs -0 sha256sum -- 2>/dev/null) ||
	exec "$sp" "$@"
key=$( {
	sha256sum "$(command -v -- "$sp")" | cut -d' ' -f1
	printf '%s\0' "$@"
	echo
	cat include/generated/autoconf.h
	sha256sum -- "$src"
	echo "$sums"
} | sha256sum | cut -d' ' -f1)
[[ $key =~ ^[0-9a-f]{64}$ ]] || exec "$sp" "$@"
kept=$dir/${key:0:2}/$key
if [ -f "$kept" ]; then
	tail -n +2 "$kept" >&2
	exit "$(head -n 1 "$kept")"
fi
out=$("$sp" "$@" 2>&1)
rc=$?
[ -z "$out" ] || printf '%s\n' "$out" >&2
if [ "$rc" = 0 ]; then
	mkdir -p "${kept%/*}"
	if tmp=$(mktemp "${kept%/*}/.tmp.XXXXXX"); then
		{ echo "$rc"; [ -z "$out" ] || printf '%s\n' "$out"; } >"$tmp"
		mv -f "$tmp" "$kept" || rm -f "$tmp"
	fi
fi
exit "$rc"
