#!/usr/bin/env bash
# The back-channel logout test signs in to Apache's mod_auth_openidc, a relying party we did not
# write (test/apache-relying-party.test.ts). Installs Debian's Apache and the module through apt-get
# when they are missing and we are root; otherwise says what to install.
set -euo pipefail
apache="${APACHE_BINARY:-/usr/sbin/apache2}"
module="${APACHE_MODULES_DIR:-/usr/lib/apache2/modules}/mod_auth_openidc.so"
if [ -x "$apache" ] && [ -f "$module" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Apache and mod_auth_openidc with apt-get (needed by the relying-party test)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq apache2 libapache2-mod-auth-openidc >/dev/null
  [ -x "$apache" ] && [ -f "$module" ] && exit 0
fi
echo "Apache with mod_auth_openidc is needed for the relying-party test: install it (sudo apt-get install -y apache2 libapache2-mod-auth-openidc)." >&2
exit 1
