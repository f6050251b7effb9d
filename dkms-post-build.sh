#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# dkms-post-build.sh DIR: DKMS's POST_BUILD step (dkms.conf), run in the
# build directory after nobs.ko is built for one kernel.  It keeps what a
# module that uses nobs's library needs to build against this nobs, in
# DIR, DKMS's directory of that kernel (/var/lib/dkms/nobs/<version>/
# <kernel>/<arch>, which 'dkms install' links as
# /var/lib/dkms/nobs/kernel-<kernel>-<arch>, and 'dkms remove' deletes):
#   Module.symvers   nobs's exports with their CRCs and namespace, for
#                    modpost (KBUILD_EXTRA_SYMBOLS)
#   include/nobs/    the public headers (<nobs/sha3.h>)
# README.md, "Using it", gives the build line.
set -e
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
	echo "usage: dkms-post-build.sh DIR (DKMS's directory of the kernel)" >&2
	exit 1
fi
cp Module.symvers "$1/Module.symvers"
rm -rf "$1/include"
mkdir -p "$1/include"
cp -R include/nobs "$1/include/"
