import ArgumentParser
import Foundation
import Hummingbird
import SpringConventions
import SpringStudio

/// `spring-studio`: serves the spring studio page on this machine.
@main
struct SpringStudioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring-studio",
        abstract: "A local web page to tune springs by feel, interrupt them and export them.",
        discussion: """
            Starts an HTTP server on 127.0.0.1 and prints its URL. Open it in a browser. The page and its \
            JSON and SVG endpoints are documented in docs/studio.md.

            Examples:
              spring-studio                 # http://127.0.0.1:8080/
              spring-studio --port 0        # any free port; the URL printed says which
            """)

    @Option(help: ArgumentHelp("Port to listen on; 0 picks a free one.", valueName: "port"))
    var port: Int = 8080

    @Option(
        help: ArgumentHelp(
            "Address to bind. Anything but 127.0.0.1/localhost exposes the studio to other machines.",
            valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(
        name: .customLong("request-timeout"), parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a connection has to send a whole request before it is closed.", valueName: "seconds"))
    var requestTimeout: Double = 10

    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp("Connections open at once; more wait until one closes.", valueName: "count"))
    var maxConnections: Int = 256

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw CommandLineRefusal(.outOfRange, option: "--port", "must be in 0…65535 (got \(port))")
        }
        guard requestTimeout.isFinite, requestTimeout >= 0.1, requestTimeout <= 3600 else {
            throw CommandLineRefusal(
                requestTimeout.isNaN ? .notANumber : .outOfRange, option: "--request-timeout",
                "must be between 0.1 and 3600 seconds (got \(requestTimeout))")
        }
        guard (1...100_000).contains(maxConnections) else {
            throw CommandLineRefusal(
                .outOfRange, option: "--max-connections", "must be in 1…100000 (got \(maxConnections))")
        }
        guard !host.isEmpty, host.count <= 255, !host.contains(" ") else {
            throw CommandLineRefusal(.malformed, option: "--host", "must be an address (got '\(host)')")
        }
    }

    /// Parses and runs; any failure is one line on standard error and a non-zero exit.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // A refusal from validate() arrives wrapped by ArgumentParser, which would give it
            // status 1: it is found inside and refused as its own ValidationError was, with 64.
            if let refusal = CommandLineRefusal.thrown(by: error) {
                FileHandle.standardError.write(Data("spring-studio: error: \(oneLineMessage(refusal.message))\n".utf8))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                return
            }
            FileHandle.standardError.write(
                Data("spring-studio: error: \(oneLineMessage(self.message(for: error)))\n".utf8))
            Foundation.exit(code.rawValue == 0 ? 1 : code.rawValue)
        }
    }

    func run() async throws {
        if !StudioServer.isLoopback(host) {
            FileHandle.standardError.write(
                Data("spring-studio: warning: --host \(host) exposes the studio beyond this machine\n".utf8))
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let limits = StudioLimits(requestTimeout: requestTimeout, maximumConnections: maxConnections)
        let app = StudioServer.application(host: host, port: port, limits: limits) { bound in
            FileHandle.standardOutput.write(Data("spring-studio: http://\(shownHost):\(bound)/\n".utf8))
        }
        do {
            try await app.runService()
        } catch {
            throw ServeFailure(description: "cannot serve on \(host):\(port): \(error)")
        }
    }
}

/// The server could not start or stopped with an error.
struct ServeFailure: Error, CustomStringConvertible {
    var description: String
}
