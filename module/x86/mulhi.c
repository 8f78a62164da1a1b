// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64 wide multiply.  Unsigned with BMI2: mulx, which takes one factor
 * in rdx and writes the high half to any register (the low half goes to
 * a scratch register).  Otherwise, and signed: the one-operand mul or
 * imul, which multiply rax by the operand into rdx:rax.  rax is BPF's R0
 * and rdx its R3, so what the instruction clobbers and is not the result
 * is saved in the scratch registers and put back: the code writes only
 * its result, as bpf_fastcall wants.  The factors may share registers
 * with each other and the result: the product commutes, so a factor
 * already in rax (rdx for mulx) is taken as the implicit one.
 * The fold (mulfold64) is the same code with the low half kept and xor-ed
 * into the high one: mulx's low half is already in a scratch register,
 * mul's in rax.
 */
#include "../emit.h"
#include "x86.h"

#define X86_RAX		0
#define X86_RDX		2

/* mul (ext 4) or imul (ext 5) src: rdx:rax = rax * src */
static u8 *emit_mul1(u8 *p, u8 ext, u8 src)
{
	p = maybe_emit_1mod(p, src, true);
	EMIT2(0xF7, add_1reg(0xC0 | ext << 3, src));
	return p;
}

/* xor dst, src (64-bit) */
static u8 *emit_xor_reg(u8 *p, u8 dst, u8 src)
{
	p = maybe_emit_mod(p, dst, src, true);
	EMIT2(0x31, add_2reg(0xC0, dst, src));
	return p;
}

/* ext: mul (4) or imul (5); fold: the result is rax ^ rdx, not rdx */
static int emit_mul_rax(const struct bpf_kfunc_emit *e, u8 *buf, u8 ext, bool fold)
{
	u8 dst = e->dst, a = e->arg[0], b = e->arg[1];
	u8 save_ax = e->scratch[0], save_dx = e->scratch[1], res, t;
	u8 *p = buf;

	if (b == X86_RAX) {
		t = a;
		a = b;
		b = t;
	}
	/* b is in rax only if a is: rax is written only with a */
	if (dst != X86_RAX)
		p = emit_mov_reg(p, true, save_ax, X86_RAX);
	if (dst != X86_RDX)
		p = emit_mov_reg(p, true, save_dx, X86_RDX);
	if (a != X86_RAX)
		p = emit_mov_reg(p, true, X86_RAX, a);
	p = emit_mul1(p, ext, b);
	/* the high half is in rdx; a fold goes to rdx if dst is rdx, else rax */
	res = fold && dst != X86_RDX ? X86_RAX : X86_RDX;
	if (fold)
		p = emit_xor_reg(p, res, res == X86_RAX ? X86_RDX : X86_RAX);
	if (dst != res)
		p = emit_mov_reg(p, true, dst, res);
	if (dst != X86_RAX)
		p = emit_mov_reg(p, true, X86_RAX, save_ax);
	if (dst != X86_RDX)
		p = emit_mov_reg(p, true, X86_RDX, save_dx);
	return p - buf;
}

/* mulx dst, lo, src: dst:lo = rdx * src; fold: then xor dst, lo */
static int emit_mulx(const struct bpf_kfunc_emit *e, u8 *buf, bool fold)
{
	u8 dst = e->dst, a = e->arg[0], b = e->arg[1];
	u8 lo = e->scratch[0], save_dx = e->scratch[1], t;
	bool load, save;
	u8 *p = buf;

	if (b == X86_RDX) {
		t = a;
		a = b;
		b = t;
	}
	load = a != X86_RDX;
	save = load && dst != X86_RDX;
	if (save)
		p = emit_mov_reg(p, true, save_dx, X86_RDX);
	if (load)
		p = emit_mov_reg(p, true, X86_RDX, a);
	p = emit_vex3(p, dst, b, 2, true, lo, 3);
	EMIT2(0xF6, add_2reg(0xC0, b, dst));
	if (fold)
		p = emit_xor_reg(p, dst, lo);
	if (save)
		p = emit_mov_reg(p, true, X86_RDX, save_dx);
	return p - buf;
}

int insn_emit_mulhi(const struct bpf_kfunc_emit *e, u8 *buf, bool is_signed)
{
	if (is_signed)
		return emit_mul_rax(e, buf, 5, false);
	if (insn_x86_has_bmi2())
		return emit_mulx(e, buf, false);
	return emit_mul_rax(e, buf, 4, false);
}

int insn_emit_mulfold64(const struct bpf_kfunc_emit *e, u8 *buf)
{
	if (insn_x86_has_bmi2())
		return emit_mulx(e, buf, true);
	return emit_mul_rax(e, buf, 4, true);
}
