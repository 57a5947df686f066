/// The values one axis of a grid of springs takes: `start:end:count` (evenly spaced, both ends
/// included) or a comma list.
public enum ParameterSweep {
    /// The most values on one axis: a grid holds at most 8 × 8 cells.
    public static let maximumCount = 8

    /// The values `text` describes. `start:end:count` gives `count` values from `start` to `end`
    /// inclusive; `start` may exceed `end` (the values then run downward); count 1 takes `start`. A
    /// comma list is taken as written.
    /// - Throws: naming `parameter`, for a non-number, NaN or infinity, a count that is not a whole
    ///   number from 1 to ``maximumCount``, or more than ``maximumCount`` listed values.
    public static func values(_ text: String, parameter: String) throws(SpringInputError) -> [Double] {
        func number(_ part: Substring, _ what: String) throws(SpringInputError) -> Double {
            let trimmed = part.filter { $0 != " " }
            guard let value = Double(trimmed) else {
                throw SpringInputError(
                    .notANumber, parameter,
                    "has \(what) '\(trimmed)', which is not a number: write start:end:count (0.2:1.2:6) or a comma list"
                )
            }
            if value.isNaN { throw SpringInputError(.notANumber, parameter, "has \(what) nan: give a number") }
            if value.isInfinite {
                throw SpringInputError(.notFinite, parameter, "has \(what) \(trimmed): give a finite number")
            }
            return value
        }
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        if fields.count == 1 {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            if parts.count > maximumCount {
                throw SpringInputError(
                    .valueCount, parameter, "takes at most \(maximumCount) values (got \(parts.count))")
            }
            var values: [Double] = []
            for part in parts { values.append(try number(part, "the value")) }
            return values
        }
        guard fields.count == 3 else {
            throw SpringInputError(
                .malformed, parameter, "'\(text)' is not start:end:count (for example 0.2:1.2:6) or a comma list")
        }
        let start = try number(fields[0], "the start"), end = try number(fields[1], "the end")
        let countText = fields[2].filter { $0 != " " }
        guard let count = Int(countText), (1...maximumCount).contains(count) else {
            throw SpringInputError(
                .outOfRange, parameter, "has count '\(countText)': give a whole number from 1 to \(maximumCount)")
        }
        guard count > 1 else { return [start] }
        return (0..<count).map { index in
            if index == count - 1 { return end }
            let scaled = (end - start) * Double(index)
            if scaled.isFinite { return start + scaled / Double(count - 1) }
            // Ends near the largest double overflow the difference: a weighted mean then.
            let fraction = Double(index) / Double(count - 1)
            return start * (1 - fraction) + end * fraction
        }
    }
}
