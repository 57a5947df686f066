import ArgumentParser
import SpringConventions
import SpringFigures
import SpringWire

/// A comma-separated list of numbers on the command line, e.g. `--damping 0.3,0.68,1`.
struct DoubleList: ExpressibleByArgument, Hashable {
    var values: [Double]

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        var values: [Double] = []
        for part in parts {
            guard let value = Double(part.trimmingCharacters(in: " ")) else { return nil }
            values.append(value)
        }
        guard !values.isEmpty else { return nil }
        self.values = values
    }

    init(_ values: [Double]) { self.values = values }

    var defaultValueDescription: String { values.map { "\($0)" }.joined(separator: ",") }
}

extension Substring {
    func trimmingCharacters(in character: Character) -> Substring {
        var s = self
        while s.first == character { s = s.dropFirst() }
        while s.last == character { s = s.dropLast() }
        return s
    }
}

/// Checks a number from the command line, with an error that names the option.
func requireFinite(_ value: Double, _ option: String) throws {
    if value.isNaN { throw CommandLineRefusal(.notANumber, option: option, "must be a number (got \(value))") }
    if value.isInfinite { throw CommandLineRefusal(.notFinite, option: option, "must be finite (got \(value))") }
}

func requirePositive(_ value: Double, _ option: String) throws {
    try requireFinite(value, option)
    if value <= 0 { throw CommandLineRefusal(.outOfRange, option: option, "must be > 0 (got \(value))") }
}

func requireNonNegative(_ value: Double, _ option: String) throws {
    try requireFinite(value, option)
    if value < 0 { throw CommandLineRefusal(.outOfRange, option: option, "must be ≥ 0 (got \(value))") }
}

extension CommandLineRefusal {
    /// `option` given with `other`, which it cannot be combined with: "--samples and --times cannot
    /// be combined", naming `option`.
    static func conflict(_ option: String, _ other: String) -> CommandLineRefusal {
        CommandLineRefusal(.conflictingParameters, option: option, "and \(other) cannot be combined")
    }
}
