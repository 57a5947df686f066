import SpringMath
import SpringPlatforms

extension ExportRequest {
    /// React Native's `Animated.spring` with the physical config (stiffness, damping coefficient,
    /// mass, velocity in units per second), on the JavaScript driver the model follows.
    func reactNative() -> TargetExport {
        let code = """
            const value = new Animated.Value(\(n(from)));
            Animated.spring(value, { toValue: \(n(to)), stiffness: \(n(k)), damping: \(n(c)), mass: \(n(m)), \
            velocity: \(n(initialVelocity)), useNativeDriver: false }).start();
            """
        var warnings: [ExportRemark] = []
        var effective: Spring?
        if zeta > 1 {
            effective = Spring(dampingRatio: 1, stiffness: k, mass: m)
            warnings.append(criticallyDampedWarning)
        }
        let notes = [
            ExportRemark(
                .otherSpelling,
                "{ tension, friction } would be Origami's numbers (converted by SpringConfig), not stiffness and damping"
            ),
            ExportRemark(
                .modelledVariant,
                "the figures are the JavaScript driver's (useNativeDriver: false); the native driver is not modelled"),
            ExportRemark(
                .endsNearRest,
                "it stops within 0.001 units and 0.001 units/s of rest (absolute: restDisplacementThreshold, restSpeedThreshold)"
            )
        ]
        return TargetExport(
            code: code, values: .reactNative(stiffness: k, damping: c, mass: m, velocity: initialVelocity),
            warnings: warnings, notes: notes, effectiveSpring: effective)
    }
}
