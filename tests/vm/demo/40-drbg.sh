# SPDX-License-Identifier: GPL-2.0
# Demo: the AES-256 CTR_DRBG (no df) through AF_ALG.
d_drv=nobs_ctr_drbg_aes256_nodf
echo
echo "==> CTR_DRBG through AF_ALG (driver $d_drv; the system's stdrng stays the kernel's own)"
printf '    system default stdrng: %s\n' \
	"$(awk -F': ' '/^name/{n=$2} /^driver/{d=$2} /^priority/{if (n == "stdrng" && $2 > best) {best = $2; b = d}} END{print b}' /proc/crypto)"
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
