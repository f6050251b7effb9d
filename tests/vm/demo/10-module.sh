# SPDX-License-Identifier: GPL-2.0
# Demo: what was loaded and what it registered.
echo
echo "==> nobs loaded into $(uname -r); the implementations it picked:"
dmesg | sed -n 's/^\[[ 0-9.]*\] nobs: \([0-9].*\)$/    \1/p' | tail -n 1
echo
echo "==> nobs algorithms in /proc/crypto (the kernel's self-test result in the last column)"
awk -F': ' '
	/^name/ { n = $2 } /^driver/ { d = $2 } /^module/ { m = $2 }
	/^priority/ { p = $2 } /^selftest/ { s = $2 }
	/^type/ { if (m == "nobs") printf "    %-10s %-34s %-8s prio %-4s selftest: %s\n", n, d, $2, p, s }
' /proc/crypto | sort
grep -q "^module *: nobs" /proc/crypto || echo "    (none yet)"
result pass demo-module
