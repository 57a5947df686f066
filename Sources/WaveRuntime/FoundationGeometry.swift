import Foundation
import SpringMath

// Foundation's geometry types as spring values. They live here, beside Wave's API that takes them,
// so that SpringMath needs no Foundation.

extension CGFloat: SpringVector {
    @inlinable public mutating func scale(by factor: Double) { self = CGFloat(Double(self) * factor) }
    @inlinable public var magnitudeSquared: Double { Double(self) * Double(self) }
}

extension CGPoint: @retroactive AdditiveArithmetic {
    @inlinable public static func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint {
        CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }
    @inlinable public static func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint {
        CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }
}

extension CGPoint: SpringVector {
    @inlinable public mutating func scale(by factor: Double) {
        x = CGFloat(Double(x) * factor)
        y = CGFloat(Double(y) * factor)
    }
    @inlinable public var magnitudeSquared: Double { Double(x * x + y * y) }
}

extension CGSize: @retroactive AdditiveArithmetic {
    @inlinable public static func + (lhs: CGSize, rhs: CGSize) -> CGSize {
        CGSize(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }
    @inlinable public static func - (lhs: CGSize, rhs: CGSize) -> CGSize {
        CGSize(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }
}

extension CGSize: SpringVector {
    @inlinable public mutating func scale(by factor: Double) {
        width = CGFloat(Double(width) * factor)
        height = CGFloat(Double(height) * factor)
    }
    @inlinable public var magnitudeSquared: Double { Double(width * width + height * height) }
}

/// Rectangles add and scale component-wise on origin and size, as SwiftUI animates them. The
/// rectangle is not standardised: a negative width stays negative.
extension CGRect: @retroactive AdditiveArithmetic {
    @inlinable public static func + (lhs: CGRect, rhs: CGRect) -> CGRect {
        CGRect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }
    @inlinable public static func - (lhs: CGRect, rhs: CGRect) -> CGRect {
        CGRect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }
}

extension CGRect: SpringVector {
    @inlinable public mutating func scale(by factor: Double) {
        origin.scale(by: factor)
        size.scale(by: factor)
    }
    @inlinable public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
}

/// The resting point of a flung point, each axis projected by `project(value:velocity:decelerationRate:)`.
/// - Precondition: `0 < decelerationRate < 1`.
@inlinable
public func project(point: CGPoint, velocity: CGPoint, decelerationRate: Double = 0.998) -> CGPoint {
    CGPoint(
        x: project(value: Double(point.x), velocity: Double(velocity.x), decelerationRate: decelerationRate),
        y: project(value: Double(point.y), velocity: Double(velocity.y), decelerationRate: decelerationRate))
}
