#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages the build, the tests and the demo need
# (cryptsetup-bin and dmsetup: veritysetup and dmsetup for the guest's
# dm-verity case, tests/vm/cases/37-dm-verity.sh; arch-test, a Recommends
# of mmdebstrap that --no-install-recommends leaves out: it refuses a
# foreign architecture without it).
# Idempotent: does nothing (not even 'apt-get update') when all are present.
# 'deps.sh deb': only what 'make deb' needs (scripts/deb.sh).
# 'deps.sh lava': only Debian's LAVA dispatcher (lava-run, with
# python3-guestfs) for tests/lava/run.sh (make check-boards).
# The kernels of other suites (Debian 13, trixie-backports, sid) are never
# installed: scripts/fetch-kernel.sh downloads them through a private apt
# configuration into $NOBS_CACHE (debian-archive-keyring checks them).
set -euo pipefail

# The Debian packages: debian/control's Build-Depends, lintian for the check.
deb_pkgs=(build-essential dkms debhelper dh-dkms lintian)

pkgs=(
	build-essential kmod dkms sparse flex bison bc libelf-dev
	linux-headers-amd64 linux-headers-6.12-amd64 linux-source-6.12
	debian-archive-keyring
	qemu-system-x86 qemu-system-arm busybox-static cpio xz-utils zstd kcapi-tools
	libssl-dev openssl libgmp-dev python3 python3-pycryptodome valgrind
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static
	libgmp-dev:arm64 clang libclang-rt-dev gcovr
	gcc-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-system-misc
	gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross qemu-system-ppc
	clang-19 lld-19 llvm-19
	cryptsetup-bin dmsetup ccache
	mmdebstrap arch-test e2fsprogs curl
	"${deb_pkgs[@]}"
)
[ "${1:-}" != deb ] || pkgs=("${deb_pkgs[@]}")
[ "${1:-}" != lava ] || pkgs=(lava-dispatcher python3-guestfs e2fsprogs git)

# libgmp-dev:arm64 (the arm64 field-arithmetic test under qemu-user) needs
# the foreign architecture.
if [ "${1:-}" != deb ] && [ "${1:-}" != lava ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
	dpkg --add-architecture arm64
	force_update=1
fi

missing=()
for p in "${pkgs[@]}"; do
	st=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
	case "$st" in
	ii*) ;;
	*) missing+=("$p") ;;
	esac
done
[ ${#missing[@]} -eq 0 ] && [ -z "${force_update:-}" ] && exit 0

echo "== installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 update -q >/dev/null
apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends "${missing[@]}" >/dev/null
