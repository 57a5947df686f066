/// A tiny JSON writer for springplot and the studio: numbers in shortest round-trip form,
/// non-finite numbers as null, strings escaped.
public enum JSONValue: Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case null

    public func render(indent: Int = 0, pretty: Bool = true) -> String {
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? String(repeating: "  ", count: indent) : ""
        let newline = pretty ? "\n" : ""
        switch self {
        case .number(let value): return value.isFinite ? shortest(value) : "null"
        case .string(let text): return JSONValue.quote(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[" + newline + items.map { pad + $0.render(indent: indent + 1, pretty: pretty) }.joined(separator: "," + newline)
                + newline + close + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let separator = pretty ? ": " : ":"
            return "{" + newline + members.map { pad + JSONValue.quote($0.0) + separator + $0.1.render(indent: indent + 1, pretty: pretty) }
                .joined(separator: "," + newline) + newline + close + "}"
        }
    }

    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

