#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kbuild.sh [-t] ID|SERIES [make args]: build nobs.ko against that Debian kernel
# (a kernel ID of scripts/lib.sh, e.g. 6.1, 6.12, trixie, backports, or a
# series such as 7.3; its build directory from scripts/fetch-kernel.sh -b)
# in a private copy of the tree (left in build/kmod/<ID>), with W=1 and sparse
# (C=1).  Any warning or error, including objtool's, fails.  Where the
# kernel's Makefile finds Debian 12's sparse too old for its headers (7.x:
# scripts/checker-valid.sh wants __typeof_unqual__, which sparse 0.6.4
# cannot parse; riscv64's -march), the build runs again with unstable's sparse, built once by
# scripts/sparse.sh (and later builds against that kernel, remembered in
# $NOBS_CACHE/sparse-too-old, use it from the start).  On x86_64 kernels with X86_KERNEL_IBT, every function
# of the module reachable through a pointer must start with ENDBR64
# (scripts/endbr-check.py).  Against a kernel without CONFIG_KUNIT (every
# stock kernel), the module exports exactly the SHA-3 library (<nobs/sha3.h>), in the
# namespace NOBS (nobs_exports below, README "Using it from kernel code"): what only
# the KUnit suites use (EXPORT_SYMBOL_IF_KUNIT) is not exported there.
# Prints "<ID> build: N passed, N failed, N skipped" (the build, the exports, and the
# ENDBR check where it applies), records the result in build/results/kernels.tsv and
# leaves the module at build/kmod/<ID>/nobs.ko (another NOBS_ARCH:
# build/kmod/<arch>/<ID>/nobs.ko).  -t: the test build
# (NOBS_TEST_HOOKS=1, the test_fail_* parameters) into build/kmod-test/<ID>
# (build/kmod-test/<arch>/<ID>) instead, for the VM cases that load it
# (not recorded in kernels.tsv).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

test_build=
if [ "${1:-}" = -t ]; then
	test_build=1
	shift
fi
[ $# -ge 1 ] || nobs_die "usage: kbuild.sh [-t] ID|SERIES [make args]"
id=$(nobs_kernel_id "$1")
shift
kver=$(nobs_kver "$id")
kdir=$(nobs_kdir "$id")
[ -f "$kdir/Makefile" ] || nobs_die "no build directory for $id at $kdir (make deps)"
read -ra arch_args <<<"$(nobs_kbuild_args "$kdir")"
dst=$NOBS_BUILD/kmod/$(nobs_arch_dir)$id
if [ -n "$test_build" ]; then
	dst=$NOBS_BUILD/kmod-test/$(nobs_arch_dir)$id
	set -- NOBS_TEST_HOOKS=1 "$@"
fi
# The build runs in the folder of the cache whose path is the same from
# every clone (nobs_work_dir): the compiler cache hits from any clone, and
# so does the result cache below.  One build a folder at a time (the
# lock); the tree is moved to $dst when it is done.
wdir=$(nobs_work_dir "$dst")
mkdir -p "$(dirname "$wdir")"
exec 8>"$wdir.lock"
flock 8
# The sources, without what the module's build does not read (packaging,
# documents, samples, scripts, tools): the result cache's key below does
# not change with those, and a build that needed one would fail.
copy_sources() {
	rm -rf "$wdir"
	mkdir -p "$wdir"
	nobs_copy_tree "$wdir"
	(cd "$wdir" && rm -rf debian docs samples scripts tools ./*.md)
}
rm -rf "$dst"
mkdir -p "$(dirname "$dst")"
copy_sources
log=$wdir/build.log
nobs_log "$id: building against $kver ($kdir)"
ok=0
# The result cache: a build that passed is kept (the whole of $wdir: the
# module, its objects, Module.symvers, the log) in one slot per kernel ID,
# architecture and build kind, with the key of everything it was made
# from; a later build with the same key takes it instead of building
# again, and the checks below (exports, ENDBR) run on it as on a fresh
# one.  The key (build_key) covers:
#   - the sources: the content of every file copy_sources put in $wdir;
#   - the kernel tree: every file under $kdir and under the source tree its
#     Makefile includes, symlinks followed: path, size and ctime (a file
#     cannot be written, replaced or re-extracted without its ctime
#     changing), the outputs of gcc's -fstack-usage/-fcallgraph-info
#     (*.su, *.ci: stack-check.sh's feature probes write them in $kdir
#     while another job's build may be reading it) aside;
#   - the tools: every installed Debian package and its version (the
#     compilers, binutils, sparse, pahole, make, ccache; nobs's own
#     packages aside; whatever its triggers' state: deb-check.sh's
#     apt-get, in another job, leaves man-db's pending a moment), the
#     path, size and ctime of each tool the build
#     runs as PATH resolves it, the content of unstable's sparse from
#     scripts/sparse.sh, and whether this kernel is marked for it;
#   - how it is run: this script and lib.sh, the make arguments, PATH,
#     $wdir, and the environment kbuild, gcc and the kernel's scripts read
#     (ARCH, CROSS_COMPILE, the tool variables, every *FLAGS, LLVM*,
#     KBUILD_*, CHECK, W, C, V, O, LANG, LC_*, gcc's GCC_* and include
#     paths, SOURCE_DATE_EPOCH, PYTHON*, PERL*, NOBS_* but the test
#     runs' own (NOBS_KUNIT_*, NOBS_VM_*, NOBS_STRESS_*, NOBS_BOARD*,
#     NOBS_JOBS, NOBS_SERIAL: make check sets NOBS_KUNIT_PARAMS, check-full
#     does not, and the two would evict each other's builds), CCACHE_*, and
#     MAKEFLAGS without make's jobserver and -j), the checkout's path
#     written as <checkout> (the build runs outside it and reads nothing
#     from it: NOBS_ROOT, NOBS_BUILD, CCACHE_BASEDIR name the clone only).
# A failed build is never kept: a failure is always a fresh one.
# NOBS_KBUILD_CACHE=0: build every time.
slot=$NOBS_CACHE/kbuild-results/$(nobs_arch_dir)$id${test_build:+-test}
msgs=$wdir/.kbuild-messages
: >"$msgs"
say() { nobs_log "$*"; echo "$*" >>"$msgs"; }
build_key() {
	local src t cross
	set +e
	src=$(sed -n 's/^include \(.*\)\/Makefile$/\1/p' "$kdir/Makefile")
	cross=$(nobs_cross_prefix)
	{
		echo "id=$id kver=$kver kdir=$kdir dir=$wdir test=$test_build arch=$NOBS_ARCH"
		printf 'arg=%s\n' "${arch_args[@]}" "$@"
		echo "PATH=$PATH"
		env | grep -E '^(ARCH|SRCARCH|CROSS_COMPILE|CC|CPP|LD|AS|AR|NM|STRIP|OBJCOPY|OBJDUMP|READELF|HOSTCC|HOSTCXX|HOSTLD|[A-Z]*FLAGS|LLVM[A-Z_]*|KBUILD_[A-Z_]*|CHECK|CF|W|C|V|O|LANG|LC_[A-Z]*|GCC_[A-Z_]*|COMPILER_PATH|LIBRARY_PATH|C_INCLUDE_PATH|CPATH|DEPENDENCIES_OUTPUT|SUNPRO_DEPENDENCIES|SOURCE_DATE_EPOCH|PYTHON[A-Z_]*|PERL[A-Z0-9_]*|NOBS_[A-Z_]*|CCACHE_[A-Z_]*)=' |
			grep -vE '^NOBS_(KUNIT|VM|STRESS|BOARD)[A-Z_]*=|^NOBS_(JOBS|SERIAL)=' |
			sed "s|$NOBS_ROOT|<checkout>|g" | sort
		echo "MAKEFLAGS=${MAKEFLAGS:-}" | sed -E 's/ ?--jobserver-(auth|fds)=[^ ]*//g; s/ ?-j[0-9]*//g'
		sha256sum "$NOBS_ROOT/scripts/kbuild.sh" "$NOBS_ROOT/scripts/lib.sh" \
			"$NOBS_ROOT/scripts/sparse-cache.sh" | cut -d' ' -f1
		(cd "$wdir" && find . -type f ! -name .kbuild-messages -print0 | sort -z | xargs -0 sha256sum)
		# shellcheck disable=SC2086 # $src: none, or one directory
		find -L "$kdir" $src -type f ! -name '*.su' ! -name '*.ci' -printf '%p %s %C@\n' | sort
		# installed packages: a trigger pending or awaited (while another
		# job's apt-get runs man-db's) is still the same package
		dpkg-query -W -f '${db:Status-Abbrev} ${Package}:${Architecture} ${Version}\n' |
			awk '$1 ~ /^.[iWt]/ && $2 !~ /^nobs-/ { print $2, $3 }'
		for t in make gcc cc as ld objdump objcopy nm readelf ar strip sparse pahole python3 perl ccache \
			"${cross}gcc" "${cross}as" "${cross}ld" "${cross}objcopy" "${cross}objdump" "${cross}nm"; do
			t=$(command -v "$t") && stat -L -c '%n %s %Z' "$t"
		done
		[ ! -x "$NOBS_CACHE/tools/sparse/sparse" ] || sha256sum "$NOBS_CACHE/tools/sparse/sparse"
		[ ! -f "$old_mark" ] || echo "sparse-too-old"
	} 2>&1 | sha256sum | cut -d' ' -f1
}
# sparse through its result cache (scripts/sparse-cache.sh): $checker is
# Debian's, or unstable's for a kernel it is too old for (new_sparse).
checker=sparse
kbuild() {
	make -C "$kdir" M="$wdir" "${arch_args[@]}" W=1 C=1 \
		CHECK="$NOBS_ROOT/scripts/sparse-cache.sh $checker" "$@" modules >"$log" 2>&1 &&
		! grep -Eq 'warning:|error:|Error|objtool|C=1 specified, but' "$log"
}
# (riscv64: Debian 12's sparse also refuses the kernel's -march with
# extensions, "invalid argument to '-march': '_zicsr_zifencei'".)
old_sparse="C=1 specified, but .* is not available or not up to date|invalid argument to '-march'"
# A kernel found so once is remembered (in $NOBS_CACHE, per kernel and
# architecture): its builds go to unstable's sparse at once.
old_mark=$NOBS_CACHE/sparse-too-old/$(nobs_arch_dir)$kver
new_sparse() {
	checker=$("$NOBS_ROOT/scripts/sparse.sh")
	say "$id: $(sparse --version 2>&1 | head -n 1) is too old for $kver's headers: checking with $checker"
	! kbuild "$@" || ok=1
}
key=
[ "${NOBS_KBUILD_CACHE:-1}" = 0 ] || key=$(build_key "$@")
[[ $key =~ ^[0-9a-f]{64}$ ]] || key=
# (the kept tree is named by its key: a hit cannot read another key's)
if [ -n "$key" ] && [ -f "$slot/$key.tar" ] && tar -C "$wdir" -xf "$slot/$key.tar"; then
	while IFS= read -r m; do nobs_log "$m"; done <"$msgs"
	nobs_log "$id: the result of a passed build with the same key (${key:0:12}: $slot)"
	ok=1
else
	if [ -n "$key" ] && [ -f "$slot/$key.tar" ]; then
		# a kept tree that did not unpack: build from a fresh copy
		copy_sources
		: >"$msgs"
	fi
	if [ -f "$old_mark" ]; then
		new_sparse "$@"
	elif kbuild "$@"; then
		ok=1
	elif grep -Eq "$old_sparse" "$log"; then
		mkdir -p "$(dirname "$old_mark")"
		touch "$old_mark"
		make -C "$kdir" M="$wdir" clean >/dev/null 2>&1 || true
		new_sparse "$@"
	fi
	# The key was taken before the build, so a build that marked the
	# kernel for unstable's sparse keeps its result under the key the
	# next build (marked) will not have: one more build, then hits.
	if [ "$ok" = 1 ] && [ -n "$key" ]; then
		mkdir -p "$slot"
		(
			flock 9
			tar -C "$wdir" -cf "$slot/.$key.tmp" . &&
				mv "$slot/.$key.tmp" "$slot/$key.tar" &&
				find "$slot" -maxdepth 1 -name '*.tar' ! -name "$key.tar" -delete
		) 9>"$slot/.lock" || rm -f "$slot/.$key.tmp" "$slot/$key.tar"
	fi
fi
mv "$wdir" "$dst"
exec 8>&-
log=$dst/build.log
[ "$ok" = 1 ] || grep -E 'warning:|error:|Error|objtool|C=1 specified' "$log" || tail -n 30 "$log"
# The key of what $dst was built from, for what builds on it
# (stack-check.sh's call graphs).
[ "$ok" != 1 ] || [ -z "$key" ] || echo "$key" >"$dst/.kbuild-key"
nobs_add "$ok" $((1 - ok)) 0
# The exports: the names in the module's symbol table (__ksymtab_NAME) and
# modpost's Module.symvers (name, export type, namespace).
nobs_exports="nobs_cshake128_init nobs_cshake256_init nobs_kmac128_init
nobs_kmac256_init nobs_kmac_final nobs_kmac_update nobs_kmac_xof_squeeze
nobs_kmac_zeroize_ctx nobs_parallelhash128_init nobs_parallelhash256_init
nobs_parallelhash_final nobs_parallelhash_update nobs_parallelhash_xof_squeeze
nobs_parallelhash_zeroize_ctx nobs_sha3_224 nobs_sha3_224_init nobs_sha3_256
nobs_sha3_256_init nobs_sha3_384 nobs_sha3_384_init nobs_sha3_512
nobs_sha3_512_init nobs_sha3_final nobs_sha3_update nobs_sha3_zeroize_ctx
nobs_shake128 nobs_shake128_init nobs_shake256 nobs_shake256_init
nobs_shake_squeeze nobs_shake_update nobs_shake_zeroize_ctx
nobs_tuplehash128_init nobs_tuplehash256_init nobs_tuplehash_add
nobs_tuplehash_final nobs_tuplehash_xof_squeeze nobs_tuplehash_zeroize_ctx"
exports_check() {
	local want got
	# shellcheck disable=SC2086
	want=$(printf '%s\n' $nobs_exports | sort)
	got=$(readelf -Ws "$dst/nobs.ko" |
		awk '$4 != "SECTION" && $8 ~ /^__ksymtab_/ { print substr($8, 11) }' | sort)
	[ "$got" = "$want" ] || { echo "  $id: the module's __ksymtab: $(tr '\n' ' ' <<<"$got")"; return 1; }
	# shellcheck disable=SC2086
	want=$(printf '%s EXPORT_SYMBOL_GPL NOBS\n' $nobs_exports | sort)
	got=$(awk '{ print $2, $4, $5 }' "$dst/Module.symvers" | sort)
	[ "$got" = "$want" ] || { echo "  $id: Module.symvers: $(tr '\n' ' ' <<<"$got")"; return 1; }
}
if [ "$ok" = 1 ] && ! grep -q '^CONFIG_KUNIT=[ym]' "$kdir/.config" 2>/dev/null; then
	if exports_check; then
		nobs_add 1 0 0
		echo "  $id: exports: the $(wc -w <<<"$nobs_exports") listed, namespace NOBS"
	else
		echo "  $id: exports differ from the list (nobs_exports, scripts/kbuild.sh): $(tr '\n' ' ' <<<"$nobs_exports")"
		nobs_add 0 1 0
	fi
fi
if [ "$ok" = 1 ] && grep -q '^CONFIG_X86_KERNEL_IBT=y' "$kdir/.config" 2>/dev/null; then
	if python3 "$NOBS_ROOT/scripts/endbr-check.py" "$dst/nobs.ko" >"$dst/endbr.log" 2>&1; then
		nobs_add 1 0 0
	else
		grep -E 'FAIL|endbr-check' "$dst/endbr.log"
		nobs_add 0 1 0
	fi
	echo "  $id: $(tail -n 1 "$dst/endbr.log")"
fi
# shellcheck disable=SC2154 # the counts of lib.sh's reporter
[ -n "$test_build" ] || nobs_record_kernel "$id" build "$nobs_n_pass" "$nobs_n_fail" 0
nobs_summary "$id ${test_build:+test }build"
