import SpringMath

/// When a running animation counts as settled.
///
/// The rest band follows Android's "minimum visible change": with `m` the smallest change worth
/// drawing (in value units), the band is `0.75·m` around the target (and, for the numeric
/// integrators, the speed must be under `62.5 × 0.75·m` per second: less than one band per 16 ms).
///
/// With exact stepping (the default) the finish is decided from the motion itself, never from one
/// frame's state: at the start, and again at every retarget or change of value, velocity or spring,
/// the exact time from which the motion stays inside the band for good, both in distance and in
/// speed (the distance band × the spring's natural frequency ω₀: the speed of a motion of that
/// amplitude passing the target), is computed (SpringMath's
/// `Spring.settleTime(displacement:velocity:band:speedBand:)`), and the run ends on the
/// first frame at or after it. The finish is then the same at every frame rate, within one frame, and never
/// early: a frame that happens to land near a turning point cannot end the run. The numeric
/// integrators, whose motion is not the exact one, end on the first frame whose distance and speed
/// are both inside their thresholds. Either way the value is then set exactly to the target.
public enum RestThreshold: Hashable, Sendable {
    /// `m` is a thousandth of the motion's scale at its start or latest retarget: the largest
    /// distance from the target that the exact motion will reach (the starting distance, or the
    /// first overshoot or swing-out when the velocity carries it further).
    case automatic
    /// `m` is the given amount, in value units: 1 for pixels, 1/256 for an opacity, 0.5 for points on
    /// a 2× screen.
    case minimumVisibleChange(Double)

    static let distanceFactor = 0.75
    static let speedFactor = 62.5 * 0.75
    static let automaticFraction = 1e-3
}

extension RestThreshold {
    /// Stored as one Double: the minimum visible change, or NaN for `.automatic`.
    init(visibleChange: Double) {
        self = visibleChange.isNaN ? .automatic : .minimumVisibleChange(visibleChange)
    }

    /// The minimum visible change (its magnitude; NaN given counts as 0), or NaN for `.automatic`.
    var visibleChange: Double {
        switch self {
        case .automatic: return .nan
        case .minimumVisibleChange(let m): return m.isNaN ? 0 : abs(m)
        }
    }
}
