/* SPDX-License-Identifier: GPL-2.0 */
/* The test functions of kfuncs.c, once for each build of it. */
#ifndef _COPY_KFUNCS_H
#define _COPY_KFUNCS_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed int s32;
typedef signed long long s64;
typedef unsigned __int128 u128;
typedef __int128 s128;

u64 kf_ext(u64 x);

#ifdef PFX
#define KF_CAT2(a, b) a##b
#define KF_CAT(a, b) KF_CAT2(a, b)
#define KF(name) KF_CAT(PFX, name)
#endif

#endif
