# SPDX-License-Identifier: GPL-2.0
# The big-endian store family in every mode (tests/guest/modes.sh).
. /insn/tests/modes.sh
family_modes store_be
