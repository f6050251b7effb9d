#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# build-test-kernel.sh [-n|-c] x86_64|x86_64-cfi|x86_64-kcsan|arm64|riscv64|ppc64le: build
# (once) the KUnit test kernel of that architecture from linux-source-6.12
# and print its build directory (usable as 'make -C DIR M=...' plus the
# make variables in DIR/kmake-args).
#   x86_64 is the debug kernel (KASAN, UBSAN, lockdep, KFENCE, kmemleak,
#   fault injection, GCOV); x86_64-cfi a lean x86_64 kernel built with
#   clang 19 (LLVM=-19) with kCFI (CONFIG_CFI_CLANG, not permissive) and
#   FineIBT; x86_64-kcsan the data-race detector's kernel (KCSAN, which
#   excludes KASAN: tests/afalg-fuzz/run.sh runs on it); the others are
#   plain gcc kernels for qemu's virt / pseries
#   machines.  Config: 'make tinyconfig' + tests/kernel/common.config
#   + tests/kernel/<arch>[-debug].config, every line of which must survive
#   into the final .config.
#   x86_64-cfi installs its compiler (clang-19 lld-19 llvm-19) if missing.
#   Cache: $NOBS_CACHE/kbuild/<arch>-<hash of the fragments and this recipe>,
#   reused as is once finished; the source tree is extracted once into
#   $NOBS_CACHE/src (never built in: always O=).
#   -n: print the directory the build would use and exit (no build).
#   -c: configure and verify the .config only (no build, nothing cached).
# The file 'image' in the build directory names the bootable image,
# 'nobs-arch' the machine (x86_64 for x86_64-cfi and -kcsan too), 'nobs-variant' the
# name given here, 'kmake-args' the make variables an external module build
# must pass too (LLVM=-19), one a line, empty for the gcc kernels.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
# A kernel is built once and cached whole: its thousands of objects would
# only push the module builds' out of the compiler cache.
export CCACHE_DISABLE=1

# Bump when the recipe below changes in a way that changes the result.
RECIPE=1
KSRC_TAR=${KSRC_TAR:-/usr/src/linux-source-6.12.tar.xz}

dry= conly=
case "${1:-}" in
-n) dry=1; shift ;;
-c) conly=1; shift ;;
esac
arch=${1:-}
llvm= pkgs=()
case "$arch" in
x86_64)
	karch=x86_64 cross= target=bzImage image=arch/x86/boot/bzImage
	frag=x86_64-debug.config ;;
x86_64-cfi)
	# kCFI needs clang >= 16 (-fsanitize=kcfi); Debian 12's default
	# clang is 14.  LLVM=-19: clang-19, ld.lld-19, llvm-ar-19, ...
	karch=x86_64 cross= target=bzImage image=arch/x86/boot/bzImage
	frag=x86_64-cfi.config llvm=-19 pkgs=(clang-19 lld-19 llvm-19) ;;
x86_64-kcsan)
	karch=x86_64 cross= target=bzImage image=arch/x86/boot/bzImage
	frag=x86_64-kcsan.config ;;
arm64)
	karch=arm64 cross=aarch64-linux-gnu- target=Image
	image=arch/arm64/boot/Image frag=arm64.config ;;
riscv64)
	karch=riscv cross=riscv64-linux-gnu- target=Image
	image=arch/riscv/boot/Image frag=riscv64.config ;;
ppc64le)
	karch=powerpc cross=powerpc64le-linux-gnu- target=vmlinux
	image=vmlinux frag=ppc64le.config ;;
i386|i686|x86|arm|armhf|riscv32|ppc|powerpc|ppc32|mips*)
	nobs_die "32-bit targets are not supported by nobs (64-bit limbs and lanes throughout): use x86_64, arm64, riscv64 or ppc64le" ;;
*)
	nobs_die "usage: build-test-kernel.sh [-n|-c] x86_64|x86_64-cfi|x86_64-kcsan|arm64|riscv64|ppc64le" ;;
esac

fragdir=$NOBS_ROOT/tests/kernel
frags=("$fragdir/common.config" "$fragdir/$frag")
tarname=$(basename "$KSRC_TAR" .tar.xz)
# (the fragments' settings only: a comment changes no kernel)
hash=$({ echo "recipe $RECIPE $arch $tarname"; [ -z "$llvm" ] || echo "LLVM=$llvm"
	sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "${frags[@]}"; } |
	sha256sum | cut -c1-12)
bdir=$NOBS_CACHE/kbuild/$arch-$hash
if [ -n "$dry" ] || [ -f "$bdir/.nobs-built" ]; then
	echo "$bdir"
	exit 0
fi

[ -f "$KSRC_TAR" ] || nobs_die "$KSRC_TAR missing (apt-get install linux-source-6.12)"
# This variant's own compiler (not in scripts/deps.sh yet), the same check.
if [ ${#pkgs[@]} -gt 0 ]; then
	need=()
	for p in "${pkgs[@]}"; do
		case "$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)" in
		ii*) ;;
		*) need+=("$p") ;;
		esac
	done
	if [ ${#need[@]} -gt 0 ]; then
		nobs_log "installing: ${need[*]}"
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 update -q >/dev/null
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 \
			install -y -q --no-install-recommends "${need[@]}" >/dev/null
	fi
	command -v "clang$llvm" >/dev/null || nobs_die "clang$llvm missing"
fi
if [ -n "$cross" ] && ! command -v "${cross}gcc" >/dev/null; then
	nobs_die "${cross}gcc missing (scripts/deps.sh installs the cross compilers)"
fi
for t in flex bison bc; do
	command -v $t >/dev/null || nobs_die "$t missing (scripts/deps.sh)"
done

mkdir -p "$NOBS_CACHE/src" "$NOBS_CACHE/kbuild"

# One extraction and one build per directory, even with concurrent callers.
src=$NOBS_CACHE/src/$tarname
exec 8>"$NOBS_CACHE/src/.lock"
flock 8
if [ ! -f "$src/.nobs-extracted" ]; then
	nobs_log "extracting $KSRC_TAR into $NOBS_CACHE/src"
	rm -rf "$src" "$NOBS_CACHE/src/.x"
	mkdir -p "$NOBS_CACHE/src/.x"
	tar -xJf "$KSRC_TAR" -C "$NOBS_CACHE/src/.x"
	mv "$NOBS_CACHE/src/.x/$tarname" "$src"
	rmdir "$NOBS_CACHE/src/.x"
	touch "$src/.nobs-extracted"
fi
flock -u 8
exec 8>&-

exec 9>"$bdir.lock"
flock 9
if [ -f "$bdir/.nobs-built" ]; then
	echo "$bdir"
	exit 0
fi

kmake() {
	nice -n 10 make -s -C "$src" O="$bdir" ARCH="$karch" \
		${cross:+CROSS_COMPILE=$cross} ${llvm:+LLVM=$llvm} "$@"
}

start=$(date +%s)
verb=building; [ -z "$conly" ] || verb=configuring
nobs_log "$verb the $arch test kernel in $bdir"
# An interrupted build resumes (make is incremental; the config is the same).
mkdir -p "$bdir"
kmake tinyconfig >/dev/null
(cd "$bdir" && ARCH=$karch CROSS_COMPILE=$cross \
	"$src/scripts/kconfig/merge_config.sh" -m -O "$bdir" .config "${frags[@]}" \
	>/dev/null)
kmake olddefconfig >/dev/null

# A fragment line whose dependencies are missing is dropped silently.
missing=()
while IFS= read -r line; do
	case "$line" in
	CONFIG_*=*)
		grep -qxF "$line" "$bdir/.config" || missing+=("$line") ;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }
		opt=${opt%% *}
		! grep -q "^$opt=" "$bdir/.config" || missing+=("$line") ;;
	esac
done < <(cat "${frags[@]}")
if [ ${#missing[@]} -gt 0 ]; then
	printf 'nobs: not in the final .config of %s:\n' "$bdir" >&2
	printf '  %s\n' "${missing[@]}" >&2
	nobs_die "fix the fragments in tests/kernel (a dependency is missing)"
fi

if [ -n "$conly" ]; then
	nobs_log "$arch: every fragment option is in $bdir/.config"
	exit 0
fi

kmake -j2 "$target" modules
[ -f "$bdir/$image" ] || nobs_die "no $image in $bdir"
[ -f "$bdir/Module.symvers" ] || nobs_die "no Module.symvers in $bdir"
echo "$image" >"$bdir/image"
echo "${arch%%-*}" >"$bdir/nobs-arch"
echo "$arch" >"$bdir/nobs-variant"
# One variable a line; an empty file for the gcc kernels (an empty line
# would be an empty make argument).
if [ -n "$llvm" ]; then echo "LLVM=$llvm"; fi >"$bdir/kmake-args"
echo "$(($(date +%s) - start))" >"$bdir/build-seconds"
touch "$bdir/.nobs-built"
nobs_log "$arch test kernel built in $(($(date +%s) - start)) s"
echo "$bdir"
