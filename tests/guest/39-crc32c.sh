# SPDX-License-Identifier: GPL-2.0
# The CRC32C family in every mode (tests/guest/modes.sh).
. /insn/tests/modes.sh
family_modes crc32c
