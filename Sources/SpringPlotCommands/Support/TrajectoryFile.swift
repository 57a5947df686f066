import ArgumentParser
import Glibc
import SpringConventions
import SpringFigures
import SpringWire

/// A recorded trajectory read from CSV: `t,position` or `t,position,velocity`, with that header.
///
/// Times are in seconds and must increase strictly. Every value must be a finite number. Blank lines
/// and comment lines (starting with `#`, as every recording in `shared/platforms` does) are skipped,
/// before the header and between rows; a UTF-8 byte order mark and `\r\n` line ends are accepted. Files larger than ``maximumBytes`` are refused before
/// anything is read. Every failure is one line naming the option, the file and, for a bad value,
/// its line.
struct TrajectoryFile {
    var times: [Double]
    var positions: [Double]
    var velocities: [Double]?

    static let maximumBytes = 64 << 20
    /// The most samples a file may hold (over two hours at 120 Hz).
    static let maximumRows = 1_000_000
    /// The longest header line, in bytes.
    static let maximumHeaderBytes = 256
    /// The longest time a recording may span, in seconds (11.6 days), and the largest magnitude of
    /// a position or velocity (the same bound as `--from` and `--to`).
    static let maximumSpan = 1e6
    static let maximumMagnitude = Motion.limit

    /// Reads and parses `path` (`-` for standard input); `option` names the argument in messages.
    static func read(_ path: String, option: String = "input") throws -> TrajectoryFile {
        let name = path == "-" ? "standard input" : "'\(path)'"
        var bytes = try contents(of: path, name: name, option: option)
        return try parse(&bytes, name: name, option: option)
    }

    /// Parses CSV text. `bytes` gets a terminating NUL (for strtod) and is otherwise untouched.
    static func parse(_ bytes: inout [UInt8], name: String, option: String) throws -> TrajectoryFile {
        bytes.append(0)
        let count = bytes.count - 1
        return try bytes.withUnsafeBufferPointer { buffer throws -> TrajectoryFile in
            var reader = Reader(base: buffer.baseAddress!, count: count, name: name, option: option)
            reader.skipByteOrderMark()
            reader.skipBlankLines()
            guard reader.index < count else {
                throw fileRefusal(.malformed, option, "\(name) is empty: expected a header 't,position[,velocity]'")
            }
            let hasVelocity = try reader.header()
            return try reader.samples(hasVelocity: hasVelocity)
        }
    }

    /// A cursor over NUL-terminated CSV bytes that knows its line, for messages.
    private struct Reader {
        let base: UnsafePointer<UInt8>
        /// The number of bytes before the terminating NUL.
        let count: Int
        let name: String
        let option: String
        var index = 0
        var line = 1

        init(base: UnsafePointer<UInt8>, count: Int, name: String, option: String) {
            self.base = base
            self.count = count
            self.name = name
            self.option = option
        }

        /// The error for the current line.
        func fail(_ text: String) -> CommandLineRefusal { fail(.malformed, text) }
        func fail(_ code: SpringInputError.Code, _ text: String) -> CommandLineRefusal {
            fileRefusal(code, option, "\(name) line \(line): \(text)")
        }

        /// Steps over a UTF-8 byte order mark at the start.
        mutating func skipByteOrderMark() {
            if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { index = 3 }
        }

        /// Steps over blank lines and comment lines (first non-blank character '#').
        mutating func skipBlankLines() {
            while index < count {
                var probe = index
                while probe < count && (base[probe] == 0x20 || base[probe] == 0x09 || base[probe] == 0x0D) {
                    probe += 1
                }
                if probe < count && base[probe] == 0x23 {
                    while probe < count && base[probe] != 0x0A { probe += 1 }
                }
                guard probe < count, base[probe] == 0x0A else {
                    if probe == count { index = count }
                    return
                }
                index = probe + 1
                line += 1
            }
        }

        /// Reads the header line and tells whether it names a velocity column.
        mutating func header() throws -> Bool {
            var end = index
            while end < count && base[end] != 0x0A && end - index <= TrajectoryFile.maximumHeaderBytes { end += 1 }
            if end - index > TrajectoryFile.maximumHeaderBytes {
                throw fail(
                    "the header line is longer than \(TrajectoryFile.maximumHeaderBytes) bytes: expected 't,position' or 't,position,velocity'"
                )
            }
            let header = String(decoding: UnsafeBufferPointer(start: base + index, count: end - index), as: UTF8.self)
            let columns = header.split(separator: ",", omittingEmptySubsequences: false)
                .map { TrajectoryFile.trimmed($0).lowercased() }
            let hasVelocity: Bool
            switch columns {
            case ["t", "position"]: hasVelocity = false
            case ["t", "position", "velocity"]: hasVelocity = true
            default:
                let shown = header.count > 40 ? header.prefix(40) + "…" : Substring(header)
                throw fail(
                    "the header must be 't,position' or 't,position,velocity' (got '\(TrajectoryFile.trimmed(shown))')")
            }
            index = Swift.min(end + 1, count)
            line += 1
            return hasVelocity
        }

        /// Reads every row after the header, checking that times increase.
        mutating func samples(hasVelocity: Bool) throws -> TrajectoryFile {
            var times: [Double] = [], positions: [Double] = [], velocities: [Double] = []
            let estimate = Swift.max(0, (count - index) / (hasVelocity ? 24 : 16))
            times.reserveCapacity(estimate)
            positions.reserveCapacity(estimate)
            if hasVelocity { velocities.reserveCapacity(estimate) }
            while true {
                skipBlankLines()
                if index >= count { break }
                let row = try self.row(hasVelocity: hasVelocity)
                if let previous = times.last, !(row.0 > previous) {
                    throw fail(
                        "time \(shortest(row.0)) does not come after the previous time \(shortest(previous)): times must increase"
                    )
                }
                if let first = times.first, row.0 - first > TrajectoryFile.maximumSpan {
                    throw fail(
                        .outOfRange,
                        "time \(shortest(row.0)) is more than \(shortest(TrajectoryFile.maximumSpan)) s after the first sample's: a recording spans at most that"
                    )
                }
                if abs(row.1) > TrajectoryFile.maximumMagnitude || abs(row.2) > TrajectoryFile.maximumMagnitude {
                    throw fail(
                        .outOfRange,
                        "\(abs(row.1) > TrajectoryFile.maximumMagnitude ? "position" : "velocity") \(shortest(abs(row.1) > TrajectoryFile.maximumMagnitude ? row.1 : row.2)) is beyond ±1e100"
                    )
                }
                guard times.count < TrajectoryFile.maximumRows else {
                    throw fail(
                        .overLimit,
                        "more than \(TrajectoryFile.maximumRows) samples: a recording holds at most that many")
                }
                times.append(row.0)
                positions.append(row.1)
                if hasVelocity { velocities.append(row.2) }
                line += 1
            }
            guard !times.isEmpty else { throw fileRefusal(.malformed, option, "\(name) has a header but no samples") }
            return TrajectoryFile(times: times, positions: positions, velocities: hasVelocity ? velocities : nil)
        }

        /// Reads one row's values (the velocity 0 when there is no such column) through its line end.
        mutating func row(hasVelocity: Bool) throws -> (Double, Double, Double) {
            let width = hasVelocity ? 3 : 2
            var row = (0.0, 0.0, 0.0)
            for column in 0..<width {
                let value = try field(column, width: width)
                switch column {
                case 0: row.0 = value
                case 1: row.1 = value
                default: row.2 = value
                }
            }
            // End of the row.
            if base[index] == 0x0D { index += 1 }
            if index < count {
                guard base[index] == 0x0A else { throw fail("expected the end of the line") }
                index += 1
            }
            return row
        }

        /// Reads the value of `column` (of `width`) and steps past its comma, or up to the line end
        /// after the last column.
        mutating func field(_ column: Int, width: Int) throws -> Double {
            while base[index] == 0x20 || base[index] == 0x09 { index += 1 }
            let first = base[index]
            if first == 0x2C || first == 0x0A || first == 0x0D || first == 0 {
                throw fail(
                    first == 0x2C || column == 0
                        ? "empty \(Reader.labels[column]) value"
                        : "expected \(width) values (\(Reader.labels.prefix(width).joined(separator: ","))), found \(column)"
                )
            }
            let start = UnsafeMutablePointer(mutating: base + index)
            var stop: UnsafeMutablePointer<CChar>?
            let value = start.withMemoryRebound(to: CChar.self, capacity: 1) { strtod($0, &stop) }
            let consumed = stop.map { UnsafeRawPointer($0) - UnsafeRawPointer(start) } ?? 0
            var after = index + consumed
            while base[after] == 0x20 || base[after] == 0x09 { after += 1 }
            let terminator = base[after]
            let fieldOK =
                consumed > 0
                && (column < width - 1
                    ? terminator == 0x2C
                    : (terminator == 0x0A || terminator == 0x0D || terminator == 0))
            if !fieldOK { throw badField(column, width: width, consumed: consumed, terminator: terminator) }
            guard value.isFinite else {
                let text = String(
                    decoding: UnsafeBufferPointer(start: base + index, count: Swift.min(consumed, 40)), as: UTF8.self)
                throw fail(
                    value.isNaN ? .notANumber : .notFinite,
                    "\(Reader.labels[column]) is \(value.isNaN ? "NaN" : "infinite") ('\(text)'); every value must be a finite number"
                )
            }
            index = after + (column < width - 1 ? 1 : 0)
            return value
        }

        /// Why the field of `column` at the cursor is no value: too many or too few values on the
        /// line, or text that is not a number.
        func badField(_ column: Int, width: Int, consumed: Int, terminator: UInt8) -> CommandLineRefusal {
            let names = width == 3 ? "t,position,velocity" : "t,position"
            if consumed > 0 && column == width - 1 && terminator == 0x2C {
                return fail("expected \(width) values (\(names)), found more")
            }
            if consumed > 0 && column < width - 1 && (terminator == 0x0A || terminator == 0x0D || terminator == 0) {
                return fail("expected \(width) values (\(names)), found \(column + 1)")
            }
            var fieldEnd = index
            while fieldEnd < count && base[fieldEnd] != 0x2C && base[fieldEnd] != 0x0A && base[fieldEnd] != 0x0D {
                fieldEnd += 1
            }
            let text = String(
                decoding: UnsafeBufferPointer(start: base + index, count: Swift.min(fieldEnd - index, 40)),
                as: UTF8.self)
            return fail(.notANumber, "\(Reader.labels[column]) '\(text)' is not a number")
        }

        /// The column names, for messages.
        private static let labels = ["t", "position", "velocity"]
    }

    private static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let blank: Set<Character> = [" ", "\t", "\r"]
        return String(
            text.drop(while: { blank.contains($0) }).reversed().drop(while: { blank.contains($0) }).reversed())
    }

    /// The whole file. A regular file's size is checked before reading; standard input is read up to
    /// the same limit (`limit` bytes, ``maximumBytes`` unless given).
    static func contents(of path: String, name: String, option: String, limit: Int = maximumBytes) throws -> [UInt8] {
        let maximumBytes = limit
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw fileRefusal(.unreadableFile, option, "\(name): \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw fileRefusal(.unreadableFile, option, "\(name): \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw fileRefusal(.unreadableFile, option, "\(name) is a directory") }
        let tooLarge = fileRefusal(.overLimit, option, "\(name) is larger than \(maximumBytes >> 20) MiB")
        if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > maximumBytes { throw tooLarge }
        var bytes: [UInt8] = []
        if (info.st_mode & S_IFMT) == S_IFREG { bytes.reserveCapacity(Int(info.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let read = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0 {
                if errno == EINTR { continue }
                throw fileRefusal(.unreadableFile, option, "\(name): \(String(cString: strerror(errno)))")
            }
            if read == 0 { break }
            guard bytes.count + read <= maximumBytes else { throw tooLarge }
            bytes.append(contentsOf: chunk[..<read])
        }
        return bytes
    }
}

/// A refusal of the file `option` names, its sentence `option` followed by `rest`. `option` is how
/// the messages name the file: an option (`--times-file`, `--sequence`, `--frame-times`), or for a
/// command's file argument the command's word (`fit`, `verify`, `sequence file`); the parameter is
/// then the argument as its usage shows it (`file.csv`, `file`).
func fileRefusal(_ code: SpringInputError.Code, _ option: String, _ rest: String) -> CommandLineRefusal {
    let parameter: String
    switch option {
    case "fit", "verify", "input": parameter = "file.csv"
    case "sequence file": parameter = "file"
    default: parameter = CommandLineRefusal.parameterName(option)
    }
    return CommandLineRefusal(code, parameter: parameter, sentence: option + " " + rest)
}
