import Dispatch
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The studio's HTTP server: one page and a few JSON and SVG endpoints, all answered from memory
/// (no request reads the file system).
public enum StudioServer {
    /// The application, bound to `host:port` (port 0: any free port). `onRunning` receives the port
    /// actually bound once the server listens.
    ///
    /// Guards: only `Host` headers naming this machine are answered (see ``HostPolicy``); a connection
    /// must send each whole request within `limits.requestTimeout`; at most `limits.maximumConnections`
    /// are open at once; no CORS header is ever sent, so other origins' pages cannot read replies.
    public static func application(host: String = "127.0.0.1", port: Int = 8080, limits: StudioLimits = StudioLimits(),
                                   onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol {
        var logger = Logger(label: "spring-studio")
        logger.logLevel = .warning
        let timeout = TimeAmount.nanoseconds(Int64((limits.requestTimeout * 1e9).rounded()))
        return Application(
            responder: StudioResponder(hosts: HostPolicy(boundHost: host), maximumBodyBytes: limits.maximumBodyBytes),
            server: .http1(configuration: .init(additionalChannelHandlers: [RequestDeadlineHandler(limit: timeout)],
                                                idleTimeout: .seconds(60))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "spring-studio",
                                                    backlog: 256,
                                                    availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
            onServerRunning: { channel in
                await onRunning(channel.localAddress?.port ?? port)
            },
            logger: logger)
    }

    /// What the server answers for `path` with a query string (`damping=0.5&response=0.6`, not yet
    /// percent-decoded), without HTTP: the status code, the content type and the body. For tools that
    /// embed the studio's endpoints, and for benchmarks.
    public static func respond(path: String, query: String) -> (status: Int, contentType: String, body: [UInt8]) {
        let pairs: [(String, String)] = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(pieces[0]), pieces.count > 1 ? percentDecoded(pieces[1]) : "")
        }
        let reply = StudioEndpoints.reply(path: path, query: pairs, queryLength: query.utf8.count)
        return (reply.status, reply.contentType, reply.body)
    }

    /// `%2C` → `,`, `+` → space; malformed escapes are kept as written.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") { bytes.append(UInt8(ascii: " ")); continue }
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
                continue
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `host` keeps the server on this machine.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

/// Routes every request to ``StudioEndpoints``: GET (and HEAD) only, bodies ignored.
struct StudioResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let hosts: HostPolicy
    let maximumBodyBytes: Int

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let reply: StudioReply
        let declaredLength = request.headers[.contentLength].flatMap { Int($0) } ?? 0
        if !hosts.allows(request.head.authority) {
            let shown = (request.head.authority ?? "").prefix(100).filter { $0.isASCII && !$0.isNewline && $0 != "\"" && $0 != "\\" }
            reply = .json(#"{"error":"Host '"# + shown + #"' is not this studio's address: open it as localhost or 127.0.0.1"}"#,
                          status: 421)
        } else if declaredLength > maximumBodyBytes {
            reply = .json(#"{"error":"request body over \#(maximumBodyBytes) bytes"}"#, status: 413)
        } else if request.method != .get && request.method != .head {
            reply = .json(#"{"error":"only GET is supported"}"#, status: 405)
        } else {
            let pairs = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
            let path = request.uri.path, length = request.uri.query?.utf8.count ?? 0
            // Rendering and fitting are CPU work: done on Dispatch's pool, so the event loops keep serving.
            reply = await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(returning: StudioEndpoints.reply(path: path, query: pairs, queryLength: length))
                }
            }
        }
        var headers: HTTPFields = [.contentType: reply.contentType, .cacheControl: "no-store"]
        headers[.contentLength] = String(reply.body.count)
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body))
        return Response(status: .init(code: reply.status), headers: headers, body: body)
    }
}
