#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The one place the kernel and package cache's default is written: prints
# $INSN_CACHE, or ~/.cache/insn-kfuncs when it is unset.
echo "${INSN_CACHE:-$HOME/.cache/insn-kfuncs}"
