#!/usr/bin/env bash
# Installs the Debian 12 packages the planner needs to build, run and test,
# skipping what is already present. Safe to run again.
set -euo pipefail
packages=(build-essential cmake ninja-build qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
          qt6-svg-dev libqcustomplot-dev nlohmann-json3-dev libgl-dev fonts-noto-cjk poppler-utils xvfb xauth
          clang libclang-rt-dev   # clang + its ASan/UBSan/libFuzzer runtimes: the sanitizer run in .ci/run
          clang-format)           # tests/format: the tree must match .clang-format
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
