# SPDX-License-Identifier: GPL-2.0
# The prefetch family in every mode (tests/guest/modes.sh).
. /insn/tests/modes.sh
family_modes prefetch
