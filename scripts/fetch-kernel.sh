#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fetch-kernel.sh [-i|-b|-r|-l] ID|SERIES: the one way to get a Debian kernel
# (the IDs and how they are resolved: scripts/lib.sh; NOBS_ARCH, default
# x86_64, the architecture).  Steps and their times go to stderr.
#   -i  (default) the stock image for the VM runner, once, in
#       $NOBS_CACHE/kernels/<kver>/: vmlinuz, config, modroot/ (the crypto
#       modules, dm-verity and loop, and those they need, decompressed,
#       depmod run), kver, id, version.  Which packages hold the kernel and
#       its modules is read from
#       linux-image-<kver>'s dependencies (linux-binary/-modules/-base-<kver>
#       on 7.x, linux-image-<kver>-unsigned before).  Prints the directory.
#   -b  a directory to build modules against (make -C DIR M=...): the
#       installed headers (/lib/modules/<kver>/build) when the machine's own
#       apt serves the kernel and they are installed, else a tree prepared
#       once in $NOBS_CACHE/kdir/<kver>: Debian's own build tree (the
#       configuration, generated headers and Module.symvers of
#       linux-headers-<kver>, the headers of its -common package) with the
#       tools Debian 12 can run (Debian's need glibc 2.38 and gcc-14) built
#       from the suite's linux-source-<series> (extracted once per version
#       into $NOBS_CACHE/ksrc; olddefconfig, modules_prepare with
#       KERNELRELEASE=<kver>), and this compiler's toolchain symbols.  Where
#       the common headers differ from linux-source (a featureset such as
#       PREEMPT_RT, whose patches linux-source lacks), the source tree is a
#       hard-linked copy of linux-source with Debian's headers in place.
#       What linux-source's Kconfig would have changed: <dir>/config.kept.
#       Prints the directory.
#   -r  print "ID KVER FLAVOUR SUITE VERSION"
#   -l  that line for every kernel ID
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Bump when what fetch_image or prepare_tree leaves in the cache changes.
# An image recipe only ever adds to the image (3: dm-verity and loop, for
# tests/vm/cases/37-dm-verity.sh), so an image cached at a newer recipe
# serves an older tree too: clones of different ages sharing one
# NOBS_CACHE never fetch over each other's images.
IMAGE_RECIPE=3
TREE_RECIPE=2

mode=i
case "${1:-}" in
-i | -b | -r) mode=${1#-}; shift ;;
-l)
	for id in $NOBS_KERNEL_IDS; do nobs_kernel_resolve "$id"; done
	exit 0
	;;
-*) sed -n '3,28p' "$0" >&2; exit 2 ;;
esac
[ $# -eq 1 ] || { sed -n '3,28p' "$0" >&2; exit 2; }
id=$(nobs_kernel_id "$1")
read -r id kver flavour suite version <<<"$(nobs_kernel_resolve "$id")"
[ -n "$version" ] || exit 1
if [ "$mode" = r ]; then
	echo "$id $kver $flavour $suite $version"
	exit 0
fi

# timed LABEL CMD...: run CMD, log how long it took (and into $times).
times=/dev/null
timed() {
	local label=$1 t0=$SECONDS rc=0
	shift
	"$@" || rc=$?
	nobs_log "$label: $((SECONDS - t0)) s"
	echo "$label $((SECONDS - t0))" >>"$times"
	return $rc
}

# logged FILE CMD...: CMD with its output appended to FILE.
logged() {
	local f=$1
	shift
	"$@" >>"$f" 2>&1
}

# download DIR PKG: PKG at the kernel's version (else the suite's candidate)
# into DIR.
download() {
	(cd "$1" &&
		{ nobs_apt "$suite" apt-get -q download "$2=$version" ||
		  nobs_apt "$suite" apt-get -q download "$2"; }) >>"$1/download.log" 2>&1 ||
		{ tail -n 5 "$1/download.log" >&2; nobs_die "cannot download $2 ($suite)"; }
}

# lock FILE: hold an exclusive lock on FILE until this script ends.
lock() {
	mkdir -p "$(dirname "$1")"
	exec {lockfd}>"$1"
	flock "$lockfd"
}

# The packages that hold the image and its modules.
image_packages() {
	local deps
	deps=$(nobs_apt "$suite" apt-cache depends "linux-image-$kver" 2>/dev/null |
		awk -v k="-$kver" '$1 == "Depends:" && length($2) > length(k) &&
			substr($2, length($2) - length(k) + 1) == k { print $2 }')
	if [ -n "$deps" ]; then
		echo "$deps"
	elif nobs_apt "$suite" apt-cache show "linux-image-$kver-unsigned" 2>/dev/null |
		grep -q '^Package:'; then
		# (apt-cache show of a name no package has says nothing, status 0)
		echo "linux-image-$kver-unsigned"
	else
		echo "linux-image-$kver"
	fi
}

fetch_image() {
	local dir=$NOBS_CACHE/kernels/$kver p mods root m n d
	lock "$dir.lock"
	n=$(cat "$dir/.ready" 2>/dev/null || echo 0)
	if [ "$n" -ge "$IMAGE_RECIPE" ] 2>/dev/null; then
		echo "$dir"
		return
	fi
	rm -rf "$dir"
	mkdir -p "$dir/deb"
	times=$dir/times
	nobs_log "kernel $id: fetching the image of $kver ($suite $version)"
	for p in $(image_packages); do
		timed "download $p" download "$dir/deb" "$p"
	done
	for p in "$dir"/deb/*.deb; do dpkg-deb -x "$p" "$dir/pkg"; done
	for p in boot/vmlinuz-$kver boot/vmlinux-$kver usr/lib/modules/$kver/vmlinuz lib/modules/$kver/vmlinuz; do
		if [ -f "$dir/pkg/$p" ]; then cp "$dir/pkg/$p" "$dir/vmlinuz"; break; fi
	done
	[ -f "$dir/vmlinuz" ] || nobs_die "no vmlinuz in $(ls "$dir/deb")"
	for p in boot/config-$kver usr/lib/modules/$kver/config lib/modules/$kver/config; do
		if [ -f "$dir/pkg/$p" ]; then cp "$dir/pkg/$p" "$dir/config"; break; fi
	done
	mods=$dir/pkg/lib/modules/$kver
	[ -d "$mods/kernel" ] || mods=$dir/pkg/usr/lib/modules/$kver
	[ -d "$mods/kernel" ] || nobs_die "no modules in $(ls "$dir/deb")"

	# The crypto modules, and every module they need, decompressed (busybox
	# and kmod both load plain .ko).
	root=$dir/modroot/lib/modules/$kver
	mkdir -p "$root"
	for p in modules.order modules.builtin modules.builtin.modinfo; do
		if [ -f "$mods/$p" ]; then cp "$mods/$p" "$root/"; fi
	done
	declare -A path=() have=()
	while read -r m; do
		n=$(basename "$m")
		n=${n%%.ko*}
		path[${n//-/_}]=$m
	done < <(cd "$mods" && find kernel -name '*.ko*')
	add_module() {
		local m=$1 n dep
		n=$(basename "$m")
		n=${n%%.ko*}
		n=${n//-/_}
		[ -z "${have[$n]:-}" ] || return 0
		have[$n]=1
		mkdir -p "$root/$(dirname "$m")"
		case "$m" in
		*.xz) xz -dc "$mods/$m" >"$root/${m%.xz}" ;;
		*.zst) zstd -qdc "$mods/$m" >"$root/${m%.zst}" ;;
		*.gz) gzip -dc "$mods/$m" >"$root/${m%.gz}" ;;
		*) cp "$mods/$m" "$root/$m" ;;
		esac
		for dep in $(modinfo -F depends "$root/${m%.ko*}.ko" | tr ',' ' '); do
			dep=${dep//-/_}
			if [ -n "${path[$dep]:-}" ]; then add_module "${path[$dep]}"; fi
		done
	}
	while read -r m; do
		add_module "$m"
	done < <(cd "$mods" && find kernel/crypto kernel/arch/*/crypto kernel/lib/crypto \
		-name '*.ko*' 2>/dev/null | sort)
	# The in-kernel users of nobs's hashes the VM cases drive, with what
	# they need: dm-verity over loop devices (tests/vm/cases/37-dm-verity.sh).
	while read -r m; do
		add_module "$m"
	done < <(cd "$mods" && find kernel/drivers/md kernel/drivers/block \
		\( -name 'dm-verity.ko*' -o -name 'loop.ko*' \) 2>/dev/null | sort)
	depmod -b "$dir/modroot" "$kver"
	nobs_log "kernel $id: $(find "$root" -name '*.ko' | wc -l) modules in the guest's tree"
	rm -rf "$dir/pkg" "$dir/deb"
	echo "$kver" >"$dir/kver"
	echo "$id" >"$dir/id"
	echo "$version" >"$dir/version"
	echo "$IMAGE_RECIPE" >"$dir/.ready"
	echo "$dir"
}

# source_tree PKG: linux-source-<series> of the suite, extracted once per
# version; prints its directory.
source_tree() {
	local pkg=$1 sver dir tb
	if nobs_apt "$suite" apt-cache show "$pkg=$version" >/dev/null 2>&1; then
		sver=$version
	else
		sver=$(nobs_apt "$suite" apt-cache show --no-all-versions "$pkg" 2>/dev/null |
			sed -n 's/^Version: //p' | head -n 1)
		[ -n "$sver" ] || nobs_die "no $pkg in $suite: cannot prepare a tree for $kver"
		nobs_log "kernel $id: $pkg $version is not in $suite; using $sver"
	fi
	dir=$NOBS_CACHE/ksrc/$pkg-$(echo "$sver" | tr '~+:' '___')
	lock "$dir.lock"
	times=$dir.times
	if [ ! -f "$dir/.ready" ]; then
		rm -rf "$dir" "$dir.dl"
		mkdir -p "$dir" "$dir.dl"
		(version=$sver; timed "download $pkg $sver" download "$dir.dl" "$pkg")
		tb=$(dpkg-deb -c "$dir".dl/*.deb | awk '{ print $6 }' |
			grep -E "^\./usr/src/$pkg\.tar\.(xz|gz|bz2|zst)$" | head -n 1)
		[ -n "$tb" ] || nobs_die "no source tarball in $pkg $sver"
		extract() {
			dpkg-deb --fsys-tarfile "$dir".dl/*.deb | tar -xO "$tb" |
				case $tb in
				*.xz) xz -dc -T2 ;;
				*.zst) zstd -qdc ;;
				*.bz2) bzip2 -dc ;;
				*) gzip -dc ;;
				esac | tar -x -C "$dir" --strip-components=1
		}
		timed "extract $pkg $sver" extract
		rm -rf "$dir.dl"
		echo "$sver" >"$dir/.version"
		touch "$dir/.ready"
	fi
	echo "$dir"
}

# overlay_tree SRC HDRS NAME: SRC, with the files of HDRS (Debian's common
# headers package of the kernel, e.g. -common-rt: the sources with the
# patches of a featureset such as PREEMPT_RT, which linux-source lacks) in
# place of its own.  SRC itself when every such file is the same; else a
# tree of hard links, once, in $NOBS_CACHE/ksrc/NAME.  Prints it.
overlay_tree() {
	local src=$1 hdrs=$2 dir=$NOBS_CACHE/ksrc/$3 n
	diff -rq --no-dereference "$hdrs" "$src" 2>&1 | grep -v "^Only in $src" |
		grep -v 'symbolic link' | sed "s|$hdrs/||g; s|$src/||g" >"$kdir/headers.differ" || true
	n=$(grep -c '' "$kdir/headers.differ" || true)
	if [ "$n" = 0 ]; then
		nobs_log "kernel $id: $3 is the same as $(basename "$src")"
		echo "$src"
		return
	fi
	nobs_log "kernel $id: $n files of $3 differ from $(basename "$src"): building against an overlay"
	lock "$dir.lock"
	if [ ! -f "$dir/.ready" ]; then
		rm -rf "$dir"
		cp -al "$src" "$dir"
		rm -f "$dir/.ready"
		(cd "$hdrs" && find . -type f -print0 |
			xargs -0 cp --parents --remove-destination -t "$dir")
		touch "$dir/.ready"
	fi
	echo "$dir"
}

# Configuration symbols whose value comes from the compiler and tools (the
# machine's, not Debian 13's gcc-14: its capabilities, versions).
TOOLCHAIN='(CC_|GCC_|AS_|LD_|RUSTC_|RUST_IS_AVAILABLE|PAHOLE_|BINDGEN_|CLANG_|LLD_|TOOLS_SUPPORT_)'
TOOLCHAIN_SYMS="^(# )?CONFIG_$TOOLCHAIN"

# merge_config DEBIAN OURS [h]: DEBIAN's configuration (.config or auto.conf
# lines; autoconf.h defines with h) with the toolchain symbols from OURS.
merge_config() {
	local re=$TOOLCHAIN_SYMS
	if [ "${3:-}" = h ]; then re="^#define CONFIG_$TOOLCHAIN"; fi
	grep -Ev "$re" "$1"
	grep -E "$re" "$2" || true
}

prepare_tree() {
	local kdir=$NOBS_CACHE/kdir/$kver src tree series h c common arch_args f
	if nobs_apt_host "$suite" && [ -f "/lib/modules/$kver/build/Makefile" ]; then
		echo "/lib/modules/$kver/build"
		return
	fi
	lock "$kdir.lock"
	if [ "$(cat "$kdir/.ready" 2>/dev/null)" = "$TREE_RECIPE" ]; then
		echo "$kdir"
		return
	fi
	series=$(echo "$kver" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
	src=$(source_tree "linux-source-$series")
	rm -rf "$kdir" "$kdir.dl"
	mkdir -p "$kdir" "$kdir.dl"
	times=$kdir/times
	nobs_log "kernel $id: preparing a build tree for $kver in $kdir"
	# Debian's own build tree: the flavour's headers (configuration,
	# generated headers, Module.symvers) and the common headers they use.
	common=$(nobs_apt "$suite" apt-cache depends "linux-headers-$kver" 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-headers-[^ <>]*-common[^ <>]*\)$/\1/p' | head -n 1)
	[ -n "$common" ] || nobs_die "linux-headers-$kver names no common headers package"
	timed "download linux-headers-$kver" download "$kdir.dl" "linux-headers-$kver"
	timed "download $common" download "$kdir.dl" "$common"
	for f in "$kdir".dl/*.deb; do dpkg-deb -x "$f" "$kdir.dl/x"; done
	h=$kdir.dl/x/usr/src/linux-headers-$kver
	c=$kdir.dl/x/usr/src/$common
	[ -f "$h/.config" ] && [ -f "$h/Module.symvers" ] && [ -f "$h/include/config/auto.conf" ] ||
		nobs_die "linux-headers-$kver has no .config, Module.symvers or auto.conf"
	[ -d "$c/include" ] || nobs_die "$common has no include/"
	tree=$(overlay_tree "$src" "$c" "$common")

	# The tools (fixdep, modpost, genksyms, objtool, sign-file) and this
	# compiler's view of the configuration: linux-source with Debian's
	# .config, olddefconfig, modules_prepare.
	cp "$h/.config" "$kdir/.config"
	cp "$h/Module.symvers" "$kdir/Module.symvers"
	read -ra arch_args <<<"$(nobs_kbuild_args)"
	timed "olddefconfig $kver" logged "$kdir/prepare.log" nice -n 10 \
		make -s -C "$src" O="$kdir" "${arch_args[@]}" olddefconfig ||
		{ tail -n 20 "$kdir/prepare.log" >&2; nobs_die "olddefconfig failed for $kver"; }
	timed "modules_prepare $kver" logged "$kdir/prepare.log" nice -n 10 \
		make -C "$src" O="$kdir" "${arch_args[@]}" KERNELRELEASE="$kver" \
		-j"${NOBS_JOBS:-2}" modules_prepare ||
		{ tail -n 20 "$kdir/prepare.log" >&2; nobs_die "modules_prepare failed for $kver"; }
	[ "$(cat "$kdir/include/config/kernel.release")" = "$kver" ] ||
		nobs_die "$kdir: kernel.release is not $kver"

	# Then Debian's configuration and generated headers, but for the
	# toolchain's symbols; and Debian's headers (the overlay) as the source.
	# What linux-source's Kconfig would have set otherwise is kept in
	# config.kept: nothing but toolchain lines means linux-source is the
	# kernel's source.
	cp "$kdir/.config" "$kdir/config.ours"
	cp "$kdir/include/config/auto.conf" "$kdir/auto.conf.ours"
	cp "$kdir/include/generated/autoconf.h" "$kdir/autoconf.h.ours"
	diff "$h/.config" "$kdir/.config" | grep '^[<>] ' | sed 's/^< /debian: /; s/^> /ours:   /' |
		grep -Ev "^[a-z]+: +${TOOLCHAIN_SYMS#^}" | grep -E '^[a-z]+: +(# )?CONFIG_' >"$kdir/config.kept" || true
	cp -a "$h/include/generated/." "$kdir/include/generated/"
	for f in "$h"/arch/*/include/generated; do
		[ -d "$f" ] || continue
		mkdir -p "$kdir/${f#"$h"/}"
		cp -a "$f/." "$kdir/${f#"$h"/}/"
	done
	merge_config "$h/.config" "$kdir/config.ours" >"$kdir/.config"
	merge_config "$h/include/config/auto.conf" "$kdir/auto.conf.ours" >"$kdir/include/config/auto.conf"
	merge_config "$h/include/generated/autoconf.h" "$kdir/autoconf.h.ours" h \
		>"$kdir/include/generated/autoconf.h"
	cp "$h/Module.symvers" "$kdir/Module.symvers"
	if [ "$tree" != "$src" ]; then
		sed -i "s|$src|$tree|g" "$kdir/Makefile"
		ln -sfn "$tree" "$kdir/source"
	fi
	rm -rf "$kdir.dl"
	nobs_log "kernel $id: $(grep -c '^debian' "$kdir/config.kept" || true) options of Debian's configuration kept against linux-source's Kconfig (see $kdir/config.kept)"
	echo "$id $kver $version $(cat "$src/.version") $(basename "$tree")" >"$kdir/nobs-kernel"
	echo "$TREE_RECIPE" >"$kdir/.ready"
	echo "$kdir"
}

case $mode in
i) fetch_image ;;
b) prepare_tree ;;
esac
