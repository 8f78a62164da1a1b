/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 encoding helpers in the idiom of arch/x86/net/bpf_jit_comp.c.
 * Registers are hardware numbers 0-15 (rax..r15), as the JIT hands them.
 */
#ifndef _INSN_KFUNCS_X86_H
#define _INSN_KFUNCS_X86_H

#include <linux/types.h>

#define EMIT1(b1)		(*p++ = (u8)(b1))
#define EMIT2(b1, b2)		do { EMIT1(b1); EMIT1(b2); } while (0)
#define EMIT3(b1, b2, b3)	do { EMIT2(b1, b2); EMIT1(b3); } while (0)

/* ModRM with mod=11: register to register */
static inline u8 add_2mod(u8 reg, u8 rm)
{
	return 0xC0 | (reg & 7) << 3 | (rm & 7);
}

/* REX prefix; emitted only when needed (W, or a register above 7) */
static inline u8 *emit_rex(u8 *p, bool w, u8 reg, u8 rm)
{
	u8 rex = 0x40 | (w ? 8 : 0) | (reg & 8) >> 1 | (rm & 8) >> 3;

	if (rex != 0x40)
		EMIT1(rex);
	return p;
}

/* mov dst, src (32-bit form zero-extends dst) */
static inline u8 *emit_mov_reg(u8 *p, bool w, u8 dst, u8 src)
{
	p = emit_rex(p, w, src, dst);
	EMIT2(0x89, add_2mod(src, dst));	/* mov r/m, r */
	return p;
}

/* ModRM (+SIB) + disp8 for [base + disp]: mod=01 works for rbp/r13 too */
static inline u8 *emit_mem_disp8(u8 *p, u8 reg, u8 base, s8 disp)
{
	EMIT1(0x40 | (reg & 7) << 3 | (base & 7));
	if ((base & 7) == 4)
		EMIT1(0x24);				/* SIB: base only (rsp/r12) */
	EMIT1(disp);
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

#endif /* _INSN_KFUNCS_X86_H */
