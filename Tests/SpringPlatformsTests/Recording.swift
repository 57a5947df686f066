import Foundation
import SpringMath

@testable import SpringPlatforms

/// A shared recording of a real library (Fixtures/recordings, copied unchanged from
/// shared/platforms), and the model its header describes.
struct Recording {
    var name: String
    var header: String
    var times: [Double]
    var positions: [Double]
    var from: Double
    var to: Double
    var schedule: FrameSchedule
    var model: any PlatformModel

    var travel: Double { abs(to - from) }

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    static func all() throws -> [Recording] {
        let folder = directory.appendingPathComponent("recordings")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }
            .sorted()
        return try names.map { try Recording(name: $0) }
    }

    init(name: String) throws {
        self.name = name
        let text = try String(
            contentsOf: Recording.directory.appendingPathComponent("recordings/\(name)"), encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        header = lines.removeFirst()
        guard lines.removeFirst() == "t,position" else { throw RecordingError.malformed(name, "column header") }
        times = []
        positions = []
        for line in lines {
            let fields = line.split(separator: ",")
            guard fields.count == 2, let t = Double(fields[0]), let x = Double(fields[1]) else {
                throw RecordingError.malformed(name, line)
            }
            times.append(t)
            positions.append(x)
        }
        // "; 0->100;", or "| travel 0 -> 100 |" in the later recordings (shared/platforms/js2)
        guard
            let travel = header.firstMatch(of: /; (-?[0-9.]+)->(-?[0-9.]+);/)
                ?? header.firstMatch(of: /\| travel (-?[0-9.]+) -> (-?[0-9.]+) \|/)
        else {
            throw RecordingError.malformed(name, "travel")
        }
        from = Double(travel.1)!
        to = Double(travel.2)!
        schedule = try Recording.schedule(header, name: name)
        model = try Recording.model(header, name: name, from: from, to: to)
        if var adwaita = model as? LibadwaitaSpringModel, header.contains("real frame clock") {
            // On GDK's own clock the start frame's time lies anywhere within its millisecond, and the
            // recording does not say where: the phase (0–999 µs) whose millisecond truncation
            // reproduces the frames, if one does.
            adwaita.startPhase =
                (0..<1000).first { phase in
                    var candidate = adwaita
                    candidate.startPhase = phase
                    let run = candidate.trajectory(from: from, to: to, schedule: schedule)
                    return run.positions.count == positions.count
                        && zip(run.positions, positions).allSatisfy { abs($0 - $1) <= 1e-6 * abs(to - from) }
                } ?? 0
            model = adwaita
        }
    }

    static func schedule(_ header: String, name: String) throws -> FrameSchedule {
        if let listed = header.firstMatch(
            of: /frame times of Tests\/SpringMathTests\/Fixtures\/analysis\/([a-z-]+\.csv)/)
        {
            let text = try String(
                contentsOf: directory.appendingPathComponent("schedules/\(listed.1)"), encoding: .utf8)
            let times = text.split(whereSeparator: \.isNewline).dropFirst().compactMap {
                Double($0.split(separator: ",")[0])
            }
            return FrameSchedule(times: times, thenFrameRate: 60)
        }
        if header.contains("real frame clock") {
            // GDK's own clock: the recorded frame times.
            return FrameSchedule(
                times: try String(contentsOf: directory.appendingPathComponent("recordings/\(name)"), encoding: .utf8)
                    .split(whereSeparator: \.isNewline).dropFirst(2).compactMap { Double($0.split(separator: ",")[0]) },
                thenFrameRate: 60)
        }
        guard let rate = header.firstMatch(of: /[;|] ([0-9]+) Hz/) else { throw RecordingError.malformed(name, "rate") }
        return FrameSchedule(frameRate: Double(rate.1)!)
    }

    /// The JSON object after "params " or "preset/default ", as numbers by key.
    static func parameters(_ header: String) -> [String: Double] {
        guard let json = header.firstMatch(of: /(?:params|preset\/default) (\{[^}]*\})/) else { return [:] }
        let object = try? JSONSerialization.jsonObject(with: Data(json.1.utf8)) as? [String: Any]
        return (object ?? [:]).compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    static func presetName(_ header: String) -> String? {
        header.firstMatch(of: /preset\/default "([A-Za-z]+)"/).map { String($0.1) }
    }

    static func model(_ header: String, name: String, from: Double, to: Double) throws -> any PlatformModel {
        let p = parameters(header)
        let travel = to - from
        let pixelsPerSecond = header.firstMatch(of: /\(velocity (-?[0-9.]+) px\/s\)/).map { Double($0.1)! } ?? 0
        if header.hasPrefix("# motion") {
            let version: MotionSpringModel.Version = header.hasPrefix("# motion v12") ? .v12 : .v13
            let options: MotionSpringModel.Options
            if let duration = p["duration"] {
                options = .duration(seconds: duration, bounce: p["bounce"] ?? 0.3)
            } else if let visual = p["visualDuration"] {
                options = .visualDuration(seconds: visual, bounce: p["bounce"] ?? 0.3)
            } else {
                options = .physics(
                    stiffness: p["stiffness"] ?? 100, damping: p["damping"] ?? 10, mass: p["mass"] ?? 1,
                    velocity: pixelsPerSecond)
            }
            return MotionSpringModel(options, restSpeed: p["restSpeed"], restDelta: p["restDelta"], version: version)
        }
        if header.hasPrefix("# react-spring") {
            let presets: [String: (Double, Double)] = ["default": (170, 26), "gentle": (120, 14), "wobbly": (180, 12)]
            if let preset = presetName(header), let (tension, friction) = presets[preset] {
                return ReactSpringModel(tension: tension, friction: friction)
            }
            return ReactSpringModel(
                tension: p["tension"]!, friction: p["friction"]!, mass: p["mass"] ?? 1, velocity: p["velocity"] ?? 0)
        }
        if header.hasPrefix("# reanimated") {
            // Reanimated's presets, as the header's verify options state them.
            // Reanimated's presets (springConfigs.ts): the header's verify options give k, c and m;
            // SnappySpringConfig also sets overshootClamping.
            let presets: [String: (Double, Double, Double, Bool)] = [
                "GentleSpringConfig": (900, 120, 4, false),
                "SnappySpringConfig": (900, 110, 4, true)
            ]
            if let preset = presetName(header), let (k, c, m, clamp) = presets[preset] {
                return ReanimatedModel(stiffness: k, damping: c, mass: m, overshootClamping: clamp)
            }
            return ReanimatedModel(
                stiffness: p["stiffness"]!, damping: p["damping"]!, mass: p["mass"] ?? 1, velocity: p["velocity"] ?? 0)
        }
        if header.hasPrefix("# rebound-js") {
            let velocity = header.contains("setVelocity(") ? pixelsPerSecondFromSetVelocity(header) / travel : 0
            if let bounciness = p["bounciness"], let speed = p["speed"] {
                let origami = Spring.Origami(popBounciness: bounciness, speed: speed)
                return ReboundModel(
                    origamiTension: origami.tension, origamiFriction: origami.friction, velocity: velocity)
            }
            if presetName(header) == "default" { return ReboundModel(origamiTension: 40, origamiFriction: 7) }
            return ReboundModel(
                origamiTension: p["origamiTension"]!, origamiFriction: p["origamiFriction"]!, velocity: velocity)
        }
        if header.hasPrefix("# rebound-java") {
            guard let config = header.firstMatch(of: /SpringConfig\(([0-9.]+),([0-9.]+)\)/) else {
                throw RecordingError.malformed(name, "config")
            }
            return ReboundModel(tension: Double(config.1)!, friction: Double(config.2)!, port: .java)
        }
        if header.hasPrefix("# libadwaita") {
            return LibadwaitaSpringModel(
                dampingRatio: p["damping_ratio"]!, mass: p["mass"]!, stiffness: p["stiffness"]!,
                initialVelocity: p["initial_velocity"] ?? 0, epsilon: p["epsilon"] ?? 0.001,
                clamp: header.contains("\"clamp\": true"))
        }
        if header.hasPrefix("# qtquick") {
            return QtQuickSpringModel(
                spring: p["spring"]!, damping: p["damping"]!, mass: p["mass"] ?? 1, epsilon: p["epsilon"] ?? 0.01,
                maximumVelocity: p["velocity"] ?? 0)
        }
        if header.hasPrefix("# React Native Animated.spring") {
            if let tension = p["tension"], let friction = p["friction"] {
                return ReactNativeSpringModel(
                    stiffness: Spring.Origami.stiffness(tension: tension),
                    damping: Spring.Origami.dampingCoefficient(friction: friction))
            }
            return ReactNativeSpringModel(
                stiffness: p["stiffness"]!, damping: p["damping"]!, mass: p["mass"] ?? 1,
                velocity: p["velocity"] ?? 0)
        }
        if header.hasPrefix("# Svelte spring() store") {
            return SvelteSpringModel(
                stiffness: p["stiffness"] ?? 0.15, damping: p["damping"] ?? 0.8, precision: p["precision"] ?? 0.01)
        }
        if header.hasPrefix("# anime.js v4 spring() easing")
            || header.hasPrefix("# SUPPLEMENTARY anime.js v4 animate()")
        {
            // animate()'s header holds the spring's object inside `ease: spring({…})`.
            let inner = header.firstMatch(of: /spring\((\{[^}]*\})\)/).map { "params " + $0.1 }
            let q = inner.map(parameters) ?? p
            return AnimeSpringModel(
                mass: q["mass"] ?? 1, stiffness: q["stiffness"] ?? 100, damping: q["damping"] ?? 10,
                velocity: q["velocity"] ?? 0, clock: header.contains("animate()") ? .engine : .exact)
        }
        throw RecordingError.malformed(name, "library")
    }

    static func pixelsPerSecondFromSetVelocity(_ header: String) -> Double {
        header.firstMatch(of: /setVelocity\((-?[0-9.]+)\/travel\)/).map { Double($0.1)! } ?? 0
    }
}

enum RecordingError: Error { case malformed(String, String) }
