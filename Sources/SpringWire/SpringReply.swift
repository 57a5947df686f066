import SpringMath

/// A spring as every JSON reply writes it: damping ratio, response, mass, stiffness and damping
/// coefficient, in that order. `info`, `export`, `verify`, `data`, the design token and the studio
/// all encode a spring through this type.
public struct SpringReply: Encodable, Sendable, Equatable {
    /// ζ, dimensionless.
    public var dampingRatio: Double
    /// The response (undamped period) in seconds.
    public var response: Double
    /// The mass.
    public var mass: Double
    /// k.
    public var stiffness: Double
    /// c.
    public var dampingCoefficient: Double

    /// The reply for `spring`.
    public init(_ spring: Spring) {
        dampingRatio = spring.dampingRatio
        response = spring.response
        mass = spring.mass
        stiffness = spring.stiffness
        dampingCoefficient = spring.dampingCoefficient
    }
}
