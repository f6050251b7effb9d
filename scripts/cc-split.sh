#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# cc-split.sh CC ARGS...: run "CC ARGS..." so that the compiler cache can keep
# its work.  A command that compiles and links several sources at once
# (the userspace harness's and the fuzzers' rules: "-o prog a.c b.c b.S
# -lcrypto") is one ccache cannot cache; here each source is compiled
# alone (-c, the same flags) into PROG.objs/, and the link is the same
# command with the objects in place of the sources.  Anything else
# (one source, -c, -E, coverage builds, whose .gcno names follow the
# command) runs as it is.  Used where scripts/lib.sh turned ccache on.
# The link leaves out the assembler's flags (-Wa,...): it assembles
# nothing, and clang warns that they went unused.
set -euo pipefail

cc=$1
shift
# One pass: the output, the number of sources, and the compile flags
# (everything but the output, the sources and what only the link takes).
out= srcs=0 cflags=() prev=
for a in "$@"; do
	if [ "$prev" = -o ]; then
		out=$a prev=
		continue
	fi
	prev=$a
	case $a in
	-c | -E | -S | -M | -MM | --coverage | -fprofile-arcs | -fprofile-instr-generate) exec "$cc" "$@" ;;
	*.c | *.S | *.s) srcs=$((srcs + 1)) ;;
	-o | *.o | *.a | -l* | -L* | -Wl,* | -static) ;;
	*) cflags+=("$a") ;;
	esac
done
[ "$srcs" -ge 2 ] && [ -n "$out" ] || exec "$cc" "$@"

objs=$out.objs
rm -rf "$objs"
mkdir -p "$objs"
link=() n=0 prev=
for a in "$@"; do
	case $a in
	*.c | *.S | *.s)
		if [ "$prev" != -o ]; then
			n=$((n + 1))
			o=$objs/$n-$(basename "${a%.*}").o
			"$cc" "${cflags[@]}" -c "$a" -o "$o"
			a=$o
		fi
		;;
	-Wa,*) prev=$a; continue ;;
	esac
	link+=("$a")
	prev=$a
done
exec "$cc" "${link[@]}"
