// SPDX-License-Identifier: GPL-2.0
/*
 * u64 run_native(const u64 args[5], const void *code, u64 out[13])
 *
 * Runs @code (a copy followed by a ret) as the JIT's image would: the
 * arguments in x0-x4, x5-x17 and x7 (BPF R0) garbage, x19-x28 canaries.
 * Returns x7; out[] gets x19-x28, x29, sp and x0 after it.  The stack
 * pointer is put back from saved_sp, so that a copy that moved it (the
 * controls) cannot crash the test.
 */
	.text
	.globl	run_native
	.type	run_native, %function
run_native:
	stp	x29, x30, [sp, #-112]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	str	x2, [sp, #96]
	adrp	x9, saved_sp
	mov	x10, sp
	str	x10, [x9, :lo12:saved_sp]
	mov	x16, x1
	mov	x8, x0
	mov	x19, #0x1919
	mov	x20, #0x2020
	mov	x21, #0x2121
	mov	x22, #0x2222
	mov	x23, #0x2323
	mov	x24, #0x2424
	mov	x25, #0x2525
	mov	x26, #0x2626
	mov	x27, #0x2727
	mov	x28, #0x2828
	mov	x5, #-1
	mov	x6, #-1
	movz	x7, #0xdead, lsl #48
	movk	x7, #0xbeef
	ldp	x0, x1, [x8]
	ldp	x2, x3, [x8, #16]
	ldr	x4, [x8, #32]
	mov	x8, #-1
	mov	x9, #-1
	blr	x16
	mov	x3, sp
	adrp	x9, saved_sp
	ldr	x10, [x9, :lo12:saved_sp]
	mov	sp, x10
	ldr	x2, [sp, #96]
	stp	x19, x20, [x2]
	stp	x21, x22, [x2, #16]
	stp	x23, x24, [x2, #32]
	stp	x25, x26, [x2, #48]
	stp	x27, x28, [x2, #64]
	stp	x29, x3, [x2, #80]
	str	x0, [x2, #96]
	mov	x0, x7
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #112
	ret
	.size	run_native, . - run_native

	.bss
	.p2align 3
saved_sp:
	.skip	8
	.section .note.GNU-stack, "", %progbits
