// SPDX-License-Identifier: GPL-2.0
/*
 * XXH64 of a packet, in XDP: the hash a load balancer or a sampler would
 * compute over a flow key, here over the first HASH_MAX bytes.  The rounds
 * are multiply, rotate, multiply; insn_rol64() makes each rotate one
 * instruction (rol, or rorx into another register) where a plain BPF
 * rotate is three (two shifts and an or).
 *
 * The result is the reference XXH64 (seed HASH_SEED) of those bytes; the
 * loader checks it against a C implementation.  It is left in the global
 * hash_out, and the program passes every packet.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/insn_kfuncs.h>

#include "examples.h"

__u64 hash_out;

static __always_inline __u64 xxh_round(__u64 acc, __u64 input)
{
	acc += input * XXH_PRIME64_2;
	acc = insn_rol64(acc, 31);
	return acc * XXH_PRIME64_1;
}

static __always_inline __u64 xxh_merge(__u64 h, __u64 acc)
{
	h ^= xxh_round(0, acc);
	return h * XXH_PRIME64_1 + XXH_PRIME64_4;
}

SEC("xdp")
int xdp_hash(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	__u64 len = end - data, left, h;
	void *p = data;
	int i;

	if (len > HASH_MAX)
		len = HASH_MAX;
	left = len;

	/*
	 * 32-byte stripes into four lanes.  The count in left decides; the
	 * checks against end are what the verifier needs to allow the loads.
	 */
	if (left >= 32) {
		__u64 v1 = HASH_SEED + XXH_PRIME64_1 + XXH_PRIME64_2;
		__u64 v2 = HASH_SEED + XXH_PRIME64_2;
		__u64 v3 = HASH_SEED;
		__u64 v4 = HASH_SEED - XXH_PRIME64_1;

#pragma clang loop unroll(disable)
		for (i = 0; i < HASH_MAX / 32; i++) {
			__u64 *w = p;

			if (left < 32 || p + 32 > end)
				break;
			v1 = xxh_round(v1, w[0]);
			v2 = xxh_round(v2, w[1]);
			v3 = xxh_round(v3, w[2]);
			v4 = xxh_round(v4, w[3]);
			p += 32;
			left -= 32;
		}
		h = insn_rol64(v1, 1) + insn_rol64(v2, 7) +
		    insn_rol64(v3, 12) + insn_rol64(v4, 18);
		h = xxh_merge(h, v1);
		h = xxh_merge(h, v2);
		h = xxh_merge(h, v3);
		h = xxh_merge(h, v4);
	} else {
		h = HASH_SEED + XXH_PRIME64_5;
	}
	h += len;

	/* what is left: up to three 8-byte words, a 4-byte word, 3 bytes */
#pragma clang loop unroll(disable)
	for (i = 0; i < 3; i++) {
		if (left < 8 || p + 8 > end)
			break;
		h ^= xxh_round(0, *(__u64 *)p);
		h = insn_rol64(h, 27) * XXH_PRIME64_1 + XXH_PRIME64_4;
		p += 8;
		left -= 8;
	}
	if (left >= 4 && p + 4 <= end) {
		h ^= (__u64)*(__u32 *)p * XXH_PRIME64_1;
		h = insn_rol64(h, 23) * XXH_PRIME64_2 + XXH_PRIME64_3;
		p += 4;
		left -= 4;
	}
#pragma clang loop unroll(disable)
	for (i = 0; i < 3; i++) {
		if (left < 1 || p + 1 > end)
			break;
		h ^= *(__u8 *)p * XXH_PRIME64_5;
		h = insn_rol64(h, 11) * XXH_PRIME64_1;
		p++;
		left--;
	}

	/* avalanche */
	h ^= h >> 33;
	h *= XXH_PRIME64_2;
	h ^= h >> 29;
	h *= XXH_PRIME64_3;
	h ^= h >> 32;

	hash_out = h;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
