// SPDX-License-Identifier: GPL-2.0
/*
 * The KUnit suite of one big GF(p) field (fp1024, fp2048), included by
 * kunit/fp1024_kunit.c and kunit/fp2048_kunit.c: NK_FPX(kat), one product
 * and one square with known answers for the generic C and the assembly;
 * NK_FPX(impls), the assembly against the generic C on NK_FPX_CASES
 * random elements and elements next to 0 and p, including r aliasing a.
 *
 * The instance defines the field (NOBS_FPX(name), NOBS_FPX_T,
 * NOBS_FPX_LIMBS), its prefix NK_FPX(name) (the cases' names), the suite's
 * name NK_FPX_SUITE, NK_FPX_TOP_MASK (the top limb of a random element
 * below p), NK_FPX_CASES and NK_FPX_SEED, and the known answers nk_a,
 * nk_b (p - 1), nk_ab and nk_aa, then includes this file.
 */
#if !defined(NOBS_FPX) || !defined(NOBS_FPX_T) || !defined(NOBS_FPX_LIMBS) || \
	!defined(NK_FPX) || !defined(NK_FPX_SUITE) || !defined(NK_FPX_TOP_MASK) || \
	!defined(NK_FPX_CASES) || !defined(NK_FPX_SEED)
#error "fp_big_kunit_tmpl.c: define the field, NK_FPX(name), NK_FPX_SUITE, NK_FPX_TOP_MASK, NK_FPX_CASES and NK_FPX_SEED first"
#endif

#ifdef NOBS_FP_ASM_NAME
/* Whether this CPU runs the assembly (BMI2 and ADX on x86-64). */
static bool NK_FPX(asm_usable)(void)
{
#if defined(CONFIG_X86_64)
	return boot_cpu_has(X86_FEATURE_BMI2) && boot_cpu_has(X86_FEATURE_ADX);
#elif defined(NOBS_FP_ASM_NAME)
	return true;
#else
	return false;
#endif
}
#endif

static void NK_FPX(kat)(struct kunit *test)
{
	struct NOBS_FPX_T r;

	NOBS_FPX(mul_generic)(&r, &nk_a, &nk_b);
	KUNIT_EXPECT_MEMEQ_MSG(test, &r, &nk_ab, sizeof(r), "generic mul");
	NOBS_FPX(sqr_generic)(&r, &nk_a);
	KUNIT_EXPECT_MEMEQ_MSG(test, &r, &nk_aa, sizeof(r), "generic sqr");
#ifdef NOBS_FP_ASM_NAME
	if (!NK_FPX(asm_usable)())
		kunit_skip(test, "the CPU has no BMI2/ADX for %s",
			   NOBS_FP_ASM_NAME);
	NOBS_FPX(mul_asm)(&r, &nk_a, &nk_b);
	KUNIT_EXPECT_MEMEQ_MSG(test, &r, &nk_ab, sizeof(r), "%s mul",
			       NOBS_FP_ASM_NAME);
	NOBS_FPX(sqr_asm)(&r, &nk_a);
	KUNIT_EXPECT_MEMEQ_MSG(test, &r, &nk_aa, sizeof(r), "%s sqr",
			       NOBS_FP_ASM_NAME);
#endif
}

#ifdef NOBS_FP_ASM_NAME
/* An element of [0, p): random below the top mask, p - small, 0 or 1. */
static void NK_FPX(random)(struct nk_rng *r, struct NOBS_FPX_T *a)
{
	unsigned int kind = nk_rng_below(r, 8);

	if (kind == 0) {
		*a = nk_b;				/* p - 1 */
		a->limb[0] -= nk_rng_below(r, 1000);	/* no borrow */
		return;
	}
	if (kind == 1) {
		memset(a, 0, sizeof(*a));
		a->limb[0] = nk_rng_below(r, 2);
		return;
	}
	nk_rng_fill(r, a, sizeof(*a));
	a->limb[NOBS_FPX_LIMBS - 1] &= NK_FPX_TOP_MASK;	/* < p */
}
#endif

static void NK_FPX(impls)(struct kunit *test)
{
#ifdef NOBS_FP_ASM_NAME
	struct NOBS_FPX_T a, b, g, f;
	struct nk_rng r;
	unsigned int i;

	if (!NK_FPX(asm_usable)())
		kunit_skip(test, "the CPU has no BMI2/ADX for %s",
			   NOBS_FP_ASM_NAME);
	nk_rng_init(&r, NK_FPX_SEED);
	for (i = 0; i < NK_FPX_CASES; i++) {
		NK_FPX(random)(&r, &a);
		NK_FPX(random)(&r, &b);

		NOBS_FPX(mul_generic)(&g, &a, &b);
		NOBS_FPX(mul_asm)(&f, &a, &b);
		KUNIT_ASSERT_MEMEQ_MSG(test, &f, &g, sizeof(g),
				       "%s mul, case %u", NOBS_FP_ASM_NAME, i);
		f = a;					/* r aliasing a */
		NOBS_FPX(mul_asm)(&f, &f, &b);
		KUNIT_ASSERT_MEMEQ(test, &f, &g, sizeof(g));

		NOBS_FPX(sqr_generic)(&g, &a);
		NOBS_FPX(sqr_asm)(&f, &a);
		KUNIT_ASSERT_MEMEQ_MSG(test, &f, &g, sizeof(g),
				       "%s sqr, case %u", NOBS_FP_ASM_NAME, i);
	}
	kunit_info(test, "%s: %u products and squares match generic\n",
		   NOBS_FP_ASM_NAME, NK_FPX_CASES);
#else
	kunit_skip(test, "no GF(p) assembly on this architecture");
#endif
}

/* KUNIT_CASE() names a case by its argument's spelling: expand it first. */
#define NK_FPX_CASE(fn)	KUNIT_CASE(fn)

static struct kunit_case NK_FPX(cases)[] = {
	NK_FPX_CASE(NK_FPX(kat)),
	NK_FPX_CASE(NK_FPX(impls)),
	{}
};

static struct kunit_suite NK_FPX(suite) = {
	.name = NK_FPX_SUITE,
	.test_cases = NK_FPX(cases),
};

kunit_test_suites(&NK_FPX(suite));
