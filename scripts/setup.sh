#!/usr/bin/env bash
# Installs what Vitrine needs from Debian's packages, only when it is missing.
#   scripts/setup.sh          libcmark-dev and pkg-config (to build)
#   scripts/setup.sh --test   also Chromium (browser checks), git (diff tests against revisions) and
#                             python3 (the serve load and live-reload scripts)
set -euo pipefail

packages=()
dpkg -s libcmark-dev >/dev/null 2>&1 || packages+=(libcmark-dev)
command -v pkg-config >/dev/null 2>&1 || packages+=(pkg-config)
if [ "${1:-}" = "--test" ]; then
  command -v chromium >/dev/null 2>&1 || packages+=(chromium)
  command -v git >/dev/null 2>&1 || packages+=(git)
  command -v python3 >/dev/null 2>&1 || packages+=(python3)
fi

if [ ${#packages[@]} -gt 0 ]; then
  echo "Installing ${packages[*]} from Debian's packages…"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

command -v swift >/dev/null 2>&1 || { echo "swift is not on PATH: install Swift 6.2 or later (swift.org) first" >&2; exit 1; }
