import SpringPlatforms

/// The numbers one target's code holds, at full precision: a platform's by its descriptor's names, and
/// CSS's, the token's and Lottie's typed, each value in the target's own convention and units.
///
/// ``namedValues`` is the one place these get their printed names and order: the `parameters` object
/// of `springplot export --json` and ``TargetExport/parameters``.
public enum TargetParameters: Sendable, Equatable {
    /// A platform's numbers, by its own parameter names in the order its code takes them, as its
    /// descriptor writes them (`PlatformDescriptor.code(for:)` in SpringPlatforms).
    case platform(Platform, [Value])
    /// The CSS `linear()` easing: its duration in seconds, its point count and size in bytes, its
    /// measured error and the cubic-bezier fallback's error, both in px.
    case css(duration: Double, points: Int, bytes: Int, maxErrorPx: Double, bezierErrorPx: Double)
    /// The design token's spring: damping ratio, response in seconds, and mass.
    case token(dampingRatio: Double, response: Double, mass: Double)
    /// The Lottie animation: its duration in seconds, frame rate, keyframe count, and measured error
    /// in px of the travel.
    case lottie(duration: Double, frameRate: Double, keyframes: Int, maxErrorPx: Double)

    /// The target these numbers are for.
    public var target: ExportTarget {
        switch self {
        case .platform(let platform, _): return .platform(platform)
        case .css: return .css
        case .token: return .token
        case .lottie: return .lottie
        }
    }

    /// The numbers by the target's own parameter names, in the order the target's code takes them:
    /// what `springplot export --json` writes as a target's `parameters`.
    public var namedValues: [(name: String, value: Double)] {
        switch self {
        case .platform(_, let values): return values.map { ($0.name, $0.value) }
        case let .css(duration, points, bytes, maxErrorPx, bezierErrorPx):
            return [
                ("duration", duration), ("points", Double(points)), ("bytes", Double(bytes)),
                ("maxErrorPx", maxErrorPx),
                ("bezierErrorPx", bezierErrorPx)
            ]
        case let .token(dampingRatio, response, mass):
            return [("dampingRatio", dampingRatio), ("response", response), ("mass", mass)]
        case let .lottie(duration, frameRate, keyframes, maxErrorPx):
            return [
                ("duration", duration), ("frameRate", frameRate), ("keyframes", Double(keyframes)),
                ("maxErrorPx", maxErrorPx)
            ]
        }
    }

    /// One named number of a platform's code.
    public struct Value: Sendable, Equatable {
        /// The platform's own name for the number (`stiffness`, `dampingFraction`).
        public var name: String
        /// The number at full precision.
        public var value: Double

        /// The number `value` named `name`.
        public init(name: String, value: Double) {
            self.name = name
            self.value = value
        }

        init(_ pair: (name: String, value: Double)) {
            self.init(name: pair.name, value: pair.value)
        }
    }
}
