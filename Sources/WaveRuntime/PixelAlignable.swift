import Foundation
import SpringMath

/// A value that can be rounded to a pixel grid, for ``SpringAnimator/integralizeValues``.
public protocol PixelAlignable {
    /// The value with every component rounded to the nearest multiple of `1/scale`.
    func roundedToPixels(scale: Double) -> Self
}

extension PixelAlignable {
    @inline(__always)
    static func round(_ x: Double, _ scale: Double) -> Double { (x * scale).rounded() / scale }
}

extension Double: PixelAlignable {
    public func roundedToPixels(scale: Double) -> Double { Self.round(self, scale) }
}

extension Float: PixelAlignable {
    public func roundedToPixels(scale: Double) -> Float { Float(Self.round(Double(self), scale)) }
}

extension CGFloat: PixelAlignable {
    public func roundedToPixels(scale: Double) -> CGFloat { CGFloat(Self.round(Double(self), scale)) }
}

extension CGPoint: PixelAlignable {
    public func roundedToPixels(scale: Double) -> CGPoint {
        CGPoint(x: x.roundedToPixels(scale: scale), y: y.roundedToPixels(scale: scale))
    }
}

extension CGSize: PixelAlignable {
    public func roundedToPixels(scale: Double) -> CGSize {
        CGSize(width: width.roundedToPixels(scale: scale), height: height.roundedToPixels(scale: scale))
    }
}

extension CGRect: PixelAlignable {
    public func roundedToPixels(scale: Double) -> CGRect {
        CGRect(origin: origin.roundedToPixels(scale: scale), size: size.roundedToPixels(scale: scale))
    }
}

extension SIMD2: PixelAlignable where Scalar == Double {
    public func roundedToPixels(scale: Double) -> SIMD2<Double> {
        (self * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}

extension SIMD3: PixelAlignable where Scalar == Double {
    public func roundedToPixels(scale: Double) -> SIMD3<Double> {
        (self * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}

extension SIMD4: PixelAlignable where Scalar == Double {
    public func roundedToPixels(scale: Double) -> SIMD4<Double> {
        (self * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
