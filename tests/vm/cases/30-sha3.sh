# SPDX-License-Identifier: GPL-2.0
# SHA-3 family through AF_ALG: shake128/256, cshake128/256, kmac128/256
# (and sha3-* where a fast permutation registered them).
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

sha3_vec=${NOBS_VECTORS:-/vectors}

for sha3_a in shake128 shake256 cshake128 cshake256 kmac128 kmac256; do
	if grep -q "^driver *: $sha3_a-nobs-" /proc/crypto; then
		result pass "sha3-registered-$sha3_a"
	else
		result fail "sha3-registered-$sha3_a" "no $sha3_a-nobs-* in /proc/crypto"
	fi
done

# Our own AF_ALG client: vectors, MSG_MORE parts, accept() clones, keys.
if command -v sha3_alg >/dev/null 2>&1; then
	sha3_alg check "$sha3_vec" >/tmp/sha3_alg.out 2>&1
	echo "exit $?" >>/tmp/sha3_alg.out
	while read -r sha3_st sha3_name sha3_why; do
		case $sha3_st in
		pass | fail | skip) result "$sha3_st" "sha3-$sha3_name" "$sha3_why" ;;
		exit) [ "$sha3_name" = 0 ] || result fail sha3-alg-exit "$sha3_name" ;;
		*) result fail sha3-alg-output "$sha3_st $sha3_name $sha3_why" ;;
		esac
	done </tmp/sha3_alg.out
else
	result fail sha3-alg "no sha3_alg program"
fi

# kcapi-dgst (libkcapi) as a second client.
# sha3_kcapi NAME ALG EXPECTED_HEX [KEY_HEX] < message
sha3_kcapi() {
	if [ -n "$4" ]; then
		sha3_alg unhex "$4" >/tmp/sha3.key
		sha3_got=$(kcapi-dgst -c "$2" --hex --keyfd 3 3</tmp/sha3.key 2>&1)
	else
		sha3_got=$(kcapi-dgst -c "$2" --hex 2>&1)
	fi
	if [ "$sha3_got" = "$3" ]; then
		result pass "$1"
	else
		result fail "$1" "got '$sha3_got'"
	fi
}

if command -v kcapi-dgst >/dev/null 2>&1; then
	# FIPS 202 / CAVP SHAKE128ShortMsg Len = 0, first 32 output bytes.
	sha3_kcapi sha3-kcapi-shake128-empty shake128 \
		7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26 </dev/null
	# CAVP SHAKE256ShortMsg: the first vector with Len = 8 (prefix of its output).
	tr -d '\r' <$sha3_vec/shake_cavp/SHAKE256ShortMsg.rsp | grep -A2 '^Len = 8$' >/tmp/sha3.vec
	sha3_m=$(sed -n 's/^Msg = //p' /tmp/sha3.vec)
	sha3_e=$(sed -n 's/^Output = //p' /tmp/sha3.vec)
	sha3_alg unhex "$sha3_m" >/tmp/sha3.msg
	sha3_got=$(kcapi-dgst -c shake256 --hex </tmp/sha3.msg 2>&1)
	case $sha3_got in
	"$sha3_e"*) result pass sha3-kcapi-shake256-len8 ;;
	*) result fail sha3-kcapi-shake256-len8 "got '$sha3_got' want prefix '$sha3_e'" ;;
	esac
	# SP 800-185 cSHAKE128 sample 1 (S = "Email Signature") and KMAC128 sample 1.
	sha3_alg unhex 00010203 >/tmp/sha3.msg
	sha3_kcapi sha3-kcapi-cshake128-sample1 cshake128 \
		c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5 \
		456d61696c205369676e6174757265 </tmp/sha3.msg
	sha3_kcapi sha3-kcapi-kmac128-sample1 kmac128 \
		e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e \
		404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f </tmp/sha3.msg
else
	result skip sha3-kcapi "kcapi-dgst not in the guest"
fi
