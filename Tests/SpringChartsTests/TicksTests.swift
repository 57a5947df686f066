import Foundation
import Testing

@testable import SpringCharts

@Suite("Ticks")
struct TicksTests {
    static let ranges: [ClosedRange<Double>] = [
        0...1, 0...2, -300...500, 0...100, 0.1...0.7, -0.054...1.134, 1e-7...3e-7, 0...3e7, -1...1,
        999.5...1000.5, 0...0.0123, 12345...67890, -5e-3 ... -1e-3
    ]

    @Test(
        "Steps are 1, 2 or 5 × 10ⁿ, ticks lie in the range and none is missing",
        arguments: ranges, [2, 3, 5, 8, 13])
    func niceAndCovering(range: ClosedRange<Double>, maxCount: Int) throws {
        let ticks = AxisTicks(covering: range, maxCount: maxCount)
        #expect(ticks.values.count <= maxCount)
        #expect(ticks.labels.count == ticks.values.count)
        let magnitude = pow(10, floor(log10(ticks.step)))
        let mantissa = ticks.step / magnitude
        #expect([1.0, 2, 5].contains { abs($0 - mantissa) < 1e-9 }, "step \(ticks.step)")
        let tolerance = 1e-9 * ticks.step
        for value in ticks.values {
            #expect(value >= range.lowerBound - tolerance && value <= range.upperBound + tolerance)
        }
        let first = try #require(ticks.values.first), last = try #require(ticks.values.last)
        #expect(first - ticks.step < range.lowerBound - tolerance, "a tick is missing below \(first)")
        #expect(last + ticks.step > range.upperBound + tolerance, "a tick is missing above \(last)")
        for (a, b) in zip(ticks.values, ticks.values.dropFirst()) {
            #expect(abs(b - a - ticks.step) <= 1e-9 * ticks.step)
        }
    }

    @Test("The step is the smallest that fits: one notch finer gives too many ticks")
    func smallestStep() {
        for range in TicksTests.ranges {
            for maxCount in [3, 6, 11] {
                let ticks = AxisTicks(covering: range, maxCount: maxCount)
                guard let step = NiceStep.smallest(covering: range.lowerBound, range.upperBound, maxCount: maxCount)
                else { continue }
                #expect(ticks.step == step.value)
                let previous: NiceStep =
                    switch step.mantissa {
                    case 1: NiceStep(mantissa: 5, exponent: step.exponent - 1)
                    case 2: NiceStep(mantissa: 1, exponent: step.exponent)
                    default: NiceStep(mantissa: 2, exponent: step.exponent)
                    }
                #expect(previous.count(covering: range.lowerBound, range.upperBound) > maxCount)
            }
        }
    }

    @Test("The tick count follows the axis length")
    func countFollowsLength() {
        #expect(AxisTicks.maxCount(length: 100, spacing: 50) == 3)
        #expect(AxisTicks.maxCount(length: 1000, spacing: 90) == 12)
        #expect(AxisTicks.maxCount(length: 10, spacing: 90) == 2)
        #expect(AxisTicks.maxCount(length: .nan, spacing: 90) == 2)
        let short = AxisTicks(covering: 0...2, maxCount: AxisTicks.maxCount(length: 200, spacing: 90))
        let long = AxisTicks(covering: 0...2, maxCount: AxisTicks.maxCount(length: 1100, spacing: 90))
        #expect(short.values.count <= 3)
        #expect(long.values.count > short.values.count)
        #expect(long.labels == ["0", "0.2", "0.4", "0.6", "0.8", "1.0", "1.2", "1.4", "1.6", "1.8", "2.0"])
    }

    @Test("Labels have consistent decimals and no float noise")
    func labels() {
        #expect(AxisTicks(covering: 0...1, maxCount: 6).labels == ["0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        let noisy = AxisTicks(covering: 0.1...0.7, maxCount: 7)
        #expect(noisy.labels == ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"])
        #expect(noisy.values[2] == 0.3)
        #expect(
            AxisTicks(covering: -300...500, maxCount: 9).labels
                == ["−300", "−200", "−100", "0", "100", "200", "300", "400", "500"])
        #expect(AxisTicks(covering: 0...0.0123, maxCount: 4).labels == ["0", "0.005", "0.010"])
        #expect(AxisTicks(covering: 0...1000, maxCount: 3).labels == ["0", "500", "1000"])
    }

    @Test("Zero is never \"-0\", and negative labels use the minus sign")
    func noNegativeZero() {
        for range in [-1.0...1.0, -0.3...0.3, -1e-6...1e-6, -50...10] {
            let ticks = AxisTicks(covering: range, maxCount: 5)
            #expect(ticks.labels.contains("0"))
            for label in ticks.labels {
                #expect(!label.hasPrefix("-"))
                #expect(label != "\u{2212}0")
            }
            #expect(ticks.labels.first?.hasPrefix("\u{2212}") == true)
        }
    }

    @Test("Very large and very small values use scientific notation")
    func scientific() {
        #expect(AxisTicks(covering: 0...3e7, maxCount: 4).labels == ["0", "1e7", "2e7", "3e7"])
        #expect(
            AxisTicks(covering: 1e-7...3e-7, maxCount: 5).labels == ["1.0e−7", "1.5e−7", "2.0e−7", "2.5e−7", "3.0e−7"])
    }

    @Test("A degenerate or non-finite range gives at most one tick and no crash")
    func degenerate() {
        #expect(AxisTicks(covering: 5...5, maxCount: 5).values == [5])
        #expect(AxisTicks(covering: 5...5, maxCount: 5).labels == ["5"])
        #expect(AxisTicks(covering: -Double.infinity...0, maxCount: 5).values.isEmpty)
        #expect(AxisTicks(covering: 0...Double.infinity, maxCount: 5).values == [0])
        let tiny = AxisTicks(covering: 1e10...(1e10 + 1e-4), maxCount: 5)
        #expect(tiny.values.count == 2)
    }
}

@Suite("Axis ranges")
struct AxisRangeTests {
    @Test("An automatic y range pads the data and keeps every point inside")
    func paddedY() {
        let scale = AxisScale.resolve(Axis(), dataExtent: 0...1.08, defaultPadding: 0.05, maxTickCount: 6)
        #expect(scale.lower < 0 && scale.lower >= -0.054 - 0.054)
        #expect(scale.upper > 1.08 && scale.upper <= 1.08 + 0.108 + 1e-12)
        #expect(scale.ticks.labels.first == "0")
    }

    @Test("An automatic x range runs edge to edge and snaps to a nearby tick")
    func edgeToEdgeX() {
        let exact = AxisScale.resolve(Axis(), dataExtent: 0...2, defaultPadding: 0, maxTickCount: 11)
        #expect(exact.lower == 0 && exact.upper == 2)
        let near = AxisScale.resolve(Axis(), dataExtent: 0...1.97, defaultPadding: 0, maxTickCount: 11)
        #expect(near.upper == 2)
        let far = AxisScale.resolve(Axis(), dataExtent: 0...1.7, defaultPadding: 0, maxTickCount: 3)
        #expect(far.upper == 1.7)  // the next tick (2) would add 18 %
    }

    @Test("An explicit range is kept; explicit padding applies to automatic ranges")
    func explicit() {
        let scale = AxisScale.resolve(Axis(range: -1...3), dataExtent: 0...100, defaultPadding: 0.05, maxTickCount: 5)
        #expect(scale.lower == -1 && scale.upper == 3)
        let padded = AxisScale.resolve(Axis(padding: 0.5), dataExtent: 0...10, defaultPadding: 0, maxTickCount: 5)
        #expect(padded.lower <= -5 && padded.upper >= 15)
    }

    @Test(
        "Degenerate data and missing data still give a usable range",
        arguments: [Optional(2.0...2.0), Optional(0.0...0.0), Optional(-1e9...(-1e9)), nil])
    func degenerate(extent: ClosedRange<Double>?) {
        let scale = AxisScale.resolve(Axis(), dataExtent: extent, defaultPadding: 0.05, maxTickCount: 6)
        #expect(scale.lower < scale.upper)
        #expect(scale.lower.isFinite && scale.upper.isFinite)
        if let extent { #expect(scale.contains(extent.lowerBound)) }
        #expect(scale.ticks.values.count >= 2)
        let explicitZeroWidth = AxisScale.resolve(
            Axis(range: 3...3), dataExtent: nil, defaultPadding: 0,
            maxTickCount: 6)
        #expect(explicitZeroWidth.lower < 3 && explicitZeroWidth.upper > 3)
    }
}
