#!/usr/bin/env bash
# The one format (.swift-format: 4-space indent, lines of 120 at most where the formatter can break
# them): `swift format lint --strict` over every Swift file the package holds. Fails, naming each
# file and line, when a change is not formatted; `swift format -i -r -p Sources Tests Package.swift
# Fuzz Benchmarks Examples` formats them.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! swift format --version >/dev/null 2>&1; then
    echo "check-format: 'swift format' is missing: it comes with Swift 6 toolchains (swift.org)" >&2
    exit 1
fi
# Formatters of other versions lay some lines out otherwise: the tree is formatted with 6.3's.
version=$(swift format --version)
if [[ "$version" != 6.3* ]]; then
    echo "check-format: skipped: swift-format $version may lay lines out otherwise than 6.3, which formatted the tree"
    exit 0
fi
if ! swift format lint --strict -r -p Sources Tests Package.swift Fuzz Benchmarks Examples; then
    echo "check-format: the files above are not formatted: run swift format -i -r -p Sources Tests Package.swift Fuzz Benchmarks Examples" >&2
    exit 1
fi
echo "check-format: every Swift file is formatted"
