// SPDX-License-Identifier: GPL-2.0
/*
 * Hand-written functions for the rules compilers rarely exercise; each
 * one's kallsyms size runs to the next symbol.  test_copy.c lists what
 * each must give (accepted and run, or the reason it is declined).
 */
	.text
	.macro	fn name
	.globl	\name
	.type	\name, %function
\name:
	.endm

/* accepted: a forward branch to the ret lands on the result move */
fn h_branch_to_ret
	bti	c
	cbz	x0, 1f
	mov	x0, #5
	add	x0, x0, x1
1:	ret

/* accepted: a loop whose exit is the branch to the ret */
fn h_loop_to_ret
	mov	x2, #0
1:	cbz	x0, 2f
	add	x2, x2, x0
	sub	x0, x0, #1
	b	1b
2:	mov	x0, x2
	ret

/* accepted: the frame record, its mov x29, sp scheduled late */
fn h_frame_sched
	nop
	nop
	stp	x29, x30, [sp, #-16]!
	add	x0, x0, x1
	mov	x29, sp
	cbz	x1, 1f
	eor	x0, x0, #1
1:	ldp	x29, x30, [sp], #16
	ret

/* declined: a branch past the frame record's pop to the ret */
fn h_frame_skip_pop
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	cbz	x1, 1f
	eor	x0, x0, #1
	ldp	x29, x30, [sp], #16
1:	ret

/* declined: a frame record and a load from the stack */
fn h_frame_sp
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	ldr	x0, [sp, #8]
	ldp	x29, x30, [sp], #16
	ret

/* declined: a frame record and a load through x29 */
fn h_frame_x29
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	ldr	x0, [x29, #8]
	ldp	x29, x30, [sp], #16
	ret

/* declined: a frame record pushed, never popped */
fn h_frame_no_pop
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	add	x0, x0, #1
	ret

/* accepted: the ftrace site after ftrace_init_nop(), untraced */
fn h_ftrace_nop
	bti	c
	mov	x9, x30
	nop
	add	x0, x0, #1
	ret

/* declined: the ftrace site while traced */
fn h_ftrace_bl
	bti	c
	mov	x9, x30
	bl	h_target
	add	x0, x0, #1
	ret

fn h_pac
	paciasp
	add	x0, x0, #1
	autiasp
	ret

fn h_retaa
	add	x0, x0, #1
	.inst	0xd65f0bff		// retaa
	ret

fn h_writes_x19
	mov	x19, x0
	ret

fn h_writes_x28
	add	x28, x0, #1
	ret

fn h_writes_x30
	mov	x30, x0
	ret

fn h_reads_x20
	add	x0, x0, x20
	ret

fn h_x18
	mov	x0, x18
	ret

fn h_base_x21
	ldr	x0, [x21]
	ret

fn h_wback_x25
	str	x0, [x25], #8
	ret

fn h_add_sp
	add	x0, sp, #16
	ret

fn h_mov_to_sp
	mov	sp, x0
	ret

fn h_sub_ext_sp
	sub	x0, sp, x1, uxtx
	ret

fn h_orr_sp
	orr	sp, x0, #0xff
	ret

fn h_ldr_sp
	ldr	x0, [sp, #8]
	ret

fn h_ldp_sp
	ldp	x0, x1, [sp]
	ret

/* accepted: flag-setting forms write xzr, not sp; extended register */
fn h_zr_forms
	tst	x0, #1
	cset	x3, ne
	cmp	x1, x2
	cinc	x3, x3, hi
	add	x0, x3, w2, uxtw
	adds	xzr, x0, x1
	adc	x0, x0, xzr
	ret

/* accepted: pre-indexed ldp writes back x0; ccmp; 3-source; extr */
fn h_misc
	ldp	x2, x3, [x0, #16]!
	ldr	x5, [x0, #16]
	cmp	x5, #7
	ccmp	x2, x3, #4, ne
	csneg	x4, x2, x3, eq
	madd	x4, x4, x3, x2
	umaddl	x4, w2, w3, x4
	extr	x4, x4, x2, #13
	sub	x0, x5, x4
	ret

fn h_ldr_lit
	ldr	x0, 1f
	ret
	.p2align 3
1:	.quad	0

fn h_adr
	adr	x0, .
	ret

fn h_br
	br	x0
	ret

fn h_blr
	blr	x0
	ret

fn h_ret_x1
	ret	x1

fn h_svc
	svc	#0
	ret

fn h_brk
	brk	#0x100
	ret

fn h_udf
	udf	#0
	ret

fn h_mrs
	mrs	x0, tpidr_el0
	ret

/* accepted: barriers only order memory, as in the callee */
fn h_dmb
	dmb	ish
	add	x0, x0, #3
	csdb
	ret

fn h_ldxr
	ldxr	x0, [x0]
	ret

fn h_ldar
	ldar	x0, [x0]
	ret

fn h_ldadd
	.inst	0xf8200000		// ldadd x0, x0, [x0]
	ret

fn h_fmov
	fmov	d0, x0
	ret

fn h_ldr_d
	ldr	d0, [x0]
	ret

fn h_addg
	.inst	0x91810400		// addg x0, x0, #16, #1
	ret

fn h_ldtr
	ldtr	x0, [x0]
	ret

fn h_out
	cbz	x0, h_target
	ret

fn h_no_ret
	add	x0, x0, #1

/* accepted for ret_size 8: 15 instructions and the move, 64 bytes */
fn h_fits
	.rept	15
	add	x0, x0, #1
	.endr
	ret

/* declined for ret_size 8: 16 and the move */
fn h_too_long
	.rept	16
	add	x0, x0, #1
	.endr
	ret

/* accepted as void: 16 instructions, no move */
fn h_fits_void
	.rept	15
	add	x1, x1, #1
	.endr
	str	x1, [x0]
	ret

/*
 * declined: a load the exception table names (get_kernel_nofault(),
 * load_unaligned_zeropad()); no fixup would cover it in a copy.
 * test_copy.c's search_exception_tables() reads section test_extable.
 */
.macro	extable insn
	.pushsection test_extable, "a"
	.balign	8
	.quad	\insn
	.popsection
.endm

fn h_extable
1:	ldr	x0, [x0]
	ret
	extable	1b

/* accepted: the entry is past the ret */
fn h_extable_after
	ldr	x0, [x0]
	ret
1:	ldr	x0, [x0]
	ret
	extable	1b

/* accepted code that test_copy.c registers as an alternative site */
fn h_alt
	add	x0, x0, #1
	ret

fn h_target
	ret

fn h_end
	ret
	.section .note.GNU-stack, "", %progbits
