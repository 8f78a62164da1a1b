// SPDX-License-Identifier: GPL-2.0
/*
 * What the replayed images call outside themselves.  The module's kfuncs
 * and the kernel's numeric iterator kfuncs are their own C code, compiled
 * here as the host tier compiles it (tests/host/shim/); the per-CPU kfuncs
 * and the two helpers are the kernel's few lines redone on the fake per-CPU
 * area (%gs) of replay.h, and so are the CRC32C kfuncs, whose C calls the
 * kernel's __crc32c_le() (the host tier's stands in with a bit loop).
 */
#include <stddef.h>
#include <string.h>

#include "replay.h"

/* the module's kfuncs (module/insn_kfuncs.h), user-space builds */
typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef int64_t s64;
u64 bpf_insn_rol64(u64 x, u32 n);
u64 bpf_insn_ror64(u64 x, u32 n);
u32 bpf_insn_rol32(u32 x, u32 n);
u32 bpf_insn_ror32(u32 x, u32 n);
u64 bpf_insn_select64(u64 cond, u64 a, u64 b);
u64 bpf_insn_bextr64(u64 x, u32 start, u32 len);
u64 bpf_insn_lea64(u64 base, u64 index, u32 shift, u32 disp);
u16 bpf_insn_load_be16(const void *p, u32 off);
u32 bpf_insn_load_be32(const void *p, u32 off);
u64 bpf_insn_load_be64(const void *p, u32 off);
u32 bpf_insn_popcnt64(u64 x);
u32 bpf_insn_popcnt32(u32 x);
u32 bpf_insn_clz64(u64 x);
u32 bpf_insn_clz32(u32 x);
u32 bpf_insn_ctz64(u64 x);
u32 bpf_insn_ctz32(u32 x);
u64 bpf_insn_blsr64(u64 x);
u32 bpf_insn_blsr32(u32 x);
u64 bpf_insn_mulhi64(u64 a, u64 b);
s64 bpf_insn_smulhi64(s64 a, s64 b);
u64 bpf_insn_mulfold64(u64 a, u64 b);
void bpf_insn_prefetch(const void *p, u32 off);
void bpf_insn_copy16(void *dst, const void *src);

/* kernel/bpf/bpf_iter.c, from the kernel tree (tests/host/gen-kdefs.sh) */
struct bpf_iter_num;
int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end);
int *bpf_iter_num_next(struct bpf_iter_num *it);
void bpf_iter_num_destroy(struct bpf_iter_num *it);

#define GS_READ(type, off) (*(volatile type __seg_gs *)(uintptr_t)(off))

/* raw_smp_processor_id(): this CPU's pcpu_hot.cpu_number */
static u32 stub_cpu_id(void)
{
	return GS_READ(u32, rk.cpu_number);
}

/* this_cpu_ptr(): the per-CPU offset plus this CPU's this_cpu_off */
static void *stub_this_cpu_ptr(const void *p)
{
	return (char *)p + GS_READ(uint64_t, rk.this_cpu_off);
}

/* per_cpu_ptr(): replay has one CPU, CPU 0 */
static void *stub_per_cpu_ptr(const void *p, u32 cpu)
{
	return cpu ? NULL : stub_this_cpu_ptr(p);
}

/* the helpers, with the five u64 arguments of BPF_CALL_x() */
static u64 stub_helper_cpu_id(u64 r1, u64 r2, u64 r3, u64 r4, u64 r5)
{
	return stub_cpu_id();
}

static u64 stub_helper_this_cpu_ptr(u64 r1, u64 r2, u64 r3, u64 r4, u64 r5)
{
	return (uintptr_t)stub_this_cpu_ptr((const void *)(uintptr_t)r1);
}

/*
 * __crc32c_le() of 6.12's lib/crc32.c as the module's CRC32C kfuncs call it
 * (module/crc32c.c): a function of vmlinux, so a call out of the kfunc,
 * slice-by-8 (CONFIG_CRC32_SLICEBY8, the default) over crc32ctable_le,
 * which the kernel generates at build time and this file at start-up;
 * crc32_body() as CONFIG_X86 has it.  6.12 has no x86 version of it
 * (crc32c-intel is a crypto driver, not behind __crc32c_le()).
 */
static u32 crc32ctable_le[8][256];

__attribute__((constructor)) static void crc32ctable_init(void)
{
	for (u32 i = 0; i < 256; i++) {
		u32 c = i;

		for (int k = 0; k < 8; k++)
			c = c >> 1 ^ (0x82f63b78 & -(c & 1));
		crc32ctable_le[0][i] = c;
	}
	for (int t = 1; t < 8; t++)
		for (u32 i = 0; i < 256; i++)
			crc32ctable_le[t][i] = crc32ctable_le[t - 1][i] >> 8 ^
					       crc32ctable_le[0][crc32ctable_le[t - 1][i] & 255];
}

__attribute__((noinline)) static u32 stub_crc32c_le(u32 crc, const unsigned char *buf, size_t len)
{
	const u32 (*tab)[256] = crc32ctable_le;
	const u32 *t0 = tab[0], *t1 = tab[1], *t2 = tab[2], *t3 = tab[3];
	const u32 *t4 = tab[4], *t5 = tab[5], *t6 = tab[6], *t7 = tab[7];
	const u32 *b;
	size_t rem_len, i;
	u32 q;

#define DO_CRC(x) (crc = t0[(crc ^ (x)) & 255] ^ (crc >> 8))
#define DO_CRC4 (t3[(q) & 255] ^ t2[(q >> 8) & 255] ^ t1[(q >> 16) & 255] ^ t0[(q >> 24) & 255])
#define DO_CRC8 (t7[(q) & 255] ^ t6[(q >> 8) & 255] ^ t5[(q >> 16) & 255] ^ t4[(q >> 24) & 255])
	if (__builtin_expect((long)buf & 3 && len, 0)) {
		do {
			DO_CRC(*buf++);
		} while ((--len) && ((long)buf) & 3);
	}
	rem_len = len & 7;
	len = len >> 3;
	b = (const u32 *)buf;
	--b;
	for (i = 0; i < len; i++) {
		q = crc ^ *++b;
		crc = DO_CRC8;
		q = *++b;
		crc ^= DO_CRC4;
	}
	len = rem_len;
	if (len) {
		const unsigned char *p = (const unsigned char *)(b + 1) - 1;

		for (i = 0; i < len; i++)
			DO_CRC(*++p);
	}
	return crc;
#undef DO_CRC
#undef DO_CRC4
#undef DO_CRC8
}

/* module/crc32c.c's kfuncs, on this little-endian host */
static u32 stub_crc32c_u8(u32 crc, uint8_t v)
{
	return stub_crc32c_le(crc, &v, 1);
}

static u32 stub_crc32c_u16(u32 crc, u16 v)
{
	return stub_crc32c_le(crc, (const unsigned char *)&v, sizeof(v));
}

static u32 stub_crc32c_u32(u32 crc, u32 v)
{
	return stub_crc32c_le(crc, (const unsigned char *)&v, sizeof(v));
}

static u32 stub_crc32c_u64(u32 crc, u64 v)
{
	return stub_crc32c_le(crc, (const unsigned char *)&v, sizeof(v));
}

#ifdef REPLAY_RETHUNK
/*
 * rethunk.S: the copy of the return thunk this host's kernel runs; the
 * images' jumps to whichever thunk the guest's kernel chose land there
 * (the mitigated replay, mk/bench.mk)
 */
void srso_return_thunk(void);
#define RETHUNK(name) { name, srso_return_thunk },
#else
#define RETHUNK(name)
#endif

static const struct {
	const char *name;
	void *fn;
} kstubs[] = {
	RETHUNK("__x86_return_thunk")
	RETHUNK("retbleed_return_thunk")
	RETHUNK("srso_return_thunk")
	RETHUNK("srso_alias_return_thunk")
	RETHUNK("its_return_thunk")
	RETHUNK("call_depth_return_thunk")
	{ "bpf_insn_rol64", bpf_insn_rol64 },
	{ "bpf_insn_ror64", bpf_insn_ror64 },
	{ "bpf_insn_rol32", bpf_insn_rol32 },
	{ "bpf_insn_ror32", bpf_insn_ror32 },
	{ "bpf_insn_select64", bpf_insn_select64 },
	{ "bpf_insn_bextr64", bpf_insn_bextr64 },
	{ "bpf_insn_lea64", bpf_insn_lea64 },
	{ "bpf_insn_load_be16", bpf_insn_load_be16 },
	{ "bpf_insn_load_be32", bpf_insn_load_be32 },
	{ "bpf_insn_load_be64", bpf_insn_load_be64 },
	{ "bpf_insn_popcnt64", bpf_insn_popcnt64 },
	{ "bpf_insn_popcnt32", bpf_insn_popcnt32 },
	{ "bpf_insn_clz64", bpf_insn_clz64 },
	{ "bpf_insn_clz32", bpf_insn_clz32 },
	{ "bpf_insn_ctz64", bpf_insn_ctz64 },
	{ "bpf_insn_ctz32", bpf_insn_ctz32 },
	{ "bpf_insn_blsr64", bpf_insn_blsr64 },
	{ "bpf_insn_blsr32", bpf_insn_blsr32 },
	{ "bpf_insn_mulhi64", bpf_insn_mulhi64 },
	{ "bpf_insn_smulhi64", bpf_insn_smulhi64 },
	{ "bpf_insn_mulfold64", bpf_insn_mulfold64 },
	{ "bpf_insn_crc32c_u8", stub_crc32c_u8 },
	{ "bpf_insn_crc32c_u16", stub_crc32c_u16 },
	{ "bpf_insn_crc32c_u32", stub_crc32c_u32 },
	{ "bpf_insn_crc32c_u64", stub_crc32c_u64 },
	{ "bpf_insn_prefetch", bpf_insn_prefetch },
	{ "bpf_insn_copy16", bpf_insn_copy16 },
	{ "bpf_insn_cpu_id", stub_cpu_id },
	{ "bpf_insn_this_cpu_ptr", stub_this_cpu_ptr },
	{ "bpf_insn_per_cpu_ptr", stub_per_cpu_ptr },
	{ "bpf_iter_num_new", bpf_iter_num_new },
	{ "bpf_iter_num_next", bpf_iter_num_next },
	{ "bpf_iter_num_destroy", bpf_iter_num_destroy },
	{ "bpf_get_smp_processor_id", stub_helper_cpu_id },
	{ "bpf_this_cpu_ptr", stub_helper_this_cpu_ptr },
};

void *kstub_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(kstubs) / sizeof(kstubs[0]); i++)
		if (!strcmp(kstubs[i].name, name))
			return kstubs[i].fn;
	return NULL;
}
