#!/usr/bin/env bash
# Builds a package that depends on SpringKit the way a library user's package does: by version, from
# a git tag (a clone of this repository's HEAD, tagged 99.0.0 in a scratch folder), with the `Tools`
# trait off, using SpringMath, WaveRuntime, SpringCharts and SpringFormatting. Prints the packages it resolved and fails
# if any beyond SpringKit and swift-numerics is among them (no server, networking or crypto package),
# if the build prints any warning, or if it builds a plugin. Then the README's snippet, a path
# dependency on a clone whose folder is not called SpringKit, must build the same way.
#
#   scripts/check-consumer.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The committed HEAD, as a user would get it; uncommitted changes are not part of a version.
git clone --quiet "$root" "$scratch/SpringKit"
git -C "$scratch/SpringKit" tag 99.0.0
mkdir -p "$scratch/consumer/Sources/consumer"
cat >"$scratch/consumer/Package.swift" <<MANIFEST
// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [.package(url: "file://$scratch/SpringKit", from: "99.0.0", traits: [])],
    targets: [
        .executableTarget(name: "consumer", dependencies: [
            .product(name: "SpringMath", package: "SpringKit"),
            .product(name: "WaveRuntime", package: "SpringKit"),
            .product(name: "SpringCharts", package: "SpringKit"),
            .product(name: "SpringFormatting", package: "SpringKit"),
        ]),
    ]
)
MANIFEST
cat >"$scratch/consumer/Sources/consumer/main.swift" <<'SOURCE'
import SpringCharts
import SpringFormatting
import SpringMath
import WaveRuntime

let spring = Spring(dampingRatio: 0.68, response: 0.8)
let animator = SpringAnimator<Double>(spring: spring, value: 0, target: 100)
print("settles in \(NumberFormat.people(spring.settleTime)) s; animator at \(animator.value); theme \(Theme.light.palette.count) colours")
SOURCE
# Fails unless the package in the current folder builds quietly: no warning, no plugin compiled.
build_quietly() {
    swift build >"$scratch/build.log" 2>&1 || { tail -30 "$scratch/build.log" >&2; echo "check-consumer: $1 does not build" >&2; exit 1; }
    if grep -i -e 'warning:' -e 'compiling plugin' "$scratch/build.log" >&2; then
        echo "check-consumer: $1 built with the lines above (a dependency must build quietly)" >&2
        exit 1
    fi
}
cd "$scratch/consumer"
build_quietly "a consumer depending on a tagged version"
resolved=$(ls .build/checkouts | sort)
echo "check-consumer: a library user's package (Tools off) resolved: $(echo $resolved | tr '\n' ' ')"
.build/debug/consumer
unexpected=$(echo "$resolved" | grep -v -x -e SpringKit -e swift-numerics || true)
if [ -n "$unexpected" ]; then
    echo "check-consumer: resolved packages a library user should not need: $(echo $unexpected | tr '\n' ' ')" >&2
    exit 1
fi

# The README's form: a path dependency named SpringKit, on a clone in a folder of another name.
git clone --quiet "$root" "$scratch/spring-kit-checkout"
mkdir -p "$scratch/by-path/Sources/consumer"
cp "$scratch/consumer/Sources/consumer/main.swift" "$scratch/by-path/Sources/consumer/"
sed -e "s|.package(url: \"file://$scratch/SpringKit\", from: \"99.0.0\", traits: \[\])|.package(name: \"SpringKit\", path: \"../spring-kit-checkout\", traits: [])|" \
    "$scratch/consumer/Package.swift" >"$scratch/by-path/Package.swift"
grep -q 'spring-kit-checkout' "$scratch/by-path/Package.swift" || { echo "check-consumer: could not write the path form" >&2; exit 1; }
cd "$scratch/by-path"
build_quietly "the README's path dependency (folder spring-kit-checkout)"
echo "check-consumer: the README's path form builds quietly from a folder named spring-kit-checkout"
