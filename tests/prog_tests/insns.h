/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Programs written instruction by instruction (soundness.c, fuzz_prog.c):
 * the instruction macros of the kernel's filter.h, which no UAPI header
 * has, and the BTF id of a module's kfunc for a call of it.
 */
#ifndef _VM_INSNS_H
#define _VM_INSNS_H

#include <linux/bpf.h>

#define BPF_RAW_INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })
#define BPF_MOV64_IMM(d, i)	BPF_RAW_INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define BPF_MOV64_REG(d, s)	BPF_RAW_INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define BPF_ALU64_IMM(op, d, i)	BPF_RAW_INSN(BPF_ALU64 | (op) | BPF_K, d, 0, 0, i)
#define BPF_ALU64_REG(op, d, s)	BPF_RAW_INSN(BPF_ALU64 | (op) | BPF_X, d, s, 0, 0)
#define BPF_ST_MEM(sz, d, o, i)	BPF_RAW_INSN(BPF_ST | BPF_MEM | (sz), d, 0, o, i)
#define BPF_STX_MEM(sz, d, s, o) BPF_RAW_INSN(BPF_STX | BPF_MEM | (sz), d, s, o, 0)
#define BPF_LDX_MEM(sz, d, s, o) BPF_RAW_INSN(BPF_LDX | BPF_MEM | (sz), d, s, o, 0)
#define BPF_JMP_A(o)		BPF_RAW_INSN(BPF_JMP | BPF_JA, 0, 0, o, 0)
/* ld_imm64 of a kernel symbol's address, as libbpf writes bpf_ksym_exists() */
#define KSYM_ADDR(d, id, fd)	BPF_RAW_INSN(BPF_LD | BPF_IMM | BPF_DW, d, BPF_PSEUDO_BTF_ID, 0, id), \
				BPF_RAW_INSN(0, 0, 0, 0, fd)
#define BPF_JMP_IMM(op, d, i, o) BPF_RAW_INSN(BPF_JMP | (op) | BPF_K, d, 0, o, i)
#define BPF_EXIT_INSN()		BPF_RAW_INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define KCALL(id)	BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 1, id)
/* a call of vmlinux's kfunc @id (no fd_array entry) */
#define VKCALL(id)	BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, id)
#define HCALL(id)	BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, id)
/* ld_imm64 of map @fd into @d */
#define LD_MAP_FD(d, fd)	BPF_RAW_INSN(BPF_LD | BPF_IMM | BPF_DW, d, BPF_PSEUDO_MAP_FD, 0, fd), \
				BPF_RAW_INSN(0, 0, 0, 0, 0)
/* r0 = bpf_map_lookup_elem(map @fd, &(u32){0}), the key at r10 - 4 */
#define LOOKUP_KEY0(fd)	BPF_ST_MEM(BPF_W, BPF_REG_10, -4, 0),			\
			BPF_MOV64_REG(BPF_REG_2, BPF_REG_10),			\
			BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, -4),			\
			LD_MAP_FD(BPF_REG_1, fd),				\
			HCALL(BPF_FUNC_map_lookup_elem)

/*
 * BTF id of kfunc @name in module @mod, and *@fd the module BTF's fd
 * (fd_array[1] of the KCALL()s); a negative errno, *@fd closed, if none
 */
int mod_kfunc(const char *mod, const char *name, int *fd);
/* the same for @name of BTF_KIND_@kind */
int mod_btf_id(const char *mod, const char *name, __u32 kind, int *fd);

/* BTF id of kfunc @name in vmlinux (VKCALL()), or a negative errno */
int vmlinux_kfunc(const char *name);
/* BTF id of @name of BTF_KIND_@kind in vmlinux, or a negative errno */
int vmlinux_btf_id(const char *name, __u32 kind);
/*
 * Byte offset of member @member of struct @type in vmlinux (looking into
 * anonymous members; not a bit-field); -ENOENT if it has none, or a
 * negative errno
 */
int vmlinux_member_off(const char *type, const char *member);

#endif /* _VM_INSNS_H */
