/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the guest loaders: inputs, C references, program inspection.
 * Output lines: "TEST name PASS|FAIL|SKIP [why]", "STAT name key=value...",
 * and JIT images as "JIT hex" lines closed by "JIT-END name len address"
 * (tools/jit-disasm.sh reads them back on the host).
 */
#ifndef _VM_COMMON_H
#define _VM_COMMON_H

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/types.h>

#define NRANDOM 64

static const __u64 edges[] = {
	0, 1, 0x8000000000000000ull, ~0ull, 0x0123456789abcdefull,
	0x00000000ffffffffull, 0xffffffff00000000ull, 0x8000000180000001ull,
};
#define NEDGES (sizeof(edges) / sizeof(edges[0]))
#define NINPUTS (NEDGES + NRANDOM)

static inline __u64 rol64(__u64 x, __u32 n) { n &= 63; return n ? x << n | x >> (64 - n) : x; }
static inline __u64 ror64(__u64 x, __u32 n) { n &= 63; return n ? x >> n | x << (64 - n) : x; }
static inline __u32 rol32(__u32 x, __u32 n) { n &= 31; return n ? x << n | x >> (32 - n) : x; }
static inline __u32 ror32(__u32 x, __u32 n) { n &= 31; return n ? x >> n | x << (32 - n) : x; }

static __u64 rng_state = 0x9e3779b97f4a7c15ull;

static inline __u64 xorshift(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* input k: the edges first, then random values */
static inline __u64 input(unsigned int k)
{
	return k < NEDGES ? edges[k] : xorshift();
}

static inline void test_line(const char *name, int ok, const char *fmt, ...)
{
	va_list ap;

	printf("TEST %s %s", name, ok ? "PASS" : "FAIL");
	if (fmt && *fmt) {
		putchar(' ');
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	putchar('\n');
}

/* bpf_prog_info of @fd with its xlated insns (caller frees *insns) */
static inline int prog_xlated(int fd, struct bpf_prog_info *info,
			      struct bpf_insn **insns)
{
	__u32 len = sizeof(*info), n;

	memset(info, 0, sizeof(*info));
	if (bpf_prog_get_info_by_fd(fd, info, &len))
		return -errno;
	n = info->xlated_prog_len;
	*insns = calloc(1, n ? n : 1);
	if (!*insns)
		return -ENOMEM;
	memset(info, 0, sizeof(*info));
	info->xlated_prog_len = n;
	info->xlated_prog_insns = (__u64)(unsigned long)*insns;
	len = sizeof(*info);
	if (bpf_prog_get_info_by_fd(fd, info, &len))
		return -errno;
	return 0;
}

/* "STAT name verified_insns= xlated_insns= jited_bytes=" */
static inline void prog_stat(const char *name, int fd)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);

	if (bpf_prog_get_info_by_fd(fd, &info, &len))
		return;
	printf("STAT %s verified_insns=%u xlated_insns=%u jited_bytes=%u\n",
	       name, info.verified_insns, info.xlated_prog_len / 8,
	       info.jited_prog_len);
}

/* Print the JIT image of @fd as "JIT hex" lines and a "JIT-END" line. */
static inline int dump_jit(const char *name, int fd)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	unsigned char *img;
	__u64 addr = 0;

	if (bpf_prog_get_info_by_fd(fd, &info, &len) || !info.jited_prog_len)
		return -ENOENT;
	img = calloc(1, info.jited_prog_len);
	if (!img)
		return -ENOMEM;
	len = info.jited_prog_len;
	memset(&info, 0, sizeof(info));
	info.jited_prog_len = len;
	info.jited_prog_insns = (__u64)(unsigned long)img;
	info.nr_jited_ksyms = 1;	/* the main program's address */
	info.jited_ksyms = (__u64)(unsigned long)&addr;
	len = sizeof(info);
	if (bpf_prog_get_info_by_fd(fd, &info, &len)) {
		free(img);
		return -errno;
	}
	for (__u32 i = 0; i < info.jited_prog_len; i++)
		printf("%s%02x%s", i % 32 ? "" : "JIT ", img[i],
		       i % 32 == 31 || i + 1 == info.jited_prog_len ? "\n" : "");
	/* "JIT-END name len addr" closes the image: the host checks it is whole */
	printf("JIT-END %s %u 0x%llx\n", name, info.jited_prog_len,
	       (unsigned long long)addr);
	free(img);
	return 0;
}

/* Address of a kernel symbol from /proc/kallsyms, 0 if absent. */
static inline unsigned long long ksym_addr(const char *sym)
{
	char line[256], name[128], type;
	unsigned long long a, found = 0;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %127s", &a, &type, name) == 3 &&
		    !strcmp(name, sym))
			found = a;
	fclose(f);
	return found;
}

#endif /* _VM_COMMON_H */
