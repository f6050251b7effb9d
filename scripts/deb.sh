#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# deb.sh (make deb): the Debian packages nobs-dkms (all), nobs-kpp and
# nobs-tests (the build machine's architecture), built out of tree in
# build/deb/nobs-VERSION/ with dpkg-buildpackage; the .debs land in build/deb/.
# deb.sh --arch ARCH (a Debian architecture other than the machine's, e.g.
# arm64): nobs-kpp and nobs-tests cross-built for a board, statically
# linked (no libc of that architecture on this machine to depend on), in
# build/deb-ARCH/: what the QEMU boards' whole systems install with
# nobs-dkms (tests/vm/run-vm.sh -D).
# debian/changelog is written there from dkms.conf's PACKAGE_VERSION (the one
# place the version is set), dated by the last commit so that a rebuild of
# the same commit gives the same packages.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

arch=
if [ "${1:-}" = --arch ]; then
	arch=$(nobs_debarch "${2:-}")
	[ "$arch" != "$(dpkg --print-architecture)" ] || arch=
fi

# (cross: the cross compilers are among the tests' dependencies, all of them)
if [ -n "$arch" ]; then "$NOBS_ROOT/scripts/deps.sh"; else "$NOBS_ROOT/scripts/deps.sh" deb; fi

out=$NOBS_BUILD/deb${arch:+-$arch}
src=$out/nobs-$NOBS_VERSION
rm -rf "$out"
mkdir -p "$src"

# The tree as it is (uncommitted changes too), without what git ignores or
# the tests but nobs-tests's (the runner, the cases, their programs, the
# vectors without ACVP's); without git, what nobs_copy_tree copies.
tests="tests/vm/nobs-selftest tests/vm/case-lib.sh tests/vm/cases tests/vm/progs tests/vectors"
if git -C "$NOBS_ROOT" rev-parse --git-dir >/dev/null 2>&1; then
	{
		git -C "$NOBS_ROOT" ls-files -z -co --exclude-standard -- . ':!tests'
		git -C "$NOBS_ROOT" ls-files -z -co --exclude-standard -- $tests ':!tests/vectors/acvp'
	} | tar -C "$NOBS_ROOT" --null -T - --ignore-failed-read -c | tar -C "$src" -x
	rev=$(git -C "$NOBS_ROOT" describe --always --dirty)
	date=$(date -R -d "@$(git -C "$NOBS_ROOT" log -1 --format=%ct)")
else
	nobs_copy_tree "$src"
	for t in $tests; do
		mkdir -p "$(dirname "$src/$t")"
		cp -R "$NOBS_ROOT/$t" "$src/$t"
	done
	rm -rf "$src/tests/vectors/acvp"
	rev="a tree without git"
	date=$(date -R)
fi

maint=$(sed -n 's/^Maintainer: //p' "$src/debian/control")
cat >"$src/debian/changelog" <<EOF
nobs ($NOBS_VERSION) unstable; urgency=medium

  * Built by make deb from $rev (PACKAGE_VERSION in dkms.conf).

 -- $maint  $date
EOF

# Cross: the arch-dependent packages only, without the build-dependency
# check (debhelper and dh-dkms are this machine's) and without the tests
# that run the built program.
bflags=(-b)
[ -z "$arch" ] || bflags=(-a "$arch" -B -d)
nobs_log "dpkg-buildpackage ${bflags[*]} in $src"
if ! (cd "$src" && DEB_BUILD_OPTIONS=${arch:+nocheck} dpkg-buildpackage -us -uc "${bflags[@]}") \
	>"$out/build.log" 2>&1; then
	tail -n 40 "$out/build.log"
	nobs_die "dpkg-buildpackage failed (whole log: $out/build.log)"
fi
ls -1 "$out"/*.deb
