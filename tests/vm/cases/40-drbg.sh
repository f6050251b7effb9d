# SPDX-License-Identifier: GPL-2.0
# AES-256 CTR_DRBG (no df) through AF_ALG: rng "nobs_ctr_drbg_aes256_nodf".
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

drbg_drv=nobs_ctr_drbg_aes256_nodf
drbg_vec=${NOBS_VECTORS:-/vectors}/ctr_drbg

# Run drbg_alg ARGS and report NAME: exit 0 pass, 77 skip, else fail.
drbg_run() {
	drbg_name=$1
	shift
	drbg_out=$(drbg_alg "$@" 2>&1)
	drbg_rc=$?
	case $drbg_rc in
	0) result pass "$drbg_name" ;;
	77) result skip "$drbg_name" "$(echo "$drbg_out" | tail -n 1)" ;;
	*) result fail "$drbg_name" "$(echo "$drbg_out" | tail -n 3 | tr '\n' ' ')" ;;
	esac
}

# Priority of every stdrng driver in /proc/crypto as "driver priority".
drbg_stdrngs() {
	awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { p = $3 }
	     /^$/ { if (n == "stdrng") print d, p; n = "" }
	     END { if (n == "stdrng") print d, p }' /proc/crypto
}

if ! grep -q "^driver *: $drbg_drv\$" /proc/crypto; then
	result fail drbg-registered "$drbg_drv not in /proc/crypto"
else
	result pass drbg-registered

	# The rule (drbg/drbg_glue.c): "stdrng" only below a kernel stdrng
	# that outranks it, its own driver name where none does; never the
	# default RNG either way.
	drbg_cra=$(awk -v d="$drbg_drv" '/^name/ { n = $3 }
		/^driver/ { if ($3 == d) print n }' /proc/crypto)
	drbg_best=$(drbg_stdrngs | awk -v d="$drbg_drv" \
		'$1 != d && $2 > m { m = $2 } END { print m + 0 }')
	# (one line per load: earlier cases load the module again)
	drbg_own=$(dmesg | grep -c "nobs: no kernel stdrng above priority 50: $drbg_drv registered under its own name, not as stdrng")
	case "$drbg_cra" in
	stdrng)
		drbg_ours=$(drbg_stdrngs | awk -v d="$drbg_drv" '$1 == d { print $2 }')
		if [ "$drbg_best" -gt "$drbg_ours" ] && [ "$drbg_own" -eq 0 ]; then
			result pass drbg-not-default "stdrng at $drbg_ours below the kernel's at $drbg_best"
		else
			result fail drbg-not-default "ours $drbg_ours, best other stdrng $drbg_best, own-name lines $drbg_own"
		fi
		;;
	"$drbg_drv")
		# No kernel stdrng above ours, so none is the default; asking
		# for "stdrng" never reaches ours (ENOENT where none exists).
		drbg_std=$(afalg_bind rng stdrng | awk '{ print $2 }')
		drbg_any=$(drbg_stdrngs | grep -c .)
		if [ "$drbg_best" -le 50 ] && [ "$drbg_own" -ge 1 ] &&
		   { [ "$drbg_any" -gt 0 ] || [ "$drbg_std" = ENOENT ]; }; then
			result pass drbg-own-name "no kernel stdrng: registered as $drbg_drv only; bind to stdrng: $drbg_std"
		else
			result fail drbg-own-name "best other stdrng $drbg_best, own-name lines $drbg_own, bind to stdrng: $drbg_std"
		fi
		;;
	*)
		result fail drbg-not-default "cra_name '$drbg_cra'"
		;;
	esac

	if [ -d "$drbg_vec" ]; then
		drbg_run drbg-cavp-instantiate cavp "$drbg_vec/CTR_DRBG_pr_false_AES256_nodf.txt"
		drbg_run drbg-pqc-kat pqc "$drbg_vec/pqc_kat_drbg_seeds.txt"
		drbg_run drbg-parallel-sockets pqc "$drbg_vec/pqc_kat_drbg_seeds.txt" 4
	else
		result skip drbg-cavp-instantiate "no ${NOBS_VECTORS:-/vectors}"
		result skip drbg-pqc-kat "no ${NOBS_VECTORS:-/vectors}"
		result skip drbg-parallel-sockets "no ${NOBS_VECTORS:-/vectors}"
	fi
	drbg_run drbg-bad-seed-einval badseed

	# kcapi-rng seeds the DRNG with 48 bytes of getrandom() (its stdin
	# seeding goes through fgets(), so it cannot carry a binary KAT seed).
	if command -v kcapi-rng >/dev/null 2>&1; then
		drbg_hex=$(kcapi-rng -n "$drbg_drv" -b 1000 --hex </dev/null 2>&1)
		drbg_hex2=$(kcapi-rng -n "$drbg_drv" -b 1000 --hex </dev/null 2>&1)
		if [ ${#drbg_hex} -eq 2000 ] && [ ${#drbg_hex2} -eq 2000 ] &&
		   [ "$drbg_hex" != "$drbg_hex2" ]; then
			result pass drbg-kcapi-rng
		else
			result fail drbg-kcapi-rng "got ${#drbg_hex}/${#drbg_hex2} hex digits: $(echo "$drbg_hex" | head -c 200)"
		fi
	else
		result skip drbg-kcapi-rng "kcapi-rng not in the guest"
	fi

	drbg_iv=$(cat /sys/module/nobs/parameters/drbg_reseed_interval 2>/dev/null)
	if [ -n "$drbg_iv" ] && [ "$drbg_iv" -le 100000 ]; then
		drbg_run drbg-reseed-interval interval
	else
		result skip drbg-reseed-interval "drbg_reseed_interval=$drbg_iv: run with -p drbg_reseed_interval=1000"
	fi
fi
