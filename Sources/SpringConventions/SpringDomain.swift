import SpringFormatting
import SpringMath

/// The springs every command, the studio and every file format accept: a natural frequency ω₀ from
/// 1e-6 to 1e6 rad/s (a response from 6.3 µs to 73 days) and a damping ratio of at most 1e6, or a
/// non-animated spring (response 0).
///
/// Past this window the numbers a motion is made of stop meaning anything: settle times of 1e150 s,
/// lags c·V/k that overflow, frames that never end. docs/limits.md states the same window; export
/// carries exactly these springs too (``SpringDomain/violation(_:)`` is its check).
public enum SpringDomain {
    /// The natural frequencies accepted, in rad/s.
    public static let naturalFrequencies: ClosedRange<Double> = 1e-6...1e6
    /// The largest damping ratio accepted.
    public static let maximumDampingRatio = 1e6

    /// How a spring lies outside the window.
    public enum Violation: Equatable, Sendable {
        /// Its natural frequency (rad/s) is outside ``naturalFrequencies``.
        case naturalFrequency(Double)
        /// Its damping ratio is above ``maximumDampingRatio``.
        case dampingRatio(Double)
    }

    /// How `spring` lies outside the window, or nil when it is inside (a non-animated spring is).
    public static func violation(_ spring: Spring) -> Violation? {
        guard !spring.isInstantaneous else { return nil }
        let omega = 2 * Double.pi / spring.response
        if !naturalFrequencies.contains(omega) { return .naturalFrequency(omega) }
        if !(spring.dampingRatio <= maximumDampingRatio) { return .dampingRatio(spring.dampingRatio) }
        return nil
    }

    /// Why `spring` lies outside the window (one sentence starting with "the spring's"), or nil.
    public static func problem(_ spring: Spring) -> String? {
        guard let violation = violation(spring) else { return nil }
        return violation.sentence(spring)
    }
}

extension SpringDomain.Violation {
    /// "the spring's response is 1e+300 s; … carry a response between …".
    func sentence(_ spring: Spring) -> String {
        switch self {
        case .naturalFrequency:
            return
                "the spring's response is \(NumberFormat.people(spring.response, digits: 3)) s; springs have a response "
                + "between 6.28e-6 s and 6.28e6 s (a natural frequency of 1e-6 to 1e6 rad/s)"
        case .dampingRatio(let zeta):
            return "the spring's damping ratio is \(NumberFormat.people(zeta, digits: 3)); springs have at most 1e6"
        }
    }

    /// The end of a sentence that starts with `parameter`, the one blamed: "must be at most 1e6 (got
    /// 2e6)" when it is the quantity itself (`response`, `damping`), "gives a response of …" otherwise.
    func requirement(for parameter: String, value: Double?) -> String {
        switch self {
        case .naturalFrequency(let omega):
            let response = 2 * Double.pi / omega
            let range = "between 6.28e-6 s and 6.28e6 s (a natural frequency of 1e-6 to 1e6 rad/s)"
            if parameter == "response" {
                return
                    "must be between 6.28e-6 s and 6.28e6 s, a natural frequency of 1e-6 to 1e6 rad/s (got \(shortest(value ?? response)))"
            }
            return "gives a response of \(NumberFormat.people(response, digits: 3)) s (a natural frequency of "
                + "\(NumberFormat.people(omega, digits: 3)) rad/s): springs have a response \(range)"
        case .dampingRatio(let zeta):
            if parameter == "damping" { return "must be at most 1e6 (got \(shortest(value ?? zeta)))" }
            return "gives a damping ratio of \(NumberFormat.people(zeta, digits: 3)): springs have at most 1e6"
        }
    }
}
