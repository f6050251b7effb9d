#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# sparse.sh: print the path of a sparse new enough for 7.x kernel headers,
# built once into $NOBS_CACHE/tools from unstable's source package.
# Debian 12's sparse 0.6.4 cannot parse __typeof_unqual__, so the 7.x
# kernels' scripts/checker-valid.sh refuses it and C=1 would check
# nothing.  Only the source package is downloaded (a private apt
# configuration with a deb-src line, as scripts/lib.sh's nobs_apt does for
# the kernels); nothing is installed into the system.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

d=$NOBS_CACHE/apt/sid-src
tools=$NOBS_CACHE/tools
mkdir -p "$d/state/lists/partial" "$d/cache/archives/partial" "$tools"
exec 9>"$tools/.sparse.lock"
flock 9
if [ -x "$tools/sparse/sparse" ]; then
	echo "$tools/sparse/sparse"
	exit 0
fi
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $NOBS_DEBIAN_MIRROR sid main" \
	>"$d/sources.list"
: >"$d/status"
a=(-o Dir::State="$d/state" -o Dir::State::status="$d/status"
	-o Dir::Cache="$d/cache" -o Dir::Etc::SourceList="$d/sources.list"
	-o Dir::Etc::SourceParts=/dev/null -o APT::Sandbox::User=root)
nobs_log "sparse: building unstable's sparse into $tools/sparse"
apt-get "${a[@]}" -q update >"$d/update.log" 2>&1 ||
	nobs_die "sparse: cannot reach the archive (see $d/update.log)"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
(cd "$w" && apt-get "${a[@]}" -q source --download-only sparse >/dev/null 2>&1) ||
	nobs_die "sparse: cannot download the source package"
tar -xzf "$w"/sparse_*.orig.tar.gz -C "$w"
src=$(find "$w" -mindepth 1 -maxdepth 1 -type d -name 'sparse*' | head -n 1)
nice make -s -C "$src" -j2 sparse >"$w/build.log" 2>&1 ||
	{ tail -n 20 "$w/build.log" >&2; nobs_die "sparse: build failed"; }
rm -rf "$tools/sparse"
mkdir -p "$tools/sparse"
cp "$src/sparse" "$tools/sparse/sparse"
echo "$tools/sparse/sparse"
