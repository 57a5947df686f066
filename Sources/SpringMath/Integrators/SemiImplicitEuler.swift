/// Wave's stepping: semi-implicit Euler, with Wave's order of floating-point operations so that a
/// spring built from Wave's stiffness and damping coefficient reproduces its trajectories bit for bit.
@usableFromInline
enum SemiImplicitEuler {
    @inlinable
    static func advance<V: SpringVector>(
        value: inout V, velocity: inout V, target: V, deltaTime dt: Double,
        stiffness k: Double, dampingCoefficient c: Double, mass m: Double
    ) {
        // a = (−k·(x − target) − c·v)/m; v += a·dt; x += v·dt
        if V.self == Double.self {
            // Scalars divide by m as Wave does (a multiplication by 1/m can differ in the last bit).
            var x = value as! Double, v = velocity as! Double
            advance(
                value: &x, velocity: &v, target: target as! Double, deltaTime: dt, stiffness: k, dampingCoefficient: c,
                mass: m)
            value = x as! V
            velocity = v as! V
            return
        }
        // Other types scale by 1/m, which equals Wave's division exactly when m is 1 (Wave's default).
        let acceleration = ((value - target).scaled(by: -k) - velocity.scaled(by: c)).scaled(by: 1 / m)
        velocity = velocity + acceleration.scaled(by: dt)
        value = value + velocity.scaled(by: dt)
    }

    @inlinable
    static func advance(
        value: inout Double, velocity: inout Double, target: Double, deltaTime dt: Double,
        stiffness k: Double, dampingCoefficient c: Double, mass m: Double
    ) {
        let acceleration = (-k * (value - target) - c * velocity) / m
        velocity += acceleration * dt
        value += velocity * dt
    }
}
