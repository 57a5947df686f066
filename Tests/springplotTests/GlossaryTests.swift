import Foundation
import Testing

/// docs/glossary.md names the code: every path, command-line option and Swift name in its backticks
/// must still exist, so that a rename cannot leave the glossary behind.
@Suite("The glossary names what exists")
struct GlossaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The glossary's backticked spans.
    static func spans() throws -> [String] {
        try read("docs/glossary.md").matches(of: /`([^`\n]+)`/).map { String($0.1) }
    }

    /// Every Swift file under Sources, concatenated.
    static let sources: String = {
        let folder = root.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".swift")
            } ?? []
        return files.compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(
            separator: "\n")
    }()

    /// Names the code declares: types, members, cases (each of a `case a, b` list), functions.
    static let declared: Set<String> = {
        var names = Set<String>()
        for match in sources.matches(
            of:
                /\b(?:struct|enum|class|protocol|typealias|actor|extension|var|let|func|associatedtype)\s+([A-Za-z_][A-Za-z0-9_]*)/
        ) {
            names.insert(String(match.1))
        }
        for match in sources.matches(of: /\bcase\s+([^\n:=]+)/) {
            for item in match.1.split(separator: ",") {
                if let name = item.firstMatch(of: /^\s*(?:let\s+|\.)?([A-Za-z_][A-Za-z0-9_]*)/) {
                    names.insert(String(name.1))
                }
            }
        }
        return names
    }()

    /// The argument labels of every declaration of each initialiser (`init`), function and case
    /// with associated values, by name, each as a list: one pass over the sources.
    static let signatures: [String: [[String]]] = {
        var found: [String: [[String]]] = [:]
        let text = sources.utf8
        for match in sources.matches(
            of: /\b(?:init\??|func\s+([A-Za-z_][A-Za-z0-9_]*)|case\s+([A-Za-z_][A-Za-z0-9_]*))(?:<[^>(]*>)?\(/)
        {
            let name = match.1.map(String.init) ?? match.2.map(String.init) ?? "init"
            var depth = 1, index = match.range.upperBound, parameters: [String] = [], current: [UInt8] = []
            while index < text.endIndex && depth > 0 {
                let c = text[index]
                if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "<") { depth += 1 }
                if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: ">") { depth -= 1 }
                if depth == 1 && c == UInt8(ascii: ",") {
                    parameters.append(String(decoding: current, as: UTF8.self))
                    current = []
                } else if depth >= 1 {
                    current.append(c)
                }
                index = text.index(after: index)
            }
            parameters.append(String(decoding: current, as: UTF8.self))
            let labels = parameters.compactMap { parameter in
                parameter.firstMatch(of: /^\s*(?:@\w+\s+)*([A-Za-z_][A-Za-z0-9_]*)(?:\s+[A-Za-z_][A-Za-z0-9_]*)?\s*:/)
                    .map { String($0.1) }
            }
            found[name, default: []].append(labels)
        }
        return found
    }()

    static func labels(of name: String) -> [[String]] { signatures[name] ?? [] }

    @Test func pathsExist() throws {
        let paths = try Self.spans().filter {
            $0.wholeMatch(of: /[A-Za-z0-9_.\/-]+\.(swift|md|py|js|mjs|sh|csv|html|css|json|txt)/) != nil
        }
        #expect(paths.count > 50)
        // A bare file name follows a path in the same folder (`WaveRuntime/SpringAnimator.swift`,
        // `SpringAnimation.swift`): it must exist somewhere under Sources.
        let everyFile = Set(
            FileManager.default.enumerator(atPath: Self.root.appendingPathComponent("Sources").path)?
                .compactMap { ($0 as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } ?? [])
        let missing = paths.filter { path in
            if !path.contains("/") && everyFile.contains(path) { return false }
            return !["Sources/" + path, path].contains {
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path)
            }
        }
        #expect(missing.isEmpty, "the glossary names files that do not exist: \(missing)")
    }

    @Test func optionsExist() throws {
        let help = try Self.read("docs/commands.md")
        let options = try Self.spans().flatMap {
            $0.matches(of: /(?:^|\s)(--[a-z][a-z0-9-]*)(?![a-z0-9…-])/).map { String($0.1) }
        }
        #expect(options.count > 40)
        // An option hidden from the help (a deprecated spelling) is still a property of its command.
        func property(_ option: String) -> String {
            let words = option.dropFirst(2).split(separator: "-")
            return words.enumerated().map {
                $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst()
            }.joined()
        }
        let missing = Set(
            options.filter { option in
                help.firstMatch(of: try! Regex(option + "(?![a-z0-9-])")) == nil
                    && Self.sources.firstMatch(of: try! Regex("\\bvar " + property(option) + "\\b")) == nil
            })
        #expect(missing.isEmpty, "the glossary names options no command takes: \(missing.sorted())")
    }

    @Test func swiftNamesExist() throws {
        // The other platforms' own API, named in the conventions table (§8), is not SpringKit's.
        let foreign: Set<String> = [
            "CASpringAnimation", "UISpringTimingParameters", "CGVector", "SpringDescription", "Tolerance"
        ]
        let names = try Self.spans().filter {
            $0.wholeMatch(of: /[A-Z][A-Za-z0-9]*(\.[A-Za-z_][A-Za-z0-9_]*)*(\([A-Za-z0-9_:]*\))?/) != nil
                && $0.wholeMatch(of: /[A-Za-z0-9_]+\.(swift|md)/) == nil
                && !foreign.contains(String($0.prefix { $0 != "." && $0 != "(" }))
        }
        #expect(names.count > 100)
        var missing: [String] = []
        for name in names {
            let call = name.firstMatch(of: /\(([A-Za-z0-9_:]*)\)$/)
            let path = call.map { String(name[..<$0.range.lowerBound]) } ?? name
            var parts = path.split(separator: ".").map(String.init)
            // `Type(labels:)` is an initialiser; `Type.member(labels:)` a function or a case.
            let callee =
                call == nil ? nil : (parts.count == 1 || parts.last!.first!.isUppercase ? "init" : parts.removeLast())
            if let unknown = parts.first(where: { !Self.declared.contains($0) }) {
                missing.append("\(name) (\(unknown))")
                continue
            }
            guard let callee, let call else { continue }
            let wanted = call.1.split(separator: ":").map(String.init)
            if callee != "init" && !Self.declared.contains(callee) {
                missing.append("\(name) (\(callee))")
            } else if !wanted.isEmpty
                && !Self.labels(of: callee).contains(where: { $0.starts(with: wanted) || $0 == wanted })
            {
                missing.append("\(name) (no \(callee) takes \(wanted.joined(separator: ":")):)")
            }
        }
        #expect(missing.isEmpty, "the glossary names Swift that does not exist: \(missing)")
    }
}
