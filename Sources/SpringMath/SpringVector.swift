/// A value a spring can move: a point of a real vector space.
///
/// The spring equation is linear, so the motion of any such value is the motion of a scalar applied
/// component by component. SpringMath computes the scalar coefficients once and applies them through
/// this protocol, which has the same shape as SwiftUI's `VectorArithmetic`: addition, subtraction, a
/// zero, scaling by a real number and a squared length.
///
/// Conformances ship for `Double`, `Float`, `SIMD2<Double>`, `SIMD3<Double>` and `SIMD4<Double>`;
/// WaveRuntime adds `RGBAColor`, `CGFloat`, `CGPoint`, `CGSize` and `CGRect` (Foundation types on
/// Linux, which SpringMath does not import). To animate a type of your own, conform it:
///
/// ```swift
/// struct Angle3: SpringVector {
///     var pitch = 0.0, yaw = 0.0, roll = 0.0
///     static var zero: Angle3 { Angle3() }
///     static func + (a: Angle3, b: Angle3) -> Angle3 { .init(pitch: a.pitch + b.pitch, yaw: a.yaw + b.yaw, roll: a.roll + b.roll) }
///     static func - (a: Angle3, b: Angle3) -> Angle3 { .init(pitch: a.pitch - b.pitch, yaw: a.yaw - b.yaw, roll: a.roll - b.roll) }
///     mutating func scale(by factor: Double) { pitch *= factor; yaw *= factor; roll *= factor }
///     var magnitudeSquared: Double { pitch * pitch + yaw * yaw + roll * roll }
/// }
/// ```
public protocol SpringVector: AdditiveArithmetic {
    /// Multiplies every component by `factor`.
    mutating func scale(by factor: Double)

    /// The squared Euclidean length of the value, in squared value units.
    var magnitudeSquared: Double { get }
}

extension SpringVector {
    /// A copy of the value with every component multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Self {
        var copy = self
        copy.scale(by: factor)
        return copy
    }

    /// The Euclidean length of the value.
    @inlinable
    public var magnitude: Double { magnitudeSquared.squareRoot() }

    /// `a·x + b·y`, the one operation the spring kernel needs.
    @inlinable
    static func combine(_ a: Double, _ x: Self, _ b: Double, _ y: Self) -> Self {
        x.scaled(by: a) + y.scaled(by: b)
    }
}

// MARK: - Scalars

extension Double: SpringVector {
    @inlinable public mutating func scale(by factor: Double) { self *= factor }
    @inlinable public var magnitudeSquared: Double { self * self }
}

extension Float: SpringVector {
    @inlinable public mutating func scale(by factor: Double) { self = Float(Double(self) * factor) }
    @inlinable public var magnitudeSquared: Double { Double(self) * Double(self) }
}

// MARK: - SIMD vectors of Double

extension SIMD2: @retroactive AdditiveArithmetic where Scalar == Double {}

extension SIMD2: SpringVector where Scalar == Double {
    @inlinable public mutating func scale(by factor: Double) { self *= factor }
    @inlinable public var magnitudeSquared: Double { (self * self).sum() }
}

extension SIMD3: @retroactive AdditiveArithmetic where Scalar == Double {}

extension SIMD3: SpringVector where Scalar == Double {
    @inlinable public mutating func scale(by factor: Double) { self *= factor }
    @inlinable public var magnitudeSquared: Double { (self * self).sum() }
}

extension SIMD4: @retroactive AdditiveArithmetic where Scalar == Double {}

extension SIMD4: SpringVector where Scalar == Double {
    @inlinable public mutating func scale(by factor: Double) { self *= factor }
    @inlinable public var magnitudeSquared: Double { (self * self).sum() }
}
