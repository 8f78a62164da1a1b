/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The families of the module, in registration order.  A family NAME is
 * module/NAME.c (its kfuncs, their bodies, and INSN_FAMILY_DEFINE(NAME)
 * at the end) with its emitters in module/x86/NAME.c and
 * module/arm64/NAME.c.  After INSN_FAMILY(NAME), its kfuncs:
 * INSN_KFUNC(op[, flags]) is bpf_insn_<op>(), in the module's BTF set
 * with those flags, native code from insn_emit_<op>(); INSN_NATIVE(op)
 * is native code for a kernel kfunc.  The includer defines the three.
 * Kbuild takes every file of those directories, the host tests read this
 * list.  INSN_KF_FASTCALL: the kfunc honours bpf_fastcall (its native code
 * writes its result only; a body that stays keeps the compiler's saves).
 */
INSN_FAMILY(rotate)	INSN_KFUNC(rol64, INSN_KF_FASTCALL) INSN_KFUNC(ror64, INSN_KF_FASTCALL)
			INSN_KFUNC(rol32, INSN_KF_FASTCALL) INSN_KFUNC(ror32, INSN_KF_FASTCALL)
INSN_FAMILY(select)	INSN_KFUNC(select64, INSN_KF_FASTCALL)
INSN_FAMILY(bextr)	INSN_KFUNC(bextr64, INSN_KF_FASTCALL)
INSN_FAMILY(load_be)	INSN_KFUNC(load_be16, INSN_KF_FASTCALL) INSN_KFUNC(load_be32, INSN_KF_FASTCALL) INSN_KFUNC(load_be64, INSN_KF_FASTCALL)
/* void: the native code writes memory and scratch registers only */
INSN_FAMILY(store_be)	INSN_KFUNC(store_be16, INSN_KF_FASTCALL) INSN_KFUNC(store_be32, INSN_KF_FASTCALL)
			INSN_KFUNC(store_be64, INSN_KF_FASTCALL)
/* void: the native code writes no register, not even a scratch one */
INSN_FAMILY(prefetch)	INSN_KFUNC(prefetch, INSN_KF_FASTCALL)
/* void: the native code writes memory and scratch registers only */
INSN_FAMILY(copy16)	INSN_KFUNC(copy16, INSN_KF_FASTCALL)
INSN_FAMILY(lea)	INSN_KFUNC(lea64, INSN_KF_FASTCALL)
INSN_FAMILY(bitcount)	INSN_KFUNC(popcnt64, INSN_KF_FASTCALL) INSN_KFUNC(popcnt32, INSN_KF_FASTCALL)
			INSN_KFUNC(clz64, INSN_KF_FASTCALL) INSN_KFUNC(clz32, INSN_KF_FASTCALL)
			INSN_KFUNC(ctz64, INSN_KF_FASTCALL) INSN_KFUNC(ctz32, INSN_KF_FASTCALL)
			INSN_KFUNC(blsr64, INSN_KF_FASTCALL) INSN_KFUNC(blsr32, INSN_KF_FASTCALL)
INSN_FAMILY(mulhi)	INSN_KFUNC(mulhi64, INSN_KF_FASTCALL) INSN_KFUNC(smulhi64, INSN_KF_FASTCALL)
			INSN_KFUNC(mulfold64, INSN_KF_FASTCALL)
INSN_FAMILY(crc32c)	INSN_KFUNC(crc32c_u8, INSN_KF_FASTCALL) INSN_KFUNC(crc32c_u16, INSN_KF_FASTCALL)
			INSN_KFUNC(crc32c_u32, INSN_KF_FASTCALL) INSN_KFUNC(crc32c_u64, INSN_KF_FASTCALL)
INSN_FAMILY(iter)	INSN_NATIVE(iter_next)	/* bpf_iter_num_next() */
INSN_FAMILY(percpu)	INSN_KFUNC(this_cpu_ptr) INSN_KFUNC(per_cpu_ptr, KF_RET_NULL)
			INSN_KFUNC(cpu_id)
