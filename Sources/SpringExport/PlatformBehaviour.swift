import SpringMath
import SpringPlatforms

/// A CSS transition with a `linear()` easing: the easing's piecewise-linear value at each frame,
/// the target from the duration on.
public struct LinearEasingModel: PlatformModel, Hashable {
    public var easing: LinearEasing

    public init(easing: LinearEasing) {
        self.easing = easing
    }

    /// A CSS transition starts from rest every time: the initial velocity is only baked into this
    /// one curve.
    public var carriesVelocity: Bool { true }

    public func trajectory(from: Double, to: Double, schedule: FrameSchedule, limit: Double) -> PlatformTrajectory {
        var times: [Double] = [0]
        var positions: [Double] = [from]
        var frame = 1
        while true {
            let t = schedule.time(ofFrame: frame)
            times.append(t)
            if t >= easing.duration {
                positions.append(to)
                return PlatformTrajectory(times: times, positions: positions, finished: true)
            }
            positions.append(from + (to - from) * easing.output(at: t / easing.duration))
            if t > limit || times.count >= PlatformLimits.maximumFrames {
                return PlatformTrajectory(times: times, positions: positions, finished: false)
            }
            frame += 1
        }
    }
}

extension ExportRequest {
    /// What `target` really displays for this request at each of ``frameRates``, from the platform
    /// models; empty for the token.
    func platformReports(_ target: ExportTarget, easing: LinearEasing?) -> [PlatformReport] {
        let model: any PlatformModel
        if let platform = target.modelledPlatform {
            model = platform.model(for: spring, from: from, to: to, velocity: initialVelocity)
        } else if target == .css, let easing {
            model = LinearEasingModel(easing: easing)
        } else {
            return []
        }
        return frameRates.map { fps in
            PlatformReport.measure(model, spring: spring, from: from, to: to, velocity: initialVelocity, frameRate: fps)
        }
    }

    /// One warning per frame rate at which the platform strays visibly: an error of at least 0.5 %
    /// of the travel, or a finish at least one frame from the exact settle time.
    static func platformWarnings(_ reports: [PlatformReport]) -> [String] {
        reports.compactMap { report in
            var parts: [String] = []
            if report.errorWarrantsWarning, let fraction = report.maxErrorFraction {
                parts.append("off the spring asked for by up to \(NumberFormat.people(report.maxError)) (\(NumberFormat.percent(fraction, digits: 2)) of the travel)")
            }
            if report.finishWarrantsWarning {
                let exact = NumberFormat.people(report.exactSettleTime, digits: 4)
                if let finish = report.finishTime {
                    let offset = finish - report.exactSettleTime
                    // Counted as a Double: a spring that settles ages later is more frames away than an Int holds.
                    let frames = (abs(offset) * report.frameRate).rounded()
                    let count = frames < 1e15 ? String(Int(frames)) : NumberFormat.people(frames, digits: 3)
                    parts.append("finishes \(count) frame\(frames == 1 ? "" : "s") \(offset < 0 ? "early" : "late") "
                                 + "(\(NumberFormat.people(finish, digits: 4)) s; exact settle \(exact) s)")
                } else {
                    parts.append("has not finished after 60 s (exact settle \(exact) s)")
                }
            }
            return parts.isEmpty ? nil : "at \(NumberFormat.people(report.frameRate, digits: 6)) Hz: " + parts.joined(separator: "; ")
        }
    }
}
