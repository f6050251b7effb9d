#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# /init of the board's Debian system (scripts/board-rootfs.sh) for a LAVA
# boot (tests/lava/run.sh puts it on the run disk, which the image's
# /sbin/nobs-board-init copies into place): what a board's own init gives
# a LAVA test shell and this image has not (no init system, no udev):
# /tmp, the /dev/disk/by-uuid links (the dispatcher mounts its test
# overlay's disk by UUID), then a root shell on the console with the
# prompt the job waits for.  POSIX sh.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root TERM=dumb
mkdir -p /tmp && mount -t tmpfs tmpfs /tmp
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
hostname nobs-board
mkdir -p /dev/disk/by-uuid
for d in /dev/vd[a-z]; do
	u=$(blkid -s UUID -o value "$d" 2>/dev/null) || continue
	[ -z "$u" ] || ln -sf "../../${d#/dev/}" "/dev/disk/by-uuid/$u"
done
echo "nobs-lava-init: $(uname -r), disks: $(ls /dev/disk/by-uuid | tr '\n' ' ')"
cd /root || cd /
# The console's tty (the last console= of the kernel's command line: it
# can be a controlling terminal, /dev/console cannot) is the shell's
# (job control, ^C); the dispatcher waits for this prompt.  On exit:
# power off.
con=/dev/$(sed 's/.* //' /sys/class/tty/console/active)
PS1='nobs-board# ' setsid -c sh -i <"$con" >"$con" 2>&1
echo o >/proc/sysrq-trigger
