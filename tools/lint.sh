#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# checkpatch.pl --no-tree over the module sources and the patch series.
#
# usage: lint.sh CHECKPATCH FILE...
#   .patch files are checked as patches, the rest as source files (-f).
#   Prints one "TEST lint.FILE PASS|FAIL" line per file on stdout and the
#   checkpatch report of each failing file on stderr; exits 1 on a failure.
set -uo pipefail

checkpatch=${1:?checkpatch.pl}
shift
rc=0
for f in "$@"; do
	case $f in
	# New files of the series sit under kernel/bpf/, include/linux/bpf*
	# and Documentation/bpf/, which "BPF [GENERAL]" in MAINTAINERS covers
	# already: the "does MAINTAINERS need updating?" note does not apply.
	# A patch goes on stdin: given the path of a patch tracked in a git
	# work tree, checkpatch reads it as a source file.  A Fixes: tag's
	# commit is looked up in the git history of the tree checkpatch runs
	# in, and there is no kernel history here: UNKNOWN_COMMIT_ID is off
	# (the tag's id and subject were checked against Linux's history).
	*.patch) mode=(--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID -) ;;
	*) mode=(-f "$f") ;;
	esac
	if report=$("$checkpatch" --no-tree --no-summary --terse --show-types \
			"${mode[@]}" <"$f" 2>&1); then
		echo "TEST lint.$f PASS"
	else
		echo "TEST lint.$f FAIL $(grep -cE ': (ERROR|WARNING|CHECK):' <<<"$report") problems, see make lint"
		echo "$report" >&2
		rc=1
	fi
done
exit $rc
