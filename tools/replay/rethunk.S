/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The return thunk of make bench's mitigated table: a user-space copy of
 * the one the host's kernel runs on the CPU this was written for (an AMD
 * family 0x1a, /sys/devices/system/cpu/vulnerabilities/spec_rstack_overflow
 * "Vulnerable: Safe RET, no microcode": bugs.c's srso_select_mitigation()
 * picks srso_return_thunk for every SRSO family but 0x19).  From Linux's
 * arch/x86/lib/retpoline.S (6.12, the same in the host's 6.18), byte for
 * byte, at the page offsets the host's /proc/kallsyms gives them
 * (srso_untrain_ret 0x4be, srso_safe_ret 0x4c0, srso_return_thunk 0x4e0),
 * so that the cache line and 64-byte alignment of srso_safe_ret's RET are
 * the kernel's.
 *
 * srso_return_thunk calls srso_safe_ret, which drops the return address
 * that call pushed and returns to the caller of the function that jumped
 * to the thunk: the return stack predicts the ud2 after the call, so every
 * return mispredicts (that is the mitigation: no return can be steered by
 * a poisoned prediction, at the price of a misprediction per return).
 *
 * The callees of the mitigated replay are built with
 * -mfunction-return=thunk-extern (the distro kernel's flags), so their
 * returns are "jmp __x86_return_thunk"; the kernel's apply_returns()
 * rewrites each such jump to its chosen thunk, so here __x86_return_thunk
 * is srso_return_thunk itself.  The images' jumps to the guest kernel's
 * thunk (replay relinks them by name, kstubs.c) land here too.
 *
 * What this copy cannot reproduce: the virtual address bits above the page
 * offset (the kernel's thunk sits in the top 2 GiB; the BTB and return
 * predictor index with more bits than the page offset, and predictions
 * are kept apart by privilege level on CPUs that do so), the predictor
 * state the kernel's entry code leaves (srso_untrain_ret/entry_untrain_ret
 * on every kernel entry, IBPB and RSB filling where chosen), whatever
 * microcode would change (the host has none for SRSO: "no microcode"), and
 * for Zen 3/4 (family 0x19) the srso_alias_* pair, whose safety rests on
 * two kernel addresses 2 MiB-aligned and aliasing in the BTB with the
 * untraining run at entry.
 */
	.section .text.replay_rethunk, "ax", @progbits
	.balign 4096
replay_rethunk_page:
	.fill 0x4be, 1, 0xcc

	/* srso_untrain_ret: movabs $0xccccc30824648d48,%rax (entry only) */
	.type srso_untrain_ret, @function
srso_untrain_ret:
	.byte 0x48, 0xb8

	/* srso_safe_ret: inside the movabs's immediate */
	.globl srso_safe_ret
	.type srso_safe_ret, @function
srso_safe_ret:
	lea 8(%rsp), %rsp
	ret
	int3
	int3
	/* end of movabs */
	lfence
	call srso_safe_ret
	ud2
	.size srso_safe_ret, . - srso_safe_ret
	.size srso_untrain_ret, . - srso_untrain_ret

	.fill 0x4e0 - (. - replay_rethunk_page), 1, 0xcc
	.globl srso_return_thunk
	.globl __x86_return_thunk
	.type srso_return_thunk, @function
	.type __x86_return_thunk, @function
srso_return_thunk:
__x86_return_thunk:
	call srso_safe_ret
	ud2
	.size srso_return_thunk, . - srso_return_thunk
	.size __x86_return_thunk, . - __x86_return_thunk

	.section .note.GNU-stack, "", @progbits
