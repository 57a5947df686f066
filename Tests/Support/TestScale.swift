import Foundation

/// How many random cases a property test runs: `count` normally, and `count` × the factor in the
/// environment variable `SPRINGKIT_TEST_SCALE` (at least 1) when it is set to a number in (0, 1].
/// `scripts/test-sanitizers.sh` sets it to 0.1: under a sanitizer every memory access is
/// instrumented, and what a sanitizer looks for (a bad access, a race) needs the same code paths,
/// not ten thousand draws of them. Plain `swift test` always runs the full counts.
public func propertyCaseCount(_ count: Int) -> Int {
    guard let text = ProcessInfo.processInfo.environment["SPRINGKIT_TEST_SCALE"], let factor = Double(text),
        factor > 0, factor <= 1
    else { return count }
    return max(1, Int((Double(count) * factor).rounded()))
}
