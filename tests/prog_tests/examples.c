// SPDX-License-Identifier: GPL-2.0
/*
 * Guest loader for the example programs (bpf/examples/): loads each one,
 * runs it with BPF_PROG_TEST_RUN on a few inputs and compares with a C
 * reference computed here.
 *
 * usage: examples DIR [--demo]
 *        examples DIR TAG [--jit] [NAME...]
 *   DIR holds hash.bpf.o, parse.bpf.o, sum.bpf.o and counter.bpf.o.
 *   Prints "RESULT example: value (C: value)" for each shown input, a TEST
 *   line per example, STAT lines and each program's JIT image.  Without
 *   --demo the hash also runs on random packets (TEST line only).  With a
 *   TAG (the compiler, the mode) the TEST lines are examples.TAG.NAME, only
 *   the examples NAME run (default: all), and their JIT images, with
 *   --jit only, are named TAG.PROG.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <sched.h>
#include <unistd.h>

#include "common.h"
#include "examples/examples.h"

#define XDP_DROP 1
#define XDP_PASS 2

/* "examples", or "examples.TAG" */
static char prefix[64] = "examples";
/* NULL, or TAG: JIT images named TAG.PROG, dumped with --jit only */
static const char *tag;
static int jit = 1;
/* the examples to run, none named: all */
static char **only;
static int nonly;

static int wanted(const char *name)
{
	for (int i = 0; i < nonly; i++)
		if (!strcmp(only[i], name))
			return 1;
	return !nonly;
}

/* TEST name of example @name */
static const char *test_name(const char *name)
{
	static char test[96];

	snprintf(test, sizeof(test), "%s.%s", prefix, name);
	return test;
}

static const char *verdict(__u32 v)
{
	return v == XDP_PASS ? "PASS" : v == XDP_DROP ? "DROP" : "?";
}

/* Load DIR/NAME.bpf.o; TEST examples[.TAG].NAME.load. */
static struct bpf_object *load_example(const char *dir, const char *name)
{
	static char log[1 << 16];
	struct bpf_object *obj;
	char path[256], test[96];

	snprintf(path, sizeof(path), "%s/%s.bpf.o", dir, name);
	snprintf(test, sizeof(test), "%s.%s.load", prefix, name);
	log[0] = 0;
	obj = load_obj(path, NULL, log, sizeof(log));
	test_line(test, !!obj, obj ? NULL : "%s", strerror(errno));
	/* the verifier's last lines say why */
	if (!obj)
		printf("%s\n", strlen(log) > 1500 ? log + strlen(log) - 1500 : log);
	return obj;
}

/* The program's global variables (its .bss map) into @buf. */
static int read_bss(struct bpf_object *obj, void *buf, size_t size)
{
	struct bpf_map *m;
	__u32 zero = 0;

	bpf_object__for_each_map(m, obj) {
		const char *n = bpf_map__name(m);
		size_t l = strlen(n);

		if (l >= 4 && !strcmp(n + l - 4, ".bss") &&
		    bpf_map__value_size(m) >= size) {
			char *v = calloc(1, bpf_map__value_size(m));
			int err;

			if (!v)
				return -ENOMEM;
			err = bpf_map_lookup_elem(bpf_map__fd(m), &zero, v);
			memcpy(buf, v, size);
			free(v);
			return err ? -errno : 0;
		}
	}
	return -ENOENT;
}

/* STAT line of @prog, and its JIT image if the run dumps them */
static int show_prog(const char *test, struct bpf_object *obj, const char *prog)
{
	char name[128], image[96];
	int fd = prog_fd(obj, prog);

	snprintf(name, sizeof(name), "%s.%s", test, prog);
	snprintf(image, sizeof(image), "%s%s%s", tag ?: "", tag ? "." : "", prog);
	prog_stat(name, fd);
	if (jit && dump_jit(image, fd)) {
		test_line(name, 0, "no JIT image");
		return 1;
	}
	return 0;
}

/* ---- hash.bpf.c: XXH64 ---- */

/* Run XDP program @fd of @obj on @pkt; what it leaves in .bss into @got. */
static int run_example(struct bpf_object *obj, int fd, const void *pkt, __u32 len,
		       void *got, size_t size, __u32 *ret)
{
	static __u8 out[1500];
	int err = run_prog(fd, 0, (void *)pkt, len, out, ret);

	return err ? err : read_bss(obj, got, size);
}

/* TEST @test, @why its reason or @pass, and program @prog shown; @obj closed */
static int example_done(const char *test, const char *why, const char *pass,
			struct bpf_object *obj, const char *prog)
{
	int fails = !!why[0];

	test_line(test, !why[0], "%s", why[0] ? why : pass);
	fails += show_prog(test, obj, prog);
	bpf_object__close(obj);
	return fails;
}

static __u64 rd64(const __u8 *p)
{
	__u64 v;

	memcpy(&v, p, 8);	/* XXH64 reads little-endian; so do the guests */
	return v;
}

static __u32 rd32(const __u8 *p)
{
	__u32 v;

	memcpy(&v, p, 4);
	return v;
}

static __u64 xxh_round(__u64 acc, __u64 in)
{
	return rol64(acc + in * XXH_PRIME64_2, 31) * XXH_PRIME64_1;
}

static __u64 xxh_merge(__u64 h, __u64 acc)
{
	return (h ^ xxh_round(0, acc)) * XXH_PRIME64_1 + XXH_PRIME64_4;
}

/* XXH64 as its specification gives it */
static __u64 xxh64(const __u8 *p, size_t len, __u64 seed)
{
	const __u8 *end = p + len;
	__u64 h;

	if (len >= 32) {
		__u64 v1 = seed + XXH_PRIME64_1 + XXH_PRIME64_2;
		__u64 v2 = seed + XXH_PRIME64_2, v3 = seed;
		__u64 v4 = seed - XXH_PRIME64_1;

		for (; p + 32 <= end; p += 32) {
			v1 = xxh_round(v1, rd64(p));
			v2 = xxh_round(v2, rd64(p + 8));
			v3 = xxh_round(v3, rd64(p + 16));
			v4 = xxh_round(v4, rd64(p + 24));
		}
		h = rol64(v1, 1) + rol64(v2, 7) + rol64(v3, 12) + rol64(v4, 18);
		h = xxh_merge(xxh_merge(xxh_merge(xxh_merge(h, v1), v2), v3), v4);
	} else {
		h = seed + XXH_PRIME64_5;
	}
	h += len;
	for (; p + 8 <= end; p += 8)
		h = rol64(h ^ xxh_round(0, rd64(p)), 27) * XXH_PRIME64_1 + XXH_PRIME64_4;
	if (p + 4 <= end) {
		h = rol64(h ^ rd32(p) * XXH_PRIME64_1, 23) * XXH_PRIME64_2 + XXH_PRIME64_3;
		p += 4;
	}
	for (; p < end; p++)
		h = rol64(h ^ *p * XXH_PRIME64_5, 11) * XXH_PRIME64_1;
	h ^= h >> 33;
	h *= XXH_PRIME64_2;
	h ^= h >> 29;
	h *= XXH_PRIME64_3;
	h ^= h >> 32;
	return h;
}

static int test_hash(const char *dir, int demo)
{
	/* shown: short, one stripe and a tail, past HASH_MAX (hashed: 256) */
	static const __u32 shown[] = { 14, 45, 1500 };
	static const __u32 more[] = { 15, 31, 32, 33, 63, 64, 100, 255, 256, 257, 300 };
	static __u8 pkt[1500];
	unsigned int nrand = demo ? 0 : 16;
	struct bpf_object *obj;
	char why[200] = "";
	__u64 ref;
	int fd;

	/* the C reference against XXH64's published value for no input */
	ref = xxh64(pkt, 0, 0);
	if (!tag)
		test_line("examples.hash.reference", ref == 0xef46db3751d8e999ull,
			  "XXH64(\"\", 0) = 0x%016llx, want 0xef46db3751d8e999",
			  (unsigned long long)ref);
	obj = load_example(dir, "hash");
	if (!obj)
		return 1;
	fd = prog_fd(obj, "xdp_hash");
	for (unsigned int k = 0; k < 3 + 11 + nrand; k++) {
		__u32 len = k < 3 ? shown[k] : k < 14 ? more[k - 3] :
			    14 + xorshift() % (sizeof(pkt) - 14);
		__u64 got = 0, want;
		__u32 ret = 0;
		int err;

		for (__u32 i = 0; i < len; i++)
			pkt[i] = xorshift() >> 56;
		want = xxh64(pkt, len < HASH_MAX ? len : HASH_MAX, HASH_SEED);
		err = run_example(obj, fd, pkt, len, &got, sizeof(got), &ret);
		if (k < 3)
			printf("RESULT hash: XXH64 of a %u-byte packet%s = 0x%016llx (C: 0x%016llx)\n",
			       len, len > HASH_MAX ? " (first 256 bytes)" : "",
			       (unsigned long long)got, (unsigned long long)want);
		if ((err || got != want || ret != XDP_PASS) && !why[0])
			snprintf(why, sizeof(why), "%u bytes: %s 0x%llx, %s, want 0x%llx",
				 len, err ? strerror(-err) : "hash", (unsigned long long)got,
				 verdict(ret), (unsigned long long)want);
	}
	return example_done(test_name("hash"), why, "XXH64 as C on all lengths", obj, "xdp_hash");
}

/* ---- parse.bpf.c and sum.bpf.c: packets ---- */

struct pkt {
	const char *what;
	__u8 b[128];
	__u32 len;
};

static void put16(__u8 *p, __u16 v)
{
	p[0] = v >> 8;
	p[1] = v;
}

static void put32(__u8 *p, __u32 v)
{
	put16(p, v >> 16);
	put16(p + 2, v);
}

static __u32 csum_words(const __u8 *p, __u32 n)
{
	__u32 sum = 0;
	__u16 w;

	for (__u32 i = 0; i + 1 < n; i += 2) {
		memcpy(&w, p + i, 2);
		sum += w;
	}
	sum = (sum & 0xffff) + (sum >> 16);
	return (sum & 0xffff) + (sum >> 16);
}

/*
 * Ethernet + IPv4 (ihl 32-bit words, options zero) + UDP from @sport to
 * @dport with @payload bytes; a correct header checksum; @len cuts it.
 */
static void udp_pkt(struct pkt *k, const char *what, __u16 ethertype, int ihl,
		    __u8 proto, __u16 sport, __u16 dport, __u32 payload, __u32 len)
{
	__u8 *ip = k->b + EX_ETH_HLEN, *udp = ip + ihl * 4;
	__u16 c, tot = ihl * 4 + 8 + payload;

	memset(k, 0, sizeof(*k));
	k->what = what;
	memcpy(k->b, "\x02\0\0\0\0\x02\x02\0\0\0\0\x01", 12);
	put16(k->b + 12, ethertype);
	ip[0] = 0x40 | ihl;
	put16(ip + 2, tot);
	ip[8] = 64;
	ip[9] = proto;
	put32(ip + 12, 0x0a000001);	/* 10.0.0.1 */
	put32(ip + 16, 0xc0a80102);	/* 192.168.1.2 */
	if (ihl == 6)
		put32(ip + 20, 0x94040000);	/* Router Alert */
	c = ~csum_words(ip, ihl * 4);
	memcpy(ip + 10, &c, 2);
	put16(udp, sport);
	put16(udp + 2, dport);
	put16(udp + 4, 8 + payload);
	for (__u32 i = 0; i < payload && udp + 8 + i < k->b + sizeof(k->b); i++)
		udp[8 + i] = 'a' + i % 26;
	k->len = len ? len : EX_ETH_HLEN + (__u32)tot;
}

static struct pkt pkts[8];

static void make_pkts(void)
{
	udp_pkt(&pkts[0], "UDP", EX_ETH_P_IP, 5, EX_IPPROTO_UDP, 40000, 53, 20, 0);
	udp_pkt(&pkts[1], "UDP, Router Alert option", EX_ETH_P_IP, 6,
		EX_IPPROTO_UDP, 5353, 4789, 32, 0);
	udp_pkt(&pkts[2], "UDP to the discard port", EX_ETH_P_IP, 6,
		EX_IPPROTO_UDP, 1234, EX_DISCARD_PORT, 4, 0);
	udp_pkt(&pkts[3], "UDP, cut in its header", EX_ETH_P_IP, 6,
		EX_IPPROTO_UDP, 1234, 53, 0, EX_ETH_HLEN + 24 + 6);
	udp_pkt(&pkts[4], "TCP", EX_ETH_P_IP, 5, 6, 1234, 80, 0, 0);
	udp_pkt(&pkts[5], "ARP", 0x0806, 5, 0, 0, 0, 0, 0);
	udp_pkt(&pkts[6], "IPv4 header with a bad checksum", EX_ETH_P_IP, 5,
		EX_IPPROTO_UDP, 1, 2, 0, 0);
	pkts[6].b[EX_ETH_HLEN + 10] ^= 0x40;
	udp_pkt(&pkts[7], "IPv4 header cut short", EX_ETH_P_IP, 6,
		EX_IPPROTO_UDP, 1, 2, 0, EX_ETH_HLEN + 22);
}

/* C reference of parse.bpf.c */
static __u32 parse_ref(const __u8 *b, __u32 len, struct ex_flow *f)
{
	const __u8 *ip = b + EX_ETH_HLEN, *udp;
	int ihl = ip[0] & 0xf;

	memset(f, 0, sizeof(*f));
	if (len < EX_ETH_HLEN + 20)
		return XDP_PASS;
	f->ethertype = b[12] << 8 | b[13];
	if (f->ethertype != EX_ETH_P_IP || ip[0] >> 4 != 4 ||
	    (ihl != 5 && ihl != 6) || ip[9] != EX_IPPROTO_UDP)
		return XDP_PASS;
	f->tot_len = ip[2] << 8 | ip[3];
	f->saddr = ntohl(rd32(ip + 12));
	f->daddr = ntohl(rd32(ip + 16));
	f->l4_off = EX_ETH_HLEN + ihl * 4;
	if (f->l4_off + 8u > len)
		return XDP_DROP;
	udp = b + f->l4_off;
	f->sport = udp[0] << 8 | udp[1];
	f->dport = udp[2] << 8 | udp[3];
	f->udp_len = udp[4] << 8 | udp[5];
	return f->dport == EX_DISCARD_PORT ? XDP_DROP : XDP_PASS;
}

static void flow_str(char *s, size_t n, const struct ex_flow *f, __u32 v)
{
	if (f->ethertype != EX_ETH_P_IP || !f->l4_off)
		snprintf(s, n, "ethertype 0x%04x, not parsed, %s", f->ethertype, verdict(v));
	else
		snprintf(s, n, "%u.%u.%u.%u:%u -> %u.%u.%u.%u:%u ip len %u udp len %u at %u, %s",
			 f->saddr >> 24, f->saddr >> 16 & 255, f->saddr >> 8 & 255,
			 f->saddr & 255, f->sport, f->daddr >> 24, f->daddr >> 16 & 255,
			 f->daddr >> 8 & 255, f->daddr & 255, f->dport, f->tot_len,
			 f->udp_len, f->l4_off, verdict(v));
}

/*
 * Example NAME's program @prog on the @n packets @which of pkts[], @one
 * printing each and setting the first reason; TEST examples[.TAG].NAME.
 */
static int test_pkts(const char *dir, const char *name, const char *prog,
		     const int *which, int n, const char *pass,
		     void (*one)(struct bpf_object *obj, int fd, const struct pkt *k,
				 char *why, size_t len))
{
	struct bpf_object *obj = load_example(dir, name);
	char why[300] = "";

	if (!obj)
		return 1;
	for (int i = 0; i < n; i++)
		one(obj, prog_fd(obj, prog), &pkts[which[i]], why, sizeof(why));
	return example_done(test_name(name), why, pass, obj, prog);
}

static void parse_one(struct bpf_object *obj, int fd, const struct pkt *k, char *why,
		      size_t len)
{
	struct ex_flow got = {}, want;
	char g[120], w[120];
	__u32 ret = 0, wret = parse_ref(k->b, k->len, &want);
	int err = run_example(obj, fd, k->b, k->len, &got, sizeof(got), &ret);

	flow_str(g, sizeof(g), &got, ret);
	flow_str(w, sizeof(w), &want, wret);
	printf("RESULT parse: %s: %s (C: %s)\n", k->what, g, w);
	if ((err || ret != wret || memcmp(&got, &want, sizeof(got))) && !why[0])
		snprintf(why, len, "%s: %s%s, want %s", k->what,
			 err ? strerror(-err) : "", g, w);
}

static int test_parse(const char *dir)
{
	static const int all[] = { 0, 1, 2, 3, 4, 5, 6, 7 };

	return test_pkts(dir, "parse", "xdp_parse", all, 8, "8 packets as C", parse_one);
}

/* C reference of sum.bpf.c: the folded sum and the verdict */
static __u32 sum_ref(const __u8 *b, __u32 len, __u32 *sum)
{
	__u32 hlen = (b[EX_ETH_HLEN] & 0xf) * 4;

	*sum = 0;
	if (len < EX_ETH_HLEN + 20 || (b[12] << 8 | b[13]) != EX_ETH_P_IP)
		return XDP_PASS;
	if (EX_ETH_HLEN + hlen > len)
		return XDP_DROP;
	*sum = csum_words(b + EX_ETH_HLEN, hlen);
	return *sum == 0xffff ? XDP_PASS : XDP_DROP;
}

static void sum_one(struct bpf_object *obj, int fd, const struct pkt *k, char *why,
		    size_t len)
{
	__u32 got = 0, want, ret = 0, wret = sum_ref(k->b, k->len, &want);
	int err = run_example(obj, fd, k->b, k->len, &got, sizeof(got), &ret);

	printf("RESULT sum: %s: header sum 0x%04x, %s (C: 0x%04x, %s)\n",
	       k->what, got, verdict(ret), want, verdict(wret));
	if ((err || got != want || ret != wret) && !why[0])
		snprintf(why, len, "%s: %s0x%04x %s, want 0x%04x %s",
			 k->what, err ? strerror(-err) : "", got, verdict(ret),
			 want, verdict(wret));
}

static int test_sum(const char *dir)
{
	static const int shown[] = { 0, 1, 6, 7, 5 };

	return test_pkts(dir, "sum", "xdp_csum", shown, 5, "5 packets as C", sum_one);
}

/* ---- counter.bpf.c ---- */

static int on_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

#define MAXCPU 8

/*
 * Run the counter pinned to each CPU; each CPU's slot must have counted
 * its runs and give its CPU number, by insn_cpu_id() and by the runqueue.
 * In the interpreter (TAG interp) a load through the runqueue's BTF
 * pointer is a probing load, which 6.12 makes with
 * bpf_probe_read_kernel_common(): that reads 0 on a kernel without
 * CONFIG_BPF_EVENTS (the small test kernels; a kernel has the option
 * where it has kprobe programs), so the runqueue's fields are 0 there.
 */
static int test_counter(const char *dir)
{
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN), npossible = libbpf_num_possible_cpus();
	int interp = tag && strstr(tag, "interp");
	int noread = interp && libbpf_probe_bpf_prog_type(BPF_PROG_TYPE_KPROBE, NULL) != 1;
	struct bpf_object *obj = load_example(dir, "counter");
	struct ex_cpu_stat *st;
	char g[256] = "", w[256] = "", why[600] = "";
	int fd, mfd, ok = 1;
	__u32 zero = 0;

	if (!obj)
		return 1;
	if (ncpus > MAXCPU)
		ncpus = MAXCPU;
	fd = prog_fd(obj, "cpu_counter");
	mfd = bpf_map__fd(bpf_object__find_map_by_name(obj, "cpu_stats"));
	/* CPU c runs the program c + 2 times */
	for (int c = 0; c < ncpus; c++)
		for (int r = 0; r < c + 2; r++) {
			__u32 ret = 1;
			int err = on_cpu(c) ? -errno : run_prog(fd, 1, NULL, 0, NULL, &ret);

			if ((err || ret) && !why[0])
				snprintf(why, sizeof(why), "cpu %d: %s, returned %u", c,
					 strerror(-err), ret);
		}
	st = calloc(npossible > 0 ? npossible : 1, sizeof(*st));
	if (!st || npossible <= 0 || bpf_map_lookup_elem(mfd, &zero, st)) {
		test_line(test_name("counter"), 0, "cannot read cpu_stats: %s", strerror(errno));
		bpf_object__close(obj);
		free(st);
		return 1;
	}
	for (int c = 0; c < ncpus; c++) {
		const struct ex_cpu_stat *s = &st[c];

		snprintf(g + strlen(g), sizeof(g) - strlen(g), "%scpu%d runs %llu id %u rq.cpu %d",
			 c ? ", " : "", c, (unsigned long long)s->runs, s->cpu_id, s->rq_cpu);
		snprintf(w + strlen(w), sizeof(w) - strlen(w), "%scpu%d runs %d id %d rq.cpu %d",
			 c ? ", " : "", c, c + 2, c, noread ? 0 : c);
		/* the loader was running there: at least one runnable task */
		ok &= s->runs == (__u64)c + 2 && s->cpu_id == (__u32)c &&
		      s->rq_cpu == (noread ? 0 : c) &&
		      (noread ? s->nr_running == 0 : s->nr_running >= 1);
	}
	printf("RESULT counter: %s (C: %s)\n", g, w);
	printf("RESULT counter: rq.nr_running at the last run:");
	for (int c = 0; c < ncpus; c++)
		printf(" cpu%d %u", c, st[c].nr_running);
	printf(" (C: %s)\n", noread ? "0, the interpreter without CONFIG_BPF_EVENTS" :
	       "at least 1, the loader itself");
	if (!why[0] && (!ok || ncpus < 2))
		snprintf(why, sizeof(why), "%s; want %s, nr_running %s; %d CPUs",
			 g, w, noread ? "0" : ">= 1", ncpus);
	if (!why[0] && interp) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);

		/* the interpreter's run, not a JIT's */
		if (bpf_prog_get_info_by_fd(fd, &info, &len))
			snprintf(why, sizeof(why), "no program info: %s", strerror(errno));
		else if (info.jited_prog_len)
			snprintf(why, sizeof(why), "not interpreted: %u bytes of JIT image",
				 info.jited_prog_len);
	}
	free(st);
	return example_done(test_name("counter"), why, g, obj, "cpu_counter");
}

int examples_main(int argc, char **argv)
{
	int demo = argc > 2 && !strcmp(argv[2], "--demo"), fails = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s DIR [--demo | TAG [--jit] [NAME...]]\n", argv[0]);
		return 2;
	}
	if (argc > 2 && !demo) {
		tag = argv[2];
		snprintf(prefix, sizeof(prefix), "examples.%s", tag);
		jit = argc > 3 && !strcmp(argv[3], "--jit");
		only = argv + 3 + jit;
		nonly = argc - 3 - jit;
	}
	/* a name that is no example would run nothing */
	for (int i = 0; i < nonly; i++)
		if (strcmp(only[i], "hash") && strcmp(only[i], "parse") &&
		    strcmp(only[i], "sum") && strcmp(only[i], "counter")) {
			fprintf(stderr, "examples: no example %s (hash, parse, sum, counter)\n",
				only[i]);
			return 2;
		}
	make_pkts();
	if (wanted("hash"))
		fails += test_hash(argv[1], demo);
	if (wanted("parse"))
		fails += test_parse(argv[1]);
	if (wanted("sum"))
		fails += test_sum(argv[1]);
	if (wanted("counter"))
		fails += test_counter(argv[1]);
	return fails ? 1 : 0;
}
