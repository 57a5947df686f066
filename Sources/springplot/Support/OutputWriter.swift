import ArgumentParser
import SpringCharts
import Glibc

/// Where output goes.
enum OutputDestination: Equatable {
    case standardOutput(format: OutputFormat)
    case file(path: String, format: OutputFormat, announce: Bool)
}

/// The one place springplot writes files: bytes go to a temporary file beside the destination,
/// which is then renamed over it, so a failure leaves neither a truncated file nor a damaged older one.
enum OutputWriter {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func write(_ bytes: [UInt8], to destination: OutputDestination) throws {
        switch destination {
        case .standardOutput:
            try writeStandardOutput(bytes)
        case .file(let path, _, let announce):
            try writeAtomically(bytes, to: path)
            if announce { print(path) }
        }
    }

    static func writeStandardOutput(_ bytes: [UInt8]) throws {
        try writeAll(bytes, to: STDOUT_FILENO, what: "standard output")
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        var info = stat()
        guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(description: "--output: directory '\(directory)' does not exist")
        }
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(description: "--output: '\(path)' is a directory")
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = (directory == "." && !path.hasPrefix("./") ? "" : directory + "/") + ".\(name).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(description: "--output: cannot write in '\(directory)': \(String(cString: strerror(errno)))")
        }
        do {
            try writeAll(bytes, to: descriptor, what: "'\(path)'")
            guard close(descriptor) == 0 else {
                throw Failure(description: "--output: cannot write '\(path)': \(String(cString: strerror(errno)))")
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "--output: cannot write '\(path)': \(reason)")
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, what: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot write \(what): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
