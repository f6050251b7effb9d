# SPDX-License-Identifier: GPL-2.0
# Demo: the AES-256 CTR_DRBG (no df) through AF_ALG.
d_drv=nobs_ctr_drbg_aes256_nodf
d_std=$(awk -F': ' '/^name/{n=$2} /^driver/{d=$2} /^priority/{if (n == "stdrng" && $2 > best) {best = $2; b = d}} END{print b}' /proc/crypto)
d_name=$(awk -F': ' -v drv="$d_drv" '/^name/{n=$2} /^driver/{if ($2 == drv) print n}' /proc/crypto | head -n 1)
echo
case $d_name in
stdrng)
	echo "==> CTR_DRBG through AF_ALG (driver $d_drv, registered as an stdrng below the kernel's)"
	printf '    the system default stdrng stays the kernel'"'"'s: %s\n' "$d_std" ;;
"")
	echo "==> CTR_DRBG through AF_ALG: $d_drv is not registered (see dmesg)" ;;
*)
	echo "==> CTR_DRBG through AF_ALG (driver $d_drv, registered under its own name $d_name)"
	if [ -z "$d_std" ]; then
		echo "    this kernel has no stdrng (Linux 7.2 removed CTR_DRBG; Debian's 7.x build no DRBG):"
	else
		echo "    this kernel's stdrng, $d_std, ranks too low to stand in front of:"
	fi
	echo "    nobs does not become the system's stdrng; use it by its name" ;;
esac
printf '    32 random bytes (kcapi-rng, seeded from the kernel RNG): %s\n' \
	"$(kcapi-rng -n "$d_drv" -b 32 --hex </dev/null 2>&1)"
if drbg_alg pqc /vectors/ctr_drbg/pqc_kat_drbg_seeds.txt 100 >/tmp/demo.pqc 2>&1; then
	echo "    seeded with 00 01 .. 2f: 100 outputs of 48 bytes equal the NIST PQC KAT 'seed =' lines"
	result pass demo-drbg-pqc
else
	echo "    PQC KAT outputs differ:"
	sed 's/^/      /' /tmp/demo.pqc
	result fail demo-drbg-pqc
fi
