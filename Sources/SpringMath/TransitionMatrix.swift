import RealModule

/// The exact solution of the spring equation over a time interval, as a 2×2 matrix.
///
/// For the displacement `x = position − target` and the velocity `v`, the spring equation
/// `m·x'' + c·x' + k·x = 0` is linear, so the state after a time `t` is a matrix applied to the state
/// before it:
///
/// ```
/// x(t) = positionFromPosition · x(0) + positionFromVelocity · v(0)
/// v(t) = velocityFromPosition · x(0) + velocityFromVelocity · v(0)
/// ```
///
/// The same four numbers move any ``SpringVector`` value, which is how one scalar kernel serves
/// every value type. Get one from ``Spring/transition(over:)``.
@frozen
public struct TransitionMatrix: Hashable, Sendable {
    /// ∂x(t)/∂x(0), dimensionless.
    public var positionFromPosition: Double
    /// ∂x(t)/∂v(0), in seconds.
    public var positionFromVelocity: Double
    /// ∂v(t)/∂x(0), in 1/seconds.
    public var velocityFromPosition: Double
    /// ∂v(t)/∂v(0), dimensionless.
    public var velocityFromVelocity: Double

    @inlinable
    public init(
        positionFromPosition: Double, positionFromVelocity: Double,
        velocityFromPosition: Double, velocityFromVelocity: Double
    ) {
        self.positionFromPosition = positionFromPosition
        self.positionFromVelocity = positionFromVelocity
        self.velocityFromPosition = velocityFromPosition
        self.velocityFromVelocity = velocityFromVelocity
    }

    /// The matrix that leaves a state unchanged (the transition over zero time).
    public static let identity = TransitionMatrix(
        positionFromPosition: 1, positionFromVelocity: 0,
        velocityFromPosition: 0, velocityFromVelocity: 1)

    /// The matrix that sends every state to rest at the target (a non-animated spring after any time).
    public static let settled = TransitionMatrix(
        positionFromPosition: 0, positionFromVelocity: 0,
        velocityFromPosition: 0, velocityFromVelocity: 0)

    /// Applies the matrix to a scalar state.
    @inlinable
    public func apply(displacement x: Double, velocity v: Double) -> (displacement: Double, velocity: Double) {
        (
            positionFromPosition * x + positionFromVelocity * v,
            velocityFromPosition * x + velocityFromVelocity * v
        )
    }

    /// Applies the matrix to a state of any vector type.
    @inlinable
    public func apply<V: SpringVector>(displacement x: V, velocity v: V) -> (displacement: V, velocity: V) {
        (
            V.combine(positionFromPosition, x, positionFromVelocity, v),
            V.combine(velocityFromPosition, x, velocityFromVelocity, v)
        )
    }

    /// The transition over both intervals, `self` first and then `next`: `next · self`.
    @inlinable
    public func followed(by next: TransitionMatrix) -> TransitionMatrix {
        TransitionMatrix(
            positionFromPosition: next.positionFromPosition * positionFromPosition
                + next.positionFromVelocity * velocityFromPosition,
            positionFromVelocity: next.positionFromPosition * positionFromVelocity
                + next.positionFromVelocity * velocityFromVelocity,
            velocityFromPosition: next.velocityFromPosition * positionFromPosition
                + next.velocityFromVelocity * velocityFromPosition,
            velocityFromVelocity: next.velocityFromPosition * positionFromVelocity
                + next.velocityFromVelocity * velocityFromVelocity)
    }
}

/// The precomputed constants of one spring's free motion, chosen per damping regime so that the
/// solution is smooth and free of cancellation across a damping ratio of 1.
///
/// With ω the natural frequency, ζ the damping ratio and a = ζω the decay rate, the transition
/// matrix is `e^(−at) · [[C + aS, S], [−ω²S, C − aS]]` where
/// - underdamped (ζ < 1): C = cos(ω_d t), S = sin(ω_d t)/ω_d, ω_d = ω√((1−ζ)(1+ζ));
/// - critically damped (ζ = 1): C = 1, S = t;
/// - overdamped (ζ > 1): C = cosh(γt), S = sinh(γt)/γ, γ = ω√((ζ−1)(ζ+1)).
///
/// The overdamped branch is not evaluated through cosh and sinh (they overflow for strongly damped
/// springs long before the motion ends). With the slow root s₁ = ω²/(a+γ) (computed without
/// cancellation) and the fast root s₂ = a+γ, and Q = −expm1(−2γt)/(2γ), which tends to t as γ → 0:
/// `e^(−at)·S = e^(−s₁t)·Q`, `e^(−at)(C + aS) = e^(−s₁t)(1 + s₁Q)`, `e^(−at)(C − aS) = e^(−s₁t)(1 − s₂Q)`.
@usableFromInline
struct SpringKernel: Hashable, Sendable {
    @usableFromInline
    enum Regime: UInt8, Hashable, Sendable {
        case instantaneous, underdamped, critical, overdamped
    }

    @usableFromInline let regime: Regime
    /// ω², in 1/s².
    @usableFromInline let omegaSquared: Double
    /// Underdamped and critical: a = ζω. Overdamped: the slow root s₁.
    @usableFromInline let rate: Double
    /// Underdamped: ω_d. Overdamped: 2γ. Otherwise 0.
    @usableFromInline let frequency: Double
    /// Overdamped: the fast root s₂ = a + γ. Otherwise a.
    @usableFromInline let fastRate: Double
    /// 1/frequency (0 when frequency is 0): a multiplication is cheaper than a division.
    @usableFromInline let inverseFrequency: Double

    /// - Parameters:
    ///   - omega: the natural frequency ω in rad/s, `+∞` for an instantaneous spring.
    ///   - zeta: the damping ratio ζ ≥ 0.
    ///   - decay: ζω, passed separately so that a spring given by stiffness and damping can use c/(2m).
    init(omega: Double, zeta: Double, decay: Double) {
        if omega.isInfinite {
            regime = .instantaneous
            omegaSquared = .infinity
            rate = 0
            frequency = 0
            fastRate = 0
            inverseFrequency = 0
        } else if zeta < 1 {
            regime = .underdamped
            omegaSquared = omega * omega
            rate = decay
            frequency = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            fastRate = decay
            inverseFrequency = 1 / frequency
        } else if zeta == 1 {
            regime = .critical
            omegaSquared = omega * omega
            rate = decay
            frequency = 0
            fastRate = decay
            inverseFrequency = 0
        } else {
            regime = .overdamped
            omegaSquared = omega * omega
            let gamma = omega * (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
            let fast = decay + gamma
            fastRate = fast
            rate = omegaSquared / fast
            frequency = 2 * gamma
            inverseFrequency = 1 / frequency
        }
    }

    /// The slowest exponential decay rate of the free motion, in 1/s (0 for an undamped spring,
    /// `+∞` for an instantaneous one).
    @usableFromInline var slowestDecayRate: Double {
        regime == .instantaneous ? .infinity : rate
    }

    /// The transition matrix over `t` seconds.
    ///
    /// `t` may be any finite value ≥ 0, and `+∞` for a damped spring. Negative times run the motion
    /// backwards (except for an instantaneous spring, which stays put).
    @inlinable
    func transition(_ t: Double) -> TransitionMatrix {
        switch regime {
        case .underdamped:
            let e = Double.exp(-rate * t)
            if frequency * t == 0 {  // t == 0, or a spring so close to critical that ω_d·t underflows
                return TransitionMatrix(
                    positionFromPosition: e * (1 + rate * t), positionFromVelocity: e * t,
                    velocityFromPosition: -e * omegaSquared * t,
                    velocityFromVelocity: e * (1 - rate * t))
            }
            if e == 0 { return .settled }  // also covers t = +∞, where sin and cos are undefined
            let (sine, c) = sineCosine(frequency * t)
            let s = sine * inverseFrequency
            return TransitionMatrix(
                positionFromPosition: e * (c + rate * s), positionFromVelocity: e * s,
                velocityFromPosition: -e * omegaSquared * s,
                velocityFromVelocity: e * (c - rate * s))
        case .critical:
            let e = Double.exp(-rate * t)
            if e == 0 { return .settled }
            return TransitionMatrix(
                positionFromPosition: e * (1 + rate * t), positionFromVelocity: e * t,
                velocityFromPosition: -e * omegaSquared * t,
                velocityFromVelocity: e * (1 - rate * t))
        case .overdamped:
            let e = Double.exp(-rate * t)
            if e == 0 { return .settled }
            let q = -Double.expMinusOne(-frequency * t) * inverseFrequency
            return TransitionMatrix(
                positionFromPosition: e * (1 + rate * q), positionFromVelocity: e * q,
                velocityFromPosition: -e * omegaSquared * q,
                velocityFromVelocity: e * (1 - fastRate * q))
        case .instantaneous:
            return t > 0 ? .settled : .identity
        }
    }
}
