import ArgumentParser
import SpringPlotCore
import Glibc

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

    static let maximumBytes = 512 << 20

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
            let base = buffer.baseAddress!
            var index = 0
            var line = 1
            func fail(_ text: String) -> ValidationError {
                ValidationError("\(option) \(name) line \(line): \(text)")
            }
            // Skip a UTF-8 byte order mark and leading blank lines.
            if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { index = 3 }
            // Blank lines and comment lines (first non-blank character '#') are skipped.
            func skipBlankLines() {
                while index < count {
                    var probe = index
                    while probe < count && (base[probe] == 0x20 || base[probe] == 0x09 || base[probe] == 0x0D) { probe += 1 }
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
            skipBlankLines()
            guard index < count else { throw ValidationError("\(option) \(name) is empty: expected a header 't,position[,velocity]'") }

            // The header.
            var end = index
            while end < count && base[end] != 0x0A { end += 1 }
            let header = String(decoding: UnsafeBufferPointer(start: base + index, count: end - index), as: UTF8.self)
            let columns = header.split(separator: ",", omittingEmptySubsequences: false)
                .map { trimmed($0).lowercased() }
            let hasVelocity: Bool
            switch columns {
            case ["t", "position"]: hasVelocity = false
            case ["t", "position", "velocity"]: hasVelocity = true
            default:
                let shown = header.count > 40 ? header.prefix(40) + "…" : Substring(header)
                throw fail("the header must be 't,position' or 't,position,velocity' (got '\(trimmed(shown))')")
            }
            let width = hasVelocity ? 3 : 2
            index = Swift.min(end + 1, count)
            line += 1

            var times: [Double] = [], positions: [Double] = [], velocities: [Double] = []
            let estimate = Swift.max(0, (count - index) / (hasVelocity ? 24 : 16))
            times.reserveCapacity(estimate)
            positions.reserveCapacity(estimate)
            if hasVelocity { velocities.reserveCapacity(estimate) }
            let labels = ["t", "position", "velocity"]

            while true {
                skipBlankLines()
                if index >= count { break }
                var row = (0.0, 0.0, 0.0)
                for column in 0..<width {
                    while base[index] == 0x20 || base[index] == 0x09 { index += 1 }
                    let first = base[index]
                    if first == 0x2C || first == 0x0A || first == 0x0D || first == 0 {
                        throw fail(first == 0x2C || column == 0 ? "empty \(labels[column]) value"
                                   : "expected \(width) values (\(labels.prefix(width).joined(separator: ","))), found \(column)")
                    }
                    let start = UnsafeMutablePointer(mutating: base + index)
                    var stop: UnsafeMutablePointer<CChar>?
                    let value = start.withMemoryRebound(to: CChar.self, capacity: 1) { strtod($0, &stop) }
                    let consumed = stop.map { UnsafeRawPointer($0) - UnsafeRawPointer(start) } ?? 0
                    var after = index + consumed
                    while base[after] == 0x20 || base[after] == 0x09 { after += 1 }
                    let terminator = base[after]
                    let fieldOK = consumed > 0 && (column < width - 1 ? terminator == 0x2C
                                                   : (terminator == 0x0A || terminator == 0x0D || terminator == 0))
                    if !fieldOK {
                        if consumed > 0 && column == width - 1 && terminator == 0x2C {
                            throw fail("expected \(width) values (\(hasVelocity ? "t,position,velocity" : "t,position")), found more")
                        }
                        if consumed > 0 && column < width - 1 && (terminator == 0x0A || terminator == 0x0D || terminator == 0) {
                            throw fail("expected \(width) values (\(hasVelocity ? "t,position,velocity" : "t,position")), found \(column + 1)")
                        }
                        var fieldEnd = index
                        while fieldEnd < count && base[fieldEnd] != 0x2C && base[fieldEnd] != 0x0A && base[fieldEnd] != 0x0D { fieldEnd += 1 }
                        let text = String(decoding: UnsafeBufferPointer(start: base + index, count: Swift.min(fieldEnd - index, 40)), as: UTF8.self)
                        throw fail("\(labels[column]) '\(text)' is not a number")
                    }
                    guard value.isFinite else {
                        let text = String(decoding: UnsafeBufferPointer(start: base + index, count: Swift.min(consumed, 40)), as: UTF8.self)
                        throw fail("\(labels[column]) is \(value.isNaN ? "NaN" : "infinite") ('\(text)'); every value must be a finite number")
                    }
                    switch column {
                    case 0: row.0 = value
                    case 1: row.1 = value
                    default: row.2 = value
                    }
                    index = after + (column < width - 1 ? 1 : 0)
                }
                // End of the row.
                if base[index] == 0x0D { index += 1 }
                if index < count {
                    guard base[index] == 0x0A else { throw fail("expected the end of the line") }
                    index += 1
                }
                if let previous = times.last, !(row.0 > previous) {
                    throw fail("time \(shortest(row.0)) does not come after the previous time \(shortest(previous)): times must increase")
                }
                times.append(row.0)
                positions.append(row.1)
                if hasVelocity { velocities.append(row.2) }
                line += 1
            }
            guard !times.isEmpty else { throw ValidationError("\(option) \(name) has a header but no samples") }
            return TrajectoryFile(times: times, positions: positions, velocities: hasVelocity ? velocities : nil)
        }
    }

    private static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let blank: Set<Character> = [" ", "\t", "\r"]
        return String(text.drop(while: { blank.contains($0) }).reversed().drop(while: { blank.contains($0) }).reversed())
    }

    /// The whole file. A regular file's size is checked before reading; standard input is read up to
    /// the same limit.
    private static func contents(of path: String, name: String, option: String) throws -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ValidationError("\(option) \(name): \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ValidationError("\(option) \(name): \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ValidationError("\(option) \(name) is a directory") }
        let tooLarge = "\(option) \(name) is larger than \(maximumBytes >> 20) MiB"
        if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > maximumBytes { throw ValidationError(tooLarge) }
        var bytes: [UInt8] = []
        if (info.st_mode & S_IFMT) == S_IFREG { bytes.reserveCapacity(Int(info.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let read = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0 {
                if errno == EINTR { continue }
                throw ValidationError("\(option) \(name): \(String(cString: strerror(errno)))")
            }
            if read == 0 { break }
            guard bytes.count + read <= maximumBytes else { throw ValidationError(tooLarge) }
            bytes.append(contentsOf: chunk[..<read])
        }
        return bytes
    }
}
