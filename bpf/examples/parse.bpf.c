// SPDX-License-Identifier: GPL-2.0
/*
 * An XDP parser for Ethernet + IPv4 + UDP that drops UDP to the discard
 * port and passes everything else.  The big-endian header fields are read
 * with bpf_insn_load_be16/32(): on x86-64 one movbe for 32 bits and
 * movzx + rol $8 for 16, where plain C is a load and a separate byte swap;
 * the verifier checks them like plain loads of p + off, so the usual
 * bounds check before them is all they need.
 *
 * IPv4 options: the parser takes a header without options or with one
 * 4-byte option (ihl 5 or 6, e.g. Router Alert) and finds the UDP header
 * with bpf_insn_select64(), test and cmov on x86-64.  The verifier analyzes the
 * select's body, so it knows the offset is 34 or 38 and accepts the UDP
 * header's bounds check and loads; as an opaque call the offset would be
 * any u64 and data + offset would be refused.
 *
 * These kfuncs need the module's bodies (the companion series): as plain
 * calls the kernel refuses their untyped pointer argument.  The insn_*()
 * wrappers of <bpf/insn_kfuncs.h> fall back to plain C where they are not
 * there.
 *
 * What was parsed is left in the global flow.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/insn_kfuncs.h>

#include "examples.h"

struct ex_flow flow;

SEC("xdp")
int xdp_parse(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	void *ip = data + EX_ETH_HLEN, *udp;
	__u8 ver_ihl, ihl;
	__u64 l4_off;

	__builtin_memset(&flow, 0, sizeof(flow));
	/* Ethernet and an IPv4 header without options */
	if (ip + 20 > end)
		return XDP_PASS;
	flow.ethertype = bpf_insn_load_be16(data, 12);
	if (flow.ethertype != EX_ETH_P_IP)
		return XDP_PASS;
	ver_ihl = *(__u8 *)ip;
	ihl = ver_ihl & 0xf;
	if (ver_ihl >> 4 != 4 || (ihl != 5 && ihl != 6))
		return XDP_PASS;
	if (*(__u8 *)(ip + 9) != EX_IPPROTO_UDP)
		return XDP_PASS;
	flow.tot_len = bpf_insn_load_be16(ip, 2);
	flow.saddr = bpf_insn_load_be32(ip, 12);
	flow.daddr = bpf_insn_load_be32(ip, 16);

	/*
	 * The UDP header follows the option, if there is one: ihl is 5 or 6
	 * here, so ihl - 5 says whether (a condition with no branch to
	 * compute it; ihl == 6 would make the compiler branch).  Here
	 * EX_ETH_HLEN + ihl * 4 would verify too; the select stands for a
	 * choice between two unrelated offsets or values.
	 */
	l4_off = bpf_insn_select64(ihl - 5, EX_ETH_HLEN + 24, EX_ETH_HLEN + 20);
	flow.l4_off = l4_off;
	udp = data + l4_off;
	if (udp + 8 > end)
		return XDP_DROP;	/* truncated */
	flow.sport = bpf_insn_load_be16(udp, 0);
	flow.dport = bpf_insn_load_be16(udp, 2);
	flow.udp_len = bpf_insn_load_be16(udp, 4);

	return flow.dport == EX_DISCARD_PORT ? XDP_DROP : XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
