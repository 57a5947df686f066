import SpringMath

/// A piece of a platform's code, as `springplot --from-code` and the studio's paste box read it: the
/// numbers it names (`name: 1.5`, `name = 200f`, `setName(0.5f)`) and its calls.
public struct PlatformSource: Sendable {
    /// The code as given.
    public let text: String
    /// Lowercased name → value; the first occurrence wins.
    public let numbers: [String: Double]
    /// The first number literal too large for a double, with its name (`response: 1e400`), if any.
    public let outOfRange: String?

    /// Reads the named numbers in `text`.
    public init(_ text: String) {
        self.text = text
        var numbers: [String: Double] = [:]
        var outOfRange: String?
        let characters = Array(text)
        var i = 0
        func isNameCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while i < characters.count {
            guard characters[i].isLetter || characters[i] == "_" else {
                i += 1
                continue
            }
            var j = i
            while j < characters.count && isNameCharacter(characters[j]) { j += 1 }
            var name = String(characters[i..<j])
            // Android's setters: setDampingRatio(0.5f) names dampingRatio.
            if name.hasPrefix("set"), name.count > 3, let first = name.dropFirst(3).first, first.isUppercase {
                name = first.lowercased() + name.dropFirst(4)
            }
            var k = j
            while k < characters.count && (characters[k] == " " || characters[k] == "\"" || characters[k] == "'") {
                k += 1
            }
            if k < characters.count && (characters[k] == ":" || characters[k] == "=" || characters[k] == "(") {
                k += 1
                while k < characters.count && characters[k] == " " { k += 1 }
                var overflowed: String?
                if let (value, end) = PlatformSource.number(characters, from: k, outOfRange: &overflowed) {
                    if numbers[name.lowercased()] == nil { numbers[name.lowercased()] = value }
                    i = end
                    continue
                }
                if let overflowed, outOfRange == nil { outOfRange = "\(name): \(overflowed)" }
            }
            i = j
        }
        self.numbers = numbers
        self.outOfRange = outOfRange
    }

    /// The value of the first of `names` the code names (names compare without case).
    public func value(_ names: String...) -> Double? { names.lazy.compactMap { numbers[$0.lowercased()] }.first }

    /// True when the code contains `word`.
    public func has(_ word: String) -> Bool { text.contains(word) }

    /// True for an object literal in a JavaScript call (`{ type: "spring", … }`, `config: { … }`,
    /// `withSpring(x, { … })`, `transition={{ … }}`).
    public var isJavaScript: Bool {
        text.contains("{") && (has("type") || has("config") || has("withSpring") || has("transition"))
    }

    /// The numeric arguments of the first call to `name`, in order; nil when there is no such call or
    /// an argument is not a number.
    public func call(_ name: String) -> [Double]? {
        // C code often has a space before the parenthesis (GNU style: `adw_spring_params_new (…)`).
        guard let range = text.firstRange(of: name + "(") ?? text.firstRange(of: name + " (") else { return nil }
        let rest = text[range.upperBound...]
        guard let close = rest.firstIndex(of: ")") else { return nil }
        let parts = rest[..<close].split(separator: ",")
        let values = parts.compactMap { part -> Double? in
            let item = part.split(separator: ":").last.map { $0.filter { !$0.isWhitespace } } ?? ""
            return PlatformSource.number(Array(item), from: 0)?.0
        }
        return values.count == parts.count ? values : nil
    }

    /// A number literal at `start` (sign, digits, point, exponent, a Kotlin/Java `f` or `d` suffix;
    /// or hexadecimal, `0x1p-3` and `0x10` as Swift, C and Java write them). A literal too large for
    /// a double is recorded in `outOfRange` (its text) and read as no number.
    static func number(_ c: [Character], from start: Int, outOfRange: inout String?) -> (Double, Int)? {
        var end = start
        if end < c.count && (c[end] == "-" || c[end] == "+") { end += 1 }
        let digitsStart = end
        let isHex =
            end + 2 < c.count && c[end] == "0" && (c[end + 1] == "x" || c[end + 1] == "X")
            && (c[end + 2].isHexDigit || c[end + 2] == ".")
        if isHex {
            end += 2
            while end < c.count && (c[end].isHexDigit || c[end] == "." || c[end] == "_") { end += 1 }
        } else {
            while end < c.count && (c[end].isNumber || c[end] == "." || c[end] == "_") { end += 1 }
        }
        let exponentMarks: Set<Character> = isHex ? ["p", "P"] : ["e", "E"]
        if end < c.count && exponentMarks.contains(c[end]) {
            var e = end + 1
            if e < c.count && (c[e] == "-" || c[e] == "+") { e += 1 }
            if e < c.count && c[e].isNumber {
                end = e
                while end < c.count && c[end].isNumber { end += 1 }
            }
        }
        let literal = String(c[start..<end])
        guard end > digitsStart, let value = Double(literal.replacing("_", with: "")) else { return nil }
        guard value.isFinite else {
            if outOfRange == nil { outOfRange = literal }
            return nil
        }
        if !isHex, end < c.count && (c[end] == "f" || c[end] == "F" || c[end] == "d" || c[end] == "D") { end += 1 }
        return (value, end)
    }

    /// ``number(_:from:outOfRange:)`` where a literal out of range does not matter.
    static func number(_ c: [Character], from start: Int) -> (Double, Int)? {
        var ignored: String?
        return number(c, from: start, outOfRange: &ignored)
    }
}

/// What a reader made of a piece of code.
public enum PlatformCodeReading: Equatable, Sendable {
    /// A spring, as `springplot`'s option names and values (`["origami-tension": 40, …]`), and what
    /// was read in the platform's words ("Origami tension 40, friction 7").
    case spring([String: Double], reading: String)
    /// Code the reader knows and will not read, rather than misread (Reanimated's duration-based
    /// config runs a duration rule of its own): no later reader is asked.
    case declined
}

/// One way of reading a platform's code: tried in ``precedence`` order among every reader of the
/// registry's descriptors and SpringKit's own conventions, the first answer wins.
///
/// The order matters where two platforms' code share names (`duration` is SwiftUI's seconds and
/// Motion's; `{ stiffness, damping }` is React Native's with defaults and everybody's without):
/// readers that look for a platform's own marks (`Animated.spring`, `adw_spring_params_new`) come
/// before the ones that read bare names. The precedences in use, low to high: 10 design tokens, 20
/// React Native, 30 Svelte, 40 anime.js, 50 Origami and POP, 60 libadwaita, 70 Qt Quick, 80
/// Flutter's `withDampingRatio`, 90 ratio and response, 100 Motion's visual duration, 110
/// Reanimated's duration (declined), 120 duration and bounce (Motion in JavaScript, then SwiftUI), 130
/// Compose and Android, 140 react-spring, 150 stiffness and damping, 160 SwiftUI's named springs.
public struct PlatformCodeReader: Sendable {
    /// Where the reader comes in the cascade: lower is asked first.
    public var precedence: Int
    /// The reading, or nil to let the next reader try.
    public var read: @Sendable (PlatformSource) -> PlatformCodeReading?

    /// A reader asked at `precedence`.
    public init(precedence: Int, read: @escaping @Sendable (PlatformSource) -> PlatformCodeReading?) {
        self.precedence = precedence
        self.read = read
    }
}
