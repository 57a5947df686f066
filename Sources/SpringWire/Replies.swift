import SpringMath

/// Named numbers written as one JSON object, in their order: a target's parameters by the target's
/// own names (`{"tension": 170, "friction": 26, …}`).
public struct ParametersReply: Encodable, Sendable {
    public var parameters: [(name: String, value: Double)]

    public init(_ parameters: [(name: String, value: Double)]) {
        self.parameters = parameters
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in parameters { try container.encode(value, forKey: Key(stringValue: name)) }
    }
}

/// One warning or note of an export, `{"code": "velocity-dropped", "text": "…"}`: the code is stable
/// (docs/export-remarks.md lists every one), the text is for people and carries the request's numbers.
public struct RemarkReply: Encodable, Sendable, Equatable {
    public var code: String
    public var text: String

    public init(code: String, text: String) {
        self.code = code
        self.text = text
    }
}

/// `{"error": "…"}`, with the parameter at fault when there is one and, for a refused input, its
/// stable code (`"out-of-range"`; docs/limits.md lists every one): the studio's refusals.
public struct ErrorReply: Encodable, Sendable {
    public var error: String
    public var parameter: String?
    public var code: String?

    public init(_ error: String, parameter: String? = nil, code: String? = nil) {
        self.error = error
        self.parameter = parameter
        self.code = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(error, forKey: .error)
        if let parameter { try container.encode(parameter, forKey: .parameter) }
        if let code { try container.encode(code, forKey: .code) }
    }

    private enum CodingKeys: String, CodingKey { case error, parameter, code }
}

/// A number with its one-standard-deviation uncertainty, as `fit` reports an estimate.
public struct EstimateReply: Encodable, Sendable {
    public var value: Double
    public var uncertainty: Double

    public init(_ value: Double, _ uncertainty: Double) {
        self.value = value
        self.uncertainty = uncertainty
    }
}
