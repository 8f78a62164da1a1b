// SPDX-License-Identifier: GPL-2.0
/*
 * Shared by the guest loaders (common.h): inputs, TEST lines, program
 * loading and inspection, the refused-program checks.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <sys/syscall.h>

#include <bpf/btf.h>

#include "common.h"
#include "insns.h"

static const __u64 edges[] = {
	0, 1, 0x8000000000000000ull, ~0ull, 0x0123456789abcdefull,
	0x00000000ffffffffull, 0xffffffff00000000ull, 0x8000000180000001ull,
};
_Static_assert(ARRAY_SIZE(edges) == NEDGES, "NEDGES counts edges[]");

/* one sequence per process: each run of insn_test runs one loader */
static __u64 rng_state = 0x9e3779b97f4a7c15ull;

__u64 xorshift(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* input k: the edges first, then random values */
__u64 input(unsigned int k)
{
	return k < NEDGES ? edges[k] : xorshift();
}

/* "copy." in check copy: the native checks, with the kfuncs copied */
static const char *test_tag = "";

void test_line(const char *name, int ok, const char *fmt, ...)
{
	va_list ap;

	printf("TEST %s%s %s", test_tag, name, ok ? "PASS" : "FAIL");
	if (fmt && *fmt) {
		putchar(' ');
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	putchar('\n');
}

/*
 * bpf_prog_info of @fd with its xlated insns: 0 and the caller frees
 * *insns, or -errno (errno kept) and *insns is NULL
 */
int prog_xlated(int fd, struct bpf_prog_info *info, struct bpf_insn **insns)
{
	__u32 len = sizeof(*info), n;
	int err;

	*insns = NULL;
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
	if (bpf_prog_get_info_by_fd(fd, info, &len)) {
		err = errno;
		free(*insns);
		*insns = NULL;
		errno = err;
		return -err;
	}
	return 0;
}

int native_sites(int fd)
{
	struct bpf_prog_info info;
	struct bpf_insn *x = NULL;
	int sites = 0;

	if (prog_xlated(fd, &info, &x))
		return -1;
	for (__u32 i = 0; i < info.xlated_prog_len / sizeof(*x); i++)
		sites += kfunc_call_native(&x[i]);
	free(x);
	return sites;
}

int stack_pairs(int fd)
{
	struct bpf_prog_info info;
	struct bpf_insn *x = NULL;
	int stx = 0, ldx = 0;

	if (prog_xlated(fd, &info, &x))
		return -1;
	for (__u32 i = 0; i < info.xlated_prog_len / sizeof(*x); i++) {
		stx += x[i].code == (BPF_STX | BPF_MEM | BPF_DW) && x[i].dst_reg == BPF_REG_10;
		ldx += x[i].code == (BPF_LDX | BPF_MEM | BPF_DW) && x[i].src_reg == BPF_REG_10;
	}
	free(x);
	return stx == ldx ? stx : -1;
}

/* "STAT name verified_insns= xlated_insns= jited_bytes=" */
void prog_stat(const char *name, int fd)
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
int dump_jit(const char *name, int fd)
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

/* STAT line of a program, and its JIT image if @jit */
int stat_jit(const char *prefix, struct bpf_object *obj, const char *prog, int jit)
{
	int fd = prog_fd(obj, prog);
	char name[128];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	prog_stat(name, fd);
	if (jit && dump_jit(prog, fd)) {
		test_line(name, 0, "no JIT image");
		return 1;
	}
	return 0;
}

/* Address of a kernel symbol from /proc/kallsyms, 0 if absent. */
unsigned long long ksym_addr(const char *sym)
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

/* Is there a kernel symbol at @addr whose name starts with @prefix? */
int ksym_prefixed(unsigned long long addr, const char *prefix)
{
	char line[256], name[128], type;
	unsigned long long a;
	FILE *f = fopen("/proc/kallsyms", "r");
	int found = 0;

	if (!f)
		return 0;
	/* all of them: arm64 has mapping symbols ($x) at the same address */
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%llx %c %127s", &a, &type, name) == 3 &&
			a == addr && !strncmp(name, prefix, strlen(prefix));
	fclose(f);
	return found;
}

/* Open @path and load its programs, or only @only; @log gets the log. */
struct bpf_object *load_obj(const char *path, const char *only, char *log, size_t logsz)
{
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	struct bpf_program *p;

	if (!obj)
		return NULL;
	/* a name the object does not have loads nothing: not a success */
	if (only && !bpf_object__find_program_by_name(obj, only)) {
		if (log)
			snprintf(log, logsz, "no program %s in %s\n", only, path);
		bpf_object__close(obj);
		errno = ENOENT;
		return NULL;
	}
	bpf_object__for_each_program(p, obj) {
		if (only && strcmp(bpf_program__name(p), only))
			bpf_program__set_autoload(p, false);
		if (log)
			bpf_program__set_log_buf(p, log, logsz);
	}
	if (bpf_object__load(obj)) {
		bpf_object__close(obj);
		return NULL;
	}
	return obj;
}

/* Open @path and load all its programs but @skip. */
struct bpf_object *load_except(const char *path, const char *skip)
{
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	struct bpf_program *p;

	if (!obj)
		return NULL;
	p = bpf_object__find_program_by_name(obj, skip);
	if (!p) {
		fprintf(stderr, "no program %s in %s\n", skip, path);
		bpf_object__close(obj);
		errno = ENOENT;
		return NULL;
	}
	bpf_program__set_autoload(p, false);
	if (bpf_object__load(obj)) {
		bpf_object__close(obj);
		return NULL;
	}
	return obj;
}

int prog_fd(struct bpf_object *obj, const char *name)
{
	return bpf_program__fd(bpf_object__find_program_by_name(obj, name));
}

/* Run @fd once on a packet (or with a context, @ctx): 0 or -errno. */
int run_prog(int fd, int ctx, void *in, __u32 size, void *out, __u32 *retval)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	/* syscall programs take a context and no repeat count */
	if (ctx) {
		opts.ctx_in = in;
		opts.ctx_size_in = size;
	} else {
		opts.data_in = in;
		opts.data_size_in = size;
		opts.data_out = out;
		opts.data_size_out = size;
		opts.repeat = 1;
	}
	if (bpf_prog_test_run_opts(fd, &opts))
		return -errno;
	if (retval)
		*retval = opts.retval;
	return 0;
}

/* The line of verifier log @log holding @msg, cut out in place, or NULL. */
char *log_line(char *log, const char *msg)
{
	char *line = strstr(log, msg), *end;

	if (!line)
		return NULL;
	while (line > log && line[-1] != '\n')
		line--;
	end = strchr(line, '\n');
	if (end)
		*end = 0;
	return line;
}

/* the verifier's log of the refused-program checks, one load at a time */
static char refusal_log[1 << 17];

/*
 * TEST @name: program @prog of @path, loaded alone, is refused with @msg in
 * the verifier's log (the line with it is shown).
 */
int check_refused(const char *name, const char *path, const char *prog, const char *msg)
{
	struct bpf_object *obj;
	char *line;
	int ok;

	refusal_log[0] = 0;
	obj = load_obj(path, prog, refusal_log, sizeof(refusal_log));
	line = obj ? NULL : log_line(refusal_log, msg);
	ok = !!line;
	test_line(name, ok, "%s", ok ? line : obj ? "loaded" : refusal_log);
	bpf_object__close(obj);
	return !ok;
}

/* no JIT and no bodies: 6.12 refuses kfunc calls */
int check_nojit(const char *name, const char *path, const char *prog)
{
	return check_refused(name, path, prog,
			     "JIT is required for calling kernel function");
}

/* its address, not its text, marks a row that loads as a plain call */
const char loads_as_call[] = "loads as a plain call";

/* TEST @name: program @prog of @path, loaded alone, loads (as a plain call) */
static int check_loads_as_call(const char *name, const char *path, const char *prog)
{
	struct bpf_object *obj;

	refusal_log[0] = 0;
	obj = load_obj(path, prog, refusal_log, sizeof(refusal_log));
	test_line(name, !!obj, "%s", obj ? loads_as_call : refusal_log);
	bpf_object__close(obj);
	return !obj;
}

/*
 * check_refused() for the @n programs of @rows, as "@prefix.refused.PROG",
 * with the message of MODE @mode: @call_msg for "call", where it is set.
 */
int check_untyped_call(const char *family, const char *mode, const char *path,
		       const char *const *as_call, size_t n,
		       int (*check_loop)(const char *prefix, int fd, const char *prog))
{
	int stock = !strcmp(mode, "stock"), fails;
	char name[96], wrapper[64];
	struct bpf_object *obj;

	if (strcmp(mode, "call") && !stock)
		return -1;
	snprintf(name, sizeof(name), "%s.call", family);
	fails = check_refused_progs(name, path, as_call, n - stock, "must point to scalar");
	if (!stock)
		return fails;
	snprintf(wrapper, sizeof(wrapper), "%s_wrapper", family);
	obj = load_obj(path, wrapper, NULL, 0);
	snprintf(name, sizeof(name), "%s.stock.wrapper.load", family);
	if (load_line(name, obj))
		return fails + 1;
	snprintf(name, sizeof(name), "%s.stock", family);
	fails += check_loop(name, prog_fd(obj, wrapper), wrapper);
	bpf_object__close(obj);
	return fails;
}

int check_refusal_rows(const char *prefix, const char *mode, const char *path,
		       const struct refusal *rows, size_t n)
{
	int call = !strcmp(mode, "call"), fails = 0;
	char name[128];

	for (size_t i = 0; i < n; i++) {
		const struct refusal *r = &rows[i];
		const char *msg = call && r->call_msg ? r->call_msg : r->msg;

		snprintf(name, sizeof(name), "%s.refused.%s", prefix, r->prog);
		if (msg == loads_as_call)
			fails += check_loads_as_call(name, path, r->prog);
		else
			fails += check_refused(name, path, r->prog, msg);
	}
	return fails;
}

int xlated_shape(int fd, const char *prefix, int (*marker)(const struct bpf_insn *),
		 struct xshape *s)
{
	unsigned long long base = ksym_addr("__bpf_call_base");
	struct bpf_prog_info info;
	struct bpf_insn *insn = NULL;
	int err = prog_xlated(fd, &info, &insn);

	memset(s, 0, sizeof(*s));
	for (__u32 i = 0; !err && i < info.xlated_prog_len / sizeof(*insn); i++) {
		if (insn[i].code == (BPF_JMP | BPF_CALL) &&
		    insn[i].src_reg == BPF_PSEUDO_KFUNC_CALL) {
			s->calls++;
			s->marked += insn[i].dst_reg == 1;
			s->named += ksym_prefixed(base + (long long)insn[i].imm, prefix);
		}
		s->bodies += marker(&insn[i]);
	}
	free(insn);
	return err;
}

/*
 * TEST @name: the xlated program @fd shows @mode (native|body|call) for
 * its @n kfunc calls, all to kfuncs whose name starts with @prefix.
 */
int check_shape_mixed(const char *name, const char *mode, int fd, int n, int native,
		      const char *prefix, int (*marker)(const struct bpf_insn *))
{
	struct xshape s;
	int ok;

	if (strcmp(mode, "native") && strcmp(mode, "body") && strcmp(mode, "call")) {
		test_line(name, 0, "no shape for mode %s (%s*: %s)", mode, prefix,
			  !strcmp(mode, "unlisted") ? "not in the module's status" :
			  !strcmp(mode, "mixed") ? "native code at some kfuncs only" : "unknown");
		return 1;
	}
	if (xlated_shape(fd, prefix, marker, &s)) {
		test_line(name, 0, "no xlated program: %s", strerror(errno));
		return 1;
	}
	if (!strcmp(mode, "native"))
		ok = s.calls == native && s.marked == native && s.named == native &&
		     s.bodies == n - native;
	else if (!strcmp(mode, "body"))
		ok = !s.calls && s.bodies == n;
	else
		ok = s.calls == n && !s.marked && s.named == n && !s.bodies;
	if (!strcmp(mode, "native") && native < n)
		test_line(name, ok, "%d kfunc calls (%d for native code, %d to %s*), %d bodies; "
			  "want %d native, %d body (no native code here)", s.calls, s.marked,
			  s.named, prefix, s.bodies, native, n - native);
	else
		test_line(name, ok, "%d kfunc calls (%d for native code, %d to %s*), %d bodies; "
			  "want %d %s", s.calls, s.marked, s.named, prefix, s.bodies, n, mode);
	return !ok;
}

int check_shape(const char *name, const char *mode, int fd, int n, const char *prefix,
		int (*marker)(const struct bpf_insn *))
{
	return check_shape_mixed(name, mode, fd, n, n, prefix, marker);
}

/* Take capabilities @caps out of the effective set, or (@on) back in. */
int set_caps(__u64 caps, int on)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return -1;
	for (int i = 0; i < 2; i++) {
		__u32 m = (__u32)(caps >> (32 * i));

		d[i].effective = on ? d[i].effective | (m & d[i].permitted) :
				      d[i].effective & ~m;
	}
	return syscall(SYS_capset, &h, d);
}

int load_line(const char *name, struct bpf_object *obj)
{
	test_line(name, !!obj, obj ? NULL : "%s", strerror(errno));
	return !obj;
}

int check_refused_progs(const char *prefix, const char *path, const char *const *progs,
			size_t n, const char *msg)
{
	char name[128];
	int fails = 0;

	for (size_t i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s.refused.%s", prefix, progs[i]);
		fails += check_refused(name, path, progs[i], msg);
	}
	return fails;
}

int check_cases(const char *name, unsigned int n, const void *arg, const char *pass,
		int (*one)(const void *arg, unsigned int k, char *why, size_t len))
{
	char why[512];

	for (unsigned int k = 0; k < n; k++) {
		why[0] = 0;
		if (one(arg, k, why, sizeof(why))) {
			test_line(name, 0, "%s", why);
			return 1;
		}
	}
	test_line(name, 1, pass ? "%s" : NULL, pass);
	return 0;
}

struct bpf_object *open_progs(const char *path, const char *const *progs, size_t n,
			      char *log, size_t logsz)
{
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	struct bpf_program *p;

	if (!obj)
		return NULL;
	bpf_object__for_each_program(p, obj) {
		int keep = 0;

		for (size_t i = 0; i < n; i++)
			keep |= !strcmp(bpf_program__name(p), progs[i]);
		bpf_program__set_autoload(p, keep);
		if (log)
			bpf_program__set_log_buf(p, log, logsz);
	}
	return obj;
}

struct bpf_object *load_mode(const char *name, const char *mode, const char *path,
			     const char *except, char *prefix)
{
	struct bpf_object *obj = except ? load_except(path, except) : load_obj(path, NULL, NULL, 0);
	char test[96];

	snprintf(prefix, 64, "%s.%s", name, mode);
	snprintf(test, sizeof(test), "%s.load", prefix);
	return load_line(test, obj) ? NULL : obj;
}

struct bpf_object *load_opened(struct bpf_object *obj)
{
	if (obj && bpf_object__load(obj)) {
		bpf_object__close(obj);
		return NULL;
	}
	return obj;
}

int check_loop(const char *prefix, int fd, const char *prog, __u32 max,
	       __u64 (*model)(__u64 x, __u32 n))
{
	char name[96];

	snprintf(name, sizeof(name), "%s.%s", prefix, prog);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct loop_pkt p = { .x = input(k), .n = k % (max + 1) }, q = {};
		__u64 w = model(p.x, p.n);
		__u32 ret = 0;
		int err = run_prog(fd, 0, &p, sizeof(p), &q, &ret);

		if (err || ret != 2 || q.x != w) {
			test_line(name, 0, "x=0x%llx n=%u: got 0x%llx want 0x%llx%s%s",
				  (unsigned long long)p.x, p.n, (unsigned long long)q.x,
				  (unsigned long long)w, err ? ", test_run: " : "",
				  err ? strerror(-err) : "");
			return 1;
		}
	}
	test_line(name, 1, NULL);
	return 0;
}

int check_loops(const char *prefix, struct bpf_object *obj, const char *const loops[3],
		__u32 max, __u64 (*model)(__u64 x, __u32 n), int jit)
{
	int fails = 0;

	for (int i = 0; i < 3; i++) {
		fails += check_loop(prefix, prog_fd(obj, loops[i]), loops[i], max, model);
		fails += stat_jit(prefix, obj, loops[i], jit);
	}
	return fails;
}

enum { ROL64, ROR64, ROL32, ROR32, NROT };
static const char *const rot_name[NROT] = { "rol64", "ror64", "rol32", "ror32" };

/* result @i of rotation @op in context @c of @n counts */
static __u64 rot_got(const unsigned char *c, int n, int op, int i)
{
	__u64 v64;
	__u32 v32;

	if (op < ROL32) {
		memcpy(&v64, c + 8 + (op * n + i) * 8, sizeof(v64));
		return v64;
	}
	memcpy(&v32, c + 8 + 16 * n + ((op - ROL32) * n + i) * 4, sizeof(v32));
	return v32;
}

static __u64 rot_want(__u64 x, int op, __u32 n)
{
	switch (op) {
	case ROL64: return rol64(x, n);
	case ROR64: return ror64(x, n);
	case ROL32: return rol32((__u32)x, n);
	default: return ror32((__u32)x, n);
	}
}

int check_rotations(const char *prefix, const char *run_name, int fd,
		    const __u32 *counts, int n)
{
	char why[NROT][160] = { { 0 } }, name[96];
	unsigned char *c = calloc(1, ROT_CTX_SIZE(n));
	int fails = 0;

	if (!c)
		return 1;
	for (unsigned int k = 0; k < NINPUTS; k++) {
		__u64 x = input(k);

		memset(c, 0, ROT_CTX_SIZE(n));
		memcpy(c, &x, sizeof(x));
		/* syscall programs write back into ctx_in; no ctx_out */
		if (run_prog(fd, 1, c, ROT_CTX_SIZE(n), NULL, NULL)) {
			test_line(run_name, 0, "test_run: %s", strerror(errno));
			free(c);
			return 1;
		}
		for (int op = 0; op < NROT; op++)
			for (int i = 0; i < n; i++) {
				__u64 g = rot_got(c, n, op, i), w = rot_want(x, op, counts[i]);

				if (g != w && !why[op][0])
					snprintf(why[op], sizeof(why[op]),
						 "%s(0x%llx, %u) = 0x%llx, want 0x%llx",
						 rot_name[op], (unsigned long long)x, counts[i],
						 (unsigned long long)g, (unsigned long long)w);
			}
	}
	free(c);
	for (int op = 0; op < NROT; op++) {
		snprintf(name, sizeof(name), "%s.%s", prefix, rot_name[op]);
		test_line(name, !why[op][0], why[op][0] ? "%s" : NULL, why[op]);
		fails += !!why[op][0];
	}
	return fails;
}

/* @all and @alias of @f on every input */
static int family_all(const struct family *f, const char *prefix, int all, int alias)
{
	int nres = f->ncases + f->nalias, nctx = f->nin + nres;
	__u64 *c = calloc(2 * nctx, sizeof(*c)), *in = c + nctx, *w = in + f->nin;
	char name[96], ins[64];
	int fails = 1;

	snprintf(name, sizeof(name), "%s.%s_all", prefix, f->name);
	for (unsigned int k = 0; c && k < NINPUTS; k++) {
		memset(c, 0, nctx * sizeof(*c));
		f->inputs(k, c);
		memcpy(in, c, f->nin * sizeof(*c));
		ins[0] = 0;
		for (int i = 0; i < f->nin; i++)
			snprintf(ins + strlen(ins), sizeof(ins) - strlen(ins), "%s0x%llx",
				 i ? ", " : "", (unsigned long long)in[i]);
		if (run_prog(all, 1, c, nctx * sizeof(*c), NULL, NULL) ||
		    run_prog(alias, 1, c, nctx * sizeof(*c), NULL, NULL)) {
			test_line(name, 0, "test_run: %s", strerror(errno));
			goto out;
		}
		if (memcmp(c, in, f->nin * sizeof(*c))) {
			test_line(name, 0, "%s_alias lost its operands: %s", f->name, ins);
			goto out;
		}
		f->want(in, w);
		for (int i = 0; i < nres; i++) {
			if (c[f->nin + i] == w[i])
				continue;
			test_line(name, 0, "%s %d: %s(%s) = 0x%llx, want 0x%llx",
				  i < f->ncases ? f->case_word : "alias", i, f->name, ins,
				  (unsigned long long)c[f->nin + i], (unsigned long long)w[i]);
			goto out;
		}
	}
	if (c) {
		test_line(name, 1, "%d %ss and %d bindings", f->ncases, f->case_word, f->nalias);
		fails = 0;
	}
out:
	free(c);
	return fails;
}

/* @map of @f: loads, has the mode's shape and reads the right slot */
static int family_map(const struct family *f, const char *prefix, const char *mode,
		      const char *path, const char *kfunc)
{
	struct bpf_object *obj = load_obj(path, f->map, NULL, 0);
	struct bpf_map *map = obj ? bpf_object__find_map_by_name(obj, f->map_name) : NULL;
	int fd, fails, key = 0, nslots = map ? bpf_map__value_size(map) / 8 : 0;
	__u64 *t = calloc(nslots ? nslots : 1, sizeof(*t));
	char name[96];

	snprintf(name, sizeof(name), "%s.load.%s", prefix, f->map);
	if (load_line(name, obj) || !t) {
		free(t);
		bpf_object__close(obj);
		return 1;
	}
	fd = prog_fd(obj, f->map);
	snprintf(name, sizeof(name), "%s.xlated.%s", prefix, f->map);
	fails = check_shape(name, site_mode(mode, kfunc), fd, 1, kfunc, f->marker);
	for (int i = 0; i < nslots; i++)
		t[i] = xorshift();
	bpf_map__update_elem(map, &key, sizeof(key), t, nslots * sizeof(*t), 0);
	snprintf(name, sizeof(name), "%s.%s", prefix, f->map);
	for (unsigned int k = 0; k < NINPUTS; k++) {
		struct { __u64 x, out; } c = { .x = input(k) };
		unsigned int slot = f->slot(c.x);
		__u64 w = slot < (unsigned int)nslots ? t[slot] : ~c.out;

		if (run_prog(fd, 1, &c, sizeof(c), NULL, NULL) || c.out != w) {
			test_line(name, 0, "x=0x%llx: got 0x%llx want 0x%llx",
				  (unsigned long long)c.x, (unsigned long long)c.out,
				  (unsigned long long)w);
			fails++;
			goto out;
		}
	}
	test_line(name, 1, "%s", f->map_pass);
out:
	free(t);
	bpf_object__close(obj);
	return fails;
}

/* without the series the result is any scalar: too far for the map value */
#define STOCK_MAP_MSG "math between map_value pointer and register with unbounded min value"

int family_check(const struct family *f, const char *mode, const char *path, int jit)
{
	static const char *const kinds[] = { "all", "alias", "loop", "idiom", "wrapper" };
	enum { ALL, ALIAS, LOOP, IDIOM, WRAPPER, NPROGS };
	int stock = !strcmp(mode, "stock"), fails = 0, fd[NPROGS];
	char prefix[64], name[192], kfunc[64], prog[NPROGS][64];
	struct bpf_object *obj;

	snprintf(prefix, sizeof(prefix), "%s.%s", f->name, mode);
	snprintf(kfunc, sizeof(kfunc), "bpf_insn_%s64", f->name);
	for (int i = 0; i < NPROGS; i++)
		snprintf(prog[i], sizeof(prog[i]), "%s_%s", f->name, kinds[i]);
	if (!strcmp(mode, "call")) {
		/* every program with a call: not the idiom */
		const char *const progs[] = { prog[ALL], prog[ALIAS], f->map, prog[LOOP],
					      prog[WRAPPER] };

		return check_refused_progs(prefix, path, progs, ARRAY_SIZE(progs), TWO_CONSTS_MSG);
	}
	/*
	 * stock: a kernel without the series.  There the second constant is
	 * an ordinary argument (6.12 takes one constant per kfunc), so the
	 * programs load as plain calls and compute the same; the one that
	 * needs the verifier to know the result's range is refused.
	 */
	if (stock) {
		snprintf(name, sizeof(name), "%s.refused.%s", prefix, f->map);
		fails += check_refused(name, path, f->map, STOCK_MAP_MSG);
	}
	obj = load_except(path, f->map);
	snprintf(name, sizeof(name), "%s.load", prefix);
	if (load_line(name, obj))
		return fails + 1;
	for (int i = 0; i < NPROGS; i++)
		fd[i] = prog_fd(obj, prog[i]);
	fails += family_all(f, prefix, fd[ALL], fd[ALIAS]);
	snprintf(name, sizeof(name), "%s.xlated", prefix);
	fails += check_shape(name, stock ? "call" : site_mode(mode, kfunc), fd[ALL], f->ncases,
			     kfunc, f->marker);
	if (!stock) {
		snprintf(name, sizeof(name), "%s.xlated.%s", prefix, prog[ALIAS]);
		fails += check_shape(name, site_mode(mode, kfunc), fd[ALIAS], f->nalias, kfunc,
				     f->marker);
	}
	for (int i = LOOP; i < NPROGS; i++) {
		fails += check_loop(prefix, fd[i], prog[i], f->loop_max, f->loop);
		if (!stock)
			fails += stat_jit(prefix, obj, prog[i], jit);
	}
	bpf_object__close(obj);
	return fails + (stock ? 0 : family_map(f, prefix, mode, path, kfunc));
}

int family_main(const struct family *f, int argc, char **argv)
{
	char all[64];
	const struct loader_cmds c = { .name = f->name, .family = f, .nojit = all, .bad = 1 };

	snprintf(all, sizeof(all), "%s_all", f->name);
	return loader_main(&c, argc, argv);
}

int loader_main(const struct loader_cmds *c, int argc, char **argv)
{
	char name[64];

	int jit = argc > 4 && !strcmp(argv[4], "--jit");

	/*
	 * check copy: the checks of check native, where native code is the
	 * compiled kfuncs' (the module's native=copy; its status says which
	 * kfuncs are copied, so native_here() knows), named copy.*
	 */
	if (argc >= 4 && !strcmp(argv[1], "check") && !strcmp(argv[2], "copy")) {
		test_tag = "copy.";
		argv[2] = "native";
	}
	if (c->family && argc >= 4 && !strcmp(argv[1], "check"))
		return family_check(c->family, argv[2], argv[3], jit);
	if (c->check && argc >= 4 && !strcmp(argv[1], "check"))
		return c->check(argv[2], argv[3], jit);
	if (c->nojit && argc == 3 && !strcmp(argv[1], "nojit")) {
		snprintf(name, sizeof(name), "%s.nojit.refused", c->name);
		return check_nojit(name, argv[2], c->nojit);
	}
	if (c->bad && argc == 4 && !strcmp(argv[1], "bad")) {
		snprintf(name, sizeof(name), "%s.%s", c->name, argv[2]);
		return check_refusal_set(name, argv[2], argv[3], c->name);
	}
	if (c->pin && argc == 4 && !strcmp(argv[1], "pin"))
		return c->pin(argv[2], argv[3]);
	if (c->pinned && argc == 4 && !strcmp(argv[1], "pinned"))
		return c->pinned(argv[2], argv[3]);
	fprintf(stderr, "usage: see tests/prog_tests/%s.c\n", c->name);
	return 2;
}

#define STATUS_PATH "/sys/module/insn_kfuncs/parameters/status"

/*
 * Of the kfuncs the module's status lists as @name (@prefix: or any name
 * starting with it), how many get native code here (*on) and how many do
 * not (*off); the last such line in @last (if not NULL), else "".  Both
 * counts 0: no such line, or no module.
 */
static void status_count(const char *name, int prefix, int *on, int *off,
			 char *last, size_t size)
{
	char line[256], kfunc[64], native[16];
	size_t len = strlen(name);
	FILE *f;

	*on = 0;
	*off = 0;
	if (last)
		*last = 0;
	f = fopen(STATUS_PATH, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %63s %*s native=%15s", kfunc, native) != 2)
			continue;
		if (prefix ? strncmp(kfunc, name, len) : strcmp(kfunc, name))
			continue;
		if (!strcmp(native, "on"))
			(*on)++;
		else
			(*off)++;
		if (last)
			snprintf(last, size, "%s", line);
	}
	fclose(f);
}

int native_here(const char *kfunc)
{
	int on, off;

	status_count(kfunc, 0, &on, &off, NULL, 0);
	return on > 0;
}

/* the module's status line of @kfunc, or "" */
static const char *status_line(const char *kfunc, char *line, size_t size)
{
	int on, off;

	status_count(kfunc, 0, &on, &off, line, size);
	return line;
}

int copied_here(const char *kfunc)
{
	char line[256];

	return !!strstr(status_line(kfunc, line, sizeof(line)), " native=on (copy) ");
}

int copy_fallback(const char *kfunc)
{
	char line[256];
	const char *c = strstr(status_line(kfunc, line, sizeof(line)), " copy=");

	return c && c[6] >= '1' && c[6] <= '9';
}

int pairs_go(const char *mode, const char *kfunc)
{
	return !strcmp(mode, "native") && native_here(kfunc) && !copied_here(kfunc);
}

int native_count(const char *prefix, const char *const *ops, int n)
{
	char kfunc[64];
	int on = 0;

	for (int i = 0; i < n; i++) {
		snprintf(kfunc, sizeof(kfunc), "%s%s", prefix, ops[i]);
		on += native_here(kfunc);
	}
	return on;
}

/* @mode at the sites of the kfuncs the status lists as @name (or @prefix*) */
static const char *status_mode(const char *mode, const char *name, int prefix)
{
	int on, off;

	if (strcmp(mode, "native"))
		return mode;
	status_count(name, prefix, &on, &off, NULL, 0);
	if (!on && !off)
		return "unlisted";
	return !off ? mode : !on ? "body" : "mixed";
}

const char *site_mode(const char *mode, const char *kfunc)
{
	return status_mode(mode, kfunc, 0);
}

const char *family_mode(const char *mode, const char *prefix)
{
	return status_mode(mode, prefix, 1);
}

int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return -errno;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	close(fd);
	return ok ? 0 : -EINVAL;
}

/* insns.h */
int mod_kfunc(const char *mod, const char *name, int *fd)
{
	return mod_btf_id(mod, name, BTF_KIND_FUNC, fd);
}

/* insns.h */
int mod_btf_id(const char *mod, const char *name, __u32 kind, int *fd)
{
	struct btf *vmlinux = btf__load_vmlinux_btf(), *btf;
	__u32 id = 0;
	int tid = -ENOENT;

	while (tid == -ENOENT && !bpf_btf_get_next_id(id, &id)) {
		struct bpf_btf_info info = {};
		__u32 len = sizeof(info);
		char nm[64] = "";

		info.name = (__u64)(unsigned long)nm;
		info.name_len = sizeof(nm);
		*fd = bpf_btf_get_fd_by_id(id);
		if (*fd < 0)
			continue;
		if (bpf_btf_get_info_by_fd(*fd, &info, &len) || strcmp(nm, mod)) {
			close(*fd);
			continue;
		}
		btf = btf__load_from_kernel_by_id_split(id, vmlinux);
		tid = btf ? btf__find_by_name_kind(btf, name, kind) : -ENOENT;
		btf__free(btf);
		if (tid < 0)
			tid = -ESRCH;
	}
	btf__free(vmlinux);
	return tid;
}

/* insns.h */
int vmlinux_btf_id(const char *name, __u32 kind)
{
	struct btf *vmlinux = btf__load_vmlinux_btf();
	int id = vmlinux ? btf__find_by_name_kind(vmlinux, name, kind) : -ENOENT;

	btf__free(vmlinux);
	return id;
}

/*
 * Byte offset of member @m in composite type @id, looking into anonymous
 * members; -ENOENT where there is none or it is a bit-field
 */
static int btf_member_off(const struct btf *btf, __u32 id, const char *m)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *mb;
	int off;

	if (!t || !btf_is_composite(t))
		return -ENOENT;
	mb = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, mb++) {
		const char *n = btf__name_by_offset(btf, mb->name_off);
		__u32 bit = btf_member_bit_offset(t, i);

		if (n && !strcmp(n, m))
			return btf_member_bitfield_size(t, i) ? -ENOENT : (int)(bit / 8);
		if (n && *n)
			continue;
		off = btf_member_off(btf, btf__resolve_type(btf, mb->type), m);
		if (off >= 0)
			return bit / 8 + off;
	}
	return -ENOENT;
}

int vmlinux_member_off(const char *type, const char *member)
{
	struct btf *vmlinux = btf__load_vmlinux_btf();
	int id = vmlinux ? btf__find_by_name_kind(vmlinux, type, BTF_KIND_STRUCT) : -ENOENT;
	int off = id < 0 ? id : btf_member_off(vmlinux, id, member);

	btf__free(vmlinux);
	return off;
}

int vmlinux_kfunc(const char *name)
{
	return vmlinux_btf_id(name, BTF_KIND_FUNC);
}
