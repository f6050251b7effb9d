# SPDX-License-Identifier: GPL-2.0
# AF_ALG abuse of every nobs hash and rng driver (tests/vm/progs/abuse.c):
# wrong, empty, huge and unreadable keys, empty and 16 MiB messages,
# short recv buffers, MSG_MORE sequences, accept() clones, closing in the
# middle of an operation, 2000 sockets at once; the errno of each case is
# checked.  The runner checks that dmesg stays clean.
# Sourced by the guest's /init (busybox sh): report with `result`, never exit.

# Driver names of nobs in /proc/crypto, by type.
ab_drivers() {
	awk -v t="$1" '/^driver/ { d = $3 } /^module/ { m = $3 }
	     /^type/ { if ($3 == t && m == "nobs") print d }' /proc/crypto
}

ab_hash=$(ab_drivers shash)
ab_rng=$(ab_drivers rng)
ab_shake=$(echo "$ab_hash" | grep '^shake256-' | head -n 1)

ab_run() {
	abuse "$@" >/tmp/abuse.out 2>&1
	echo "exit $?" >>/tmp/abuse.out
	while read -r ab_st ab_name ab_why; do
		case $ab_st in
		pass | fail | skip) result "$ab_st" "$ab_name" "$ab_why" ;;
		cases) ab_cases=$((ab_cases + ab_name)) ab_failed=$((ab_failed + ${ab_why%% *})) ;;
		exit) [ "$ab_name" = 0 ] || [ "$ab_failed" -gt 0 ] ||
			result fail "abuse-$1-exit" "exit $ab_name" ;;
		*) result fail "abuse-output" "$ab_st $ab_name $ab_why" ;;
		esac
	done </tmp/abuse.out
}

ab_cases=0 ab_failed=0
if [ -z "$ab_hash" ] || [ -z "$ab_rng" ]; then
	result fail abuse-drivers "hash: '$ab_hash' rng: '$ab_rng'"
else
	# shellcheck disable=SC2086
	ab_run hash $ab_hash
	ab_run rng "$ab_rng"
	ab_run many "$ab_shake" 1000
	ab_run many "$ab_rng" 250
fi
echo "abuse: $ab_cases cases, $ab_failed failed"
