#!/usr/bin/env bash
# Installs the system packages the test suite's real peers need, only when missing (idempotent):
#   dovecot-imapd — the IMAP server test/support/imap-peer.ts starts privately per test file;
#   chromium      — the browser test/support/browser.ts drives with playwright-core (test/browser/);
#   openssl       — makes the throw-away CA and certificate of the OpenID provider peer (test/support/oidc-provider.ts).
# The Debian package starts a system-wide Dovecot; the tests never use it, so it is stopped and
# disabled here (it would only hold ports and files the tests do not need).
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
command -v dovecot >/dev/null 2>&1 || missing+=(dovecot-imapd)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-test-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # Do not let the package start its daemon during installation (policy-rc.d exit 101 = "not allowed").
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
    $SUDO chmod +x /usr/sbin/policy-rc.d
    trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
    || $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi

# Stop and disable the system daemon if anything started it.
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  $SUDO systemctl disable --now dovecot.service dovecot.socket >/dev/null 2>&1 || true
elif [ -x /etc/init.d/dovecot ]; then
  $SUDO /etc/init.d/dovecot stop >/dev/null 2>&1 || true
  $SUDO update-rc.d dovecot disable >/dev/null 2>&1 || true
fi
if [ -f /run/dovecot/master.pid ]; then
  $SUDO kill "$(cat /run/dovecot/master.pid)" 2>/dev/null || true
fi

echo "install-test-deps: dovecot $(dovecot --version); $(/usr/bin/chromium --version 2>/dev/null)"
