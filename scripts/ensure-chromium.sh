#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (browser downloads are not possible here). Installs it
# when missing and this user may; otherwise says what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The end-to-end tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'." >&2
exit 1
