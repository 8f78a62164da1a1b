/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by iter.bpf.c and tests/prog_tests/iter.c. */
#ifndef _ITER_H
#define _ITER_H

/* one numeric iterator, driven by hand: new, up to limit next()s, destroy */
struct iter_ctx {
	int start, end, limit;
	int ret_new;		/* bpf_iter_num_new() */
	int count;		/* values next() returned */
	int first, last;
	long long sum;
	int after;		/* next() returned NULL once more after the end */
};

/* bpf_for() nested: sum of i * 1000 + j over [0, outer) x [0, inner) */
struct nest_ctx {
	int outer, inner, brk;	/* brk: break out of both at i == j == brk */
	long long sum;
	int count;
};

/*
 * The loop of iter_range, shared by the program and its C model
 * (tests/prog_tests/iter.c): next is an expression yielding the next
 * int * or NULL, evaluated once more after the loop.
 */
#define ITER_RANGE_LOOP(c, v, next)				\
	do {							\
		while ((v = (next))) {				\
			if (!(c)->count)			\
				(c)->first = *(v);		\
			(c)->last = *(v);			\
			(c)->sum += *(v);			\
			if (++(c)->count >= (c)->limit)		\
				break;				\
		}						\
		(c)->after = !!(next);				\
	} while (0)

#endif /* _ITER_H */
