import ConsentEngine
import ConsentJSON

/// JSON for the commands' outputs, in the kit's one style (`"key": value`, two spaces a level, keys in the
/// order the contract or the type lists them).
enum JSONOutput {
    static func text(_ value: JSONValue) -> String {
        JSONWriter.text(value)
    }

    /// The consent log's entries, each as its line holds it (the one schema of the stored answers).
    static func text(entries: [ConsentLogEntry]) -> String {
        JSONWriter.text(.array(entries.map(StoredAnswerSchema.value)))
    }
}
