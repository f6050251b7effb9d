# SPDX-License-Identifier: GPL-2.0
# Demo: a CSIDH-512 key exchange from user space, through the AF_ALG socket
# type "kpp" and the nobs-kpp tool.  Alice and Bob are two processes; each
# private key stays in a 0600 file and in the kernel.
echo
echo "==> CSIDH-512 key exchange through AF_ALG \"kpp\" (nobs-kpp; about 1-2 s per step under emulation)"
mkdir -p /tmp/demo-kpp && cd /tmp/demo-kpp || return
rm -f alice.* bob.*
d_ok=1
echo '    $ nobs-kpp keygen alice.priv; nobs-kpp keygen bob.priv'
nobs-kpp keygen alice.priv && nobs-kpp keygen bob.priv || d_ok=0
printf '    alice.priv: %s\n' "$(ls -l alice.priv | awk '{ print $1 }')"
echo '    $ nobs-kpp pub alice.priv alice.pub & nobs-kpp pub bob.priv bob.pub'
nobs-kpp pub alice.priv alice.pub &
d_pid=$!
nobs-kpp pub bob.priv bob.pub || d_ok=0
wait $d_pid || d_ok=0
printf '    alice.pub: %s (%s...)\n' "$(sed -n 1p alice.pub)" "$(sed -n 2p alice.pub | cut -c1-32)"
echo '    $ nobs-kpp derive alice.priv bob.pub alice.ss & nobs-kpp derive bob.priv alice.pub bob.ss'
nobs-kpp derive alice.priv bob.pub alice.ss &
d_pid=$!
nobs-kpp derive bob.priv alice.pub bob.ss || d_ok=0
wait $d_pid || d_ok=0
printf '    Alice: %s\n    Bob:   %s\n' "$(sed -n 2p alice.ss)" "$(sed -n 2p bob.ss)"
if [ $d_ok = 1 ] && cmp -s alice.ss bob.ss; then
	echo "    the 64-byte shared secrets are equal"
	result pass demo-kpp
else
	echo "    the exchange failed"
	result fail demo-kpp
fi
cd /
