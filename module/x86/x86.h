/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 encoding helpers named and meant as in arch/x86/net/bpf_jit_comp.c.
 * One difference: the JIT hands the emitters hardware register numbers 0-15
 * (rax..r15), not BPF registers, so these take hardware numbers and need no
 * reg2hex[]: the low three bits go in ModRM/SIB, bit 3 in the REX prefix.
 */
#ifndef _INSN_KFUNCS_X86_H
#define _INSN_KFUNCS_X86_H

#include <linux/types.h>
#include <linux/unaligned.h>

#define EMIT1(b1)		(*p++ = (u8)(b1))
#define EMIT2(b1, b2)		do { EMIT1(b1); EMIT1(b2); } while (0)
#define EMIT3(b1, b2, b3)	do { EMIT2(b1, b2); EMIT1(b3); } while (0)

/* no register: an absolute or unindexed memory operand (emit_mem()) */
#define X86_REG_NONE		16

/* r8..r15: encoding them takes a REX bit */
static inline bool is_ereg(u32 reg)
{
	return reg >= 8 && reg < X86_REG_NONE;
}

/* REX.B for @reg (ModRM.rm, SIB.base or the opcode's register) */
static inline u8 add_1mod(u8 byte, u32 reg)
{
	if (is_ereg(reg))
		byte |= 1;
	return byte;
}

/* REX.B for @r1 (ModRM.rm or SIB.base), REX.R for @r2 (ModRM.reg) */
static inline u8 add_2mod(u8 byte, u32 r1, u32 r2)
{
	if (is_ereg(r1))
		byte |= 1;
	if (is_ereg(r2))
		byte |= 4;
	return byte;
}

/* add_2mod() and REX.X for @index (SIB.index) */
static inline u8 add_3mod(u8 byte, u32 r1, u32 r2, u32 index)
{
	if (is_ereg(r1))
		byte |= 1;
	if (is_ereg(index))
		byte |= 2;
	if (is_ereg(r2))
		byte |= 4;
	return byte;
}

/* @dst_reg into the low three bits of @byte (ModRM.rm, or an opcode) */
static inline u8 add_1reg(u8 byte, u32 dst_reg)
{
	return byte + (dst_reg & 7);
}

/* @dst_reg into ModRM.rm (or SIB.base), @src_reg into ModRM.reg (SIB.index) */
static inline u8 add_2reg(u8 byte, u32 dst_reg, u32 src_reg)
{
	return byte + (dst_reg & 7) + ((src_reg & 7) << 3);
}

/* REX, where needed: W for @is64, B for @dst_reg, R for @src_reg */
static inline u8 *maybe_emit_mod(u8 *p, u32 dst_reg, u32 src_reg, bool is64)
{
	if (is64)
		EMIT1(add_2mod(0x48, dst_reg, src_reg));
	else if (is_ereg(dst_reg) || is_ereg(src_reg))
		EMIT1(add_2mod(0x40, dst_reg, src_reg));
	return p;
}

/* maybe_emit_mod() for a single register, in ModRM.rm or the opcode */
static inline u8 *maybe_emit_1mod(u8 *p, u32 reg, bool is64)
{
	if (is64)
		EMIT1(add_1mod(0x48, reg));
	else if (is_ereg(reg))
		EMIT1(add_1mod(0x40, reg));
	return p;
}

/*
 * mov dst, src; the 32-bit form zero-extends dst.  Unlike the kernel's,
 * the 64-bit form is emitted even when dst is src: callers leave it out.
 */
static inline u8 *emit_mov_reg(u8 *p, bool is64, u32 dst_reg, u32 src_reg)
{
	p = maybe_emit_mod(p, dst_reg, src_reg, is64);
	EMIT2(0x89, add_2reg(0xC0, dst_reg, src_reg));
	return p;
}

/* second opcode bytes after 0F of cmovCC, for emit_0f() */
#define X86_CMOVAE		0x43
#define X86_CMOVE		0x44
#define X86_CMOVNE		0x45

/*
 * [F3] 0F op dst, src, register to register (cmovCC, bsf, bsr; with F3
 * tzcnt, lzcnt, popcnt); the REX prefix goes after F3.
 */
static inline u8 *emit_0f(u8 *p, bool f3, u8 op, bool is64, u32 dst, u32 src)
{
	if (f3)
		EMIT1(0xF3);
	p = maybe_emit_mod(p, src, dst, is64);
	EMIT3(0x0F, op, add_2reg(0xC0, src, dst));
	return p;
}

/*
 * REX, where needed, for a memory operand emit_mem() encodes: B for
 * @base, X for @index, R for @reg (X86_REG_NONE for none sets no bit).
 */
static inline u8 *maybe_emit_mem_mod(u8 *p, u32 base, u32 index, u32 reg,
				     bool is64)
{
	u8 rex = add_3mod(is64 ? 0x48 : 0x40, base, reg, index);

	if (rex != 0x40)
		EMIT1(rex);
	return p;
}

/*
 * ModRM, SIB and displacement for [base + index * (1 << shift) + disp],
 * @reg in ModRM.reg; @base and @index may be X86_REG_NONE.  With neither,
 * it is an absolute [disp32] (SIB with no base and no index: in 64-bit
 * mode ModRM rm=101 alone would be rip-relative).  rsp/r12 as base take a
 * SIB; rbp/r13 as base take a displacement, as mod=00 there means none.
 *
 * The displacement is disp8 where it fits, also for 0, as the kernel's
 * emit_insn_suffix() and emit_insn_suffix_SIB() do (they never use
 * mod=00); only an indexed operand with a zero disp leaves it out, the
 * shorter form lea has always taken.
 */
static inline u8 *emit_mem(u8 *p, u32 reg, u32 base, u32 index, u32 shift,
			   s32 disp)
{
	bool sib = base == X86_REG_NONE || index != X86_REG_NONE ||
		   (base & 7) == 4;
	u8 mod;

	if (base == X86_REG_NONE)
		mod = 0x00;
	else if (!disp && index != X86_REG_NONE && (base & 7) != 5)
		mod = 0x00;
	else if (disp == (s8)disp)
		mod = 0x40;
	else
		mod = 0x80;
	if (sib) {
		/* SIB.index 100 without REX.X is no index; 101 base at mod=00 none */
		EMIT2(add_2reg(mod | 4, 0, reg),
		      add_2reg(shift << 6, base == X86_REG_NONE ? 5 : base,
			       index == X86_REG_NONE ? 4 : index));
	} else {
		EMIT1(add_2reg(mod, base, reg));
	}
	if (mod == 0x40) {
		EMIT1(disp);
	} else if (mod == 0x80 || base == X86_REG_NONE) {
		put_unaligned_le32(disp, p);
		p += 4;
	}
	return p;
}

/*
 * VEX3 prefix: map 1 = 0F, 2 = 0F38, 3 = 0F3A; pp 0 = none, 1 = 66,
 * 2 = F3, 3 = F2; vvvv is a register number (0 when unused: it is
 * encoded inverted, and unused must read 1111).
 */
static inline u8 *emit_vex3(u8 *p, u8 reg, u8 rm, u8 map, bool w, u8 vvvv, u8 pp)
{
	EMIT3(0xC4,
	      (~reg & 8) << 4 | 0x40 | (~rm & 8) << 2 | map,	/* ~R ~X ~B mmmmm */
	      (w ? 0x80 : 0) | (~vvvv & 15) << 3 | pp);		/* W vvvv L=0 pp */
	return p;
}

bool insn_x86_has_bmi1(void);
bool insn_x86_has_bmi2(void);
bool insn_x86_has_movbe(void);
bool insn_x86_has_popcnt(void);
bool insn_x86_has_lzcnt(void);
bool insn_x86_has_sse42(void);

#endif /* _INSN_KFUNCS_X86_H */
