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

# What this kernel does with AF_ALG, and what the demo changed.
echo
echo "==> AF_ALG on $(uname -r)"
d_now=$(cat /proc/sys/crypto/af_alg_restrict 2>/dev/null || true)
case $NOBS_AF_ALG_RESTRICT_DEFAULT in
"")
	echo "    no crypto.af_alg_restrict here (before 7.3): every user may bind every algorithm, nobs's too" ;;
0)
	echo "    crypto.af_alg_restrict is 0 at boot: every user may bind every algorithm, nobs's too" ;;
*)
	echo "    crypto.af_alg_restrict is $NOBS_AF_ALG_RESTRICT_DEFAULT at boot: this kernel restricts AF_ALG"
	echo "    (1: only its own allowlists, so binding shake128 or the DRBG gives ENOENT even as root;"
	echo "    nobs's kpp type keeps csidh512 and csidh1024; 2: no AF_ALG at all)."
	echo "    The demo set it to $d_now for its AF_ALG steps below; on your system, as root:"
	echo "        sysctl crypto.af_alg_restrict=0   # every algorithm to every user again, as before 7.3"
	echo "    In-kernel users (crypto_alloc_shash() and friends) need nothing: the policy is AF_ALG's only." ;;
esac
result pass demo-module
