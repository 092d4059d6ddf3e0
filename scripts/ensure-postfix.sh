#!/usr/bin/env bash
# The bounce tests send mail through a private Postfix of their own (test/support/postfix-relay.ts),
# a real MTA that writes real delivery status notifications. Installs Debian's Postfix through
# apt-get when it is missing and we are root; otherwise says what to install. The tests only need
# the programs: "No configuration" keeps the package from setting up and starting the machine's
# own instance on port 25.
set -euo pipefail
postfix="${POSTFIX_SBIN:-/usr/sbin}/postfix"
if [ -x "$postfix" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Postfix with apt-get (needed by the bounce tests)..."
  echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postfix >/dev/null
  [ -x "$postfix" ] && exit 0
fi
echo "Postfix is needed for the bounce tests: install it (sudo apt-get install -y postfix)." >&2
exit 1
