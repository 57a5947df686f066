import ArgumentParser
import Glibc
import SpringCharts
import SpringConventions
import SpringFigures
import SpringWire

/// Where output goes.
enum OutputDestination: Equatable {
    case standardOutput(format: OutputFormat)
    case file(path: String, format: OutputFormat, announce: Bool)
}

/// The one place springplot writes files.
///
/// What happens depends on what the path names (see ``writeFile(_:to:)``): a regular file, or
/// nothing, is replaced atomically (temporary file beside it, `fsync`, rename), so a failure leaves
/// neither a truncated file nor a damaged older one; a device or FIFO gets the bytes written straight
/// into it and is never replaced; a symbolic link has its target replaced and stays a link.
enum OutputWriter {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func write(_ bytes: [UInt8], to destination: OutputDestination) throws {
        switch destination {
        case .standardOutput:
            try writeStandardOutput(bytes)
        case .file(let path, _, let announce):
            try writeFile(bytes, to: path)
            if announce { print(path) }
        }
    }

    static func writeStandardOutput(_ bytes: [UInt8]) throws {
        try writeAll(bytes, to: STDOUT_FILENO, what: "cannot write standard output")
    }

    /// Writes `bytes` to `path` according to what is there:
    ///
    /// - nothing: a new regular file, mode `0666 & ~umask`, created atomically;
    /// - a regular file: replaced atomically, keeping its permission bits (and, where the process
    ///   may, its owner and group). Like any rename-based writer, this gives the path a new inode,
    ///   so other hard links to the old file keep the old contents;
    /// - a symbolic link: the chain is followed and its end is written as above (a regular file at
    ///   the end is replaced, the link stays). A dangling link is refused rather than followed into
    ///   creating a file somewhere else;
    /// - a character or block device, or a FIFO: opened for writing without `O_CREAT` or `O_TRUNC`
    ///   and written in place (a FIFO waits for a reader, as a shell redirection does);
    /// - a directory or socket: refused.
    ///
    /// Every failure is one line that names `--output`.
    static func writeFile(_ bytes: [UInt8], to path: String, option: String) throws {
        do {
            try writeFile(bytes, to: path)
        } catch let failure as Failure where option != "--output" && failure.description.hasPrefix("--output:") {
            // Every failure below names --output; the option that gave this path is named instead.
            throw Failure(description: option + failure.description.dropFirst("--output".count))
        }
    }

    static func writeFile(_ bytes: [UInt8], to path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let error = errno
            guard error == ENOENT || error == ENOTDIR else { throw failure("cannot write '\(path)'", error) }
            try requireDirectory(parent(of: path))
            try replace(with: bytes, at: path, shownAs: path, keeping: nil)
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFLNK else {
            try write(bytes, toExisting: path, info: info, shownAs: path)
            return
        }
        // A symbolic link: what does the chain end at?
        guard stat(path, &info) == 0 else {
            let error = errno
            if error == ENOENT {
                throw Failure(
                    description: "--output: '\(path)' is a symbolic link to '\(linkText(path))', which does not exist")
            }
            throw failure("cannot follow the symbolic link '\(path)'", error)
        }
        switch info.st_mode & S_IFMT {
        case S_IFCHR, S_IFBLK, S_IFIFO:
            // Opened through the link, so that /proc's links to open descriptors (/dev/stdout) work too.
            try writeInPlace(bytes, at: path, shownAs: path, kind: info.st_mode & S_IFMT, followingLinks: true)
        case S_IFREG:
            let target = try resolveLink(path)
            guard lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw Failure(description: "--output: '\(path)' changed while it was being resolved")
            }
            try replace(with: bytes, at: target, shownAs: "\(path)' → '\(target)", keeping: info)
        default:
            try write(bytes, toExisting: path, info: info, shownAs: path)
        }
    }

    /// Whether `path` names an existing device or FIFO (through any symbolic links): output that
    /// goes there has no file name extension to take a format from.
    static func isDeviceOrFIFO(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFBLK || kind == S_IFIFO
    }

    /// Writes into something that exists and is not a symbolic link.
    private static func write(_ bytes: [UInt8], toExisting path: String, info: stat, shownAs shown: String) throws {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            try replace(with: bytes, at: path, shownAs: shown, keeping: info)
        case S_IFCHR, S_IFBLK, S_IFIFO:
            try writeInPlace(bytes, at: path, shownAs: shown, kind: info.st_mode & S_IFMT, followingLinks: false)
        case S_IFDIR:
            throw Failure(description: "--output: '\(shown)' is a directory")
        case S_IFSOCK:
            throw Failure(description: "--output: '\(shown)' is a socket; give a file, a device or a FIFO")
        default:
            throw Failure(description: "--output: '\(shown)' is not a regular file, device or FIFO")
        }
    }

    /// The final target of a symbolic link chain that ends at a regular file.
    private static func resolveLink(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else {
            throw failure("cannot follow the symbolic link '\(path)'", errno)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes a device or FIFO in place: no `O_CREAT`, no `O_TRUNC`, and the node is never replaced.
    private static func writeInPlace(
        _ bytes: [UInt8], at path: String, shownAs shown: String, kind: mode_t,
        followingLinks: Bool
    ) throws {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw failure("cannot open '\(shown)'", errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == kind else {
            close(descriptor)
            throw Failure(description: "--output: '\(shown)' changed while it was being opened")
        }
        do {
            try writeAll(bytes, to: descriptor, what: "--output: cannot write '\(shown)'")
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure("cannot write '\(shown)'", errno) }
    }

    /// Writes a temporary file in the destination's directory, syncs it and renames it over `path`.
    /// With `existing`, the new file takes the old one's permission bits (and owner, where allowed).
    /// Writes `bytes` as a new file and renames it over `path`.
    ///
    /// The bytes go first into a file with no name (`O_TMPFILE`), so a signal or a crash during the
    /// write leaves nothing behind; it is named (linked through `/proc/self/fd`) and renamed only once
    /// it is complete, with SIGINT, SIGTERM and SIGHUP held off on this thread for those two calls.
    /// Where that cannot be done (a file system without `O_TMPFILE`, no `/proc`), a named temporary
    /// file is written instead, with the same signals held off on this thread until it is renamed or
    /// removed (a signal sent to the process can still reach another of its threads, if it has any).
    private static func replace(with bytes: [UInt8], at path: String, shownAs shown: String, keeping existing: stat?)
        throws
    {
        let directory = parent(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // Keep the temporary name within NAME_MAX however long the destination's name is.
        let stem = String(decoding: name.utf8.prefix(96), as: UTF8.self)
        let prefix = path.contains("/") ? directory + (directory.hasSuffix("/") ? "" : "/") : ""
        func temporaryName() -> String { prefix + ".\(stem).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp" }

        let unnamed = open(directory, openTemporaryFile | O_WRONLY | O_CLOEXEC, 0o666)
        if unnamed >= 0 {
            var named: String?
            do {
                try fill(unnamed, with: bytes, keeping: existing, shownAs: shown)
                let signals = holdTerminatingSignals()
                defer { releaseSignals(signals) }
                for _ in 0..<8 {
                    let candidate = temporaryName()
                    if linkat(AT_FDCWD, "/proc/self/fd/\(unnamed)", AT_FDCWD, candidate, AT_SYMLINK_FOLLOW) == 0 {
                        named = candidate
                        break
                    }
                    if errno != EEXIST { break }
                }
                if let named {
                    close(unnamed)
                    try finish(named, at: path, shownAs: shown)
                    syncDirectory(directory)
                    return
                }
            } catch {
                close(unnamed)
                throw error
            }
            // The file could not be named: write it again under a name.
            close(unnamed)
        }

        let held = holdTerminatingSignals()
        defer { releaseSignals(held) }
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 {
            temporary = temporaryName()
            // 0666: the kernel applies the umask, as for any newly created file.
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw failure("cannot write in '\(directory)'", errno) }
        do {
            try fill(descriptor, with: bytes, keeping: existing, shownAs: shown)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let error = errno
            unlink(temporary)
            throw failure("cannot write '\(shown)'", error)
        }
        try finish(temporary, at: path, shownAs: shown)
        syncDirectory(directory)
    }

    /// The existing file's owner and permissions (if any), then every byte, flushed to the disk.
    private static func fill(_ descriptor: Int32, with bytes: [UInt8], keeping existing: stat?, shownAs shown: String)
        throws
    {
        if let existing {
            // Owner first: changing the owner can clear set-id bits, which fchmod then restores.
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // allowed only to root; otherwise ours
            }
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
                throw failure("cannot keep the permissions of '\(shown)'", errno)
            }
        }
        try writeAll(bytes, to: descriptor, what: "--output: cannot write '\(shown)'")
        guard fsync(descriptor) == 0 else { throw failure("cannot write '\(shown)'", errno) }
    }

    /// Renames the complete temporary file over the destination (removing it when that fails).
    private static func finish(_ temporary: String, at path: String, shownAs shown: String) throws {
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw failure("cannot write '\(shown)'", error)
        }
    }

    /// `O_TMPFILE` (Linux ≥ 3.11; Glibc's macro does not reach Swift): a file with no name, in the
    /// directory opened.
    private static let openTemporaryFile: Int32 = 0o20000000 | O_DIRECTORY

    /// Blocks SIGINT, SIGTERM and SIGHUP on this thread; returns the mask to restore. A signal that
    /// arrives meanwhile is delivered when the mask is restored, after the file is whole.
    private static func holdTerminatingSignals() -> sigset_t {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        return previous
    }

    private static func releaseSignals(_ previous: sigset_t) {
        var previous = previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The directory part of `path` ("." when there is none).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Fails with a line naming the first component of `directory` that is missing or not a directory.
    private static func requireDirectory(_ directory: String) throws {
        var info = stat()
        if stat(directory, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw Failure(description: "--output: '\(directory)' is not a directory")
        }
        let error = errno
        guard error == ENOTDIR else {
            if error == ENOENT { throw Failure(description: "--output: directory '\(directory)' does not exist") }
            throw failure("cannot use directory '\(directory)'", error)
        }
        // Some earlier component is not a directory: name it.
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if stat(prefix, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                throw Failure(description: "--output: '\(prefix)' is not a directory")
            }
        }
        throw failure("cannot use directory '\(directory)'", error)
    }

    private static func failure(_ what: String, _ error: Int32) -> Failure {
        Failure(description: "--output: \(what): \(String(cString: strerror(error)))")
    }

    /// Writes every byte, retrying short writes; `what` starts the failure's line.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, what: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "\(what): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
