// SPDX-License-Identifier: GPL-2.0
/*
 * csidh_ref_fresh: fresh CSIDH-1024 keys and their results from the CSIDH
 * reference implementation's p1024 code, for the VM case that compares
 * nobs's csidh1024 with it (tests/vm/cases/65-csidh1024.sh).  Built
 * outside the project, against the reference's own headers and objects,
 * by scripts/csidh-ref.sh; run on the host by tests/vm/run-vm.sh.
 *
 * Prints one line: Pr_a Pk_a Pk_b Ss in hex, where Pr_a and Pr_b are new
 * private keys from the reference's csidh_private() (/dev/urandom), Pk_x
 * the reference's public keys of them, Ss the reference's secret of Pr_a
 * with Pk_b.  The encodings are the reference's structures as they lie in
 * memory (on a little-endian host: the kpp's).
 */
#include <stdio.h>
#include <stdlib.h>

#include "csidh.h"

static void hex(const void *p, size_t n, const char *end)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		printf("%02x", b[i]);
	fputs(end, stdout);
}

int main(void)
{
	private_key a, b;
	public_key pa, pb, ss;

	csidh_private(&a);
	csidh_private(&b);
	if (!csidh(&pa, &base, &a) || !csidh(&pb, &base, &b) ||
	    !csidh(&ss, &pb, &a)) {
		fprintf(stderr, "csidh_ref_fresh: the reference refused a key\n");
		return 1;
	}
	hex(&a, sizeof(a), " ");
	hex(&pa, sizeof(pa), " ");
	hex(&pb, sizeof(pb), " ");
	hex(&ss, sizeof(ss), "\n");
	return 0;
}
