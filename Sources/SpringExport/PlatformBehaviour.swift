import SpringFormatting
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
            model = platform.model(
                for: spring, from: from, to: to, velocity: initialVelocity, parameters: platformParameters)
        } else if target == .css, let easing {
            model = LinearEasingModel(easing: easing)
        } else {
            return []
        }
        return frameRates.map { fps in
            PlatformReport.measure(model, spring: spring, from: from, to: to, velocity: initialVelocity, frameRate: fps)
        }
    }

    /// The smallest error a user would see: 1 % of the travel, and never more than 1 unit (a pixel on
    /// a screen) on a travel over 100; 1 unit when there is no travel.
    public var visibleError: Double {
        let travel = abs(to - from)
        return travel > 0 ? min(0.01 * travel, 1) : 1
    }

    /// What the platform reports say, split by what a user would see. One warning when the platform
    /// strays from the spring by ``visibleError`` or more at some rate, naming each such rate; one note
    /// per rate at which it finishes a frame or more off the exact settle time (0.1 %), or not at all.
    public func platformWarnings(_ reports: [PlatformReport]) -> (warnings: [ExportRemark], notes: [ExportRemark]) {
        let strays = reports.filter { $0.maxError >= visibleError }.map { report in
            let share = report.maxErrorFraction.map { " (\(NumberFormat.percent($0, digits: 2)) of the travel)" } ?? ""
            return
                "\(NumberFormat.people(report.maxError))\(share) at \(NumberFormat.people(report.frameRate, digits: 6)) Hz"
        }
        let warnings =
            strays.isEmpty
            ? [] : [ExportRemark(.offTheSpring, "off the spring asked for by up to " + strays.joined(separator: ", "))]
        let notes = reports.compactMap { report -> ExportRemark? in
            guard report.finishWarrantsWarning else { return nil }
            let exact = NumberFormat.people(report.exactSettleTime, digits: 4)
            let rate = "at \(NumberFormat.people(report.frameRate, digits: 6)) Hz: "
            guard let finish = report.finishTime else {
                return ExportRemark(.finishOffSettle, rate + "has not finished after 60 s (exact settle \(exact) s)")
            }
            let offset = finish - report.exactSettleTime
            // Counted as a Double: a spring that settles ages later is more frames away than an Int holds.
            let frames = (abs(offset) * report.frameRate).rounded()
            let count = frames < 1e15 ? String(Int(frames)) : NumberFormat.people(frames, digits: 3)
            return ExportRemark(
                .finishOffSettle,
                rate + "finishes \(count) frame\(frames == 1 ? "" : "s") \(offset < 0 ? "early" : "late") "
                    + "(\(NumberFormat.people(finish, digits: 4)) s; exact settle \(exact) s)")
        }
        return (warnings, notes)
    }
}
