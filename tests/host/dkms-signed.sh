#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The module DKMS builds for Debian's own kernel (CONFIG_MODULE_SIG) is
# signed, as a Secure Boot machine needs: by the certificate DKMS signs
# with (/etc/dkms/framework.conf's mok_certificate, by default
# /var/lib/dkms/mok.pub, which DKMS makes at its first signing and which
# the README has users enroll with mokutil), and the signature appended
# after the ELF image leaves its .BTF section readable.
#
# usage: dkms-signed.sh KO   (KO: tools/dkms-build.sh's module for a kernel
#                             with CONFIG_MODULE_SIG)
set -uo pipefail

ko=${1:?module}
name=dkms.signed
fail() { echo "TEST $name FAIL $*"; exit 0; }

cert=$(sed -n 's/^mok_certificate="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' \
	/etc/dkms/framework.conf /etc/dkms/framework.conf.d/*.conf 2>/dev/null | tail -n 1)
cert=${cert:-/var/lib/dkms/mok.pub}
[ -f "$cert" ] || fail "no certificate $cert: DKMS signed nothing"
cmp -s <(tail -c 28 "$ko") <(printf '~Module signature appended~\n') ||
	fail "$ko carries no signature"
serial=$(openssl x509 -inform DER -in "$cert" -noout -serial | sed 's/^serial=//')
subject=$(openssl x509 -inform DER -in "$cert" -noout -subject -nameopt multiline |
	sed -n 's/^ *commonName *= *//p')
key=$(modinfo -F sig_key "$ko" | tr -d ':')
signer=$(modinfo -F signer "$ko")
[ -n "$serial" ] && [ "${key^^}" = "${serial^^}" ] ||
	fail "signed by key ${key:-none}, $cert has serial ${serial:-none}"
[ "$signer" = "$subject" ] || fail "signer '$signer', $cert names '$subject'"
readelf -SW "$ko" | grep -qw '\.BTF' || fail "no .BTF section after signing"
echo "TEST $name PASS signer '$signer', key $key ($(modinfo -F sig_hashalgo "$ko")), the certificate $cert"
