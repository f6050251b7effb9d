# SPDX-License-Identifier: GPL-2.0
# Shared shell helpers for the nobs scripts (sourced, not run).

NOBS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NOBS_CACHE=${NOBS_CACHE:-/var/cache/nobs}
NOBS_BUILD=${NOBS_BUILD:-$NOBS_ROOT/build}
NOBS_VECTORS=${NOBS_VECTORS:-$(cd "$NOBS_ROOT/.." && pwd)/shared/vectors}
NOBS_VERSION=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$NOBS_ROOT/dkms.conf")
export NOBS_ROOT NOBS_CACHE NOBS_BUILD NOBS_VECTORS NOBS_VERSION

nobs_log() { printf '== %s\n' "$*" >&2; }
nobs_die() { printf 'nobs: %s\n' "$*" >&2; exit 1; }

# nobs_kver 6.1|6.12: the ABI name of Debian's kernel of that series, resolved
# from the meta-packages (linux-headers-amd64 is 6.1 on Debian 12).
nobs_kver() {
	local meta
	case "$1" in
	6.1) meta=linux-headers-amd64 ;;
	6.12) meta=linux-headers-6.12-amd64 ;;
	*) nobs_die "unknown kernel series '$1' (6.1 or 6.12)" ;;
	esac
	apt-cache depends "$meta" 2>/dev/null |
		sed -n 's/^ *Depends: linux-headers-\(.*\)$/\1/p' | head -n 1
}

nobs_kdir() { echo "/lib/modules/$(nobs_kver "$1")/build"; }

# nobs_copy_tree DIR: the module sources (not tests, builds or git) into DIR.
nobs_copy_tree() {
	tar -C "$NOBS_ROOT" -c --exclude=./build --exclude=./.git \
		--exclude=./tests --exclude='*.o' --exclude='*.ko' \
		--exclude='*.mod*' --exclude='.*.cmd' . | tar -C "$1" -x
}
