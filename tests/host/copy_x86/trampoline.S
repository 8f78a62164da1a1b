/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_code(code, io): call @code with the argument registers from io->in,
 * garbage in the other caller-saved ones, canaries in the callee-saved
 * ones and in xmm0-xmm15 (which BPF code must leave alone: the kernel does
 * not save user SIMD state around it) and a guard pattern below the return
 * address; then store rax, the callee-saved registers, rsp, the count of
 * guard qwords changed and which xmm registers changed.
 * Also the symbols the copied functions refer to: the return thunks and
 * __fentry__.
 */
#include "run.h"

	.text
	.globl	run_code
	.type	run_code, @function
run_code:
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$8, %rsp		/* rsp 16-aligned at the call */
	mov	%rdi, run_fn(%rip)
	mov	%rsi, run_iop(%rip)
	mov	%rsp, run_rsp(%rip)

	lea	-16(%rsp), %rdi		/* -8(%rsp): the return address */
	mov	$GUARD_QWORDS, %ecx
	movabs	$GUARD_PATTERN, %rax
1:	mov	%rax, (%rdi)
	sub	$8, %rdi
	dec	%ecx
	jnz	1b

	movabs	$XMM_PATTERN, %rax
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	movq	%rax, %xmm\n
	.endr

	movabs	$CANARY_RBX, %rbx
	movabs	$CANARY_RBP, %rbp
	movabs	$CANARY_R12, %r12
	movabs	$CANARY_R13, %r13
	movabs	$CANARY_R14, %r14
	movabs	$CANARY_R15, %r15
	mov	run_iop(%rip), %rax
	mov	IO_IN+0(%rax), %rdi
	mov	IO_IN+8(%rax), %rsi
	mov	IO_IN+16(%rax), %rdx
	mov	IO_IN+24(%rax), %rcx
	mov	IO_IN+32(%rax), %r8
	mov	IO_IN+40(%rax), %r9
	mov	IO_IN+48(%rax), %r10
	mov	IO_IN+56(%rax), %r11
	mov	IO_IN+64(%rax), %rax
	call	*run_fn(%rip)

	mov	run_iop(%rip), %r11
	mov	%rax, IO_RAX(%r11)
	mov	%rbx, IO_SAVED+0(%r11)
	mov	%rbp, IO_SAVED+8(%r11)
	mov	%r12, IO_SAVED+16(%r11)
	mov	%r13, IO_SAVED+24(%r11)
	mov	%r14, IO_SAVED+32(%r11)
	mov	%r15, IO_SAVED+40(%r11)
	mov	%rsp, IO_RSP(%r11)
	mov	run_rsp(%rip), %rsp
	mov	%rsp, IO_RSP_WANT(%r11)

	lea	-16(%rsp), %rdi
	mov	$GUARD_QWORDS, %ecx
	movabs	$GUARD_PATTERN, %rax
	xor	%edx, %edx
1:	cmp	%rax, (%rdi)
	je	2f
	inc	%edx
2:	sub	$8, %rdi
	dec	%ecx
	jnz	1b
	mov	%rdx, IO_GUARD(%r11)

	movabs	$XMM_PATTERN, %rcx
	xor	%edx, %edx
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	movq	%xmm\n, %rax
	cmp	%rcx, %rax
	je	3f
	bts	$\n, %rdx
3:
	.endr
	mov	%rdx, IO_XMM(%r11)

	add	$8, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
	.size	run_code, . - run_code

/* what apply_returns() may point returns at, and the unpatched thunk */
	.globl	__x86_return_thunk, other_return_thunk, third_thunk, __fentry__
__x86_return_thunk:
	ret
	int3
other_return_thunk:
	ret
	int3
third_thunk:
	ret
	int3
__fentry__:
	ret
	int3

	.bss
	.p2align 3
run_fn:	.quad	0
run_iop: .quad	0
run_rsp: .quad	0

	.section .note.GNU-stack, "", @progbits
