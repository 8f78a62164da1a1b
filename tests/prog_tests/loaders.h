/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The loaders of the guest binary insn_test (main.c), one command each.
 * The guest scripts run "/insn/bin/insn_test NAME ARGS..." and NAME_main()
 * of tests/prog_tests/NAME.c gets "NAME ARGS..." as its argv, as it did
 * when each loader was a binary of its own.  A new loader goes here.
 */
#ifndef _VM_LOADERS_H
#define _VM_LOADERS_H

#define INSN_LOADERS(X)							\
	X(bench) X(bextr) X(bitcount) X(copy16) X(crc32c) X(examples)	\
	X(fuzz_body) X(fuzz_prog) X(iter) X(lea) X(load_be) X(misuse) X(mulhi)	\
	X(percpu) X(prefetch) X(rotate) X(select) X(smoke) X(soundness)	\
	X(stress) X(store_be)

#define LOADER_DECLARE(name)	int name##_main(int argc, char **argv);
INSN_LOADERS(LOADER_DECLARE)
#undef LOADER_DECLARE

#endif /* _VM_LOADERS_H */
