/// A command-line parser's message as the one line springplot and spring-studio print.
///
/// ArgumentParser lists an option's choices on the lines after the first, one `  - value` per line,
/// once there are six or more of them; printing only the first line lost them ("Please provide one of
/// the following:" and nothing after it). They are folded into the line instead, separated by commas.
/// Any other following lines (usage, hints) are dropped.
public func oneLineMessage(_ message: String) -> String {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    guard var line = lines.first else { return message }
    let choices = lines.dropFirst().compactMap { item -> String? in
        let trimmed = item.drop { $0 == " " }
        guard trimmed.hasPrefix("- ") else { return nil }
        return String(trimmed.dropFirst(2))
    }
    if !choices.isEmpty {
        if line.hasSuffix(":") { line.removeLast() }
        line += ": " + choices.joined(separator: ", ")
    }
    if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
    return line
}
