import SpringFuzzTargets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Built two ways (see scripts/fuzz.sh):
//
// - With SPRINGKIT_LIBFUZZER defined, coverage instrumentation and libFuzzer's no-main runtime
//   linked in: libFuzzer's driver; the target comes from the SPRINGKIT_FUZZ_TARGET environment
//   variable.
// - Otherwise: a replay tool, `springkit-fuzz TARGET FILE…`, that runs inputs (a corpus, a crash
//   that libFuzzer saved) through a target in an ordinary build.

/// Writes one line to standard error.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

#if SPRINGKIT_LIBFUZZER
    import CLibFuzzer

    /// libFuzzer's driver, run from this program's own main.
    @main
    struct FuzzMain {
        static func main() {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            guard let name = getenv("SPRINGKIT_FUZZ_TARGET").map({ String(cString: $0) }),
                FuzzTarget(rawValue: name) != nil
            else {
                printError("springkit-fuzz: set SPRINGKIT_FUZZ_TARGET to one of \(names)")
                exit(2)
            }
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            // A C callback captures nothing: it reads the target again (checked above) for each input.
            let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                guard let name = getenv("SPRINGKIT_FUZZ_TARGET"),
                    let target = FuzzTarget(rawValue: String(cString: name))
                else { return 0 }
                target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                return 0
            }
            exit(status)
        }
    }
#else
    @main
    struct FuzzReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            guard let first = arguments.first, let target = FuzzTarget(rawValue: first), arguments.count > 1 else {
                printError("usage: springkit-fuzz TARGET FILE… (targets: \(names))")
                exit(2)
            }
            for path in arguments.dropFirst() {
                guard let bytes = readFile(path) else {
                    printError("springkit-fuzz: cannot read \(path)")
                    exit(1)
                }
                target.run(bytes)
            }
            print("springkit-fuzz: \(target.rawValue): \(arguments.count - 1) inputs, no failure")
        }

        static func readFile(_ path: String) -> [UInt8]? {
            guard let file = fopen(path, "rb") else { return nil }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[..<count])
            }
            return ferror(file) == 0 ? bytes : nil
        }
    }
#endif
