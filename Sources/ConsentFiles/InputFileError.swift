/// Why an input file could not be read: what went wrong and which file, never an exit code (the command
/// line decides those, by ``Problem``).
package struct InputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong (an `Error` too, so that the reader's steps can throw it before the file is named).
    package enum Problem: Error, Sendable, Equatable {
        /// Nothing is at the path.
        case missing
        /// Something is there but cannot be opened or read; `reason` is the system's, in lower case.
        case unreadable(reason: String)
        /// The path names a directory.
        case directory
        /// The path names a socket or a device other than `/dev/null`; `type` says which ("a socket").
        case notRegularFile(type: String)
        /// The file holds more than its kind's bound.
        case tooLarge(bound: Int)
        /// A pipe whose writer neither finished nor closed it within the time bound.
        case pipeDidNotEnd(seconds: Int)
    }

    package var problem: Problem
    /// The file, as it was named.
    package var path: String
    package var kind: InputFileKind
    /// How the file is named in the message ("Info.plist", "base policy"): the kind's name unless the
    /// reader was told another.
    package var name: String

    package init(_ problem: Problem, path: String, kind: InputFileKind, name: String? = nil) {
        self.problem = problem
        self.path = path
        self.kind = kind
        self.name = name ?? kind.name
    }

    /// What went wrong, without the path: "is a directory, not the policy file".
    package var message: String {
        switch problem {
        case .missing: "cannot read the \(name): no such file"
        case .unreadable(let reason): "cannot read the \(name): \(reason)"
        case .directory: "is a directory, not the \(name)"
        case .notRegularFile(let type): "is not a regular file but \(type); the \(name) is read from a file or a pipe"
        case .tooLarge(let bound): "is larger than \(Self.mebibytes(bound)), more than any \(name) holds"
        case .pipeDidNotEnd(let seconds): "is a pipe that did not end within \(seconds) seconds"
        }
    }

    /// Whether the file was there to read and what it holds is at fault (too much of it): bad content of its
    /// kind, where every other problem leaves the input missing.
    package var isContentFault: Bool {
        if case .tooLarge = problem { true } else { false }
    }

    /// `path: message`.
    package var description: String { "\(path): \(message)" }

    /// `64 MiB`.
    static func mebibytes(_ bytes: Int) -> String { "\(bytes >> 20) MiB" }
}
