/// The bounds on what the strict readers parse, so that no input can crash them or make them recurse
/// without end (README, "Limits": the audit's files and a device's preferences). Crossing one is bad input (exit 65)
/// naming the file; the size of a file is bounded where it is read, by `InputFile`.
package enum PropertyListLimits {
    /// Deepest nesting of containers.
    package static let nesting = 512

    /// The nodes a binary property list may expand to, per byte of the file (and at least per 1,024 bytes):
    /// its objects can be shared, so a few bytes could otherwise stand for a tree too large to walk.
    package static let binaryExpansion = 8
}
