# SPDX-License-Identifier: GPL-2.0
# The 16-byte copy family in every mode (tests/guest/modes.sh).
. /insn/tests/modes.sh
family_modes copy16
