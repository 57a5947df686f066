import Foundation
import SpringChoreography
import SpringConventions
import SpringExport
import SpringMath
import SpringPlatforms
import Testing

/// Warnings and notes are typed by stable codes: one list of codes, each written by some export, and
/// docs/export-remarks.md holds every one.
@Suite("Export remarks: warnings and notes by their codes")
struct ExportRemarkTests {
    /// Requests chosen so that, together, they reach every code (the comment names what each one is for).
    static let requests: [ExportRequest] = {
        func request(
            _ zeta: Double, _ response: Double, from: Double = 0, to: Double = 100, velocity: Double = 0
        ) -> ExportRequest {
            ExportRequest(
                spring: Spring(dampingRatio: zeta, response: response),
                motion: Motion(from: from, to: to, initialVelocity: velocity))
        }
        var lottie = request(0.7, 0.5, velocity: 300)  // the properties beside position follow the progress
        lottie.lottieProperties = [.position, .opacity]
        return [
            request(0.7, 0.5, velocity: -500),  // velocity in every unit, dropped by time-defined springs
            request(0.7, 0.5, from: 50, to: 50, velocity: 200),  // velocity without travel, a token without easing
            request(1.5, 0.5),  // overdamped
            request(0.03, 0.5),  // the bounce clamped; Origami's friction negative; the Bézier fallback strays
            request(0.7, 30),  // Motion's duration clamped long; Origami's tension negative
            request(0.7, 0.001),  // clamped short; anime.js capped and clamped; Qt beyond its range
            request(1, 0.1),  // Wave's damping cap; libadwaita's early end at ζ 1
            request(2, 0.25, velocity: 300),  // Qt clamps the damping and drops the velocity
            request(5, 0.1),  // Svelte's damping per frame over 1
            request(0.7, 0.5, to: 1e7),  // Android's 32-bit floats move the motion visibly
            lottie
        ]
    }()

    /// A sequence whose second keyframe cuts the first short, far from where it was going.
    static let sequence = SpringSequence(
        from: 0,
        keyframes: [
            SpringKeyframe(to: 100, at: 0, spring: Spring(dampingRatio: 0.7, response: 0.5)),
            SpringKeyframe(to: 40, at: 0.1, spring: Spring(dampingRatio: 0.5, response: 0.4))
        ])

    /// Every remark the requests and the sequence give, with the target that gave it.
    static func remarks() throws -> [(target: ExportTarget, warning: Bool, remark: ExportRemark)] {
        var found: [(ExportTarget, Bool, ExportRemark)] = []
        for request in requests {
            var exports = try request.exportAll()
            if let lottie = try? request.export(.lottie) { exports.append(lottie) }
            for export in exports {
                found += export.warnings.map { (export.target, true, $0) }
                found += export.notes.map { (export.target, false, $0) }
            }
        }
        let sequenceExport = SequenceExport(sequence: sequence, cssError: 0.5)
        for target in SequenceExport.targets {
            let result = try sequenceExport.export(target)
            found += result.warnings.map { (target, true, $0) }
            found += result.notes.map { (target, false, $0) }
        }
        return found
    }

    /// ``remarks()``, once for the suite.
    static let found = Result { try remarks() }

    @Test("Codes are unique kebab-case names")
    func codesAreNames() {
        let raw = ExportRemark.Code.all.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        for code in raw { #expect(code.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(code)") }
    }

    @Test("Every remark has a listed code and one line of text; every listed code is written")
    func everyCodeWritten() throws {
        let found = try Self.found.get()
        let listed = Set(ExportRemark.Code.all)
        for (target, _, remark) in found {
            #expect(listed.contains(remark.code), "\(target.rawValue): \(remark.code) is not in Code.all")
            #expect(!remark.text.isEmpty && !remark.text.contains("\n"), "\(target.rawValue): \(remark.text)")
            #expect(remark.description == remark.text)
        }
        // Float overflow cannot happen inside the exportable window (ω₀² from 1e-12 to 1e12 and ζ up to
        // 1e6 all fit in a Float); the guard stays for springs made outside it.
        let written = Set(found.map(\.remark.code))
        for code in ExportRemark.Code.all where code != .floatOverflow {
            #expect(written.contains(code), "no request writes \(code)")
        }
        // A code is a warning or a note, never both; keyframe-cut-short is either, by the jump's size.
        let warnings = Set(found.filter(\.warning).map(\.remark.code))
        let notes = Set(found.filter { !$0.warning }.map(\.remark.code))
        #expect(warnings.intersection(notes).subtracting([.keyframeCutShort]).isEmpty)
    }

    @Test("Each target writes the codes docs/export-remarks.md says it writes, in the order it lists them")
    func documented() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/export-remarks.md")
        let page = try String(contentsOf: url, encoding: .utf8)
        let rows = page.split(separator: "\n").compactMap { line -> (code: String, targets: String)? in
            guard let match = line.firstMatch(of: /^\| `([a-z0-9-]+)` \|[^|]*\| ([^|]*) \|$/) else { return nil }
            return (String(match.1), String(match.2))
        }
        #expect(rows.map(\.code) == ExportRemark.Code.all.map(\.rawValue))
        // Every target the sweep sees write a code is named on its row (or the row says every platform).
        let found = try Self.found.get()
        for row in rows where !row.targets.hasPrefix("every platform") {
            let writers = Set(found.filter { $0.remark.code.rawValue == row.code }.map(\.target.rawValue))
            for writer in writers {
                #expect(row.targets.contains(writer), "\(row.code): \(writer) writes it, and the page does not say so")
            }
        }
    }
}
