# SPDX-License-Identifier: GPL-2.0
# Demo: the SHA-3 family through AF_ALG (libkcapi's kcapi-dgst).
# Expected values: Python's hashlib and the NIST SP 800-185 examples.

# demo_dgst LABEL ALG EXPECTED [KEYHEX] < message
demo_dgst() {
	if [ -n "$4" ]; then
		sha3_alg unhex "$4" >/tmp/demo.key
		d_got=$(kcapi-dgst -c "$2" --hex --keyfd 3 3</tmp/demo.key 2>&1)
	else
		d_got=$(kcapi-dgst -c "$2" --hex 2>&1)
	fi
	if [ "$d_got" = "$3" ]; then d_ok="matches $5"; else d_ok="MISMATCH (want $3)"; fi
	printf '    %s\n        %s  (%s)\n' "$1" "$d_got" "$d_ok"
	[ "$d_got" = "$3" ] && result pass "demo-$2" || result fail "demo-$2"
}

echo
echo "==> SHA-3 family through AF_ALG (kcapi-dgst), message \"abc\" unless said"
printf abc | demo_dgst 'shake128("abc")' shake128 \
	5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8 "" hashlib
printf abc | demo_dgst 'shake256("abc")' shake256 \
	483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4 "" hashlib
sha3_alg unhex 00010203 >/tmp/demo.msg
demo_dgst 'cshake128(00010203, S="Email Signature")' cshake128 \
	c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5 \
	456d61696c205369676e6174757265 "SP 800-185 cSHAKE sample 1" </tmp/demo.msg
demo_dgst 'kmac128(key 40..5f, 00010203)' kmac128 \
	e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e \
	404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f \
	"SP 800-185 KMAC sample 1" </tmp/demo.msg
d_drv=$(sed -n 's/^driver *: \(sha3-256-nobs-.*\)$/\1/p' /proc/crypto | head -n 1)
if [ -n "$d_drv" ]; then
	printf abc | demo_dgst "sha3-256(\"abc\") by $d_drv" "$d_drv" \
		3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532 "" hashlib
else
	echo "    sha3-256: no nobs fast path on this CPU (the kernel's sha3-generic serves it)"
fi
