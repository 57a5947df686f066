import Hummingbird
import Logging
import NIOCore

/// The studio's HTTP server: one page and a few JSON and SVG endpoints, all answered from memory
/// (no request reads the file system).
public enum StudioServer {
    /// The application, bound to `host:port` (port 0: any free port). `onRunning` receives the port
    /// actually bound once the server listens.
    public static func application(host: String = "127.0.0.1", port: Int = 8080,
                                   onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol {
        var logger = Logger(label: "spring-studio")
        logger.logLevel = .warning
        return Application(
            responder: StudioResponder(),
            server: .http1(configuration: .init(idleTimeout: .seconds(60))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "spring-studio",
                                                    backlog: 256),
            onServerRunning: { channel in
                await onRunning(channel.localAddress?.port ?? port)
            },
            logger: logger)
    }

    /// Whether `host` keeps the server on this machine.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// Routes every request to ``StudioEndpoints``: GET (and HEAD) only, bodies ignored.
struct StudioResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let reply: StudioReply
        if request.method != .get && request.method != .head {
            reply = .json(#"{"error":"only GET is supported"}"#, status: 405)
        } else {
            let pairs = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
            reply = StudioEndpoints.reply(path: request.uri.path, query: pairs, queryLength: request.uri.query?.utf8.count ?? 0)
        }
        var headers: HTTPFields = [.contentType: reply.contentType, .cacheControl: "no-store"]
        headers[.contentLength] = String(reply.body.count)
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body))
        return Response(status: .init(code: reply.status), headers: headers, body: body)
    }
}
