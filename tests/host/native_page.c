// SPDX-License-Identifier: GPL-2.0
/*
 * What the x86-64 and arm64 harnesses (x86_exec.c, arm64_exec.c) share:
 * the executable page they write their code into, and a call of that code
 * that comes back from a fault or a hang with the reason.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "native.h"

static sigjmp_buf fault_jmp;
static volatile sig_atomic_t fault_sig;

static void on_fault(int sig)
{
	fault_sig = sig;
	siglongjmp(fault_jmp, 1);
}

void *native_page(size_t size)
{
	static u8 altstack[65536];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	struct sigaction sa = { .sa_handler = on_fault,
				.sa_flags = SA_NODEFER | SA_ONSTACK };
	int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGALRM };
	void *page;
	size_t i;

	page = mmap(NULL, size, PROT_READ | PROT_WRITE | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return NULL;
	sigaltstack(&ss, NULL);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	return page;
}

int native_call(const void *code, const u64 *in, u64 *out, unsigned int secs,
		char *err, size_t errlen)
{
	void (*fn)(const u64 *in, u64 *out) = (void (*)(const u64 *, u64 *))code;

	fault_sig = 0;
	if (sigsetjmp(fault_jmp, 0)) {
		alarm(0);
		snprintf(err, errlen, "%s in native code",
			 fault_sig == SIGALRM ? "hang" : strsignal(fault_sig));
		return -1;
	}
	alarm(secs);
	fn(in, out);
	alarm(0);
	return 0;
}
