import NIOCore
import NIOHTTPTypes

/// The studio's limits as a server: how long a client may take to send a request, and how many
/// connections may be open at once.
public struct StudioLimits: Sendable {
    /// Seconds a connection has to send a whole request (from when it opens, or from the end of the
    /// previous response); slower connections are closed. Half-sent requests cannot hold the server.
    public var requestTimeout: Double
    /// Connections open at once; further ones wait in the listen backlog until one closes.
    public var maximumConnections: Int
    /// The largest request body accepted, in bytes, except by the upload below.
    public var maximumBodyBytes: Int
    /// The largest recording `POST /api/track` accepts, in bytes (32 MiB by default).
    public var maximumUploadBytes: Int
    /// Seconds a recording's tracking may take (the one request whose work grows with its input;
    /// every other request's work is capped by its parameters' ranges): past it the decoder is
    /// stopped and the reply is 503.
    public var trackTimeout: Double
    /// Seconds any other request's work may take (charts, exports, platform runs; all of them take
    /// well under a second within their parameters' ranges): past it the work is cancelled and the
    /// reply is 503. Work is also cancelled when the client closes the connection first.
    public var answerTimeout: Double

    public init(
        requestTimeout: Double = 10, maximumConnections: Int = 256, maximumBodyBytes: Int = 1 << 20,
        maximumUploadBytes: Int = 32 << 20, trackTimeout: Double = 30, answerTimeout: Double = 10
    ) {
        precondition(requestTimeout.isFinite && requestTimeout > 0, "requestTimeout must be finite and > 0")
        precondition(
            trackTimeout.isFinite && trackTimeout > 0 && trackTimeout < 1e6, "trackTimeout must be in (0, 1e6) s")
        precondition(
            answerTimeout.isFinite && answerTimeout > 0 && answerTimeout < 1e6, "answerTimeout must be in (0, 1e6) s")
        self.answerTimeout = answerTimeout
        precondition(maximumConnections > 0, "maximumConnections must be > 0")
        self.trackTimeout = trackTimeout
        self.requestTimeout = requestTimeout
        self.maximumConnections = maximumConnections
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumUploadBytes = maximumUploadBytes
    }
}

/// Which `Host` headers the studio answers, so that a web page elsewhere cannot reach it through
/// DNS rebinding (a name of the attacker's that resolves to 127.0.0.1 carries that name in `Host`).
///
/// Accepted: `localhost`, any IP literal (an address, not a name, cannot be rebound), and the name the
/// server was bound to. Everything else, and a request with no `Host`, is refused with 421.
struct HostPolicy: Sendable {
    let boundHost: String

    /// The host part of a `Host` header value (`[::1]:8080` → `::1`, `localhost:8080` → `localhost`),
    /// lowercased.
    static func hostName(_ authority: String) -> String {
        var text = Substring(authority.lowercased())
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon { text = text[..<colon] }
        return String(text)
    }

    static func isIPLiteral(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        // ASCII digits only: `isNumber` would let through other scripts' digits, which `Int` refuses.
        func isASCIIDigit(_ c: Character) -> Bool { c.isASCII && c.isWholeNumber }
        if parts.count == 4,
            parts.allSatisfy({ part in
                guard !part.isEmpty, part.count <= 3, part.allSatisfy(isASCIIDigit), let value = Int(part) else {
                    return false
                }
                return value <= 255
            })
        {
            return true
        }
        // IPv6: hex digits, colons, at least two colons (an embedded IPv4 tail allowed).
        return host.filter { $0 == ":" }.count >= 2
            && host.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }
    }

    func allows(_ authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return false }
        let host = HostPolicy.hostName(authority)
        return host == "localhost" || host == HostPolicy.hostName(boundHost) || HostPolicy.isIPLiteral(host)
    }
}

/// Closes a connection that has not sent a whole request within the limit: armed when the connection
/// opens and again after each response, disarmed when a request's end arrives.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: TimeAmount
    private var deadline: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { disarm() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        if case .end = unwrapOutboundIn(data) { isEnd = true } else { isEnd = false }
        context.write(data, promise: promise)
        // The next request's clock starts when this response is complete.
        if isEnd { arm(context) }
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: limit) {
            channel.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
