// SPDX-License-Identifier: GPL-2.0
/*
 * The host tier's BPF interpreter.  Bodies end by falling off their last
 * instruction (they may not exit or call), jump only forward, and compute
 * R0; what the BPF ISA leaves undefined (shifts by the width or more) is a
 * fault here, since a body that relies on it has no defined result.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bpf_interp.h"

#define STEP_LIMIT	4096

static enum interp_status fault(struct interp *vm, u32 pc, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(vm->err, sizeof(vm->err), "insn %u: ", pc);

	va_start(ap, fmt);
	vsnprintf(vm->err + n, sizeof(vm->err) - n, fmt, ap);
	va_end(ap);
	return INTERP_FAULT;
}

void interp_init(struct interp *vm, const u64 *args, int nargs)
{
	int i;

	memset(vm, 0, sizeof(*vm));
	for (i = 0; i < nargs; i++) {
		vm->reg[BPF_REG_1 + i] = args[i];
		vm->valid |= 1 << (BPF_REG_1 + i);
	}
	vm->reg[BPF_REG_10] = (u64)(vm->stack + ARRAY_SIZE(vm->stack));
	vm->valid |= 1 << BPF_REG_10;
	interp_allow(vm, vm->stack, sizeof(vm->stack));
}

void interp_allow(struct interp *vm, const void *start, u64 len)
{
	if (vm->nmem < INTERP_MAX_REGIONS)
		vm->mem[vm->nmem++] = (struct interp_region){ (u64)start, len };
	else
		snprintf(vm->err, sizeof(vm->err), "more than %d memory regions",
			 INTERP_MAX_REGIONS);
}

static void *mem_at(struct interp *vm, u64 addr, u32 size)
{
	int i;

	for (i = 0; i < vm->nmem; i++)
		if (addr >= vm->mem[i].start && size <= vm->mem[i].len &&
		    addr - vm->mem[i].start <= vm->mem[i].len - size)
			return (void *)addr;
	return NULL;
}

static u32 size_bytes(u8 code)
{
	switch (BPF_SIZE(code)) {
	case BPF_B: return 1;
	case BPF_H: return 2;
	case BPF_W: return 4;
	default: return 8;
	}
}

static u64 sext(u64 v, u32 bits)
{
	return bits >= 64 ? v : (u64)((s64)(v << (64 - bits)) >> (64 - bits));
}

static bool read_reg(struct interp *vm, u8 r, u64 *v)
{
	if (r >= MAX_BPF_REG || !(vm->valid & 1 << r))
		return false;
	*v = vm->reg[r];
	return true;
}

static enum interp_status alu(struct interp *vm, u32 pc, const struct bpf_insn *in)
{
	bool is64 = BPF_CLASS(in->code) == BPF_ALU64, x = BPF_SRC(in->code) == BPF_X;
	u32 width = is64 ? 64 : 32;
	u64 mask = is64 ? ~0ULL : 0xffffffffULL;
	u8 op = BPF_OP(in->code);
	u64 d = 0, s, r;

	if (in->dst_reg > BPF_REG_9)
		return fault(vm, pc, "writes R%d", in->dst_reg);
	if (op == BPF_END) {
		if (!read_reg(vm, in->dst_reg, &d))
			return fault(vm, pc, "reads R%d before writing it", in->dst_reg);
		if (in->imm != 16 && in->imm != 32 && in->imm != 64)
			return fault(vm, pc, "byte swap of %d bits", in->imm);
		/* BPF_TO_LE on a little-endian host only truncates */
		if (is64 || x)
			d = in->imm == 16 ? __builtin_bswap16(d) :
			    in->imm == 32 ? __builtin_bswap32(d) : __builtin_bswap64(d);
		vm->reg[in->dst_reg] = in->imm == 64 ? d : d & ((1ULL << in->imm) - 1);
		vm->valid |= 1 << in->dst_reg;
		return INTERP_OK;
	}
	if (x) {
		if (!read_reg(vm, in->src_reg, &s))
			return fault(vm, pc, "reads R%d before writing it", in->src_reg);
	} else {
		s = (u64)(s64)in->imm;
	}
	if (op != BPF_MOV && !read_reg(vm, in->dst_reg, &d))
		return fault(vm, pc, "reads R%d before writing it", in->dst_reg);
	if (op == BPF_MOV && in->off == BPF_ADDR_PERCPU && is64 && x) {
		if (!vm->percpu) {
			snprintf(vm->err, sizeof(vm->err), "insn %u: per-CPU address move", pc);
			return INTERP_UNSUPPORTED;
		}
		vm->reg[in->dst_reg] = s + vm->cpu_off;
		vm->valid |= 1 << in->dst_reg;
		return INTERP_OK;
	}
	if (in->off && !((op == BPF_DIV || op == BPF_MOD) && in->off == 1) &&
	    !(op == BPF_MOV && x && (in->off == 8 || in->off == 16 ||
				     (is64 && in->off == 32))))
		return fault(vm, pc, "off %d on ALU op 0x%x", in->off, op);
	d &= mask;
	s &= mask;
	switch (op) {
	case BPF_ADD: r = d + s; break;
	case BPF_SUB: r = d - s; break;
	case BPF_MUL: r = d * s; break;
	case BPF_OR: r = d | s; break;
	case BPF_AND: r = d & s; break;
	case BPF_XOR: r = d ^ s; break;
	case BPF_NEG: r = -d; break;
	case BPF_MOV: r = in->off ? sext(s, in->off) : s; break;
	case BPF_LSH:
	case BPF_RSH:
	case BPF_ARSH:
		if (s >= width)
			return fault(vm, pc, "shift by %llu, not below %u",
				     (unsigned long long)s, width);
		r = op == BPF_LSH ? d << s : op == BPF_RSH ? d >> s :
		    (u64)((s64)sext(d, width) >> s);
		break;
	case BPF_DIV:
	case BPF_MOD:
		/* BPF: x / 0 = 0, x % 0 = x; signed forms wrap */
		if (!s) {
			r = op == BPF_DIV ? 0 : d;
		} else if (!in->off) {
			r = op == BPF_DIV ? d / s : d % s;
		} else {
			s64 sd = sext(d, width), ss = sext(s, width);

			if (ss == -1)
				r = op == BPF_DIV ? -(u64)sd : 0;
			else
				r = op == BPF_DIV ? (u64)(sd / ss) : (u64)(sd % ss);
		}
		break;
	default:
		return fault(vm, pc, "ALU op 0x%x", op);
	}
	vm->reg[in->dst_reg] = r & mask;
	vm->valid |= 1 << in->dst_reg;
	return INTERP_OK;
}

/* returns the jump's verdict in *taken */
static enum interp_status cond(struct interp *vm, u32 pc, const struct bpf_insn *in,
			       bool *taken)
{
	bool is32 = BPF_CLASS(in->code) == BPF_JMP32;
	u32 width = is32 ? 32 : 64;
	u64 d, s;
	s64 sd, ss;

	if (!read_reg(vm, in->dst_reg, &d))
		return fault(vm, pc, "reads R%d before writing it", in->dst_reg);
	if (BPF_SRC(in->code) == BPF_X) {
		if (!read_reg(vm, in->src_reg, &s))
			return fault(vm, pc, "reads R%d before writing it", in->src_reg);
	} else {
		s = (u64)(s64)in->imm;
	}
	if (is32) {
		d = (u32)d;
		s = (u32)s;
	}
	sd = sext(d, width);
	ss = sext(s, width);
	switch (BPF_OP(in->code)) {
	case BPF_JEQ: *taken = d == s; break;
	case BPF_JNE: *taken = d != s; break;
	case BPF_JGT: *taken = d > s; break;
	case BPF_JGE: *taken = d >= s; break;
	case BPF_JLT: *taken = d < s; break;
	case BPF_JLE: *taken = d <= s; break;
	case BPF_JSET: *taken = d & s; break;
	case BPF_JSGT: *taken = sd > ss; break;
	case BPF_JSGE: *taken = sd >= ss; break;
	case BPF_JSLT: *taken = sd < ss; break;
	case BPF_JSLE: *taken = sd <= ss; break;
	default:
		return fault(vm, pc, "jump op 0x%x", BPF_OP(in->code));
	}
	return INTERP_OK;
}

static enum interp_status mem(struct interp *vm, u32 pc, const struct bpf_insn *in)
{
	u8 cls = BPF_CLASS(in->code), mode = BPF_MODE(in->code);
	u32 size = size_bytes(in->code);
	u8 base = cls == BPF_LDX ? in->src_reg : in->dst_reg;
	u64 addr, v = 0;
	void *p;

	if (mode != BPF_MEM && !(cls == BPF_LDX && mode == BPF_MEMSX && size < 8))
		return mode == BPF_ATOMIC ? (snprintf(vm->err, sizeof(vm->err),
					     "insn %u: atomic", pc), INTERP_UNSUPPORTED) :
		       fault(vm, pc, "memory mode 0x%x", mode);
	if (!read_reg(vm, base, &addr))
		return fault(vm, pc, "reads R%d before writing it", base);
	addr += (s64)in->off;
	p = mem_at(vm, addr, size);
	if (!p)
		return fault(vm, pc, "%u-byte access at %#llx outside the allowed memory",
			     size, (unsigned long long)addr);
	if (cls == BPF_LDX) {
		if (in->dst_reg > BPF_REG_9)
			return fault(vm, pc, "writes R%d", in->dst_reg);
		memcpy(&v, p, size);
		vm->reg[in->dst_reg] = mode == BPF_MEMSX ? sext(v, size * 8) : v;
		vm->valid |= 1 << in->dst_reg;
		return INTERP_OK;
	}
	if (cls == BPF_STX) {
		if (!read_reg(vm, in->src_reg, &v))
			return fault(vm, pc, "reads R%d before writing it", in->src_reg);
	} else {
		v = (u64)(s64)in->imm;
	}
	memcpy(p, &v, size);
	return INTERP_OK;
}

enum interp_status interp_run(struct interp *vm, const struct bpf_insn *insns, u32 len)
{
	enum interp_status st = INTERP_OK;
	u32 pc = 0, steps = 0;

	if (vm->err[0])
		return INTERP_FAULT;	/* interp_allow() had no room */
	while (pc < len) {
		const struct bpf_insn *in = &insns[pc];
		s64 next = pc + 1;
		bool taken = false;

		if (++steps > STEP_LIMIT)
			return fault(vm, pc, "more than %d steps", STEP_LIMIT);
		switch (BPF_CLASS(in->code)) {
		case BPF_ALU:
		case BPF_ALU64:
			st = alu(vm, pc, in);
			break;
		case BPF_LDX:
		case BPF_STX:
		case BPF_ST:
			st = mem(vm, pc, in);
			break;
		case BPF_LD:
			if (in->code != (BPF_LD | BPF_IMM | BPF_DW) || in->src_reg ||
			    pc + 1 >= len || in->dst_reg > BPF_REG_9)
				return fault(vm, pc, "LD 0x%x src %d", in->code, in->src_reg);
			vm->reg[in->dst_reg] = (u32)in->imm | (u64)(u32)in[1].imm << 32;
			vm->valid |= 1 << in->dst_reg;
			next = pc + 2;
			break;
		case BPF_JMP:
		case BPF_JMP32:
			if (BPF_OP(in->code) == BPF_CALL || BPF_OP(in->code) == BPF_EXIT)
				return fault(vm, pc, "call or exit in a body");
			if (BPF_OP(in->code) == BPF_JA) {
				taken = true;
			} else {
				st = cond(vm, pc, in, &taken);
				if (st != INTERP_OK)
					return st;
			}
			if (taken)
				next += BPF_CLASS(in->code) == BPF_JMP32 &&
					BPF_OP(in->code) == BPF_JA ? in->imm : in->off;
			if (next <= pc)
				return fault(vm, pc, "backward jump");
			if (next > len)
				return fault(vm, pc, "jump past the body's end");
			break;
		}
		if (st != INTERP_OK)
			return st;
		pc = next;
	}
	return INTERP_OK;
}
