import Foundation

/// A list of Google-certified CMP ids for `--certified-cmps`: one id per line, `#` starts a comment,
/// blank lines are ignored.
public enum CertifiedCMPList {
    /// The ids in `text`, read from `file` (named in errors).
    ///
    /// - Throws: ``PreferencesError`` `.notPreferences` naming the line that is not an id.
    public static func parse(_ text: String, file: String) throws(PreferencesError) -> Set<Int> {
        var ids: Set<Int> = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = (rawLine.firstIndex(of: "#").map { rawLine[..<$0] } ?? rawLine)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { continue }
            guard let id = Int(line), (1...4095).contains(id) else {
                throw PreferencesError(kind: .notPreferences, file: file, line: index + 1,
                                       message: "\"\(line)\" is not a CMP id",
                                       hint: "write one CMP id (1–4095) per line; # starts a comment")
            }
            ids.insert(id)
        }
        return ids
    }

    /// The ids in the file at `url`.
    ///
    /// - Throws: ``PreferencesError`` `.missingFile` or `.notPreferences`.
    public static func read(contentsOf url: URL) throws(PreferencesError) -> Set<Int> {
        let bytes = try PreferencesReader.readFile(url, kind: .certifiedCMPList)
        guard let text = String(data: Data(bytes), encoding: .utf8) else {
            throw PreferencesError(kind: .notPreferences, file: url.path, message: "the list of certified CMPs is not UTF-8 text",
                                   hint: "write one CMP id per line")
        }
        return try parse(text, file: url.path)
    }
}
