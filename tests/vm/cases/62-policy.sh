# SPDX-License-Identifier: GPL-2.0
# The kernel's AF_ALG policy (sysctl crypto.af_alg_restrict, 7.3) against
# every name nobs registers, and nobs's own "kpp" type following it:
#   0: every name binds, for root and for nobody;
#   1: the kernel's hash and rng allowlists hold no nobs name (ENOENT even
#      for root); the kpp type serves csidh512, csidh1024 and
#      ctidh511/512/1024/2048 to everyone, nothing else (driver names:
#      ENOENT);
#   2: no AF_ALG socket at all (EAFNOSUPPORT), the kpp type included.
# At every level the kpp type serves no kpp but nobs's (the kernel's
# ecdh, dh: ENOENT, for root too).  Nothing of it is logged.  On a kernel
# without the sysctl the kpp type behaves as level 0.  The level the guest found is restored at the end.
# It runs right after 60-kpp (no reload between them), whose binds made
# each kpp's first-use known answers: its own binds of every kpp are
# then cheap (after a reload each would run its set's group action).
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

pol_sysctl=/proc/sys/crypto/af_alg_restrict

# pol_names TYPE FIELD: the cra_names (FIELD name) or drivers (driver) of
# nobs's algorithms of crypto type TYPE (shash, rng, kpp) in /proc/crypto.
pol_names() {
	awk -v t="$1" -v f="$2" '
		/^name/ { n = $3 } /^driver/ { d = $3 } /^module/ { m = $3 }
		/^type/ { if ($3 == t && m == "nobs") print (f == "name" ? n : d) }
	' /proc/crypto | sort -u
}

# pol_expect LABEL WANT [-u] TYPE NAME...: every NAME binds with WANT
# ("ok" or an errno name).
pol_expect() {
	pol_label=$1 pol_want=$2
	shift 2
	pol_bad=$(afalg_bind "$@" 2>&1 | awk -v w="$pol_want" '$2 != w')
	if [ -z "$pol_bad" ]; then
		result pass "$pol_label"
	else
		result fail "$pol_label" "want $pol_want: $(echo "$pol_bad" | tr '\n' ' ')"
	fi
}

pol_hash="$(pol_names shash name) $(pol_names shash driver)"
pol_rng="$(pol_names rng name) $(pol_names rng driver)"
pol_kdrv=$(pol_names kpp driver)
pol_ecdh=
for pol_n in ecdh-nist-p256 ecdh-nist-p384; do
	grep -q "^name *: $pol_n\$" /proc/crypto && pol_ecdh="$pol_ecdh $pol_n"
done

if [ ! -f "$pol_sysctl" ]; then
	# No policy: the kpp type serves nobs's kpps to everyone (level 0).
	pol_expect policy-none-kpp-nobody ok -u kpp csidh512 csidh1024 ctidh511 ctidh512 ctidh1024 ctidh2048 $pol_kdrv
	pol_expect policy-none-kpp-foreign ENOENT kpp $pol_ecdh dh
	result skip policy-levels "no $pol_sysctl on this kernel"
else
	pol_saved=$(cat "$pol_sysctl")
	pol_dmesg=$(dmesg | wc -l)
	# The kernel's default, found by the guest's /init before it opened
	# AF_ALG for the other cases: 1 (restricted), as documented.
	if [ "${NOBS_AF_ALG_RESTRICT_DEFAULT:-}" = 1 ]; then
		result pass policy-default-1
	else
		result fail policy-default-1 "the kernel's default is '${NOBS_AF_ALG_RESTRICT_DEFAULT:-}'"
	fi

	echo 0 >"$pol_sysctl"
	pol_expect policy-0-hash-root ok hash $pol_hash
	pol_expect policy-0-hash-nobody ok -u hash $pol_hash
	pol_expect policy-0-rng ok rng $pol_rng
	pol_expect policy-0-kpp-root ok kpp csidh512 csidh1024 ctidh511 ctidh512 ctidh1024 ctidh2048 $pol_kdrv
	pol_expect policy-0-kpp-nobody ok -u kpp csidh512 csidh1024 ctidh511 ctidh512 ctidh1024 ctidh2048 $pol_kdrv
	pol_expect policy-0-kpp-foreign-root ENOENT kpp $pol_ecdh dh

	echo 1 >"$pol_sysctl"
	# The level is in force: the kernel's own allowlist still serves sha1.
	pol_expect policy-1-kernel-sha1 ok -u hash sha1
	pol_expect policy-1-hash-root ENOENT hash $pol_hash
	pol_expect policy-1-hash-nobody ENOENT -u hash $pol_hash
	pol_expect policy-1-rng-root ENOENT rng $pol_rng
	pol_expect policy-1-kpp-csidh512-root ok kpp csidh512
	pol_expect policy-1-kpp-csidh512-nobody ok -u kpp csidh512
	pol_expect policy-1-kpp-csidh1024-root ok kpp csidh1024
	pol_expect policy-1-kpp-csidh1024-nobody ok -u kpp csidh1024
	pol_expect policy-1-kpp-ctidh512-root ok kpp ctidh512
	pol_expect policy-1-kpp-ctidh512-nobody ok -u kpp ctidh512
	pol_expect policy-1-kpp-ctidh511-nobody ok -u kpp ctidh511
	pol_expect policy-1-kpp-ctidh1024-nobody ok -u kpp ctidh1024
	pol_expect policy-1-kpp-ctidh2048-nobody ok -u kpp ctidh2048
	pol_expect policy-1-kpp-refused-root ENOENT kpp $pol_kdrv $pol_ecdh dh no-such-kpp
	pol_expect policy-1-kpp-refused-nobody ENOENT -u kpp $pol_kdrv $pol_ecdh dh no-such-kpp
	# The allowed name works end to end: a reference vector's public key
	# (the vectors 60-kpp.sh picked).
	if [ -s /tmp/kpp/valid ]; then
		set -- $(head -n 1 /tmp/kpp/valid)
		nobs_kpp_file /tmp/pol.priv csidh512 private "$3"
		rm -f /tmp/pol.pub
		if nobs-kpp pub /tmp/pol.priv /tmp/pol.pub 2>/tmp/pol.err &&
		   [ "$(sed -n 2p /tmp/pol.pub)" = "$4" ]; then
			result pass policy-1-kpp-csidh512-vector "vector $1: Pk1 through nobs-kpp"
		else
			result fail policy-1-kpp-csidh512-vector "vector $1: $(cat /tmp/pol.err)"
		fi
	else
		result skip policy-1-kpp-csidh512-vector "no vectors picked (60-kpp.sh did not run)"
	fi

	echo 2 >"$pol_sysctl"
	pol_expect policy-2-hash EAFNOSUPPORT hash $pol_hash sha1
	pol_expect policy-2-rng EAFNOSUPPORT rng $pol_rng
	pol_expect policy-2-kpp-root EAFNOSUPPORT kpp csidh512 csidh1024 ctidh511 ctidh512 ctidh1024 ctidh2048 $pol_ecdh
	pol_expect policy-2-kpp-nobody EAFNOSUPPORT -u kpp csidh512 csidh1024 ctidh511 ctidh512 ctidh1024 ctidh2048

	echo "$pol_saved" >"$pol_sysctl"
	# The lines a bind may bring: csidh1024's and the CTIDH sets' known
	# answers, run once per load at the set's first transform (if no
	# case before made one).
	pol_new=$(dmesg | tail -n +$((pol_dmesg + 1)) |
		grep -v -E 'nobs: (csidh1024|ctidh511|ctidh512|ctidh1024|ctidh2048): known-answer self-test at first use passed$')
	if [ -z "$pol_new" ]; then
		result pass policy-nothing-logged
	else
		result fail policy-nothing-logged "$(echo "$pol_new" | head -n 3 | tr '\n' ' ')"
	fi
fi
