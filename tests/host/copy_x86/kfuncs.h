/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiled kfuncs of test_copy: name, result size (0 void, 1, 2, 4,
 * 8), and what each argument register gets (test_copy.c: gen_args()):
 *   r  a random 64-bit value
 *   c  a count 0..71 in the low half, garbage in the upper half (u32 n)
 *   k  an offset 0..31 in the low half, garbage in the upper half (u32 off)
 *   p  a pointer to a 64-byte buffer (memory compared after the run)
 */
#define KFUNCS(X)				\
	X(rol64, 8, "rc")			\
	X(ror64, 8, "rc")			\
	X(rol32, 4, "rc")			\
	X(ror32, 4, "rc")			\
	X(select64, 8, "rrr")			\
	X(bextr64, 8, "rcc")			\
	X(load_be16, 2, "pk")			\
	X(load_be32, 4, "pk")			\
	X(load_be64, 8, "pk")			\
	X(store_be16, 0, "pkr")			\
	X(store_be32, 0, "pkr")			\
	X(store_be64, 0, "pkr")			\
	X(prefetch, 0, "pk")			\
	X(copy16, 0, "pp")			\
	X(lea64, 8, "rrcr")			\
	X(popcnt64, 4, "r")			\
	X(popcnt32, 4, "r")			\
	X(clz64, 4, "r")			\
	X(clz32, 4, "r")			\
	X(ctz64, 4, "r")			\
	X(ctz32, 4, "r")			\
	X(blsr32, 4, "r")			\
	X(mulhi64, 8, "rr")			\
	X(smulhi64, 8, "rr")			\
	X(mulfold64, 8, "rr")			\
	X(crc32c_u8, 4, "rr")			\
	X(crc32c_u16, 4, "rr")			\
	X(crc32c_u32, 4, "rr")			\
	X(crc32c_u64, 4, "rr")			\
	X(bswap64, 8, "r")			\
	X(andn64, 8, "rr")			\
	X(shrx64, 8, "rc")			\
	X(sarx64, 8, "rc")			\
	X(rorx32_13, 4, "r")			\
	X(blsr64, 8, "r")			\
	X(is_pow2, 1, "r")			\
	X(sext16, 2, "r")			\
	X(umin64, 8, "rr")
