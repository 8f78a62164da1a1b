#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The code-generation flags the kernel build gave the module's C (a Kbuild
# .cmd file of build/x86_64/module/), for building the kfuncs the replayed
# images call in user space as the kernel built them.  Kept: -O*, -f* and
# -m* flags that change code; dropped, because user space cannot take them
# or they do not change code:
#   -mcmodel=kernel   the code would have to live in the top 2 GiB
#   -fno-PIE          replay links -no-pie anyway
#   -f*-prefix-map    file names only
#   -fno-builtin-*    the callees call no library function
# usage: kflags.sh CMDFILE
set -euo pipefail

cmd=${1:?Kbuild .cmd file}
sed -n '1s/^[^=]*:= //p' "$cmd" | tr ' ' '\n' |
	grep -E '^-(O[0-9sz]?|f[a-z]|m[a-z0-9])' |
	grep -vE '^-(mcmodel=kernel|fno-PIE|f[a-z-]*prefix-map=|fno-builtin-)' |
	tr '\n' ' ' | sed 's/ $//'
echo
