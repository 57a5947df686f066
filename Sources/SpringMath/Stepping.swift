extension Spring {
    /// Advances a moving value by `deltaTime` seconds along the exact solution.
    ///
    /// Any step size is exact and stable: 60 steps of 1/60 s land where one step of 1 s does (to
    /// rounding), and a step of 10⁶ s simply arrives at the target. For many steps of one fixed size,
    /// ``SpringStepper`` precomputes the coefficients.
    ///
    /// - Parameters:
    ///   - value: the current value, replaced by the value `deltaTime` later.
    ///   - velocity: the current velocity in value units per second, replaced likewise.
    ///   - target: where the spring pulls.
    ///   - deltaTime: seconds, finite and ≥ 0.
    /// - Precondition: `deltaTime` is finite and ≥ 0.
    @inlinable
    public func advance<V: SpringVector>(value: inout V, velocity: inout V, target: V, by deltaTime: Double) {
        precondition(deltaTime.isFinite && deltaTime >= 0, "deltaTime must be finite and ≥ 0")
        let (x, v) = kernel.transition(deltaTime).apply(displacement: value - target, velocity: velocity)
        value = target + x
        velocity = v
    }

    /// Advances a moving value by `deltaTime` seconds with the chosen integrator.
    ///
    /// ``SpringIntegrator/exact`` is ``advance(value:velocity:target:by:)``; the numeric
    /// integrators exist to compare against it (see ``SpringIntegrator``).
    ///
    /// - Parameters:
    ///   - value: the current value, replaced by the value `deltaTime` later.
    ///   - velocity: the current velocity in value units per second, replaced likewise.
    ///   - target: where the spring pulls.
    ///   - deltaTime: seconds, finite and ≥ 0.
    ///   - integrator: the rule that advances the state.
    /// - Precondition: `deltaTime` is finite and ≥ 0.
    @inlinable
    public func advance<V: SpringVector>(
        value: inout V, velocity: inout V, target: V, by deltaTime: Double,
        integrator: SpringIntegrator
    ) {
        switch integrator {
        case .exact:
            advance(value: &value, velocity: &velocity, target: target, by: deltaTime)
        case .semiImplicitEuler:
            precondition(deltaTime.isFinite && deltaTime >= 0, "deltaTime must be finite and ≥ 0")
            if isInstantaneous { return snap(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime) }
            SemiImplicitEuler.advance(
                value: &value, velocity: &velocity, target: target, deltaTime: deltaTime,
                stiffness: stiffness, dampingCoefficient: dampingCoefficient, mass: mass)
        case .explicitEuler:
            precondition(deltaTime.isFinite && deltaTime >= 0, "deltaTime must be finite and ≥ 0")
            if isInstantaneous { return snap(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime) }
            ExplicitEuler.advance(
                value: &value, velocity: &velocity, target: target, deltaTime: deltaTime,
                stiffness: stiffness, dampingCoefficient: dampingCoefficient, mass: mass)
        case .rungeKutta4:
            precondition(deltaTime.isFinite && deltaTime >= 0, "deltaTime must be finite and ≥ 0")
            if isInstantaneous { return snap(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime) }
            RungeKutta4.advance(
                value: &value, velocity: &velocity, target: target, deltaTime: deltaTime,
                stiffness: stiffness, dampingCoefficient: dampingCoefficient, mass: mass)
        }
    }

    /// Advances a moving value by `deltaTime` seconds along the exact solution: SwiftUI's name for
    /// ``advance(value:velocity:target:by:)``.
    ///
    /// - Parameters:
    ///   - value: the current value, replaced by the value `deltaTime` later.
    ///   - velocity: the current velocity in value units per second, replaced likewise.
    ///   - target: where the spring pulls.
    ///   - deltaTime: seconds, finite and ≥ 0.
    /// - Precondition: `deltaTime` is finite and ≥ 0.
    @inlinable
    public func update<V: SpringVector>(value: inout V, velocity: inout V, target: V, deltaTime: Double) {
        advance(value: &value, velocity: &velocity, target: target, by: deltaTime)
    }

    /// A non-animated spring under any integrator: at the target, at rest, after any positive step.
    @usableFromInline
    func snap<V: SpringVector>(value: inout V, velocity: inout V, target: V, deltaTime: Double) {
        if deltaTime > 0 {
            value = target
            velocity = .zero
        }
    }
}

/// How a spring's state is advanced by one time step.
public enum SpringIntegrator: String, Hashable, Sendable, CaseIterable {
    /// The exact solution (the 2×2 transition matrix): independent of the step size.
    case exact
    /// Semi-implicit (symplectic) Euler in Wave's order: `a = (−k·(x − target) − c·v)/m; v += a·dt;
    /// x += v·dt`. Its result depends on the step size, and it diverges for stiff springs at long steps.
    case semiImplicitEuler
    /// Explicit (forward) Euler: position and velocity both advance from the old state. Gains energy
    /// for lightly damped springs.
    case explicitEuler
    /// The classical fourth-order Runge–Kutta method.
    case rungeKutta4
}

/// Advances many states by one fixed time step with precomputed exact coefficients.
///
/// ```swift
/// let stepper = SpringStepper(spring: .bouncy, deltaTime: 1.0 / 120)
/// var x = 0.0, v = 0.0
/// for _ in 0..<120 { stepper.advance(value: &x, velocity: &v, target: 1) }   // x is bouncy.value(target: 1, time: 1)
/// ```
@frozen
public struct SpringStepper: Hashable, Sendable {
    /// The spring this stepper advances.
    public let spring: Spring
    /// The step, in seconds.
    public let deltaTime: Double
    /// The exact transition over one step.
    public let matrix: TransitionMatrix

    /// - Precondition: `deltaTime` is finite and ≥ 0.
    @inlinable
    public init(spring: Spring, deltaTime: Double) {
        precondition(deltaTime.isFinite && deltaTime >= 0, "deltaTime must be finite and ≥ 0")
        self.spring = spring
        self.deltaTime = deltaTime
        self.matrix = spring.kernel.transition(deltaTime)
    }

    /// Advances one state by one step.
    @inlinable
    public func advance<V: SpringVector>(value: inout V, velocity: inout V, target: V) {
        let (x, v) = matrix.apply(displacement: value - target, velocity: velocity)
        value = target + x
        velocity = v
    }

    /// Advances one scalar state by one step.
    @inlinable
    public func advance(value: inout Double, velocity: inout Double, target: Double) {
        let x = value - target
        let v = velocity
        value = target + (matrix.positionFromPosition * x + matrix.positionFromVelocity * v)
        velocity = matrix.velocityFromPosition * x + matrix.velocityFromVelocity * v
    }

    /// Advances every scalar state by one step (parallel arrays of equal length).
    ///
    /// - Precondition: the three buffers have the same count.
    @inlinable
    public func advance(
        values: UnsafeMutableBufferPointer<Double>, velocities: UnsafeMutableBufferPointer<Double>,
        targets: UnsafeBufferPointer<Double>
    ) {
        precondition(
            values.count == velocities.count && values.count == targets.count,
            "values, velocities and targets must have the same count")
        let m = matrix
        for i in 0..<values.count {
            let x = values[i] - targets[i]
            let v = velocities[i]
            values[i] = targets[i] + (m.positionFromPosition * x + m.positionFromVelocity * v)
            velocities[i] = m.velocityFromPosition * x + m.velocityFromVelocity * v
        }
    }

}
