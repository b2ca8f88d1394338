#!/usr/bin/env bash
# The e-mail channel's tests receive mail from Debian's Dovecot (IMAP and POP3), started by each test
# file on free ports with a config of its own. Installs the two packages when missing and this user
# may; otherwise says what to do.
set -euo pipefail
if [ -x /usr/sbin/dovecot ] && [ -x /usr/lib/dovecot/imap ] && [ -x /usr/lib/dovecot/pop3 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's dovecot-imapd and dovecot-pop3d for the e-mail channel's tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd dovecot-pop3d >/dev/null
  exit 0
fi
echo "The e-mail channel's tests need Dovecot: run 'sudo apt-get install dovecot-imapd dovecot-pop3d'." >&2
exit 1
