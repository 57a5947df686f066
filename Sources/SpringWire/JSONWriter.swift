import SpringFormatting
import SpringMath

/// The one JSON writer: turns any `Encodable` reply into text, keys in the order the type encodes
/// them, numbers by `NumberFormat.roundTrip` (SpringMath).
///
/// Unlike Foundation's `JSONEncoder` it keeps the order in which keys are encoded, writes a
/// non-finite number as `null`, writes a `nil` optional as `null` (instead of leaving the key out),
/// and prints integral numbers without a fraction. A type that leaves a key out when it has no value
/// says so in its own `encode(to:)`.
public enum JSONWriter {
    /// `value` as JSON text: indented by two spaces with `pretty`, on one line without.
    public static func text<Value: Encodable>(_ value: Value, pretty: Bool = true) -> String {
        let root = Slot()
        do {
            try value.encode(to: TreeEncoder(slot: root, codingPath: []))
        } catch {
            // Replies are plain data; only a type's own encode(to:) can throw, and none does.
            preconditionFailure("cannot encode \(Value.self) as JSON: \(error)")
        }
        var out = ""
        root.render(into: &out, indent: 0, pretty: pretty)
        return out
    }

    /// `text` as a JSON string literal, quoted and escaped.
    public static func quoted(_ text: String) -> String {
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

// MARK: The tree the encoder fills

/// One place in the JSON tree; containers hold slots, so that nested containers can fill them later.
private final class Slot {
    enum Value {
        case empty, null, literal(String), string(String), array(Items), object(Members)
        /// A column of numbers (`data`'s samples), kept as it is rather than a slot per number.
        case numbers([Double])
    }

    final class Items { var slots: [Slot] = [] }

    final class Members {
        var keys: [String] = []
        var slots: [String: Slot] = [:]

        /// The slot for `key`: the existing one (re-encoding a key replaces its value) or a new one at the end.
        func slot(_ key: String) -> Slot {
            if let slot = slots[key] { return slot }
            let slot = Slot()
            keys.append(key)
            slots[key] = slot
            return slot
        }
    }

    var value = Value.empty

    /// The members, turning an empty slot into an object (several keyed containers share one object).
    var members: Members {
        if case .object(let members) = value { return members }
        let members = Members()
        value = .object(members)
        return members
    }

    var items: Items {
        if case .array(let items) = value { return items }
        let items = Items()
        value = .array(items)
        return items
    }

    func render(into out: inout String, indent: Int, pretty: Bool) {
        let newline = pretty ? "\n" : ""
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? String(repeating: "  ", count: indent) : ""
        switch value {
        case .empty, .null: out += "null"
        case .literal(let text): out += text
        case .string(let text): out += JSONWriter.quoted(text)
        case .numbers(let numbers):
            if numbers.isEmpty {
                out += "[]"
                return
            }
            out += "[" + newline
            for (index, number) in numbers.enumerated() {
                if index > 0 { out += "," + newline }
                out += pad + (number.isFinite ? NumberFormat.data(number) : "null")
            }
            out += newline + close + "]"
        case .array(let items):
            if items.slots.isEmpty {
                out += "[]"
                return
            }
            out += "[" + newline
            for (index, slot) in items.slots.enumerated() {
                if index > 0 { out += "," + newline }
                out += pad
                slot.render(into: &out, indent: indent + 1, pretty: pretty)
            }
            out += newline + close + "]"
        case .object(let members):
            if members.keys.isEmpty {
                out += "{}"
                return
            }
            out += "{" + newline
            for (index, key) in members.keys.enumerated() {
                if index > 0 { out += "," + newline }
                out += pad + JSONWriter.quoted(key) + (pretty ? ": " : ":")
                members.slots[key]!.render(into: &out, indent: indent + 1, pretty: pretty)
            }
            out += newline + close + "}"
        }
    }

    func set(_ number: Double) { value = number.isFinite ? .literal(NumberFormat.data(number)) : .null }
    func set<Integer: BinaryInteger>(integer: Integer) { value = .literal(String(integer)) }
    func set(_ flag: Bool) { value = .literal(flag ? "true" : "false") }
    func set(_ text: String) { value = .string(text) }

    func set<Value: Encodable>(_ encodable: Value, codingPath: [any CodingKey]) throws {
        switch encodable {
        case let number as Double: set(number)
        case let number as Float: set(Double(number))
        case let number as Int: set(integer: number)
        case let flag as Bool: set(flag)
        case let text as String: set(text)
        case let numbers as [Double]: value = .numbers(numbers)
        default: try encodable.encode(to: TreeEncoder(slot: self, codingPath: codingPath))
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct TreeEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter(members: slot.members, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedWriter(items: slot.items, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleWriter(slot: slot, codingPath: codingPath)
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let members: Slot.Members
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) { members.slot(key.stringValue).value = .null }
    func encode(_ value: Bool, forKey key: Key) { members.slot(key.stringValue).set(value) }
    func encode(_ value: String, forKey key: Key) { members.slot(key.stringValue).set(value) }
    func encode(_ value: Double, forKey key: Key) { members.slot(key.stringValue).set(value) }
    func encode(_ value: Float, forKey key: Key) { members.slot(key.stringValue).set(Double(value)) }
    func encode(_ value: Int, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: Int8, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: Int16, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: Int32, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: Int64, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: UInt, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: UInt8, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: UInt16, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: UInt32, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode(_ value: UInt64, forKey key: Key) { members.slot(key.stringValue).set(integer: value) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try members.slot(key.stringValue).set(value, codingPath: codingPath + [key])
    }

    // A missing value is written as null, not left out (see JSONWriter).
    func encodeIfPresent(_ value: Bool?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    func encodeIfPresent(_ value: String?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    func encodeIfPresent(_ value: Double?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    func encodeIfPresent(_ value: Float?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    func encodeIfPresent(_ value: Int?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            KeyedWriter<NestedKey>(members: members.slot(key.stringValue).members, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedWriter(items: members.slot(key.stringValue).items, codingPath: codingPath + [key])
    }

    func superEncoder() -> any Encoder {
        TreeEncoder(slot: members.slot("super"), codingPath: codingPath + [AnyKey(stringValue: "super")])
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(slot: members.slot(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let items: Slot.Items
    let codingPath: [any CodingKey]
    var count: Int { items.slots.count }

    private func next() -> Slot {
        let slot = Slot()
        items.slots.append(slot)
        return slot
    }

    private var nextPath: [any CodingKey] { codingPath + [AnyKey(intValue: items.slots.count)] }

    mutating func encodeNil() { next().value = .null }
    mutating func encode(_ value: Bool) { next().set(value) }
    mutating func encode(_ value: String) { next().set(value) }
    mutating func encode(_ value: Double) { next().set(value) }
    mutating func encode(_ value: Float) { next().set(Double(value)) }
    mutating func encode(_ value: Int) { next().set(integer: value) }
    mutating func encode(_ value: Int8) { next().set(integer: value) }
    mutating func encode(_ value: Int16) { next().set(integer: value) }
    mutating func encode(_ value: Int32) { next().set(integer: value) }
    mutating func encode(_ value: Int64) { next().set(integer: value) }
    mutating func encode(_ value: UInt) { next().set(integer: value) }
    mutating func encode(_ value: UInt8) { next().set(integer: value) }
    mutating func encode(_ value: UInt16) { next().set(integer: value) }
    mutating func encode(_ value: UInt32) { next().set(integer: value) }
    mutating func encode(_ value: UInt64) { next().set(integer: value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try next().set(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let path = nextPath
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(members: next().members, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return UnkeyedWriter(items: next().items, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return TreeEncoder(slot: next(), codingPath: path)
    }
}

private struct SingleWriter: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    func encodeNil() { slot.value = .null }
    func encode(_ value: Bool) { slot.set(value) }
    func encode(_ value: String) { slot.set(value) }
    func encode(_ value: Double) { slot.set(value) }
    func encode(_ value: Float) { slot.set(Double(value)) }
    func encode(_ value: Int) { slot.set(integer: value) }
    func encode(_ value: Int8) { slot.set(integer: value) }
    func encode(_ value: Int16) { slot.set(integer: value) }
    func encode(_ value: Int32) { slot.set(integer: value) }
    func encode(_ value: Int64) { slot.set(integer: value) }
    func encode(_ value: UInt) { slot.set(integer: value) }
    func encode(_ value: UInt8) { slot.set(integer: value) }
    func encode(_ value: UInt16) { slot.set(integer: value) }
    func encode(_ value: UInt32) { slot.set(integer: value) }
    func encode(_ value: UInt64) { slot.set(integer: value) }
    func encode<T: Encodable>(_ value: T) throws { try slot.set(value, codingPath: codingPath) }
}
