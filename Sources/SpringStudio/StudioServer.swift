import Dispatch
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import SpringConventions
import SpringFigures
import SpringWire

/// The studio's HTTP server: one page and a few JSON and SVG endpoints, all answered from memory
/// (no request reads the file system).
public enum StudioServer {
    /// The application, bound to `host:port` (port 0: any free port). `onRunning` receives the port
    /// actually bound once the server listens.
    ///
    /// Guards: only `Host` headers naming this machine are answered (see ``HostPolicy``); a connection
    /// must send each whole request within `limits.requestTimeout`; at most `limits.maximumConnections`
    /// are open at once; no CORS header is ever sent, so other origins' pages cannot read replies.
    public static func application(
        host: String = "127.0.0.1", port: Int = 8080, limits: StudioLimits = StudioLimits(),
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    )
        -> some ApplicationProtocol
    {
        var logger = Logger(label: "spring-studio")
        logger.logLevel = .warning
        let timeout = TimeAmount.nanoseconds(Int64((limits.requestTimeout * 1e9).rounded()))
        return Application(
            router: StudioServer.router(hosts: HostPolicy(boundHost: host), limits: limits),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [RequestDeadlineHandler(limit: timeout)],
                    idleTimeout: .seconds(60))),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "spring-studio",
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
        let pairs: [(String, String)] =
            query.isEmpty
            ? []
            : query.split(separator: "&", omittingEmptySubsequences: false).map { part in
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
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
                continue
            }
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
                continue
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a request whose `Host` header is `authority` is answered by a server bound to `host`
    /// (see ``HostPolicy``).
    package static func answersHost(_ authority: String?, boundTo host: String) -> Bool {
        HostPolicy(boundHost: host).allows(authority)
    }

    /// Whether `host` keeps the server on this machine.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

extension StudioServer {
    /// Every path the studio answers: the page's files and the endpoints, each a GET (and HEAD) route
    /// of a Hummingbird `Router`, behind ``StudioGuardMiddleware``.
    static func router(hosts: HostPolicy, limits: StudioLimits) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(
            middleware: StudioGuardMiddleware(
                hosts: hosts, maximumBodyBytes: limits.maximumBodyBytes,
                maximumUploadBytes: limits.maximumUploadBytes))
        // Owned by this router, not by the process: two studios in one process share nothing.
        let pool = StudioWorkPool(), tracker = StudioTrack()
        let answerLimit = limits.answerTimeout
        let paths =
            ["/", "/favicon.ico"] + WebFiles.files.keys.sorted().map { "/" + $0 }
            + StudioEndpoints.endpoints.map(\.path)
        for path in paths {
            router.get(RouterPath(path)) { request, _ in
                await StudioServer.answer(request, within: answerLimit, on: pool)
            }
            router.head(RouterPath(path)) { request, _ in
                await StudioServer.answer(request, within: answerLimit, on: pool)
            }
        }
        let upload = limits.maximumUploadBytes, trackTimeout = limits.trackTimeout
        router.post(RouterPath(StudioServer.trackPath)) { request, _ in
            let video: ByteBuffer
            do {
                video = try await request.body.collect(upTo: upload)
            } catch {
                let message = "the recording is over the \(upload >> 20) MiB the studio accepts"
                return StudioServer.response(.encoded(ErrorReply(message), status: 413))
            }
            let bytes = Array(video.readableBytesView)
            let query = request.uri.queryParameters
            let property = query["property"].map(String.init), axis = query["axis"].map(String.init)
            // The decoder stops ffmpeg at its own deadline; the request's comes a little later, for
            // the reply to say so.
            let deadline = ContinuousClock.now + .seconds(trackTimeout)
            let reply = await StudioWork.reply(within: trackTimeout + 5, on: pool) {
                tracker.reply(video: bytes, property: property, axis: axis, deadline: deadline)
            }
            return StudioServer.response(reply)
        }
        return router
    }

    /// Where the page sends a recording to track.
    static let trackPath = "/api/track"

    /// The endpoints whose work is cancelled when the client closes the connection before the reply
    /// is ready: those that can take a good part of a second. Watching for the close ends the
    /// connection after the reply (Hummingbird's design), so the cheap, frequent requests (the page's
    /// files, charts while a slider moves) keep their connection alive instead and rely on the
    /// deadline alone.
    static let cancelledOnClose: Set<String> = ["/api/export.json"]

    /// The reply for `request`'s path and query, computed on `pool` within `limit` seconds.
    static func answer(_ request: Request, within limit: Double, on pool: StudioWorkPool) async -> Response {
        let pairs = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
        let path = request.uri.path, length = request.uri.query?.utf8.count ?? 0
        let work: @Sendable () -> StudioReply = { StudioEndpoints.reply(path: path, query: pairs, queryLength: length) }
        let reply: StudioReply
        if cancelledOnClose.contains(path) {
            do {
                reply = try await request.body.consumeWithCancellationOnInboundClose { _ in
                    await StudioWork.reply(within: limit, on: pool, work)
                }
            } catch {
                // The client has gone: nobody reads this.
                reply = .encoded(ErrorReply("the client closed the connection"), status: 503)
            }
        } else {
            reply = await StudioWork.reply(within: limit, on: pool, work)
        }
        return response(reply, head: request.method == .head)
    }

    static func response(_ reply: StudioReply, head: Bool = false) -> Response {
        var headers: HTTPFields = [.contentType: reply.contentType, .cacheControl: "no-store"]
        headers[.contentLength] = String(reply.body.count)
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body))
        return Response(status: .init(code: reply.status), headers: headers, body: body)
    }
}

/// Before any route: the `Host` must name this machine (421), a body may not exceed the cap (413;
/// the upload's own cap for `POST /api/track`), only GET and HEAD are served, and POST only for the
/// upload (405); an unknown path gets the studio's JSON 404.
struct StudioGuardMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let hosts: HostPolicy
    let maximumBodyBytes: Int
    let maximumUploadBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let declaredLength = request.headers[.contentLength].flatMap { Int($0) } ?? 0
        // A second Host header is left among the fields once the first has become the authority: which
        // one a proxy or the browser meant cannot be known, so neither is answered.
        if request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            return StudioServer.response(.encoded(ErrorReply("the request has more than one Host header"), status: 400))
        }
        if !hosts.allows(request.head.authority) {
            let shown = String((request.head.authority ?? "").prefix(100))
            let message = "Host '\(shown)' is not this studio's address: open it as localhost or 127.0.0.1"
            return StudioServer.response(.encoded(ErrorReply(message), status: 421))
        }
        if request.uri.path == StudioServer.trackPath && request.method != .post {
            return StudioServer.response(
                .encoded(
                    ErrorReply("POST a recording to \(StudioServer.trackPath): it takes no \(request.method)"),
                    status: 405))
        }
        let isUpload = request.method == .post && request.uri.path == StudioServer.trackPath
        let cap = isUpload ? maximumUploadBytes : maximumBodyBytes
        if declaredLength > cap {
            let message =
                isUpload
                ? "the recording is over the \(cap >> 20) MiB the studio accepts" : "request body over \(cap) bytes"
            return StudioServer.response(.encoded(ErrorReply(message), status: 413))
        }
        if request.method != .get && request.method != .head && !isUpload {
            return StudioServer.response(.json(#"{"error":"only GET is supported"}"#, status: 405))
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return StudioServer.response(
                StudioEndpoints.reply(path: request.uri.path, query: [], queryLength: 0),
                head: request.method == .head)
        }
    }
}
