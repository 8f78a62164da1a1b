// SPDX-License-Identifier: GPL-2.0
/*
 * The instructions module/arm64/a64.h encodes itself (6.12's insn.c has
 * no encoder for them) against GNU as: tests/host/arm64-ref.sh assembles
 * the same list, in the same order, into a64_ref.h.  Every register of
 * each one-register-in form (rbit, clz, cnt; X and W), and for umulh,
 * smulh, mul and eor (X), and (X and W), and crc32cb, crc32ch, crc32cw,
 * crc32cx, every pair of Rd and Rn with an Rm that takes every value too.
 * The words of cnt (FEAT_CSSC) are checked here only: qemu-aarch64 7.2
 * cannot run them.
 */
#include <stdio.h>

#include "../../module/arm64/a64.h"
#include "host.h"

static const u32 ref[] = {
#include "a64_ref.h"
};

int host_arm64_encodings(void)
{
	static const u32 dp1[] = { A64_DP1_RBIT, A64_DP1_CLZ, A64_DP1_CNT };
	static const char *const dp1_name[] = { "rbit", "clz", "cnt" };
	static const char *const crc_name[] = { "crc32cb", "crc32ch", "crc32cw", "crc32cx" };
	/* Rd = Rn op Rm: X only, and and's W form (sf 0 in its word) */
	static const char *const rrr_name[] = { "umulh", "smulh", "mul", "eor", "and", "and" };
	static const u32 rrr[] = { A64_DP3_UMULH, A64_DP3_SMULH, A64_DP3_MUL, A64_LOG_EOR,
				   A64_LOG_AND | 1u << 31, A64_LOG_AND };
	unsigned int n = 0, bad = 0;
	char first[128] = "";
	int op, sf, d, r;
	u32 w;

	for (op = 0; op < 3; op++)
		for (sf = 1; sf >= 0; sf--)
			for (d = 0; d < 32; d++)
				for (r = 0; r < 32; r++, n++) {
					w = a64_dp1(sf, d, r, dp1[op]);
					if (n < ARRAY_SIZE(ref) && w == ref[n])
						continue;
					if (!bad++)
						snprintf(first, sizeof(first),
							 "%s %c%d, %c%d: %#x, as %#x", dp1_name[op],
							 sf ? 'x' : 'w', d, sf ? 'x' : 'w', r, w,
							 n < ARRAY_SIZE(ref) ? ref[n] : 0);
				}
	for (op = 0; op < (int)ARRAY_SIZE(rrr); op++)
		for (d = 0; d < 32; d++)
			for (r = 0; r < 32; r++, n++) {
				int m = (7 * d + 3 * r + 1) % 32;
				char x = rrr[op] >> 31 ? 'x' : 'w';

				w = a64_rrr(rrr[op], d, r, m);
				if (n < ARRAY_SIZE(ref) && w == ref[n])
					continue;
				if (!bad++)
					snprintf(first, sizeof(first), "%s %c%d, %c%d, %c%d: %#x, as %#x",
						 rrr_name[op], x, d, x, r, x, m, w,
						 n < ARRAY_SIZE(ref) ? ref[n] : 0);
			}
	for (op = 0; op < 4; op++)
		for (d = 0; d < 32; d++)
			for (r = 0; r < 32; r++, n++) {
				int m = (5 * d + 11 * r + 3) % 32;

				w = A64_CRC32C(1 << op, d, r, m);
				if (n < ARRAY_SIZE(ref) && w == ref[n])
					continue;
				if (!bad++)
					snprintf(first, sizeof(first), "%s w%d, w%d, %c%d: %#x, as %#x",
						 crc_name[op], d, r, op == 3 ? 'x' : 'w', m, w,
						 n < ARRAY_SIZE(ref) ? ref[n] : 0);
			}
	/* and what insn.c refuses: a register past zr; crc32c of no width */
	if (A64_CLZ(1, 32, 0) != AARCH64_BREAK_FAULT || A64_UMULH(0, 0, 32) != AARCH64_BREAK_FAULT ||
	    A64_MUL64(32, 0, 0) != AARCH64_BREAK_FAULT || A64_EOR64(0, 32, 0) != AARCH64_BREAK_FAULT ||
	    A64_AND(0, 0, 0, 32) != AARCH64_BREAK_FAULT ||
	    A64_CRC32C(8, 0, 0, 32) != AARCH64_BREAK_FAULT ||
	    A64_CRC32C(1, 32, 0, 0) != AARCH64_BREAK_FAULT) {
		bad++;
		snprintf(first, sizeof(first), "register 32 encoded");
	}
	if (A64_CRC32C(0, 0, 0, 0) != AARCH64_BREAK_FAULT ||
	    A64_CRC32C(3, 0, 0, 0) != AARCH64_BREAK_FAULT ||
	    A64_CRC32C(16, 0, 0, 0) != AARCH64_BREAK_FAULT) {
		bad++;
		snprintf(first, sizeof(first), "crc32c of 0, 3 or 16 bytes encoded");
	}
	if (n != ARRAY_SIZE(ref)) {
		bad++;
		snprintf(first, sizeof(first), "%u words, GNU as gave %zu", n, ARRAY_SIZE(ref));
	}
	if (bad)
		printf("TEST host.arm64.encodings FAIL %u of %u words differ from GNU as, "
		       "first: %s\n", bad, n, first);
	else
		printf("TEST host.arm64.encodings PASS %u words of rbit, clz, cnt, umulh, "
		       "smulh, mul, eor, and, crc32cb/h/w/x equal GNU as's\n", n);
	return bad != 0;
}
