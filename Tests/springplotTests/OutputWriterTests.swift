import Foundation
import Glibc
import Testing

@testable import SpringPlotCommands

/// Device numbers as glibc's `makedev` packs them (the macro is not imported into Swift).
func deviceNumber(major: UInt64, minor: UInt64) -> dev_t {
    dev_t(((major & 0xffff_f000) << 32) | ((major & 0xfff) << 8) | ((minor & 0xffff_ff00) << 12) | (minor & 0xff))
}

/// Whether this process can make a working character device node in a temporary directory (it needs
/// CAP_MKNOD, and a file system not mounted `nodev`). Tests that need one are skipped otherwise, with
/// this reason recorded.
let deviceNodesUnavailable: String? = {
    guard let dir = try? temporaryDirectory() else { return "no temporary directory" }
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("null").path
    guard mknod(path, S_IFCHR | 0o666, deviceNumber(major: 1, minor: 3)) == 0 else {
        return "mknod of a character device failed: \(String(cString: strerror(errno)))"
    }
    let descriptor = open(path, O_WRONLY)
    guard descriptor >= 0 else {
        return "a device node in the temporary directory cannot be opened: \(String(cString: strerror(errno)))"
    }
    close(descriptor)
    return nil
}()

func fileInfo(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
}

func fileType(_ path: String) -> mode_t? { fileInfo(path).map { $0.st_mode & S_IFMT } }

/// The process's umask, read without changing it (umask(2) would race with other tests creating files).
func currentUmask() throws -> mode_t {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
}

@Suite("Writing output files")
struct OutputWriterTests {
    let bytes = Array("springplot output\n".utf8) + (0..<300).map { UInt8($0 % 251) }

    @Test(
        "A character device is written in place and stays a device",
        .enabled(if: deviceNodesUnavailable == nil, Comment(rawValue: deviceNodesUnavailable ?? "")))
    func characterDevice() throws {
        let dir = try temporaryDirectory()
        let node = dir.appendingPathComponent("null").path
        #expect(mknod(node, S_IFCHR | 0o666, deviceNumber(major: 1, minor: 3)) == 0)
        try OutputWriter.writeFile(bytes, to: node)
        #expect(fileType(node) == S_IFCHR)
        #expect(fileInfo(node)?.st_rdev == deviceNumber(major: 1, minor: 3))
        // Through the tool, with a chart.
        let run = try springplot(["-o", "null", "--format", "png"], in: dir)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(fileType(node) == S_IFCHR && fileInfo(node)?.st_rdev == deviceNumber(major: 1, minor: 3))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["null"])
    }

    @Test(
        "A full device gives one line and a non-zero exit, and stays a device",
        .enabled(if: deviceNodesUnavailable == nil, Comment(rawValue: deviceNodesUnavailable ?? "")))
    func fullDevice() throws {
        let dir = try temporaryDirectory()
        let node = dir.appendingPathComponent("full").path
        #expect(mknod(node, S_IFCHR | 0o666, deviceNumber(major: 1, minor: 7)) == 0)
        for arguments in [
            ["-o", "full", "--format", "png"], ["data", "-o", "full"], ["phase", "-o", "full", "--format", "svg"]
        ] {
            let run = try springplot(arguments, in: dir)
            #expect(run.status != 0, "\(arguments)")
            #expect(run.standardError.split(separator: "\n").count == 1, "\(arguments): \(run.standardError)")
            #expect(run.standardError.hasPrefix("springplot: error: --output: "), "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains(String(cString: strerror(ENOSPC))), "\(arguments): \(run.standardError)")
            #expect(fileType(node) == S_IFCHR && fileInfo(node)?.st_rdev == deviceNumber(major: 1, minor: 7))
        }
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter.writeFile(bytes, to: node) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["full"])
    }

    @Test("A FIFO gets the bytes and stays a FIFO")
    func fifo() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o644) == 0)
        // A reader that is already open lets the writer open without waiting; the bytes fit the pipe
        // buffer, so everything can be read back after the writer has finished.
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        func drain() -> [UInt8] {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count <= 0 { break }
                received += buffer[..<count]
            }
            return received
        }
        try OutputWriter.writeFile(bytes, to: path)
        #expect(drain() == bytes)
        #expect(fileType(path) == S_IFIFO)

        // Through the tool.
        let run = try springplot(["data", "--samples", "3", "-o", "pipe"], in: dir)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(String(decoding: drain(), as: UTF8.self).hasPrefix("t,position,velocity\n"))
        #expect(fileType(path) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["pipe"])
    }

    @Test("A symbolic link keeps pointing at its target, which is replaced with the new bytes")
    func symbolicLink() throws {
        let dir = try temporaryDirectory()
        let target = dir.appendingPathComponent("chart.png").path
        try Data("older".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o600) == 0)
        #expect(symlink("chart.png", dir.appendingPathComponent("link.png").path) == 0)
        #expect(symlink("link.png", dir.appendingPathComponent("chain.png").path) == 0)

        let run = try springplot(["-o", "chain.png"], in: dir)
        #expect(run.status == 0, "\(run.standardError)")
        for link in ["link.png", "chain.png"] {
            #expect(fileType(dir.appendingPathComponent(link).path) == S_IFLNK, "\(link)")
        }
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("chain.png").path)
                == "link.png")
        #expect(pngSize(try Data(contentsOf: URL(fileURLWithPath: target))) != nil)
        #expect(fileInfo(target).map { $0.st_mode & 0o7777 } == 0o600)

        try OutputWriter.writeFile(bytes, to: dir.appendingPathComponent("link.png").path)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: target))) == bytes)
        #expect(fileType(dir.appendingPathComponent("link.png").path) == S_IFLNK)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                "chain.png", "chart.png", "link.png"
            ])
    }

    @Test("A link to a device writes the device; a dangling link is refused and nothing is created")
    func linkTargets() throws {
        let dir = try temporaryDirectory()
        #expect(symlink("missing.png", dir.appendingPathComponent("dangling.png").path) == 0)
        let run = try springplot(["-o", "dangling.png"], in: dir)
        #expect(run.status != 0 && run.standardError.split(separator: "\n").count == 1)
        #expect(
            run.standardError.contains("--output") && run.standardError.contains("missing.png")
                && run.standardError.contains("does not exist"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["dangling.png"])

        let pipe = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o644) == 0)
        #expect(symlink("pipe", dir.appendingPathComponent("to-pipe").path) == 0)
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try OutputWriter.writeFile(bytes, to: dir.appendingPathComponent("to-pipe").path)
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = read(reader, &buffer, buffer.count)
        #expect(
            count == bytes.count && fileType(pipe) == S_IFIFO
                && fileType(dir.appendingPathComponent("to-pipe").path) == S_IFLNK)
    }

    @Test("A link to an open descriptor (as /dev/stdout is) writes through it; a device or FIFO needs no extension")
    func descriptorLinkAndFormat() throws {
        let dir = try temporaryDirectory()
        #expect(symlink("/proc/self/fd/1", dir.appendingPathComponent("stdout").path) == 0)
        let run = try springplot(["phase", "-o", "stdout", "--format", "svg"], in: dir)
        #expect(run.status == 0 && run.output.contains("</svg>"), "\(run.standardError)")
        #expect(fileType(dir.appendingPathComponent("stdout").path) == S_IFLNK)

        let pipe = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let curve = try #require(try SpringPlot.parseAsRoot(["-o", pipe]) as? Curve)
        #expect(try curve.chart.destination(defaultName: "x") == .file(path: pipe, format: .png, announce: false))
        #expect(parseError(["-o", dir.appendingPathComponent("plain").path])?.contains("has no extension") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["pipe", "stdout"])
    }

    @Test("An existing file keeps its permissions (and owner, as root); a new one gets 0666 minus the umask")
    func permissions() throws {
        let dir = try temporaryDirectory()
        for mode: mode_t in [0o600, 0o640, 0o755, 0o444] {
            let path = dir.appendingPathComponent("kept-\(String(mode, radix: 8)).png").path
            try Data("older".utf8).write(to: URL(fileURLWithPath: path))
            #expect(chmod(path, mode) == 0)
            if geteuid() == 0 { #expect(chown(path, 1234, 4321) == 0) }
            try OutputWriter.writeFile(bytes, to: path)
            let info = try #require(fileInfo(path))
            #expect(
                info.st_mode & 0o7777 == mode,
                "mode \(String(mode, radix: 8)) became \(String(info.st_mode & 0o7777, radix: 8))")
            if geteuid() == 0 { #expect(info.st_uid == 1234 && info.st_gid == 4321) }
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        }
        let fresh = dir.appendingPathComponent("fresh.png").path
        try OutputWriter.writeFile(bytes, to: fresh)
        #expect(fileInfo(fresh).map { $0.st_mode & 0o7777 } == 0o666 & ~(try currentUmask()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test("Directories and sockets are refused with one line and left as they are")
    func refused() throws {
        let dir = try temporaryDirectory()
        let socketPath = dir.appendingPathComponent("socket").path
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socketDescriptor >= 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        #expect(fileType(socketPath) == S_IFSOCK)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub.png"), withIntermediateDirectories: false)
        for (name, type) in [("socket", S_IFSOCK), ("sub.png", S_IFDIR)] {
            let run = try springplot(["-o", name, "--format", "png"], in: dir)
            #expect(
                run.status != 0 && run.standardError.split(separator: "\n").count == 1, "\(name): \(run.standardError)")
            #expect(run.standardError.contains("--output"), "\(name): \(run.standardError)")
            #expect(fileType(dir.appendingPathComponent(name).path) == type, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["socket", "sub.png"])
    }

    @Test("A regular file in the directory part is named as not a directory")
    func fileAsDirectory() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("out"), withIntermediateDirectories: false)
        try Data("x".utf8).write(to: dir.appendingPathComponent("out/afile"))
        for path in ["out/afile/x.png", "out/afile/deeper/x.png"] {
            let run = try springplot(["-o", path], in: dir)
            #expect(run.status != 0 && run.standardError.split(separator: "\n").count == 1, "\(path)")
            #expect(run.standardError.contains("'out/afile' is not a directory"), "\(path): \(run.standardError)")
        }
        let missing = try springplot(["-o", "out/none/x.png"], in: dir)
        #expect(missing.standardError.contains("directory 'out/none' does not exist"), "\(missing.standardError)")
    }
}
