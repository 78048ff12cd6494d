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
             clang-format              # tests/format: the tree must match .clang-format
             python3 git)              # reconcile --run's test: make_gguf.py, llama.cpp's headers (below)
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

# reconcile --run is tested on llama.cpp's own libraries (tests/app/tst_reconcilerun): the npm
# package node-llama-cpp ships them prebuilt, and its bundled llama.cpp source gives the headers.
# Installed once into the user's cache, where tests/app/CMakeLists.txt looks; without npm or the
# registry the test skips its runs and nothing else changes.
if [ "${1:-}" = "--tests" ] && [ "$(uname -m)" = "x86_64" ]; then
  nlc="${XDG_CACHE_HOME:-$HOME/.cache}/memplan/node-llama-cpp"
  if [ ! -f "$nlc/llama-src/include/llama.h" ]; then
    if command -v npm >/dev/null && command -v node >/dev/null; then
      rm -rf "$nlc" && mkdir -p "$nlc"
      if ! ( cd "$nlc" && npm init -y >/dev/null &&
             timeout 600 npm install --no-audit --no-fund --omit=optional --ignore-scripts --fetch-retries=1 \
               node-llama-cpp@3.22.1 @node-llama-cpp/linux-x64@3.22.1 >/dev/null &&
             git clone -q --no-checkout node_modules/node-llama-cpp/llama/gitRelease.bundle llama-src &&
             git -C llama-src checkout -q HEAD -- include ggml/include ); then
        echo "install-deps: node-llama-cpp could not be installed; tst_reconcilerun will skip its runs" >&2
        rm -rf "$nlc"
      fi
    else
      echo "install-deps: no npm; tst_reconcilerun will skip its runs (llama.cpp's libraries come from npm)" >&2
    fi
  fi
fi
