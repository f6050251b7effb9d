// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "nobs_csidh": the kpps "csidh512", "csidh1024", "ctidh512",
 * "ctidh511", "ctidh1024" and "ctidh2048" through the crypto API (each
 * case runs once per parameter set; ctidh512's key space has a case of its
 * own), and the GF(p) multiplication of every implementation against the
 * generic C.
 *
 * A group action takes seconds under emulation with KASAN (csidh1024
 * about three times a csidh512 one), so the suite runs five per set: a
 * known answer (vector Id 1 of the CSIDH-512 test vectors,
 * csidh/csidh_testvectors.dat in the shared vector set, and of the
 * CSIDH-1024 ones, csidh1024_testvectors.dat, both generated with the
 * CSIDH reference implementation: private key Pr1 gives public key Pk1,
 * and with the peer's Pk2 the shared secret Ss), then one exchange
 * between two transforms (Pr1 and a fresh random key).  CTIDH-511, -512,
 * -1024 and -2048: record 1 of ctidh/ctidh<b>_fresh.txt (made by
 * high-ctidh, the reference implementation of CTIDH), sk_a for Pr1, pk_a
 * for Pk1, pk_b for Pk2 and ss for Ss; their invalid keys are CSIDH-512's
 * (CSIDH-1024's for ctidh1024: the same prime and the same validation;
 * ctidh2048: its pk_b with bit 0 flipped, which high-ctidh's validate()
 * refuses, and the rule's edges below).
 *
 * Invalid public keys: Pk2 of vectors Id 265, 300 and 327 (CSIDH-1024: 25,
 * 26, 27; status invalid_public_key2: in range, not supersingular), A = p,
 * A = 2^bits - 1, and A = 2 and A = -2 (singular curves) in Montgomery
 * form (2 R mod p, (p - 2) R mod p, computed with Python integers).
 */
#include <kunit/test.h>
#include <crypto/kpp.h>
#include <linux/crypto.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#if defined(CONFIG_X86_64)
#include <asm/cpufeature.h>
#endif

#include "isogeny/csidh_glue.h"
#include "isogeny/fp512.h"
#include "nobs_kunit.h"

/* the largest keys of the sets */
#define NK_SK_MAX	231
#define NK_PK_MAX	256

static const char nk_v1_pr1[] =
	"0c323ecd4fbbbbd12ccd5eb41d5c1f420ebf330e1521fc21c104cf0db0f0cb0dd5d10225fe";
static const char nk_v1_pk1[] =
	"c017b2703feb1f429d7e101d34b52652a4dea6499c4731d494e1841c1d4333e8c3c6f986ea8e5a62b7943b61025fc273bce2e1c0430a69b78ec35141065de84e";
static const char nk_v1_pk2[] =
	"9f189b6f09ec6ef686de1abc438e9708ceaac64cf01e9695c55e1997c5c13992f4e1c35e5c809af2d9be6ffad36e8966a94190f84962fd6e7f5fe9bbd7aee41f";
static const char nk_v1_ss[] =
	"755e8a3e344b0ef2accd8855ac292cdf1dd3d0f9e7403464f85a0784351f0317caae5455d4f8c2a1666adb364e9dc4aff578f02a4bb3da031a5e5e1e30f5dd30";

static const char * const nk_invalid_pk[] = {
	/* vector Id 300, Pk2 (invalid_public_key2) */
	"b67e64c7535b3f6c0633c62c7f3e05eec88179d34cf0eac136d5c0e3bacb5bd509f9028b7988099489166b34e118f012f580562bf2b8f08701ef4245769dc460",
	/* vector Id 327, Pk2 (invalid_public_key2) */
	"b67e64c7535b3f6c0633c62c7f3e05eec88179d34cf0eac136d5c0e3bacb5bd509f9028bf188099489166b34e118f012f580562bf2b8f08701ef4245769dc4d6",
	/* vector Id 265, Pk2 (invalid_public_key2) */
	"b61a64c7535b3f6c0633c62c7f3e05eec88179d34cf0eac136d5c0e3bacb5bd509f9028bf188099489166b34e118f012f580562bf2b8f08701ef4245769dc460",
	/* A = p */
	"7bc8c63305b9811b35a8ac57f41b72c2254f0b1fcc3067510755f367c5c6aaa7cdc92293c6fcfb5a428cc8ed3a082db44a4c3e5ed1b08afcbf890f748f8eb465",
	/* A = 2^512 - 1 */
	"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	/* A = 2 (Montgomery form) */
	"99151efde5627776f6b6a0493a74c5334374c764030cfc68db563ff8241eaab9fb0e52201f101439b442155bd9d61e7b8a82c828e98b4a11404fb2bb32377903",
	/* A = -2 (Montgomery form) */
	"e2b2a8361f560aa53ef10b0ebaa7ac8ee2da43bac8246be82bfeb36fa0a800eed1bad072a7ece7218e49b39261310e39c0c97535e82440eb7f3a5db85c573b62",
	NULL
};

static const char nk_c1024_v1_pr1[] =
	"e2fefef11202f02200fe12f020fe2000100ff10021f0f00e2e02f222ff00e1ee110f02ef120212f2ee10e1fef2f2fef220ff000ffe2ef2010fe1200eee12ee02ee";
static const char nk_c1024_v1_pk1[] =
	"079a241c5ccb418dcc83bb462f400d7f9b2a3f9caec5d7a3477c95c0b288b8215f5a662a2482ff8a2cd8707933e2b36b35231ae9e34459e26f2b9609c6586141e31dad3b270fc58c058a8dacf6602a2a4df89c462b3f1c3219b8f0bc2f167ad8a17722eca4487b79f96cf6f491c07ead481f15b08a20c34a45e7577787905e02";
static const char nk_c1024_v1_pk2[] =
	"a7bdc0b852989a25ab660dd945f65b7bde189f11a054cbc2f827e4eddffc85eb46139618146d6beef8f8ff354eaea5775709118128ee16a403a4a493079ab72d59972065a4678161d641888590122b2170f2625e23361cab33354e5859f1ac7b7a82ba46354d136dc1300d7cc9b4734d5b43cbdefcd1a1dd81fba99f06d51503";
static const char nk_c1024_v1_ss[] =
	"bbf65d5bba8e26f671af08b522e6ec44a801f65e36362c04bdae16d19c76d5fca88de3f8d3c72b7a01b1dd1ee8c355c63b7abd916c33588aeb0b0cdee0c8a77a0d2a482f9488f158da3d57497f62f0b4a32e913bd43ea1e7c3710eb27cc38b49ff8a1a5748c1b366d5ef1c4373267dcb1f5d0bba5e4749e7956c133364f92503";

static const char * const nk_c1024_invalid_pk[] = {
	/* vector Id 25, Pk2 (invalid_public_key2) */
	"bf4b278683f3a0616fa8a004be92f5f7b0c85ac13b83775a76a98c430a556772b3b69aaebc4b8938c29df045937062124b741aeb4ab1afd88fc8fefbc73a9906873449eb6b32410c9f4805bad87b53f012b2af1f01cd90965fb591972788d87556ec52f01d4052e2f0dc0f6cdc3407d1169efdf21dd4c1082c691e1b9fcd6700",
	/* vector Id 26, Pk2 (invalid_public_key2) */
	"ec8fafd13d858f92064723ccdb8b77151a1fb69e5bede1e6a6f0e5f30078593cde3f5d707be208aef8b553b4785abd375e9af4681f7ace983bba10fd100904746b2d8fb5f71e02230cfcb3e7e2833b8650bdd1e5968a57ea6a60932df3d79801d63d518b23534541ac9c2ef2d59656ca56760c12175e97adfc404b0ebb565700",
	/* vector Id 27, Pk2 (invalid_public_key2) */
	"7fd8919cd32d29f5db879e2da33ddf031695eb62036ce539045175c3c0a4cf0effd919053f19af280ea58f2c9e3c4e2f17b2ab8475240db045dc2024f0bb97796de0e0520a5c4be8a0ab957dd234c05e2b7b1d56b2b4914bb9e67666a893e8a5bc5a085f472559a5c894c8ef4a5820deb492bc58adcf46084de60007174f1600",
	/* A = p */
	"5364e360544ce3db4d343dbceb1ed8a1d39fd8b82ca74b51bdf187e2a0b6cac20937315a4dca2a64401f5431547c316be5ed81ded1567cb9582b0ad9eedb7809801c44904fad11762983ec19c4d911f82d2dd88a4a596c4d6e38f91c47e26df05bad31db25cf8306081af286bc226c21d7eb079087ec9dd8a9127042ed55ce0e",
	/* A = 2^1024 - 1 */
	"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	/* A = 2 (Montgomery form) */
	"faaccc21cbdccfcba80ddfffb0e44b81e4c53a730fccf333dbe4f1e9a1be1321b4b07605ba2151b272d9d372d17c6dc38767be7220787c5d373ea62c47caf2bdfe36f4d66efba6517e94968ef413a10de5ff498f19249cb75981e6268ef26711caf966e3f87c7e22ef8ad813f662a38f6dadf2defe95063b71851d2d7d969808",
	/* A = -2 (Montgomery form) */
	"59b7163f896f1310a5265ebc3a3a8c20efd99d451ddb571de20c96f8fef7b6a15586ba5493a8d9b1cd4580be82ffc3a75d86c36bb1deff5b21ed63aca711864b81e54fb9e0b16a24abee558bcfc570ea482d8efb3035d09514b712f6b8ef05df91b3caf72c5205e4188f1973c6bfc891693e15b18856979d388d521570bf3506",
	NULL
};

/* ctidh512_fresh.txt, record 1 */
static const char nk_t512_ska[] =
	"fafc04fdfffefffbff050205fefe0301f9020003060402fc0001f8fefd0400050108000004020302fdfe02fe01fb03fe040001fefefefc0200ff0101fffd0302fd01fe00000000fa0000";
static const char nk_t512_pka[] =
	"d2a5368ce52360ba959adb985f4eef29f3a3f4631b75493faf49cce37e179260084c7084537e082c0624e2023beced3c09cd626d20affda6b99fdb8227b69062";
static const char nk_t512_skb[] =
	"07fdfefe07ff01020afb0501050001fa0802fbff04fdfef700fdff02fd0201ff01fb05010203fafefffe02fe03020102fc02fffeff01f801feff010400fdff0101fc0301fffe00020001";
static const char nk_t512_pkb[] =
	"f91c2c30e8dd41ed4d58a02397bd44cb8a7072d8c7c2bd1a3bd42b2e35b2ffacbef7290b6dea4c958a3578da9bc39bb757079fdfdd980cf30196a164a160ab5f";
static const char nk_t512_ss[] =
	"7fded51028985ce13804702bebb98b52e4aef996e819d7690403860d9ef491dde828de030e27ba2a08d75ee8e035d17fafca7e54887f6389b5037a08e5b06139";

/* ctidh511_fresh.txt, record 1 */
static const char nk_t511_ska[] =
	"05fffd04ff0201fefb0002fdfc0300070200f90000fe01fc0200010406030000fe0502000401ff03feff00fefd020000fd02ff03ff0004fe0000fd010102000000fe0000fd0000fe0100";
static const char nk_t511_pka[] =
	"d70b3ce3ef8c702339606a5e893a5451b37177a23157da2e0515909307a830dcc66bcf9f6163be0b55b2e6e50eebbee1e504fa51c35281a3dd5d089de7451e4e";
static const char nk_t511_pkb[] =
	"908364029b8e7cc1fd1b0ae2940b8b41609a53e27185277c96820017fa0450231e452cc23f3ebdd4ff9314e1a88bb1490e3c54444ba3b9d3155069e2bd00b622";
static const char nk_t511_ss[] =
	"f3fc8f4e2778a1d46d7f7f2a41f930e4725435445b01f491b3811b63a25d7f5bc3a139834a37b59da4a5cf5219f4853c1cfa62304c4cf809450191079fb0aa2b";

/* ctidh1024_fresh.txt, record 1 */
static const char nk_t1024_ska[] =
	"ffff00020101fe00ff01010000fcfe0000fd00ff0001fe0001010001fe0102000000fd010101fe01010200000200ff0000fe01000000ff000500000000fe01fe00ff00ff0301000000020000010102ff00000200ff01000003ff000000ff01fe0000fe00000000020000010001020001ff000000fe00000000fffd00fe0000000000";
static const char nk_t1024_pka[] =
	"220ef9a64297239b3cde5156f8b7b8012997b10acb06ead927d91f91266e5de5f2e03e2bbdd0c5c03772195653a45c5f827cfd3d60969352379d415c4cec16d5fef9cb16b9a3e1286e20bde803f3744c857921a2e4335f81b0806354b74434c8798bc4080243d167f41b38a3979d4ddd2abbf039a75a9f8017f9c5844e464404";
static const char nk_t1024_pkb[] =
	"0f145d732fbe03a55c86be7054eb74f8a144037cf1c4ff428dc29aab493d1142421354b21ced96a87f38fc3df6a95ebf6c7e0c85c76d52ea4ad0c7ea9cefb8d3385d31761c928e8cad941764c35a4651f3f0650b3f264071630b2299222d9dce60d8f2d9e9610b8eee6026084d6695c4adebadd0c7d439f7c73f71dd103c8f04";
static const char nk_t1024_ss[] =
	"ec3186a267ed527ba4f0f1da5693d3724279e5633e08c857a32b59e30d525a68b4d909525bbba0b034f85e6096a47cb37d3a1994dcae77d0b6e2b2c6bcea796a7bc64abec255bf903dd574b3944a64823a17bc85fdcb14dfe8e378f815e1d0b44d2d8e6f74ba475d0b432c03d209b8f448f40649610a27bd9fcfec656456b705";

/* ctidh2048_fresh.txt, record 1 */
static const char nk_t2048_ska[] =
	"000000000000ff00000100000000000000fe00000000ff010000010000ff00ff000001000100ff0000010000000000000000ffffff00ff00000000ff000000000000ff00ff01000000000000000001000001000001000000000000fe000000010000000000000000000201000000000200000100000000ff000000000100010001010000010001000000ff00000100fe000000000100000000000000000000fe0000000000010001000100000001000000000000000100000100ff000000ff01000000000000ff000000000100010000000000000000000000000000000000000000ff00000000";
static const char nk_t2048_pka[] =
	"d9cf791cb005504d0b674d9a13199a364306b2f84bf9b400adb102cee6218da54a08d0c4df9750101eab93774c7761923128f6d7594946352b362b39fe13f4cff45c0e937140b596aea6a9e4ce5fe9296c61fab17403d4597af735e64e935d43a3eb847d49f80c35df93feb0289c8d838b2eb2153af867a9f1222fad1baa88d33e921584bcfc9514f44b8c0d00326207cad68267801d36a63de533fc915b07d5892d7b083dd874ac9a6247b940a8e7636c2f0e0b1e3e9d77ae53a749bf521320a0eb12ce9e0270190124d7bf2d55c39b6904213d6691cffbd2f2b06406305cce70f6d96ec745c9cfe63cbf3f309a75754fdca7585906b597c5a066c135e51d2b";
static const char nk_t2048_pkb[] =
	"0d62a317d7a56a38bfda03038ab298978edbf77aabb612c2d02049b9419382feae895966cfd21d83b7425cb20c6d2310e9fb9a4b0889717b80e0f1b94fe582410f800a5db45d7b9d235d1a08fd2f93b3d63a05107386141a44d536d0f81393beedf2014ab36043a8006a520f9ba2d33ac9882c70ce9b355fbb12353c5dcd9b6f74462ca30ed2a6440ac3bdbcc0fa0e4f6042a41d7c8cb67b768fd7bcb3bccaa0ad13370746f9d250b3e6f6c5a285ada904eede9402764f257a3b588647a705e678101a482a52601f7a423634cb462e1f5f96ad3712dea231ad8c42d1cd6ff411943aaf4e57abcccbb3f4feeb83033de64456b4580926922cc093b821c3a70e41";
static const char nk_t2048_ss[] =
	"2aac4733eb4b689f4f8ae3d6e50a15b75f9ebdaebe665aefa8b947026239c2975f0f8c90c9c150aa0f7a3601bd77a2a74c6920cd5df219d36522b138c10b41981abee6916c3ee37df069eeefb2fb7b36946b92af763d463a894b2924bf16677702f1cabc9547cfd18d2fcde0d82c31b26b56246314a490b9350d13bd7c9c8be515e037b263eb2c154dff32d30ccd2352422d5c82a50f0752c7cf6a22d62a9456263cdf4b46b454effe602d8cb713b853c697a85f965e43403b9658ec88881c4090fb9b07c625dfb4a113326f0c62ec0c4e19f74cfa6e2b73f323fc6ceec5e61e7a4456d0440a4b663a07b92f4d7102bf99ceb8b09114c42fa07105b8e1d3672a";

static const char * const nk_t2048_invalid_pk[] = {
	/* A = p */
	"434903ea15d6907718d9c4d80c3f70dc88c713c83680a995aaecb82ad2b011e1ee569a7a7d4078647f78afab6fc8bea7ab05f31c854e4544b26cc7731a4e08445ec6acdbe4bb4228b9bb35ef9794e858d4a5d83a0b629697a3c96c853ed57753e7456f9919b44c7caca852d4b291c688bb7a76723678a10dec59af9bc0e5449817108a20d18635e3eae2fdb502f1847d648c1950feedd2300c2bcef3a9c85a0946aae317bd3ae79353523733794980c6ddae916de9eb5765abfef8f24b02d64d28bf2a306a3d52b8c2b8c81e9a77a833bb2af73229b14e585302773321fcd1db123fe5aef1dcffdd539ce1b3e854884dd96e19e890fcfe97644c2510abfc8e43",
	/* A = 2^2048 - 1 */
	"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	/* A = 2 (Montgomery form) */
	"2bffe89966250abb54109e12a646eef8418b7587807e5de85587f1d4402a84d8779fc7a5913cb64084b4334ef284c8694ed85a355cda1a2220078cd546ddc5236c9346febddc2ce6efdd8775d8efa39131771364b151e3da867c065a4a2bb9b7ac16f5cd4c13e7994863bd311c049242dfa4c2de82b695a08b8a34bebbb71dd65a8f391c485089c993cb0e06ed685d9140294dcf0b7e3baaaad25c555a8384be1558c658d464adf4b6bf7c99affd7d92ef3704019e8c983a5009315becef25dfe5c5d4ae1852c0f5acf28228c9ba6496e1d43d9bdf27d995b8efbe97171b42fd7b46bb3764f500eeb4b9d414a3ad45e10ef84da7091807d83fe9fa8e52171727",
	/* A = -2 (Montgomery form) */
	"184a1a50afb086bcc3c826c666f881e3463c9e40b6014cad5465c75591868d0877b7d2d4eb03c223fbc37b5d7d43f63d5d2d98e728742a2292653b9ed3704220f23266dd26df1542c9ddad79bfa444c7a22ec5d65910b3bc1c4d662bf4a9be9b3a2f7acbcca065e2634595a2968d3446dcd5b393b3c10b6d60cf7add042e27c2bc8050048936ac195717efaf158827ec2363cc80f26f97866158719e4f45d64a30521dbfe8d5399f9c92ba99c94b0234ee768d6c4b5fbf2a5bf5c7975f12b06e42f9558151eb91c215c645f6d0bc439dd955b997498975c29a12b89b09e18fde96f829778de7feef9ee20c9f45a7426cca76cb4087e4f7bf24632a8158e5771c",
	NULL,
};

/**
 * struct nk_csidh_set - one parameter set under test
 * @name: the kpp
 * @sk: private key bytes
 * @pk: public key and shared secret bytes
 * @bad_len: private key lengths that must be refused (0-terminated)
 * @bad_nibble: two bytes whose high nibble is one exponent out of range
 *	each (+max + 1, -max - 1); with @byte_exp, two values of the
 *	exponent in byte 5 past its batch's bound
 * @byte_exp: one exponent a byte (CTIDH), not a nibble
 * @pr1: vector Id 1: Pr1, Pk1, Pk2, Ss (hex)
 * @pk1: its Pk1
 * @pk2: its Pk2
 * @ss: its Ss
 * @invalid: public keys that validation must refuse (NULL-terminated)
 * @pk2_bit0: @pk2 with bit 0 flipped is one more (ctidh2048's, whose
 *	prime has no CSIDH vectors: high-ctidh's validate() refuses it)
 */
struct nk_csidh_set {
	const char *name;
	unsigned int sk, pk;
	unsigned int bad_len[5];
	u8 bad_nibble[2];
	bool byte_exp;
	const char *pr1, *pk1, *pk2, *ss;
	const char * const *invalid;
	bool pk2_bit0;
};

static const struct nk_csidh_set nk_csidh_sets[] = {
	{ "csidh512", 37, 64, { 1, 36, 38, 64 }, { 0x60, 0xa0 }, false,
	  nk_v1_pr1, nk_v1_pk1, nk_v1_pk2, nk_v1_ss, nk_invalid_pk },
	{ "csidh1024", 65, 128, { 1, 37, 64, 66, 128 }, { 0x30, 0xd0 }, false,
	  nk_c1024_v1_pr1, nk_c1024_v1_pk1, nk_c1024_v1_pk2, nk_c1024_v1_ss,
	  nk_c1024_invalid_pk },
	/* e_5 is the first of batch 2, bound 16: 17 and -17 */
	{ "ctidh512", 74, 64, { 1, 37, 64, 73, 75 }, { 0x11, 0xef }, true,
	  nk_t512_ska, nk_t512_pka, nk_t512_pkb, nk_t512_ss, nk_invalid_pk },
	/* e_5 is the first of batch 2, bound 11: 12 and -12 */
	{ "ctidh511", 74, 64, { 1, 37, 64, 73, 75 }, { 0x0c, 0xf4 }, true,
	  nk_t511_ska, nk_t511_pka, nk_t511_pkb, nk_t511_ss, nk_invalid_pk },
	/* e_5 is the first of batch 2, bound 5: 6 and -6 */
	{ "ctidh1024", 130, 128, { 1, 65, 74, 129, 131 }, { 0x06, 0xfa }, true,
	  nk_t1024_ska, nk_t1024_pka, nk_t1024_pkb, nk_t1024_ss,
	  nk_c1024_invalid_pk },
	/* e_5 is in batch 0, bound 1: 2 and -2 */
	{ "ctidh2048", 231, 256, { 1, 130, 230, 232, 256 }, { 0x02, 0xfe }, true,
	  nk_t2048_ska, nk_t2048_pka, nk_t2048_pkb, nk_t2048_ss,
	  nk_t2048_invalid_pk, true },
};

static void nk_csidh_desc(const struct nk_csidh_set *set, char *desc)
{
	strscpy(desc, set->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(nk_csidh, nk_csidh_sets, nk_csidh_desc);

KUNIT_DEFINE_ACTION_WRAPPER(nk_free_kpp, crypto_free_kpp, struct crypto_kpp *);

static struct crypto_kpp *nk_csidh_tfm(struct kunit *test)
{
	const struct nk_csidh_set *set = test->param_value;
	struct crypto_kpp *tfm = crypto_alloc_kpp(set->name, 0, 0);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", set->name,
			       PTR_ERR(tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_free_kpp, tfm),
			0);
	KUNIT_ASSERT_TRUE(test,
			  nk_is_nobs_driver(crypto_tfm_alg_driver_name(crypto_kpp_tfm(tfm))));
	KUNIT_ASSERT_EQ(test, crypto_kpp_maxsize(tfm), set->pk);
	return tfm;
}

/*
 * One kpp operation: the public key if @in is NULL, else the shared secret
 * with the peer key @in (@inlen bytes).  @out gets @outlen bytes at most;
 * buffers are copied to and from the heap (scatterlists need the linear
 * map).  Returns the kpp error.
 */
static int nk_kpp_op(struct kunit *test, struct crypto_kpp *tfm,
		     const u8 *in, unsigned int inlen, u8 *out,
		     unsigned int outlen)
{
	struct scatterlist src, dst;
	struct kpp_request *req;
	DECLARE_CRYPTO_WAIT(wait);
	u8 *hin = NULL, *hout;
	int err;

	hout = kunit_kzalloc(test, outlen, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hout);
	if (in) {
		hin = kunit_kmalloc(test, inlen, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, hin);
		memcpy(hin, in, inlen);
	}
	req = kpp_request_alloc(tfm, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	kpp_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP,
				 crypto_req_done, &wait);
	sg_init_one(&dst, hout, outlen);
	if (in) {
		sg_init_one(&src, hin, inlen);
		kpp_request_set_input(req, &src, inlen);
		kpp_request_set_output(req, &dst, outlen);
		err = crypto_wait_req(crypto_kpp_compute_shared_secret(req),
				      &wait);
	} else {
		kpp_request_set_input(req, NULL, 0);
		kpp_request_set_output(req, &dst, outlen);
		err = crypto_wait_req(crypto_kpp_generate_public_key(req),
				      &wait);
	}
	if (!err)
		KUNIT_EXPECT_EQ(test, req->dst_len, crypto_kpp_maxsize(tfm));
	kpp_request_free(req);
	memcpy(out, hout, outlen);
	return err;
}

static void csidh_kat(struct kunit *test)
{
	const struct nk_csidh_set *set = test->param_value;
	struct crypto_kpp *tfm;
	u8 pk[NK_PK_MAX], ss[NK_PK_MAX];
	const u8 *sk, *pk1, *pk2, *exp;
	unsigned int n = set->pk;
	size_t len;

	NK_CSIDH_SET_WANTED(test, set->name);
	tfm = nk_csidh_tfm(test);
	sk = nk_unhex(test, set->pr1, &len);
	KUNIT_ASSERT_EQ(test, len, set->sk);
	pk1 = nk_unhex(test, set->pk1, &len);
	pk2 = nk_unhex(test, set->pk2, &len);
	exp = nk_unhex(test, set->ss, &len);

	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, sk, set->sk), 0);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, tfm, NULL, 0, pk, n), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, pk, pk1, n, "public key of Pr1");
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, tfm, pk2, n, ss, n), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, ss, exp, n, "Pr1 with Pk2");
}

static void csidh_exchange(struct kunit *test)
{
	const struct nk_csidh_set *set = test->param_value;
	struct crypto_kpp *a, *b;
	u8 pkb[NK_PK_MAX], ssa[NK_PK_MAX], ssb[NK_PK_MAX];
	unsigned int n = set->pk;
	const u8 *sk, *pk1;
	size_t len;

	NK_CSIDH_SET_WANTED(test, set->name);
	a = nk_csidh_tfm(test);
	b = nk_csidh_tfm(test);
	sk = nk_unhex(test, set->pr1, &len);
	pk1 = nk_unhex(test, set->pk1, &len);
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(a, sk, set->sk), 0);
	/* b: a fresh uniform key from get_random_bytes() */
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(b, NULL, 0), 0);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, b, NULL, 0, pkb, n), 0);
	KUNIT_EXPECT_MEMNEQ(test, pkb, pk1, n);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, a, pkb, n, ssa, n), 0);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, b, pk1, n, ssb, n), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, ssa, ssb, n,
			       "the two sides derived different secrets");
}

static void csidh_bad_inputs(struct kunit *test)
{
	const struct nk_csidh_set *set = test->param_value;
	struct crypto_kpp *tfm;
	unsigned int n = set->pk, i;
	u8 *sk, *flipped, out[NK_PK_MAX + 1];
	const u8 *pk;
	size_t len;

	NK_CSIDH_SET_WANTED(test, set->name);
	tfm = nk_csidh_tfm(test);
	sk = kunit_kzalloc(test, 2 * NK_PK_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sk);
	memcpy(sk, nk_unhex(test, set->pr1, &len), set->sk);

	/* Private keys: the set's size (or 0), every nibble in range. */
	for (i = 0; i < ARRAY_SIZE(set->bad_len) && set->bad_len[i]; i++)
		KUNIT_EXPECT_EQ_MSG(test, crypto_kpp_set_secret(tfm, sk,
								set->bad_len[i]),
				    -EINVAL, "key of %u bytes", set->bad_len[i]);
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, NULL, set->sk),
			-EINVAL);
	for (i = 0; i < ARRAY_SIZE(set->bad_nibble); i++) {
		sk[5] = set->bad_nibble[i];	/* exponent 10 out of range */
		KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, sk, set->sk),
				-EINVAL);
		if (set->byte_exp)	/* CTIDH: e_5 past its bound */
			continue;
		sk[5] = set->bad_nibble[i] >> 4;	/* exponent 11 */
		KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, sk, set->sk),
				-EINVAL);
	}
	/* A refused key leaves the transform without one. */
	pk = nk_unhex(test, set->pk2, &len);
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, NULL, 0, out, n), -EINVAL);
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, pk, n, out, n), -EINVAL);

	memcpy(sk, nk_unhex(test, set->pr1, &len), set->sk);
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, sk, set->sk), 0);
	/* Lengths: peer key exactly the size, output at least the size. */
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, pk, n - 1, out, n), -EINVAL);
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, pk, n, out, n - 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, nk_kpp_op(test, tfm, NULL, 0, out, n - 1),
			-EINVAL);
	/* Invalid public keys: refused by validation, before any group action. */
	for (i = 0; set->invalid[i]; i++) {
		pk = nk_unhex(test, set->invalid[i], &len);
		KUNIT_ASSERT_EQ(test, len, n);
		KUNIT_EXPECT_EQ_MSG(test, nk_kpp_op(test, tfm, pk, n, out, n),
				    -EINVAL, "invalid public key %u", i);
	}
	if (set->pk2_bit0) {
		flipped = nk_unhex(test, set->pk2, &len);
		flipped[0] ^= 1;
		KUNIT_EXPECT_EQ_MSG(test, nk_kpp_op(test, tfm, flipped, n, out,
						    n),
				    -EINVAL, "Pk2 with bit 0 flipped");
	}
}

/*
 * CTIDH-512's key space: each batch's sum of |e_i| at most its bound
 * (ctidh512_tables.h: batch 0 is e_0, e_1 with bound 10; batch 13 is e_73
 * alone, bound 1).  Keys on a bound are taken, keys past one refused,
 * whatever the other batches hold; and record 1's other side: sk_b gives
 * pk_b, and with pk_a the same secret as sk_a with pk_b.
 */
static void ctidh512_keys(struct kunit *test)
{
	/* byte, value; -1 ends a key */
	static const s16 refused[][5] = {
		{ 73, 2, -1 }, { 73, -2, -1 }, { 73, -128, -1 },
		{ 0, 11, -1 }, { 0, 6, 1, -5, -1 }, { 1, 127, -1 },
	};
	static const s16 taken[][5] = {
		{ 73, 1, -1 }, { 73, -1, -1 }, { 0, 10, -1 },
		{ 0, -5, 1, 5, -1 },
	};
	struct crypto_kpp *tfm;
	u8 sk[NOBS_CTIDH512_PRIVATE_KEY_SIZE], pk[NK_PK_MAX], ss[NK_PK_MAX];
	const u8 *skb, *pka, *pkb, *exp;
	unsigned int i, j;
	size_t len;

	tfm = crypto_alloc_kpp("ctidh512", 0, 0);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "ctidh512: %ld",
			       PTR_ERR(tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nk_free_kpp, tfm),
			0);
	KUNIT_ASSERT_TRUE(test,
			  nk_is_nobs_driver(crypto_tfm_alg_driver_name(crypto_kpp_tfm(tfm))));
	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		memset(sk, 0, sizeof(sk));
		for (j = 0; refused[i][j] >= 0; j += 2)
			sk[refused[i][j]] = (u8)refused[i][j + 1];
		KUNIT_EXPECT_EQ_MSG(test, crypto_kpp_set_secret(tfm, sk,
								sizeof(sk)),
				    -EINVAL, "refused key %u", i);
	}
	for (i = 0; i < ARRAY_SIZE(taken); i++) {
		memset(sk, 0, sizeof(sk));
		for (j = 0; taken[i][j] >= 0; j += 2)
			sk[taken[i][j]] = (u8)taken[i][j + 1];
		KUNIT_EXPECT_EQ_MSG(test, crypto_kpp_set_secret(tfm, sk,
								sizeof(sk)),
				    0, "key on a bound %u", i);
	}
	/* A key past a bound with record 1's sk_a in every other batch */
	memcpy(sk, nk_unhex(test, nk_t512_ska, &len), sizeof(sk));
	KUNIT_ASSERT_EQ(test, len, sizeof(sk));
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, sk, sizeof(sk)), 0);
	sk[73] = 2;
	KUNIT_EXPECT_EQ(test, crypto_kpp_set_secret(tfm, sk, sizeof(sk)),
			-EINVAL);

	skb = nk_unhex(test, nk_t512_skb, &len);
	KUNIT_ASSERT_EQ(test, len, sizeof(sk));
	pka = nk_unhex(test, nk_t512_pka, &len);
	pkb = nk_unhex(test, nk_t512_pkb, &len);
	exp = nk_unhex(test, nk_t512_ss, &len);
	KUNIT_ASSERT_EQ(test, crypto_kpp_set_secret(tfm, skb, sizeof(sk)), 0);
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, tfm, NULL, 0, pk, 64), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, pk, pkb, 64, "public key of sk_b");
	KUNIT_ASSERT_EQ(test, nk_kpp_op(test, tfm, pka, 64, ss, 64), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, ss, exp, 64, "sk_b with pk_a");
	memzero_explicit(sk, sizeof(sk));
}

/* ---- GF(p): every multiplication against the generic one ----------------- */

#ifdef NOBS_FP_ASM_NAME	/* helpers of fp_impls, which needs a GF(p) asm */
/* p = 4 * 3 * 5 * 7 * ... * 373 * 587 - 1, limbs little-endian */
static const u64 nk_p[NOBS_FP512_LIMBS] = {
	0x1b81b90533c6c87bULL, 0xc2721bf457aca835ULL,
	0x516730cc1f0b4f25ULL, 0xa7aac6c567f35507ULL,
	0x5afbfcc69322c9cdULL, 0xb42d083aedc88c42ULL,
	0xfc8ab0d15e3e4c4aULL, 0x65b48e8f740f89bfULL,
};

static bool nk_fp_below_p(const struct nobs_fp512 *a)
{
	int i;

	for (i = NOBS_FP512_LIMBS - 1; i >= 0; i--) {
		if (a->limb[i] != nk_p[i])
			return a->limb[i] < nk_p[i];
	}
	return false;
}

/* A random element of [0, p): random limbs, or p - small, 0, 1. */
static void nk_fp_random(struct nk_rng *r, struct nobs_fp512 *a)
{
	unsigned int kind = nk_rng_below(r, 8), i;

	if (kind == 0) {
		memcpy(a->limb, nk_p, sizeof(nk_p));
		a->limb[0] -= 1 + nk_rng_below(r, 1000);	/* no borrow */
		return;
	}
	if (kind == 1) {
		memset(a, 0, sizeof(*a));
		a->limb[0] = nk_rng_below(r, 2);
		return;
	}
	do {
		for (i = 0; i < NOBS_FP512_LIMBS; i++)
			a->limb[i] = nk_rng_next(r);
		a->limb[NOBS_FP512_LIMBS - 1] &= (1ULL << 63) - 1;
	} while (!nk_fp_below_p(a));
}
#endif

static void fp_impls(struct kunit *test)
{
#ifdef NOBS_FP_ASM_NAME
	struct nobs_fp512 a, b, g, f, t;
	struct nk_rng r;
	unsigned int i;

#if defined(CONFIG_X86_64)
	if (!boot_cpu_has(X86_FEATURE_BMI2) || !boot_cpu_has(X86_FEATURE_ADX))
		kunit_skip(test, "the CPU has no BMI2/ADX for %s",
			   NOBS_FP_ASM_NAME);
#endif
	nk_rng_init(&r, 300);
	for (i = 0; i < 4000; i++) {
		nk_fp_random(&r, &a);
		nk_fp_random(&r, &b);

		nobs_fp512_mul_generic(&g, &a, &b);
		nobs_fp512_mul_asm(&f, &a, &b);
		KUNIT_ASSERT_TRUE(test, nk_fp_below_p(&g));
		KUNIT_ASSERT_MEMEQ_MSG(test, &f, &g, sizeof(g), "%s mul, case %u",
				       NOBS_FP_ASM_NAME, i);
		/* r aliasing a */
		t = a;
		nobs_fp512_mul_asm(&t, &t, &b);
		KUNIT_ASSERT_MEMEQ(test, &t, &g, sizeof(g));

		nobs_fp512_sqr_generic(&g, &a);
		nobs_fp512_sqr_asm(&f, &a);
		KUNIT_ASSERT_TRUE(test, nk_fp_below_p(&g));
		KUNIT_ASSERT_MEMEQ_MSG(test, &f, &g, sizeof(g), "%s sqr, case %u",
				       NOBS_FP_ASM_NAME, i);
		t = a;
		nobs_fp512_sqr_asm(&t, &t);
		KUNIT_ASSERT_MEMEQ(test, &t, &g, sizeof(g));
	}
	kunit_info(test, "%s: 4000 products and squares match generic\n",
		   NOBS_FP_ASM_NAME);
#else
	kunit_skip(test, "no GF(p) assembly on this architecture");
#endif
}

static struct kunit_case nobs_csidh_cases[] = {
	KUNIT_CASE(fp_impls),
	KUNIT_CASE_PARAM(csidh_bad_inputs, nk_csidh_gen_params),
	KUNIT_CASE_PARAM_ATTR(csidh_kat, nk_csidh_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	KUNIT_CASE_PARAM_ATTR(csidh_exchange, nk_csidh_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	KUNIT_CASE_ATTR(ctidh512_keys, { .speed = KUNIT_SPEED_SLOW }),
	{}
};

static struct kunit_suite nobs_csidh_suite = {
	.name = "nobs_csidh",
	.test_cases = nobs_csidh_cases,
};

kunit_test_suites(&nobs_csidh_suite);
