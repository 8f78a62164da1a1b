#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Count the "TEST name PASS|FAIL|SKIP [reason]" lines of result files and
# print the closing line "N passed, N failed[, N skipped]".  Failures and
# skips are listed with their reasons first.  Exits 1 on any failure, or
# when there is nothing to count.  A result file without a TEST line is a
# failure: its tier died before it printed one.
set -euo pipefail

{
	for f in "$@"; do
		grep -q '^TEST ' -- "$f" ||
			echo "TEST $(basename -- "$f" .txt) FAIL no TEST line in $f: the tier printed nothing"
	done
	cat -- "$@"
} | awk '
	$1 != "TEST" { next }
	{ why = $0; sub(/^TEST[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]*/, "", why) }
	$3 == "PASS" { pass++; next }
	$3 == "SKIP" { skip++; printf "  SKIP    %s%s\n", $2, why == "" ? "" : " " why; next }
	$3 != "FAIL" { why = "bad status " $3 }
	{ fail++; printf "  FAIL    %s%s\n", $2, why == "" ? "" : " " why }
	END {
		line = sprintf("%d passed, %d failed", pass, fail)
		if (skip)
			line = line sprintf(", %d skipped", skip)
		print line
		exit (fail || !pass) ? 1 : 0
	}'
