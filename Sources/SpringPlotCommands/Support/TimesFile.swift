import ArgumentParser
import Glibc
import SpringConventions
import SpringFigures
import SpringWire

/// Sample times read from a file or standard input (`data --times-file`), for lists longer than a
/// command line can carry.
///
/// The text holds numbers in seconds, one per line or comma-separated (or both); blank lines and
/// spaces around numbers are ignored. Each time must be finite, ≥ 0 and at most ``maximumTime``.
/// At most ``maximumCount`` times and ``maximumBytes`` bytes are read.
enum TimesFile {
    static let maximumCount = 1_000_000
    static let maximumBytes = 64 << 20
    static let maximumTime = 1e6

    /// Reads and parses `path` (`-` for standard input). Failures are one line naming `option`,
    /// the file and, for a bad value, its line.
    static func read(_ path: String, option: String = "--times-file") throws -> [Double] {
        let name = path == "-" ? "standard input" : "'\(path)'"
        let bytes = try contents(of: path, name: name, option: option)
        return try parse(bytes, name: name, option: option)
    }

    /// Parses the text; `name` is how messages refer to its source.
    static func parse(_ bytes: [UInt8], name: String, option: String = "--times-file") throws -> [Double] {
        var times: [Double] = []
        var line = 1
        var fieldStart = 0
        var lineStart = 0
        func fail(_ text: String) -> CommandLineRefusal { fail(.malformed, text) }
        func fail(_ code: SpringInputError.Code, _ text: String) -> CommandLineRefusal {
            fileRefusal(code, option, "\(name) line \(line): \(text)")
        }
        func field(_ start: Int, _ end: Int, lastOnLine: Bool) throws {
            var lower = start, upper = end
            while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
            while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 || bytes[upper - 1] == 0x0D {
                upper -= 1
            }
            if lower == upper {
                // A blank line is fine; an empty field between commas is not.
                if lastOnLine && start == lineStart { return }
                throw fail("empty value")
            }
            let text = String(decoding: bytes[lower..<upper], as: UTF8.self)
            guard let value = Double(text) else {
                throw fail(.notANumber, "'\(text.count > 40 ? text.prefix(40) + "…" : text)' is not a number")
            }
            guard value.isFinite, value >= 0, value <= maximumTime else {
                throw fail(.outOfRange, "times must lie between 0 and 1000000 s (got \(text))")
            }
            guard times.count < maximumCount else {
                throw fileRefusal(.overLimit, option, "\(name) holds more than \(maximumCount) times")
            }
            times.append(value)
        }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: ","):
                try field(fieldStart, index, lastOnLine: false)
                fieldStart = index + 1
            case UInt8(ascii: "\n"):
                try field(fieldStart, index, lastOnLine: true)
                line += 1
                fieldStart = index + 1
                lineStart = index + 1
            default:
                continue
            }
        }
        try field(fieldStart, bytes.count, lastOnLine: true)
        guard !times.isEmpty else { throw fileRefusal(.malformed, option, "\(name) holds no times") }
        return times
    }

    /// The whole file, up to ``maximumBytes``.
    private static func contents(of path: String, name: String, option: String = "--times-file") throws -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw fileRefusal(.unreadableFile, option, "\(name): \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw fileRefusal(.unreadableFile, option, "\(name): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            guard bytes.count + count <= maximumBytes else {
                throw fileRefusal(.overLimit, option, "\(name) is larger than \(maximumBytes >> 20) MiB")
            }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
