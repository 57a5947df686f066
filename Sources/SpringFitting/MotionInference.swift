import SpringMath

/// Why ``SpringMath/Spring/leastSquaresMotion(times:positions:from:to:initialVelocity:)`` cannot tell a value.
public enum MotionInferenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The samples do not determine this value (`"from"`, `"to"` or `"velocity"`): too few samples,
    /// or its effect on the motion cannot be told apart from the others' over the samples' times.
    case undetermined(String)

    public var description: String {
        switch self {
        case .undetermined(let name):
            return "the samples do not determine \(name): give it"
        }
    }
}

extension Spring {
    /// The start, target and initial velocity of this spring's motion that best explain the samples,
    /// each one not given found by linear least squares.
    ///
    /// A spring's motion is linear in them: x(t) = from·a(t) + to·(1 − a(t)) + v₀·b(t), where a is the
    /// motion from 1 to 0 at rest and b the motion from 0 to 0 with unit initial velocity. The values
    /// given are held; the others are the least-squares solution (modified Gram–Schmidt on the sampled
    /// columns, so a motion cut off before it comes to rest is solved as well as conditioning allows).
    /// Time 0 is the start of the motion, as in SpringMath's `SpringMotion`.
    ///
    /// - Precondition: `times` and `positions` have the same count; every value is finite.
    /// - Throws: ``MotionInferenceError/undetermined(_:)`` naming the first value the samples cannot
    ///   tell.
    public func leastSquaresMotion(
        times: [Double], positions: [Double], from: Double?, to: Double?,
        initialVelocity: Double?
    ) throws(MotionInferenceError)
        -> (from: Double, to: Double, initialVelocity: Double)
    {
        precondition(times.count == positions.count, "times and positions must have the same count")
        let decay = SpringMotion(spring: self, from: 1.0, to: 0.0)
        let fling = SpringMotion(spring: self, from: 0.0, to: 0.0, initialVelocity: 1.0)
        let a = times.map { decay.position(at: $0) }
        let b = times.map { fling.position(at: $0) }
        // The columns of the unknowns, and the samples less the known values' part.
        var target = positions
        var columns: [(name: String, values: [Double])] = []
        if let from { for i in target.indices { target[i] -= from * a[i] } } else { columns.append(("from", a)) }
        if let to {
            for i in target.indices { target[i] -= to * (1 - a[i]) }
        } else {
            columns.append(("to", a.map { 1 - $0 }))
        }
        if let initialVelocity {
            for i in target.indices { target[i] -= initialVelocity * b[i] }
        } else {
            columns.append(("velocity", b))
        }

        var solution: [String: Double] = [:]
        if !columns.isEmpty {
            guard times.count >= columns.count else { throw .undetermined(columns[times.count].name) }
            solution = try Spring.solveLeastSquares(columns, target)
        }
        return (from ?? solution["from"] ?? 0, to ?? solution["to"] ?? 0, initialVelocity ?? solution["velocity"] ?? 0)
    }

    /// min ‖Σ xⱼ·columnⱼ − target‖ by modified Gram–Schmidt (QR), then back substitution.
    private static func solveLeastSquares(
        _ columns: [(name: String, values: [Double])],
        _ target: [Double]
    ) throws(MotionInferenceError) -> [String: Double] {
        func dot(_ x: [Double], _ y: [Double]) -> Double {
            var sum = 0.0
            for i in x.indices { sum += x[i] * y[i] }
            return sum
        }
        let k = columns.count
        var q = columns.map(\.values)
        var r = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
        for j in 0..<k {
            let original = dot(columns[j].values, columns[j].values).squareRoot()
            for i in 0..<j {
                r[i][j] = dot(q[i], q[j])
                for n in q[j].indices { q[j][n] -= r[i][j] * q[i][n] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            // What is left of the column after removing the others' directions: too little, and its
            // coefficient is not determined by these samples.
            guard original > 0, norm > 1e-9 * original else { throw .undetermined(columns[j].name) }
            r[j][j] = norm
            for n in q[j].indices { q[j][n] /= norm }
        }
        let projected = q.map { dot($0, target) }
        var x = [Double](repeating: 0, count: k)
        for j in stride(from: k - 1, through: 0, by: -1) {
            var sum = projected[j]
            for i in (j + 1)..<k { sum -= r[j][i] * x[i] }
            x[j] = sum / r[j][j]
        }
        var solution: [String: Double] = [:]
        for j in 0..<k { solution[columns[j].name] = x[j] }
        return solution
    }
}
