import Foundation
import SpringConventions
import Testing

@testable import SpringStudio

/// Every 400 names what is wrong by a stable code (SpringInputError.Code), beside its sentence and
/// the parameter at fault: a page or a script tells refusals apart by the code.
@Suite("Studio refusals carry stable codes")
struct StudioRefusalCodeTests {
    /// (endpoint, query, the code, the parameter named): one bad input for each code.
    static let cases: [(String, String, SpringInputError.Code, String?)] = [
        ("/api/spring.json", "damping=0.5&wobble=3", .unknownParameter, "wobble"),
        ("/api/spring.json", "damping=0.5&damping=0.6", .repeatedParameter, "damping"),
        ("/api/spring.json", "damping=0.5&stiffness=100&framer-duration=0.4", .conflictingParameters, "damping"),
        ("/api/spring.json", "react-spring-tension=170", .missingParameter, "react-spring-tension"),
        ("/api/spring.json", "damping=0.1,0.2,0.3,0.4,0.5", .valueCount, "damping"),
        ("/api/spring.json", "damping=abc", .notANumber, "damping"),
        ("/api/spring.json", "damping=inf", .notFinite, "damping"),
        ("/api/lottie.json", "to=1e7&error=100", .notExportable, "to"),
        ("/api/spring.json", "damping=-1", .outOfRange, "damping"),
        ("/api/spring.json", "damping=0.5&response=0.5&tolerance=0.9", .outOfRange, "tolerance"),
        ("/api/spring.json", "theme=sepia", .unknownParameter, "theme"),
        ("/api/chart.svg", "theme=sepia", .unknownName, "theme"),
        ("/api/platform.json", "platform=amiga", .unknownName, "platform"),
        ("/api/chase.json", "path=1:2:3", .malformed, "path"),
        ("/api/chase.json", "", .missingParameter, "path"),
        ("/api/sequence.json", "sequence=%7Bnot%20json", .malformed, "sequence"),
        ("/api/platform.json", "response=0&platform=wave", .instantaneousSpring, "response"),
        ("/api/chart.png", "scale=40", .outOfRange, "scale"),
        ("/api/chart.png", "width=2400&height=1600&scale=3", .overLimit, "scale"),
        ("/api/export.json", "error=500&to=100", .outOfRange, "error"),
        ("/api/spring.json", "tolerance=0.01&epsilon=0.01", .conflictingParameters, "epsilon")
    ]

    @Test("Each bad input is refused with its code, its parameter and a sentence", arguments: 0..<cases.count)
    func refusal(_ index: Int) throws {
        let (path, query, code, parameter) = Self.cases[index]
        let answer = reply(path, query)
        #expect(answer.status == 400, "\(path)?\(query): \(answer.status)")
        let body = try json(answer)
        #expect(body["code"] as? String == code.rawValue, "\(path)?\(query): \(body)")
        #expect(body["parameter"] as? String == parameter, "\(path)?\(query): \(body)")
        #expect((body["error"] as? String)?.isEmpty == false)
    }

    @Test("Codes are unique kebab-case names, and docs/limits.md lists each one in order")
    func documented() throws {
        let raw = SpringInputError.Code.all.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        for code in raw { #expect(code.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(code)") }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/limits.md")
        let page = try String(contentsOf: url, encoding: .utf8)
        let section = try #require(page.split(separator: "## Refusal codes").last)
        let listed = section.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\| `([a-z-]+)` \|/).map { String($0.1) }
        }
        #expect(listed == raw)
    }
}
