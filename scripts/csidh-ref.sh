#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# csidh-ref.sh SRC OUT: build the CSIDH reference implementation
# (Castryck-Lange-Martindale-Panny-Renes, variable time, its own x86-64
# mulx assembly) for make bench's side-by-side timing, outside the tree:
# SRC is its source directory or a git directory (bare or not) holding it
# (or OUT/src, the copy a previous run made), OUT a directory of its own
# (default /var/tmp/nobs-csidh-ref).  Writes OUT/libcsidh-ref.a (the
# reference's p512 objects, built with its own flags: -O3 -march=native)
# and prints its path; where the reference has its p1024 parameter set,
# also OUT/p1024/libcsidh-ref.a (p1024: its generic C field) and
# OUT/csidh1024-fresh, tests/vm/csidh_ref_fresh.c linked with it (fresh
# keys and results for the VM case 65-csidh1024.sh).  Nothing of the
# reference enters the project: make bench only links the library when
# NOBS_CSIDH_REF_SRC names one, and run-vm.sh runs OUT/csidh1024-fresh
# on the host.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=${1:?usage: csidh-ref.sh SRC [OUT]}
out=${2:-/var/tmp/nobs-csidh-ref}
case $out in "$NOBS_ROOT"|"$NOBS_ROOT"/*) nobs_die "csidh-ref: $out is inside the project" ;; esac
mkdir -p "$out"
if [ "$(readlink -f "$src")" = "$(readlink -f "$out/src")" ]; then
	: # the copy of a previous run
elif [ -f "$src/csidh.c" ]; then
	rsync -a --delete "$src/" "$out/src/"
elif git --git-dir="$src" rev-parse -q --verify HEAD >/dev/null 2>&1 ||
	git -C "$src" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	gd=$src
	[ -d "$src/.git" ] && gd=$src/.git
	rm -rf "$out/src"
	mkdir -p "$out/src"
	git --git-dir="$gd" archive HEAD | tar -x -C "$out/src"
else
	nobs_die "csidh-ref: $src holds no CSIDH reference (csidh.c)"
fi
s=$out/src
[ -f "$s/p512/params.h" ] || nobs_die "csidh-ref: $s/p512/params.h missing"
asm=
[ "$(uname -m)" = x86_64 ] && [ -f "$s/p512/fp.s" ] && asm="$s/p512/fp.s $s/p512/ui.s"
objs=()
for f in "$s/p512/constants.c" "$s/rng.c" "$s/mont.c" "$s/csidh.c" \
	${asm:-"$s/fp.c" "$s/ui.c"}; do
	o=$out/$(basename "${f%.*}").o
	cc -I"$s" -I"$s/p512" -std=c99 -O3 -march=native -Wa,--noexecstack -c "$f" -o "$o"
	objs+=("$o")
done
rm -f "$out/libcsidh-ref.a"
ar -cr "$out/libcsidh-ref.a" "${objs[@]}"

# p1024 (no assembly of its own): the same sources over its parameters
if [ -f "$s/p1024/params.h" ]; then
	o1024=$out/p1024
	mkdir -p "$o1024"
	objs=()
	for f in "$s/p1024/constants.c" "$s/rng.c" "$s/mont.c" "$s/csidh.c" \
		"$s/fp.c" "$s/ui.c"; do
		o=$o1024/$(basename "${f%.*}").o
		cc -I"$s" -I"$s/p1024" -std=c99 -O3 -march=native -c "$f" -o "$o"
		objs+=("$o")
	done
	rm -f "$o1024/libcsidh-ref.a"
	ar -cr "$o1024/libcsidh-ref.a" "${objs[@]}"
	cc -I"$s" -I"$s/p1024" -std=c99 -O2 -o "$out/csidh1024-fresh" \
		"$NOBS_ROOT/tests/vm/csidh_ref_fresh.c" "$o1024/libcsidh-ref.a"
fi
echo "$out/libcsidh-ref.a"
