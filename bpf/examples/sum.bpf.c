// SPDX-License-Identifier: GPL-2.0
/*
 * IPv4 header checksum validation in XDP: a bpf_for() loop sums the
 * header's 16-bit words (RFC 1071).  A header with a correct checksum sums
 * to 0xffff; the program passes those and drops the rest (and truncated
 * headers).  Non-IPv4 packets pass.
 *
 * bpf_for() is the kernel's numeric iterator (bpf_iter_num_new/next/
 * destroy).  The module gives those kfuncs bodies, so the JIT inlines them
 * (next() is an add, a compare and a store, no call), and bpf_for() works
 * where 6.12 alone refuses it, in the interpreter.
 *
 * The ones' complement sum does not depend on byte order, so the words are
 * read as they are; the folded sum is left in the global csum_out.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

#include "examples.h"

__u32 csum_out;

SEC("xdp")
int xdp_csum(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	void *ip = data + EX_ETH_HLEN;
	__u32 sum = 0, words;
	int i;

	csum_out = 0;
	if (ip + 20 > end)
		return XDP_PASS;
	if (*(__u16 *)(data + 12) != bpf_htons(EX_ETH_P_IP))
		return XDP_PASS;
	words = (*(__u8 *)ip & 0xf) * 2;	/* header length in 16-bit words */

	/*
	 * Up to the longest header, 30 words: the constant bound is what
	 * tells the verifier how far w can go (in an iterator loop it does
	 * not keep the range of words from one iteration to the next).
	 */
	bpf_for(i, 0, 30) {
		__u16 *w = ip + i * 2;

		if (i >= words)
			break;
		if ((void *)(w + 1) > end)
			return XDP_DROP;	/* header longer than the packet */
		sum += *w;
	}
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	csum_out = sum;
	return sum == 0xffff ? XDP_PASS : XDP_DROP;
}

char LICENSE[] SEC("license") = "GPL";
