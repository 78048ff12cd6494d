#!/usr/bin/env bash
# Installs the Debian 12 packages the planner needs, skipping what is already present.
# Safe to run again.
#   scripts/install-deps.sh           build and run the window and the command line
#   scripts/install-deps.sh --tests   also what the test suite and CI use (the README's test command)
set -euo pipefail
packages=(build-essential cmake ninja-build qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
          qt6-svg-dev libqcustomplot-dev nlohmann-json3-dev libgl-dev fonts-noto-cjk)
if [ "${1:-}" = "--tests" ]; then
  packages+=(poppler-utils xvfb xauth  # PDF text and screenshots in the report and window suites
             clang libclang-rt-dev     # clang + its ASan/UBSan/libFuzzer runtimes: the sanitizer run in .ci/run
             clang-format)             # tests/format: the tree must match .clang-format
elif [ -n "${1:-}" ]; then
  echo "usage: $0 [--tests]" >&2
  exit 2
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
