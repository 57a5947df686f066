#!/usr/bin/env bash
# Installs what building SpringKit needs on Debian/Ubuntu and is not there yet: Cairo's development
# files (libcairo2-dev, which also brings the DejaVu fonts the charts use). Safe to run repeatedly.
set -euo pipefail

if pkg-config --exists cairo 2>/dev/null && fc-list 2>/dev/null | grep -qi "DejaVu Sans"; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "setup: libcairo2-dev is missing and this user cannot install it; run as root: apt-get install -y libcairo2-dev fonts-dejavu-core pkg-config" >&2
    exit 1
fi

echo "setup: installing libcairo2-dev, pkg-config and fonts-dejavu-core" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libcairo2-dev pkg-config fonts-dejavu-core >/dev/null
