import Glibc

/// Writes one line to standard error.
func printError(_ line: String) {
    var text = line
    if !text.hasSuffix("\n") { text += "\n" }
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
}
