#!/usr/bin/env bash
# The instances' command routing is tested against Debian's nats-server, started by the test on a
# free port of its own. Installs the package when missing and this user may; otherwise says what
# to do.
set -euo pipefail
for path in /usr/sbin/nats-server /usr/bin/nats-server /usr/local/bin/nats-server; do
  if [ -x "$path" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's nats-server for the command routing tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server >/dev/null
  exit 0
fi
echo "The command routing tests need nats-server: run 'sudo apt-get install nats-server'." >&2
exit 1
