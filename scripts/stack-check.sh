#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# stack-check.sh [ARCH...]: the worst-case stack depth of the CSIDH and
# CTIDH group actions (nobs_csidh512_action(), nobs_csidh1024_action(),
# nobs_ctidh511/512/1024/2048_action(), their state in the workspace as
# theirs), which must stay at or below 2048 bytes, and of the peer key's
# validation (the same limit; ctidh511/512 validate with csidh512's,
# ctidh1024 with csidh1024's, ctidh2048 with csidh2048.c's, the CSIDH
# engine's validation alone), and of the CTIDH-2048 field's functions
# that call others (nobs_fp2048_pow() with its window table, inv,
# is_square, the Montgomery conversions), on each architecture
# (default x86_64 arm64 riscv64 ppc64le): nobs.ko is built
# by scripts/kbuild.sh (x86_64 against 6.12, the others cross-built
# against Debian 13's kernel) with GCC's -fcallgraph-info=su, and
# scripts/stack-depth.py sums the frames along the deepest path of the
# call graph.  Assembly frames (the field's mul/sqr/add/sub) are not in
# the graph: each counts as the bound given below (its pushes, its "sub
# sp" reserve and the return address, rounded up: fp1024's x86-64 mul
# reserves 272 bytes and pushes five registers, arm64's 208; fp2048's
# 344 and five registers, arm64's 464; the 512-bit IFMA
# code 320, %rbp and a 32-byte alignment, the 1024-bit one 448 (the
# squaring 384) and the same), the kernel's FPU/NEON section calls as
# 256 bytes, and the core's callbacks (random, yield: the caller's) as 0.
# Prints "stack depth: N passed, N failed" per architecture.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

rc=0
for arch in "${@:-x86_64 arm64 riscv64 ppc64le}"; do
	for a in $arch; do
		id=trixie
		[ "$a" != x86_64 ] || id=6.12
		export NOBS_ARCH=$a
		dir=$NOBS_BUILD/kmod/$(nobs_arch_dir)$id
		kdir=$(nobs_kdir "$(nobs_kernel_id "$id")")
		read -ra args <<<"$(nobs_kbuild_args "$kdir")"
		cores=(isogeny/csidh512.o isogeny/csidh1024.o isogeny/csidh2048.o
		       isogeny/ctidh511.o isogeny/ctidh512.o isogeny/ctidh1024.o
		       isogeny/ctidh2048.o isogeny/fp.o isogeny/fp512.o
		       isogeny/fp1024.o isogeny/fp2048.o)
		# The cores again, each with its call graph beside it
		# (isogeny/<core>.ci), in one make, past the compiler cache (a
		# hit writes the object, never the graph).
		ok=1
		"$NOBS_ROOT/scripts/kbuild.sh" "$id" >/dev/null || ok=
		# The graphs are kept ($NOBS_CACHE/stack-check, the newest
		# per architecture) under the key of kbuild.sh's build they
		# come from (its sources, kernel tree, tools and environment:
		# kbuild.sh's result cache) and of this script (the
		# compiles' arguments): with the same key, the compiles would
		# write the same graphs.  stack-depth.py reads them every time.
		ckey=
		if [ -n "$ok" ] && [ -s "$dir/.kbuild-key" ]; then
			ckey=$({ cat "$dir/.kbuild-key"; sha256sum "$0"; } | sha256sum | cut -d' ' -f1)
		fi
		cslot=$NOBS_CACHE/stack-check/$a
		if [ -n "$ckey" ] && [ -d "$cslot/$ckey" ]; then
			cp "$cslot/$ckey"/*.ci "$dir/isogeny/" || ok=
			[ -z "$ok" ] || echo "== $a: the call graphs of a build with the same key (${ckey:0:12}: $cslot)" >&2
		else
			if [ -n "$ok" ]; then
				rm -f "$dir"/isogeny/*.ci "${cores[@]/#/$dir/}"
				CCACHE_DISABLE=1 make -C "$kdir" M="$dir" "${args[@]}" \
					KCFLAGS=-fcallgraph-info=su "${cores[@]}" \
					>>"$dir/stack-check.log" 2>&1 || ok=
				# (the feature probes, -fsyntax-only with the
				# kernel's flags and these, leave their graphs,
				# a-<probe>.ci, in the kernel tree: make's cwd)
				rm -f "$kdir"/a-*.ci
				for o in "${cores[@]}"; do
					[ -s "$dir/${o%.o}.ci" ] || ok=
				done
			fi
			if [ -n "$ok" ] && [ -n "$ckey" ]; then
				rm -rf "$cslot"
				mkdir -p "$cslot/.$ckey"
				# every graph stack-depth.py reads
				cp "$dir"/isogeny/*.ci "$cslot/.$ckey/"
				mv "$cslot/.$ckey" "$cslot/$ckey"
			fi
		fi
		if [ -z "$ok" ]; then
			echo "  FAIL  $a: the build against $id failed"
			echo "stack depth ($a): 0 passed, 1 failed"
			rc=1
			continue
		fi
		asm=(-a 'nobs_fp2048_*=512' -a 'nobs_fp1024_*_ifma=512'
		     -a 'nobs_fp1024_*=384' -a 'nobs_fp512_*_ifma=384'
		     -a 'nobs_fp512_*=256' -a 'kernel_fpu_*=256'
		     -a 'kernel_neon_*=256' -a 'irq_fpu_usable=64'
		     -a 'may_use_simd=64' -a '__indirect_call=0')
		echo "== $a: the group action (limit 2048 bytes)"
		python3 "$NOBS_ROOT/scripts/stack-depth.py" -l 2048 \
			-r nobs_csidh512_action -r nobs_csidh1024_action \
			-r nobs_ctidh511_action -r nobs_ctidh512_action \
			-r nobs_ctidh1024_action -r nobs_ctidh2048_action \
			"${asm[@]}" "$dir/isogeny" ||
			rc=1
		# The validation walks its product tree with a stack in the
		# workspace: no recursion left for the graph to miss.
		for v in nobs_csidh512_validate nobs_csidh1024_validate \
			 nobs_csidh2048_validate; do
			echo "== $a: $v (limit 2048 bytes)"
			python3 "$NOBS_ROOT/scripts/stack-depth.py" -l 2048 \
				-r $v "${asm[@]}" "$dir/isogeny" || rc=1
		done
		echo "== $a: the CTIDH-2048 field (limit 2048 bytes)"
		python3 "$NOBS_ROOT/scripts/stack-depth.py" -l 2048 \
			-r nobs_fp2048_pow -r nobs_fp2048_inv \
			-r nobs_fp2048_is_square -r nobs_fp2048_to_mont \
			-r nobs_fp2048_from_mont "${asm[@]}" "$dir/isogeny" ||
			rc=1
	done
done
exit $rc
