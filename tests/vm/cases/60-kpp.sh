# SPDX-License-Identifier: GPL-2.0
# The AF_ALG socket type "kpp" and the nobs-kpp tool: CSIDH-512 against the
# reference vectors (/vectors/csidh, generated with the CSIDH reference C
# code: the independent implementation), a two-process CSIDH exchange
# through the tool, every documented errno, concurrency, no unload while a
# socket is open, and no kpp but nobs's own served (the kernel's dh, ffdhe
# and ecdh key parsers trust their callers: a bind to them is refused
# before any key is sent).  CSIDH under TCG takes 1-2 s per group action:
# two vectors.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

kpp_dir=/tmp/kpp
kpp_vec=${NOBS_VECTORS:-/vectors}/csidh/csidh_testvectors.dat
mkdir -p "$kpp_dir"

# Run kpp_alg ARGS and report NAME.
kpp_run() {
	kpp_name=$1
	shift
	kpp_out=$(kpp_alg "$@" 2>&1)
	if [ $? -eq 0 ]; then
		result pass "$kpp_name" "$(echo "$kpp_out" | tail -n 1 | sed 's/^ok //')"
	else
		result fail "$kpp_name" "$(echo "$kpp_out" | grep -v '^ok' | head -n 4 | tr '\n' ' ')"
	fi
}


# The hex on the second line of a nobs-kpp file.
kpp_hex() { sed -n 2p "$1"; }

# The registration: the load line names it and nobody else had "kpp".
if dmesg | grep -q 'AF_ALG type "kpp" is provided by another module'; then
	result fail kpp-registered "another module registered AF_ALG kpp"
elif dmesg | grep 'nobs: ' | grep -q ' afalg=kpp'; then
	result pass kpp-registered
else
	result fail kpp-registered "no afalg=kpp in the load line"
fi

kpp_run kpp-errors errors
# 4 processes (twice the guest's CPUs) of one exchange each, csidh512 and
# ctidh511 two each.
kpp_run kpp-stress stress 4 1
if [ -n "${NOBS_KEEP_LOADED:-}" ]; then
	result skip kpp-unload-busy "it tries to unload nobs (nobs-selftest --reload)"
else
	kpp_run kpp-unload-busy unload
fi

# CSIDH reference vectors: "Id status Pr1 Pk1 Pk2 Ss" per line.
if [ ! -f "$kpp_vec" ]; then
	result skip kpp-csidh-vectors "no $kpp_vec"
else
	awk -F'"' '/"Id":/ { id = $3; gsub(/[^0-9]/, "", id) }
		/"Pr1":/ { pr = $4 } /"Pk1":/ { pk1 = $4 } /"Pk2":/ { pk2 = $4 }
		/"Ss":/ { ss = $4 }
		/"status":/ { print id, $4, (pr ? pr : "-"), (pk1 ? pk1 : "-"),
			      (pk2 ? pk2 : "-"), (ss ? ss : "-") }' \
		"$kpp_vec" >"$kpp_dir/vectors"
	kpp_bad=
	# Vector 1 through the tool (Pk1 and Ss), vector 2 through the
	# concurrent and busy cases below: each group action costs seconds
	# under TCG, and every reference vector runs natively in the harness
	# (tests/user test_csidh).
	grep ' valid ' "$kpp_dir/vectors" | head -n 2 >"$kpp_dir/valid"
	kpp_id=
	read -r kpp_id kpp_st kpp_pr kpp_pk1 kpp_pk2 kpp_ss <"$kpp_dir/valid"
	nobs_kpp_file "$kpp_dir/v.priv" csidh512 private "$kpp_pr"
	nobs_kpp_file "$kpp_dir/v2.pub" csidh512 public "$kpp_pk2"
	rm -f "$kpp_dir/v.pub" "$kpp_dir/v.ss"
	if ! nobs-kpp pub "$kpp_dir/v.priv" "$kpp_dir/v.pub" 2>"$kpp_dir/err" ||
	   [ "$(kpp_hex "$kpp_dir/v.pub")" != "$kpp_pk1" ]; then
		kpp_bad="$kpp_bad Pk1($kpp_id):$(cat "$kpp_dir/err")"
	fi
	if ! nobs-kpp derive "$kpp_dir/v.priv" "$kpp_dir/v2.pub" "$kpp_dir/v.ss" 2>"$kpp_dir/err" ||
	   [ "$(kpp_hex "$kpp_dir/v.ss")" != "$kpp_ss" ]; then
		kpp_bad="$kpp_bad Ss($kpp_id):$(cat "$kpp_dir/err")"
	fi
	if [ -n "$kpp_id" ] && [ -z "$kpp_bad" ]; then
		result pass kpp-csidh-vectors "vector $kpp_id: Pk1 and Ss through nobs-kpp"
	else
		result fail kpp-csidh-vectors "vector '$kpp_id';$kpp_bad"
	fi

	# A peer key the reference code rejects: refused with EINVAL.
	set -- $(grep ' invalid_public_key2 ' "$kpp_dir/vectors" | head -n 1)
	nobs_kpp_file "$kpp_dir/i.priv" csidh512 private "$3"
	nobs_kpp_file "$kpp_dir/i2.pub" csidh512 public "$5"
	rm -f "$kpp_dir/i.ss"
	nobs-kpp derive "$kpp_dir/i.priv" "$kpp_dir/i2.pub" "$kpp_dir/i.ss" 2>"$kpp_dir/err"
	kpp_rc=$?
	if [ $kpp_rc -eq 1 ] && grep -q 'Invalid argument' "$kpp_dir/err" &&
	   [ ! -e "$kpp_dir/i.ss" ]; then
		result pass kpp-csidh-invalid "vector $1 refused: EINVAL, no output"
	else
		result fail kpp-csidh-invalid "vector $1: exit $kpp_rc $(cat "$kpp_dir/err")"
	fi

	# Vector 1's secret with the peer key in pieces and by splice.
	kpp_run kpp-csidh-pieces csidh-ss "$kpp_pr" "$kpp_pk2" "$kpp_ss"
	# Vector 2 through 4 op sockets of one parent, at once.
	set -- $(sed -n 2p "$kpp_dir/valid")
	kpp_run kpp-csidh-concurrent csidh-kat "$3" "$4"
	# A running request holds no lock others wait on: EBUSY at once.
	kpp_out=$(kpp_alg busy "$3" "$4" 2>&1)
	case $? in
	0) result pass kpp-busy "$(echo "$kpp_out" | tail -n 1 | sed 's/^ok //')" ;;
	77) result skip kpp-busy "$(echo "$kpp_out" | tail -n 1)" ;;
	*) result fail kpp-busy "$(echo "$kpp_out" | grep -v '^ok' | head -n 4 | tr '\n' ' ')" ;;
	esac
fi

# The kpps the type serves (algif_kpp.c): nobs's csidh512, csidh1024,
# ctidh511, ctidh512, ctidh1024 and ctidh2048, by name or driver, and no other.  First, with the kernel's dh and ecdh
# modules unloaded: a bind to their names is refused without loading them
# (nothing is looked up; nobs-selftest without --reload unloads nothing,
# and tests that with what is loaded).  Then with the kernel's other kpps loaded, so that
# there is something to refuse: every name and driver of theirs in
# /proc/crypto, and the keys of the known over-reads (kpp_alg foreign).
kpp_mods="curve25519-generic curve25519-x86_64 ecdh_generic dh_generic"
for kpp_m in $kpp_mods; do
	[ -n "${NOBS_KEEP_LOADED:-}" ] || rmmod "$kpp_m" 2>/dev/null
done
kpp_before=$(awk '{ print $1 }' /proc/modules | sort | paste -sd ' ')
kpp_got=$(afalg_bind kpp dh ffdhe2048\(dh\) ecdh-nist-p256 curve25519 | awk '$2 != "ENOENT"')
kpp_after=$(awk '{ print $1 }' /proc/modules | sort | paste -sd ' ')
if [ -n "$kpp_got" ]; then
	result fail kpp-refused-unloaded "$(echo "$kpp_got" | tr '\n' ' ')"
elif [ "$kpp_before" != "$kpp_after" ]; then
	result fail kpp-refused-unloaded "a bind loaded modules: $kpp_before -> $kpp_after"
else
	result pass kpp-refused-unloaded "ENOENT, no module loaded"
fi
for kpp_m in $kpp_mods; do
	modprobe -q "$kpp_m" 2>/dev/null
done
kpp_served=" csidh512 csidh1024 ctidh511 ctidh512 ctidh1024 ctidh2048 "
kpp_yes= kpp_no=
for kpp_nd in $(awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^module/ { m = $3 }
		/^type/ { if ($3 == "kpp") print n "|" d "|" m }' /proc/crypto | sort -u); do
	kpp_n=${kpp_nd%%|*} kpp_m=${kpp_nd##*|} kpp_d=${kpp_nd#*|}
	kpp_d=${kpp_d%|*}
	case "$kpp_served" in
	*" $kpp_n "*) [ "$kpp_m" = nobs ] && kpp_yes="$kpp_yes $kpp_n $kpp_d" && continue ;;
	esac
	kpp_no="$kpp_no $kpp_n $kpp_d"
done
kpp_got=$(afalg_bind kpp $kpp_yes | awk '$2 != "ok"')
if [ -z "$kpp_got" ]; then
	result pass kpp-served "$(echo $kpp_yes | wc -w) names and drivers bind"
else
	result fail kpp-served "$(echo "$kpp_got" | tr '\n' ' ')"
fi
if [ -z "$kpp_no" ]; then
	result skip kpp-refused "no kpp but nobs's in this kernel"
else
	kpp_got=$(afalg_bind kpp $kpp_no | awk '$2 != "ENOENT"')
	if [ -z "$kpp_got" ]; then
		result pass kpp-refused "ENOENT:$kpp_no"
	else
		result fail kpp-refused "$(echo "$kpp_got" | tr '\n' ' ')"
	fi
fi
kpp_run kpp-foreign-keys foreign $kpp_no

# A CSIDH exchange between two processes through the tool.
cd "$kpp_dir" || true
rm -f alice.* bob.*
if nobs-kpp keygen alice.priv && nobs-kpp keygen bob.priv; then
	nobs-kpp pub alice.priv alice.pub 2>alice.err &
	kpp_pid=$!
	nobs-kpp pub bob.priv bob.pub 2>bob.err
	kpp_rb=$?
	wait $kpp_pid
	kpp_ra=$?
	if [ $kpp_ra -eq 0 ] && [ $kpp_rb -eq 0 ]; then
		nobs-kpp derive alice.priv bob.pub alice.ss 2>alice.err &
		kpp_pid=$!
		nobs-kpp derive bob.priv alice.pub bob.ss 2>bob.err
		kpp_rb=$?
		wait $kpp_pid
		kpp_ra=$?
	fi
	kpp_mode=$(stat -c %a alice.priv)
	if [ $kpp_ra -ne 0 ] || [ $kpp_rb -ne 0 ]; then
		result fail kpp-tool-csidh "$(cat alice.err bob.err)"
	elif [ "$kpp_mode" != 600 ]; then
		result fail kpp-tool-csidh "private key mode $kpp_mode"
	elif ! cmp -s alice.ss bob.ss ||
	     [ "$(kpp_hex alice.ss | wc -c)" -ne 129 ] ||
	     [ "$(sed -n 1p alice.ss)" != "nobs-kpp csidh512 shared" ]; then
		result fail kpp-tool-csidh "secrets differ or malformed: $(cat alice.ss bob.ss | tr '\n' ' ')"
	elif cmp -s alice.pub bob.pub; then
		result fail kpp-tool-csidh "equal public keys"
	else
		result pass kpp-tool-csidh "two processes, equal 64-byte secrets"
	fi
else
	result fail kpp-tool-csidh "keygen failed"
fi

# The tool's refusals: exit 1 with the reason, or 2 for bad usage.
kpp_bad=
nobs-kpp keygen alice.priv 2>err; [ $? -eq 1 ] && grep -q 'File exists' err || kpp_bad="$kpp_bad overwrite"
nobs-kpp -f keygen alice.priv 2>err || kpp_bad="$kpp_bad -f"
chmod 644 bob.priv
nobs-kpp pub bob.priv 2>err >/dev/null; [ $? -eq 1 ] && grep -q 'readable by others' err || kpp_bad="$kpp_bad mode"
nobs_kpp_file c1024.pub csidh1024 public "$(printf '%0256d' 0)"
nobs-kpp derive alice.priv c1024.pub 2>err >/dev/null; [ $? -eq 1 ] && grep -q 'expected csidh512' err || kpp_bad="$kpp_bad mixed"
nobs-kpp derive alice.priv alice.priv 2>err >/dev/null; [ $? -eq 1 ] || kpp_bad="$kpp_bad kind"
nobs-kpp -a no-such keygen x.priv 2>err; [ $? -eq 2 ] || kpp_bad="$kpp_bad alg"
nobs-kpp -a ecdh-nist-p256 keygen x.priv 2>err; [ $? -eq 2 ] || kpp_bad="$kpp_bad ecdh"
nobs-kpp frobnicate 2>err; [ $? -eq 2 ] || kpp_bad="$kpp_bad usage"
nobs-kpp pub 2>err; [ $? -eq 2 ] || kpp_bad="$kpp_bad args"
nobs-kpp -h | grep -q 'usage: nobs-kpp' || kpp_bad="$kpp_bad help"
if [ -z "$kpp_bad" ]; then
	result pass kpp-tool-errors
else
	result fail kpp-tool-errors "$kpp_bad"
fi
cd /
