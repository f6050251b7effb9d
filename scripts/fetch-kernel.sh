#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fetch-kernel.sh 6.1|6.12: download Debian's stock kernel image package of
# that series into $NOBS_CACHE/kernels/<abi>/ (once), unpack it and prepare
# the parts the VM runner needs.  Prints the directory.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

kver=$(nobs_kver "$1")
[ -n "$kver" ] || nobs_die "cannot resolve the Debian $1 kernel (apt-get update?)"
dir=$NOBS_CACHE/kernels/$kver
if [ -f "$dir/.ready" ]; then
	echo "$dir"
	exit 0
fi

nobs_log "fetching linux-image-$kver"
rm -rf "$dir"
mkdir -p "$dir/deb"
(cd "$dir/deb" &&
	{ apt-get download "linux-image-$kver-unsigned" >/dev/null 2>&1 ||
	  apt-get download "linux-image-$kver" >/dev/null; })
dpkg-deb -x "$dir"/deb/*.deb "$dir/pkg"
cp "$dir/pkg/boot/vmlinuz-$kver" "$dir/vmlinuz"

# The crypto modules, decompressed (busybox and kmod both load plain .ko).
mods=$dir/pkg/lib/modules/$kver
root=$dir/modroot/lib/modules/$kver
mkdir -p "$root"
cp "$mods"/modules.order "$mods"/modules.builtin "$mods"/modules.builtin.modinfo "$root"/
(cd "$mods" && find kernel/crypto kernel/arch/x86/crypto kernel/lib/crypto \
	-name '*.ko*' 2>/dev/null) | while read -r m; do
	mkdir -p "$root/$(dirname "$m")"
	case "$m" in
	*.xz) xz -dc "$mods/$m" >"$root/${m%.xz}" ;;
	*.zst) zstd -qdc "$mods/$m" >"$root/${m%.zst}" ;;
	*) cp "$mods/$m" "$root/$m" ;;
	esac
done
depmod -b "$dir/modroot" "$kver"
rm -rf "$dir/pkg" "$dir/deb"
echo "$kver" >"$dir/kver"
touch "$dir/.ready"
echo "$dir"
