# SPDX-License-Identifier: GPL-2.0
# Autoloading: with nobs installed in the guest's module tree and depmod
# run, binding an AF_ALG socket to shake256 while nobs is not loaded makes
# the kernel load it (MODULE_ALIAS_CRYPTO).  Leaves nobs loaded.  On a
# board's system the package installed it already (DKMS ran depmod): that
# is the copy the kernel must find; else it is copied to extra/ here.
# nobs-selftest: --reload only (it unloads nobs).
if rmmod nobs; then
	result pass autoload-unloaded
else
	result fail autoload-unloaded "rmmod nobs failed"
fi
al_installed=$(modinfo -n nobs 2>/dev/null)
if [ -n "$al_installed" ]; then
	result pass autoload-depmod "installed: $al_installed"
else
	mkdir -p "/lib/modules/$KVER/extra"
	cp "$NOBS_KO" "/lib/modules/$KVER/extra/nobs.ko"
	check autoload-depmod /sbin/depmod -a "$KVER"
fi
if grep -q 'crypto-shake256' "/lib/modules/$KVER/modules.alias"; then
	result pass autoload-alias
else
	result fail autoload-alias "no crypto-shake256 in modules.alias"
fi
# FIPS 202 / CAVP SHAKE256ShortMsg Len = 0, first 64 bytes of output.
al_want=46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be
al_got=$(kcapi-dgst -c shake256 --hex </dev/null 2>&1)
if [ "$al_got" = "$al_want" ]; then
	result pass autoload-shake256-digest
else
	result fail autoload-shake256-digest "got '$al_got'"
fi
if grep -q '^nobs ' /proc/modules; then
	result pass autoload-loaded
else
	result fail autoload-loaded "nobs not loaded by the bind"
	modload "$NOBS_KO" $NOBS_PARAMS
fi
# A stale copy must not be picked up by later cases or the reload step.
if [ -z "$al_installed" ]; then
	rm -f "/lib/modules/$KVER/extra/nobs.ko"
	/sbin/depmod -a "$KVER"
fi
