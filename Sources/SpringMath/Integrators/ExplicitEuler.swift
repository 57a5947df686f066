/// Forward Euler: both position and velocity advance from the state at the start of the step.
@usableFromInline
enum ExplicitEuler {
    @inlinable
    static func advance<V: SpringVector>(
        value: inout V, velocity: inout V, target: V, deltaTime dt: Double,
        stiffness k: Double, dampingCoefficient c: Double, mass m: Double
    ) {
        let acceleration = V.combine(-k / m, value - target, -c / m, velocity)
        value = value + velocity.scaled(by: dt)
        velocity = velocity + acceleration.scaled(by: dt)
    }
}
