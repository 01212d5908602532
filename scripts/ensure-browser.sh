#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core; fonts make CJK and Thai screenshots readable.
# Installs them when missing (needs root or sudo, as on CI and the dev containers); never downloads a browser of its own.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null || true
$SUDO apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-core >/dev/null
