/// A platform's own settings that change how it moves a spring, beyond the spring and the motion:
/// `springplot data`, `verify`, `curve --platform` and `export` take them as options.
public struct PlatformParameters: Hashable, Sendable {
    /// Android's `setMinimumVisibleChange`: the smallest change of the property that shows. The run
    /// ends once the value is within 0.75 of it of the target and slower than 62.5 times that per
    /// second. 1 for pixel properties (the default), `MIN_VISIBLE_CHANGE_ALPHA` 1/256,
    /// `MIN_VISIBLE_CHANGE_SCALE` 1/500, `MIN_VISIBLE_CHANGE_ROTATION_DEGREES` 1/10.
    public var minimumVisibleChange: Double

    /// The values every platform uses unless told otherwise.
    public static let standard = PlatformParameters()

    /// Android's named minimum visible changes, by the names `--minimum-visible-change` accepts.
    public static let androidMinimumVisibleChanges: [(name: String, value: Double)] = [
        ("pixels", 1), ("alpha", 1.0 / 256), ("scale", 1.0 / 500), ("rotation", 1.0 / 10)
    ]

    /// - Precondition: `minimumVisibleChange` is finite and > 0.
    public init(minimumVisibleChange: Double = 1) {
        precondition(
            minimumVisibleChange.isFinite && minimumVisibleChange > 0,
            "the minimum visible change must be finite and > 0")
        self.minimumVisibleChange = minimumVisibleChange
    }
}
