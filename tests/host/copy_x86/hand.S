/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Functions compilers rarely emit, for test_copy.c's table hand_cases[]:
 * what the copier must decline, one class each, and edge cases it must
 * copy.  Each is its own symbol, sized to the next one as kallsyms does;
 * the padding between them is int3.
 */
#define FUNC(n)	.p2align 4, 0xcc; .globl n; .type n, @function; n:

	.text

/* ---- accepted: results and their zero-extension ---- */
FUNC(h_ret_u64)
	lea	(%rdi,%rsi), %rax
	ret
FUNC(h_ret_u32)			/* garbage in the upper half, result u32 */
	lea	(%rdi,%rsi), %rax
	ret
FUNC(h_ret_u16)
	lea	(%rdi,%rsi), %rax
	ret
FUNC(h_ret_u8)
	lea	(%rdi,%rsi), %rax
	ret
FUNC(h_void)
	mov	%rdi, %rax
	ret
FUNC(h_lea_disp)		/* the flipped-byte control flips its disp */
	lea	0x11(%rdi,%rsi,2), %rax
	ret

/* ---- accepted: entry nops, returns, jumps ---- */
FUNC(h_endbr)
	endbr64
	lea	(%rdi,%rsi), %rax
	ret
FUNC(h_sealed_endbr)		/* as IBT sealing poisons an endbr */
	.byte	0x66, 0x0f, 0x1f, 0x00
	lea	(%rdi,%rsi), %rax
	ret
FUNC(h_endbr_nop5)		/* endbr, then the fentry call ftrace made a nop */
	endbr64
	.byte	0x0f, 0x1f, 0x44, 0x00, 0x00
	lea	(%rdi,%rsi), %rax
	ret
FUNC(h_thunk)			/* -mfunction-return=thunk-extern */
	lea	(%rdi,%rsi), %rax
	jmp	__x86_return_thunk
FUNC(h_thunk_other)		/* a return apply_returns() pointed elsewhere */
	lea	(%rdi,%rsi), %rax
	jmp	other_return_thunk
FUNC(h_thunk_unknown)		/* a tail call, not a return */
	lea	(%rdi,%rsi), %rax
	jmp	third_thunk
FUNC(h_rep_ret)
	lea	(%rdi,%rsi), %rax
	rep ret
FUNC(h_jmp_to_ret)		/* lands on the zero-extension after the copy */
	mov	%rdi, %rax
	test	%rsi, %rsi
	jz	1f
	add	%rsi, %rax
1:	ret
FUNC(h_jcc_back)		/* a loop inside the copy */
	xor	%eax, %eax
	mov	%esi, %ecx
	and	$7, %ecx
1:	add	%rdi, %rax
	sub	$1, %ecx
	jns	1b
	ret
FUNC(h_jmp32_fwd)		/* jmp rel32 and jcc rel32 */
	mov	%rdi, %rax
	test	%rsi, %rsi
	.byte	0x0f, 0x84, 0x03, 0x00, 0x00, 0x00	/* jz +3 */
	add	%rsi, %rax
	.byte	0xe9, 0x00, 0x00, 0x00, 0x00		/* jmp +0 */
	ret
FUNC(h_nops_mid)
	mov	%rdi, %rax
	.byte	0x66, 0x90
	.byte	0x0f, 0x1f, 0x44, 0x00, 0x00
	add	%rsi, %rax
	ret
FUNC(h_nops_66_66)		/* a prefix twice: nbytes 2, one distinct */
	mov	%rdi, %rax
	.byte	0x66, 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00
	add	%rsi, %rax
	ret
FUNC(h_exact64)			/* 64 bytes: the most a copy may be */
	mov	%rdi, %rax
	.rept	10
	add	$0x11111111, %rax
	.endr
	cltd
	ret
FUNC(h_long65)
	mov	%rdi, %rax
	.rept	10
	add	$0x11111111, %rax
	.endr
	cltd
	cltd
	ret
FUNC(h_exact62)			/* 62 bytes and mov eax, eax */
	mov	%rdi, %rax
	.rept	9
	add	$0x11111111, %rax
	.endr
	add	$1, %eax
	cltd
	cltd
	ret
FUNC(h_div)
	mov	%rdi, %rax
	or	$1, %rsi
	xor	%edx, %edx
	div	%rsi
	ret
FUNC(h_r8_r11)
	lea	(%r8,%r9,2), %r10
	lea	(%r10,%r11), %rax
	ret
FUNC(h_mem_sib)
	mov	%rdx, (%rdi,%rsi,1)
	ret
FUNC(h_mem_sib32)		/* the memory control's other original */
	mov	%edx, (%rdi,%rsi,1)
	ret
FUNC(h_mem_rmw)
	addq	$5, 8(%rdi)
	incl	(%rdi,%rsi,2)
	notb	3(%rdi)
	mov	(%rdi), %rax
	ret

/* ---- accepted: 8-bit registers that are not callee-saved ---- */
FUNC(h_xchg_ah_al)
	mov	%rdi, %rax
	xchg	%ah, %al
	ret
FUNC(h_movzx_ah)
	mov	%rdi, %rax
	movzbl	%ah, %eax
	ret
FUNC(h_mov_al_dh)
	mov	%rdi, %rax
	mov	%rsi, %rdx
	mov	%al, %dh
	mov	%rdx, %rax
	ret
FUNC(h_movsx_ch)
	mov	%rdi, %rcx
	movsbl	%ch, %eax
	ret
FUNC(h_crc32_ah)
	mov	%rdi, %rax
	crc32b	%ah, %eax
	ret
FUNC(h_sete_ah)
	mov	%rdi, %rax
	cmp	%rsi, %rdi
	sete	%ah
	ret
FUNC(h_mov_sil)
	mov	%rdi, %rax
	mov	%sil, %al
	ret
FUNC(h_mov_imm_ah)
	mov	%rdi, %rax
	mov	$0x5a, %ah
	ret
FUNC(h_shl_dh)
	mov	%rdi, %rdx
	shlb	%dh
	mov	%rdx, %rax
	ret

/* ---- accepted: BMI, LZCNT, POPCNT, MOVBE, CRC32 ---- */
FUNC(h_andn)
	andn	%rsi, %rdi, %rax
	ret
FUNC(h_andn_r8_r11)		/* VEX.R, VEX.B, vvvv above 7 */
	andn	%r9, %r10, %r11
	mov	%r11, %rax
	ret
FUNC(h_bextr)
	bextr	%rsi, %rdi, %rax
	ret
FUNC(h_bzhi)
	bzhi	%rsi, %rdi, %rax
	ret
FUNC(h_pdep)
	pdep	%rsi, %rdi, %rax
	ret
FUNC(h_pext)
	pext	%rsi, %rdi, %rax
	ret
FUNC(h_blsi)
	blsi	%rdi, %rax
	ret
FUNC(h_blsmsk)
	blsmsk	%rdi, %r8
	mov	%r8, %rax
	ret
FUNC(h_shlx_sarx)
	shlx	%rsi, %rdi, %rax
	sarx	%rdx, %rax, %rax
	ret
FUNC(h_rorx)
	rorx	$13, %rdi, %rax
	ret
FUNC(h_mulx)
	mov	%rdi, %rdx
	mulx	%rsi, %rcx, %rax
	xor	%rcx, %rax
	ret
FUNC(h_lzcnt_tzcnt)
	lzcnt	%rdi, %rax
	tzcnt	%rsi, %rcx
	shl	$8, %rcx
	or	%rcx, %rax
	ret
FUNC(h_popcnt)
	popcnt	%rdi, %rax
	ret
FUNC(h_movbe_load)
	movbe	(%rdi,%rsi,1), %rax
	ret
FUNC(h_movbe_store16)
	movbe	%dx, (%rdi,%rsi,1)
	ret
FUNC(h_crc32q)
	mov	%edi, %eax
	crc32q	%rsi, %rax
	ret

/* ---- declined: stack, calls, branches ---- */
FUNC(h_push_rbx)
	push	%rbx
	pop	%rbx
	ret
FUNC(h_push_rax)
	push	%rax
	pop	%rax
	ret
FUNC(h_push_mem)
	push	(%rdi)
	pop	%rax
	ret
FUNC(h_jmp_over_push)		/* never run, still declined */
	jmp	1f
	push	%rbx
1:	mov	%rdi, %rax
	ret
FUNC(h_call)
	call	h_ret_u64
	ret
FUNC(h_call_ind)
	call	*%rax
	ret
FUNC(h_call_mem)
	call	*(%rdi)
	ret
FUNC(h_jmp_ind)
	jmp	*%rax
FUNC(h_jmp_mem)
	jmp	*(%rdi)
FUNC(h_ret_imm)
	ret	$8
FUNC(h_leave)
	leave
	ret
FUNC(h_enter)
	enter	$8, $0
	ret

/* ---- declined: addresses ---- */
FUNC(h_rip_lea)
	lea	h_ret_u64(%rip), %rax
	ret
FUNC(h_rip_load)
	mov	hand_alts(%rip), %rax
	ret
FUNC(h_rip_rex_b)		/* REX.B does not make disp32(%rip) r13-based */
	.byte	0x49, 0x8b, 0x05, 0x00, 0x00, 0x00, 0x00
	ret
FUNC(h_rip_prefetch)
	prefetcht0 hand_alts(%rip)
	ret
FUNC(h_abs)
	mov	0x1000, %eax
	ret
FUNC(h_abs_rex_b)		/* SIB base 101, mod 00: no base, even with REX.B */
	.byte	0x41, 0x8b, 0x04, 0x25, 0x00, 0x10, 0x00, 0x00
	ret
FUNC(h_abs_index)
	mov	0x1000(,%rdi,8), %rax
	ret
FUNC(h_moffs)
	movabs	0x1000, %eax
	ret

/* ---- declined: prefixes ---- */
FUNC(h_lock)
	lock incq (%rdi)
	ret
FUNC(h_gs)
	mov	%gs:0x10, %rax
	ret
FUNC(h_fs_rdi)
	mov	%fs:(%rdi), %rax
	ret
FUNC(h_addr32)
	mov	(%edi), %eax
	ret
FUNC(h_jcc_66)			/* operand-size prefix on a jump */
	.byte	0x66, 0x74, 0x00
	ret
FUNC(h_jcc_cs)			/* branch hint */
	.byte	0x2e, 0x74, 0x00
	ret
FUNC(h_rep_66)			/* f3 66 0f b8: the decoder sees jmpe, no ModRM; */
	.byte	0xf3, 0x66, 0x0f, 0xb8, 0x18	/* the CPU popcnt (%rax), %bx */
	.byte	0xc0				/* sbb al, al to the decoder */
	ret				/* rol bl, imm8 to the CPU */
FUNC(h_f3_f2)			/* f3 f2 0f b8: popcnt or jmpe, by CPU */
	.byte	0xf3, 0xf2, 0x0f, 0xb8, 0x18, 0xc0
	ret

/* ---- declined: unknown instructions ---- */
FUNC(h_f3_movbe)		/* f3 0f 38 f0: no instruction; the decoder */
	.byte	0xf3, 0x0f, 0x38, 0xf0, 0x18, 0xc0	/* finds no ModRM */
	ret
FUNC(h_f2_popcnt)		/* f2 0f b8: jmpe to the decoder, no ModRM */
	.byte	0xf2, 0x0f, 0xb8, 0x18, 0xc0
	ret
FUNC(h_f2_bsf)			/* f2 0f bc: bsf with f2, tzcnt wants f3 */
	.byte	0xf2, 0x0f, 0xbc, 0xc7
	ret
FUNC(h_int3)
	int3
	ret
FUNC(h_ud2)
	ud2
	ret
FUNC(h_syscall)
	syscall
	ret
FUNC(h_cpuid)			/* writes rbx implicitly */
	cpuid
	ret
FUNC(h_pause)
	pause
	ret
FUNC(h_xchg_mem)		/* locked */
	xchg	%rax, (%rdi)
	ret
FUNC(h_cmpxchg)
	cmpxchg	%rsi, (%rdi)
	ret
FUNC(h_xchg_r8)			/* 49 90: xchg r8, rax */
	xchg	%r8, %rax
	ret
FUNC(h_movs)
	movsb
	ret
FUNC(h_evex)
	vpaddq	%zmm1, %zmm2, %zmm3
	ret
FUNC(h_vex_l1)			/* andn with VEX.L = 1 */
	.byte	0xc4, 0xe2, 0xf4, 0xf2, 0xc7
	ret
FUNC(h_vpxor)
	vpxor	%xmm0, %xmm0, %xmm0
	ret

/* ---- declined: jumps out, returns ---- */
FUNC(h_jmp_past)		/* a jump past the ret, a second ret */
	mov	%rdi, %rax
	test	%edi, %edi
	jz	1f
	ret
1:	xor	%eax, %eax
	ret
FUNC(h_jmp_back)		/* back to the endbr, which is not copied */
1:	endbr64
	mov	%rdi, %rax
	dec	%rsi
	jnz	1b
	ret
FUNC(h_tail)
	jmp	h_ret_u64
FUNC(h_jcc_tail)
	test	%rdi, %rdi
	jnz	h_ret_u64
	ret
FUNC(h_noret)			/* no ret before the next symbol */
	mov	%rdi, %rax
	.globl	h_noret_end
	.type	h_noret_end, @function
h_noret_end:
	ret

/* ---- declined: callee-saved registers in every operand form ---- */
FUNC(h_reg_rbx)			/* ModRM.reg */
	mov	(%rdi), %rbx
	ret
FUNC(h_reg_r12)			/* ModRM.reg with REX.R */
	mov	(%rdi), %r12
	ret
FUNC(h_reg_rbp)
	add	(%rdi), %rbp
	ret
FUNC(h_rm_rbx)			/* ModRM.rm */
	mov	%rax, %rbx
	ret
FUNC(h_rm_r13)			/* ModRM.rm with REX.B */
	mov	%rax, %r13
	ret
FUNC(h_rm_r15_group)
	add	$1, %r15
	ret
FUNC(h_rm_rsp)
	sub	$8, %rsp
	ret
FUNC(h_rm_r14_read)
	cmp	%r14, %rax
	ret
FUNC(h_embed_r12d)		/* register in the opcode */
	mov	$1, %r12d
	ret
FUNC(h_embed_bswap_rbx)
	bswap	%rbx
	ret
FUNC(h_embed_bswap_r15)
	bswap	%r15
	ret
FUNC(h_embed_bh)
	mov	$1, %bh
	ret
FUNC(h_embed_spl)
	mov	$1, %spl
	ret
FUNC(h_embed_r14b)
	mov	$1, %r14b
	ret
FUNC(h_embed_rbp64)
	movabs	$0x123456789, %rbp
	ret
FUNC(h_vex_vvvv_rbx)		/* VEX.vvvv */
	andn	%rsi, %rbx, %rax
	ret
FUNC(h_vex_blsr_rbx)		/* VEX.vvvv, the destination */
	blsr	%rdi, %rbx
	ret
FUNC(h_vex_reg_r12)		/* VEX.R */
	andn	%rsi, %rdi, %r12
	ret
FUNC(h_vex_rm_r13)		/* VEX.B */
	andn	%r13, %rdi, %rax
	ret
FUNC(h_vex_shrx_r15)
	shrx	%r15, %rdi, %rax
	ret
FUNC(h_vex_mulx_r14)
	mulx	%rsi, %r14, %rax
	ret
FUNC(h_vex_rorx_rbp)
	rorx	$3, %rdi, %rbp
	ret
FUNC(h_base_rbp)		/* memory through the frame pointer, the stack */
	mov	8(%rbp), %rax
	ret
FUNC(h_base_rsp)
	mov	8(%rsp), %rax
	ret
FUNC(h_base_r13)
	mov	(%r13), %rax
	ret
FUNC(h_base_r12)
	mov	(%r12), %rax
	ret
FUNC(h_index_rbp)
	mov	(%rdi,%rbp,1), %rax
	ret
FUNC(h_index_r12)
	mov	(%rdi,%r12,8), %rax
	ret
FUNC(h_index_rbx)
	mov	(%rdi,%rbx,1), %rax
	ret
FUNC(h_store_rbx)
	mov	%rax, (%rbx)
	ret
FUNC(h_prefetch_rsp)
	prefetcht0 (%rsp)
	ret

/* ---- declined: 8-bit operands that are callee-saved registers ---- */
FUNC(h_movzx_ebp_al)		/* wide reg, 8-bit r/m: writes rbp */
	movzbl	%al, %ebp
	ret
FUNC(h_movzx_eax_bh)
	movzbl	%bh, %eax
	ret
FUNC(h_movzx_eax_spl)
	movzbl	%spl, %eax
	ret
FUNC(h_movsx_r12_al)
	movsbq	%al, %r12
	ret
FUNC(h_movzx_ebx_mem)
	movzbl	(%rdi), %ebx
	ret
FUNC(h_movzw_ebp)
	movzwl	%ax, %ebp
	ret
FUNC(h_mov_bh_al)
	mov	%al, %bh
	ret
FUNC(h_mov_al_bh)
	mov	%bh, %al
	ret
FUNC(h_mov_bpl)
	mov	%al, %bpl
	ret
FUNC(h_test_bh)
	test	%bh, %al
	ret
FUNC(h_shl_bh)
	shlb	%bh
	ret
FUNC(h_sete_bh)
	sete	%bh
	ret
FUNC(h_crc32_bh)
	crc32b	%bh, %eax
	ret
FUNC(h_crc32_ebp)		/* wide reg, 8-bit r/m: writes rbp */
	crc32b	%al, %ebp
	ret
FUNC(h_xchg_bh)
	xchg	%bh, %al
	ret
FUNC(h_add_r12b)
	add	%al, %r12b
	ret

/* ---- declined: exception table, alternatives (test_copy.c) ---- */
FUNC(h_extable)
1:	mov	(%rdi), %rax
	ret
	.pushsection test_extable, "a"
	.quad	1b
	.popsection
FUNC(h_extable_after)		/* the entry is past the ret */
	mov	(%rdi), %rax
	ret
1:	mov	(%rdi), %rax
	ret
	.pushsection test_extable, "a"
	.quad	1b
	.popsection
FUNC(h_alt)
	mov	%rdi, %rax
10:	add	%rsi, %rax
11:	ret
12:	int3
13:

/* ---- should be declined: the copier's defects (see the report) ---- */
FUNC(h_sse_pxor)		/* 66 0f ef: user FPU state, taken as bswap */
	.byte	0x66, 0x0f, 0xef, 0xc0
	mov	%rdi, %rax
	ret
FUNC(h_sse_store_rsp)		/* movq %xmm0, (%rsp): the return address */
	.byte	0x66, 0x0f, 0xd6, 0x04, 0x24
	ret
FUNC(h_sse_store_rbp)		/* movq %xmm0, 8(%rbp): the BPF stack */
	.byte	0x66, 0x0f, 0xd6, 0x45, 0x08
	ret
FUNC(h_mmx_rip)			/* pxor 0(%rip), %mm0 */
	.byte	0x0f, 0xef, 0x05, 0x00, 0x00, 0x00, 0x00
	ret
FUNC(h_ud0)			/* 0f ff: ud0, 2 bytes to the decoder */
	.byte	0x0f, 0xff
	ret
FUNC(h_jmp_mid)			/* a jump into an immediate: xor %ebx, %ebx */
	mov	%rdi, %rax
	.byte	0xeb, 0x01				/* jmp +1 */
	.byte	0xb8, 0x31, 0xdb, 0x90, 0x90		/* mov $imm, %eax */
	ret
FUNC(h__end)
	ret

	.data
	.globl	hand_alts
/* [start, end) of alternatives test_copy.c's modules report */
hand_alts:
	.quad	10b, 11b	/* around the add */
	.quad	11b, 12b	/* the ret itself */
	.quad	12b, 13b	/* just past the ret */

	.section .note.GNU-stack, "", @progbits
