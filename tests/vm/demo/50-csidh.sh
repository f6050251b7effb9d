# SPDX-License-Identifier: GPL-2.0
# Demo: CSIDH-512 in the kernel: at load nobs checks a reference vector's
# shared secret through crypto_alloc_kpp() transforms and has them refuse
# an invalid peer key (60-kpp.sh shows an exchange from user space).
echo
echo "==> CSIDH-512 (kpp csidh512): the in-kernel self-test run at load"
dmesg | sed -n 's/^\[[ 0-9.]*\] nobs: \(csidh512.*\)$/    \1/p' | tail -n 1
if dmesg | grep -q 'csidh512-nobs-.*key exchange self-test passed'; then
	result pass demo-csidh
else
	echo "    (no key exchange line: see dmesg)"
	result fail demo-csidh
fi
