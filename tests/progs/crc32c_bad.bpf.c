// SPDX-License-Identifier: GPL-2.0
/*
 * Programs the verifier must refuse; tests/prog_tests/crc32c.c loads each
 * alone and checks the verifier's message.  crc32c_known's twins: a check
 * against a wrong value, whose store through the CRC is then reachable
 * (the verifier knows the value, it does not assume the check passes),
 * and the same CRC computed in plain BPF, which the verifier follows
 * just as exactly, but with a wrong value too.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#include "insn_kfuncs.h"
#include "crc32c.h"

SEC("syscall")
int bad_wrong(void *ctx)
{
	u32 crc = ~0u;

	crc = bpf_insn_crc32c_u32(crc, 0x34333231);
	crc = bpf_insn_crc32c_u16(crc, 0x3635);
	crc = bpf_insn_crc32c_u8(crc, 0x37);
	crc = bpf_insn_crc32c_u8(crc, 0x38);
	crc = bpf_insn_crc32c_u8(crc, 0x39);
	if (~crc != (CC_CHECK ^ 1))
		*(volatile u64 *)(unsigned long)crc = 1;
	return 0;
}

SEC("syscall")
int bad_wrong64(void *ctx)
{
	u32 crc = bpf_insn_crc32c_u64(~0u, 0x3837363534333231ull);

	crc = bpf_insn_crc32c_u8(crc, 0x39);
	if (~crc != (CC_CHECK ^ 0x80000000))
		*(volatile u64 *)(unsigned long)crc = 2;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
