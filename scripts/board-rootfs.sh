#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# board-rootfs.sh [ID]: a board's Debian system for NOBS_ARCH (arm64,
# riscv64, ppc64le) on the kernel ID (default trixie, the only suite that
# has all three), made once from Debian's packages and cached in
# $NOBS_CACHE/rootfs/<arch>-<kver>-<hash of the recipe>/:
#   disk.img    ext4 (made with mkfs.ext4 -d: no loop mount), the root of a
#               Debian system as a board's user has it for out-of-tree
#               modules: the stock kernel linux-image-<kver> and its
#               linux-headers-<kver>, dkms, build-essential, kmod,
#               kcapi-tools, ccache; no init system (the tests boot it with
#               init=/sbin/nobs-board-init); of the kernel's modules only
#               those the tests can use (crypto, lib, arch, fs and the
#               block, md and virtio drivers: about 300 of its 4351 on
#               6.12 arm64), of the common headers only the board's arch/
#               (see 'filters' below)
#   vmlinuz, initrd.img   its /boot (the initrd made by initramfs-tools in
#               the image, with only virtio_blk and ext4: MODULES=list)
#   kver, id, packages (name version of each), times, size
# mmdebstrap installs it from the suite's archive as a foreign chroot
# (qemu-user-static through binfmt_misc, registered here if it is not).
# tests/vm/run-vm.sh -D boots it (snapshot=on: the image stays as it is).
# Prints the directory; steps and their times go to stderr.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Bump when what the image holds changes in a way the hash below misses.
ROOTFS_RECIPE=2

id=$(nobs_kernel_id "${1:-trixie}")
read -r id kver flavour suite version <<<"$(nobs_kernel_resolve "$id")"
a=$(nobs_debarch)
[ "$a" != "$(dpkg --print-architecture)" ] ||
	nobs_die "board-rootfs.sh is for another architecture than this machine's (NOBS_ARCH)"

# ccache: used only where a test run gives the guest its cache disk
# (tests/vm/run-vm.sh -D).
pkgs="linux-image-$kver linux-headers-$kver dkms build-essential kmod kcapi-tools
	busybox xz-utils mount util-linux initramfs-tools ccache"
# What dpkg leaves out of the packages (besides documentation): the
# kernel's modules but those the tests can load (the ones its depmod and
# the initramfs read: about 300 of 4351, so that the emulated depmod of
# the image's postinst and of DKMS's install in the guest reads a
# fourteenth of them), its device trees (QEMU's virt machine makes its
# own), and the other architectures' directories under the common
# headers' arch/ (a third of their 10317 files).  The kernel image itself
# is the stock one.
karch=$(case $a in arm64) echo arm64 ;; ppc64el) echo powerpc ;; riscv64) echo riscv ;; *) echo "$a" ;; esac)
filters="path-exclude=/usr/lib/modules/*/kernel/*
path-include=/usr/lib/modules/*/kernel/crypto/*
path-include=/usr/lib/modules/*/kernel/lib/*
path-include=/usr/lib/modules/*/kernel/arch/*
path-include=/usr/lib/modules/*/kernel/fs/*
path-include=/usr/lib/modules/*/kernel/drivers/block/*
path-include=/usr/lib/modules/*/kernel/drivers/md/*
path-include=/usr/lib/modules/*/kernel/drivers/virtio/*
path-exclude=/usr/lib/linux-image-*/*
path-exclude=/usr/src/linux-headers-*-common/arch/*/*
path-include=/usr/src/linux-headers-*-common/arch/$karch/*"
# The boot: initramfs-tools loads these to mount the root (virtio_pci,
# virtio_console are built into Debian's kernels; ext4 and virtio_blk are
# modules).
initrd_modules="virtio_blk ext4"
# The test boot's init: this run's files (tests/vm/run-vm.sh -D puts
# them on a second disk, /dev/vdb) into place, then their /init.
stub='#!/bin/sh
# nobs: the test boot (scripts/board-rootfs.sh, tests/vm/run-vm.sh -D).
mountpoint -q /proc || mount -t proc proc /proc
mountpoint -q /sys || mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev
mkdir -p /run/nobsrun
if mount -o ro /dev/vdb /run/nobsrun; then
	tar -C /run/nobsrun --exclude=./lost+found -cf - . |
		tar -C / --keep-directory-symlink -xf -
	umount /run/nobsrun
	exec /init
fi
echo "nobs-board-init: no run disk at /dev/vdb"
echo o >/proc/sysrq-trigger'

h=$(printf '%s\n' "$ROOTFS_RECIPE" "$suite" "$version" "$pkgs" "$filters" "$initrd_modules" "$stub" |
	sha256sum | cut -c1-12)
dir=$NOBS_CACHE/rootfs/$a-$kver-$h
mkdir -p "$(dirname "$dir")"
exec {lockfd}>"$dir.lock"
flock "$lockfd"
if [ -f "$dir/.ready" ]; then
	echo "$dir"
	exit 0
fi
rm -rf "$dir"
mkdir -p "$dir"
times=$dir/times

# binfmt_misc: the architecture's qemu-user-static (Debian's registration
# file, with the F flag: the interpreter works inside the chroot).
q=$(case $a in arm64) echo aarch64 ;; ppc64el) echo ppc64le ;; *) echo "$a" ;; esac)
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
	mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
fi
if [ ! -e "/proc/sys/fs/binfmt_misc/qemu-$q" ]; then
	[ -f "/usr/lib/binfmt.d/qemu-$q.conf" ] ||
		nobs_die "no /usr/lib/binfmt.d/qemu-$q.conf (qemu-user-static: scripts/deps.sh)"
	nobs_log "binfmt_misc: registering qemu-$q"
	cat "/usr/lib/binfmt.d/qemu-$q.conf" >/proc/sys/fs/binfmt_misc/register
fi

nobs_log "board $a: a Debian $suite system with $kver (mmdebstrap, foreign: takes minutes)"
root=$dir/root
# initramfs-tools' configuration, before the kernel's postinst runs it
# (the modules list is not its conffile /etc/initramfs-tools/modules).
echo MODULES=list >"$dir/initramfs.conf"
printf '%s\n' $initrd_modules >"$dir/initramfs.modules"
dpkgopts=()
while read -r f; do dpkgopts+=("--dpkgopt=$f"); done <<<"$filters"
t0=$SECONDS
# shellcheck disable=SC2086
# eatmydata: no fsync in dpkg and the maintainer scripts (a throwaway
# tree that becomes an image).
if ! nice -n 10 mmdebstrap --arch="$a" --variant=apt --format=directory \
	--hook-dir=/usr/share/mmdebstrap/hooks/eatmydata \
	--include="$(echo $pkgs | tr ' ' ',')" \
	--dpkgopt='path-exclude=/usr/share/doc/*' \
	--dpkgopt='path-include=/usr/share/doc/*/copyright' \
	--dpkgopt='path-exclude=/usr/share/man/*' \
	--dpkgopt='path-exclude=/usr/share/locale/*' \
	"${dpkgopts[@]}" \
	--aptopt='Acquire::Retries "3"' \
	--essential-hook="mkdir -p \"\$1/etc/initramfs-tools/conf.d\" \"\$1/usr/share/initramfs-tools/modules.d\" &&
		cp '$dir/initramfs.conf' \"\$1/etc/initramfs-tools/conf.d/nobs\" &&
		cp '$dir/initramfs.modules' \"\$1/usr/share/initramfs-tools/modules.d/nobs\"" \
	"$suite" "$root" "$NOBS_DEBIAN_MIRROR" >"$dir/mmdebstrap.log" 2>&1; then
	tail -n 30 "$dir/mmdebstrap.log" >&2
	nobs_die "mmdebstrap failed (whole log: $dir/mmdebstrap.log)"
fi
echo "mmdebstrap $((SECONDS - t0))" >>"$times"
nobs_log "board $a: mmdebstrap $((SECONDS - t0)) s"
printf '%s\n' "$stub" >"$root/sbin/nobs-board-init"
chmod 755 "$root/sbin/nobs-board-init"
echo nobs-board >"$root/etc/hostname"
dpkg-query --admindir="$root/var/lib/dpkg" -W -f '${Package} ${Version}\n' >"$dir/packages"

for f in vmlinuz vmlinux; do
	if [ -f "$root/boot/$f-$kver" ]; then cp "$root/boot/$f-$kver" "$dir/vmlinuz"; break; fi
done
[ -f "$dir/vmlinuz" ] || nobs_die "no /boot/vmlinu[xz]-$kver in the image"
[ -f "$root/boot/initrd.img-$kver" ] || nobs_die "no /boot/initrd.img-$kver in the image"
cp "$root/boot/initrd.img-$kver" "$dir/initrd.img"
[ -f "$root/usr/src/linux-headers-$kver/Module.symvers" ] || nobs_die "no headers of $kver in the image"

# The disk: what is there, plus room for DKMS's build and the snapshot.
t0=$SECONDS
mb=$(du -sm "$root" | cut -f1)
mkfs.ext4 -q -F -L nobsroot -d "$root" "$dir/disk.img" "$((mb + mb / 4 + 512))M" >&2
echo "mkfs $((SECONDS - t0))" >>"$times"
echo "$mb MiB in the tree, image $(du -m --apparent-size "$dir/disk.img" | cut -f1) MiB ($(du -m "$dir/disk.img" | cut -f1) MiB used), initrd $(du -k "$dir/initrd.img" | cut -f1) KiB" >"$dir/size"
nobs_log "board $a: $(cat "$dir/size")"
rm -rf "$root"
echo "$kver" >"$dir/kver"
echo "$id" >"$dir/id"
touch "$dir/.ready"
echo "$dir"
