// SPDX-License-Identifier: GPL-2.0
/*
 * insn_test: the guest loaders in one static binary, so that the initramfs
 * carries libbpf once, not once per loader.
 *
 * usage: insn_test NAME ARGS...   loader NAME (tests/prog_tests/NAME.c,
 *                                 listed in loaders.h) with argv NAME ARGS...
 */
#include "common.h"

static const struct loader {
	const char *name;
	int (*main)(int argc, char **argv);
} loaders[] = {
#define LOADER_ENTRY(name)	{ #name, name##_main },
	INSN_LOADERS(LOADER_ENTRY)
#undef LOADER_ENTRY
};

int main(int argc, char **argv)
{
	/* TEST lines go out whole, in order with the guest script's own */
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (size_t i = 0; argc > 1 && i < ARRAY_SIZE(loaders); i++) {
		int rc;

		if (strcmp(argv[1], loaders[i].name))
			continue;
		/*
		 * A loader returns 2 for a usage error, else its count of
		 * failures, which as an exit status would wrap at 256
		 */
		rc = loaders[i].main(argc - 1, argv + 1);
		return rc == 2 ? 2 : rc ? 1 : 0;
	}
	fprintf(stderr, "usage: %s NAME ARGS..., NAME one of:", argv[0]);
	for (size_t i = 0; i < ARRAY_SIZE(loaders); i++)
		fprintf(stderr, " %s", loaders[i].name);
	fputc('\n', stderr);
	return 2;
}
