#!/bin/bash
# Measures the README's run command on a fresh Debian 12 (issue 31): a minimal bookworm made with
# debootstrap, a clone of this repository in it, then install-deps.sh, the configure and the
# window's build, and the window's start (a screenshot instead of an interactive window).
# Run as root on a Debian machine that can reach deb.debian.org; prints the seconds per stage.
# Results: docs/performance.md, "The first hour".
set -euo pipefail
root=${1:-/tmp/memplan-first-window}
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
rm -rf "$root"
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
git clone -q "$repo" "$root/root/memplan"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root /bin/bash -euc '
  cd /root/memplan
  start=$(date +%s)
  scripts/install-deps.sh
  apt=$(date +%s)
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build build -j2 --target memplan memplan-cli >/dev/null
  built=$(date +%s)
  QT_QPA_PLATFORM=offscreen ./build/app/memplan --screenshot /root/first-window.png --size 1280x720
  shown=$(date +%s)
  echo "apt $((apt - start)) s, configure and build $((built - apt)) s, window $((shown - built)) s, total $((shown - start)) s"
  echo "steps: $(ninja -C build -t commands memplan memplan-cli | wc -l)"'
echo "screenshot: $root/root/first-window.png"
