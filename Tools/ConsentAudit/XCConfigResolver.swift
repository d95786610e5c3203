import Foundation

/// All assignments of an xcconfig file and the files it includes, in the order Xcode applies them.
package struct XCConfigResolution: Sendable {
    /// Assignments in reading order: an included file's lines stand where its `#include` is.
    package var assignments: [XCConfigAssignment] = []
    /// Includes that could not be followed.
    var problems: [XCConfigIncludeProblem] = []
    /// Lines Xcode skips, such as `export NAME=value`.
    var skippedLines: [XCConfigSkippedLine] = []
    /// Every file read, in reading order.
    var files: [URL] = []
}

/// An `#include` that was skipped, and why.
enum XCConfigIncludeProblem: Sendable, Equatable {
    /// A non-optional include whose file does not exist (`path` as resolved).
    case missing(XCConfigInclude, path: String)
    /// An include of a file that is already being read; `chain` lists the files of the cycle in order.
    case cycle(XCConfigInclude, chain: [String])
}

/// Reads an xcconfig file and follows its includes.
///
/// Like Xcode, a missing `#include?` is skipped silently, and a missing `#include` or a cycle is reported
/// and skipped, so the rest of the configuration is still audited. A file included twice by the same
/// path is read twice, as Xcode does. A file that cannot be parsed stops the audit: its settings would be
/// guesses. So do the bounds of `AuditLimits`: includes nested deeper than `nesting`, more than
/// `settings` assignments or includes in all, and one file reached through two different paths (a link,
/// told by device and inode), which would make the chain ambiguous.
package enum XCConfigResolver {
    /// Where the resolver finds the files: the disk, or files held in memory (the fuzz target's).
    package struct Files: Sendable {
        /// The file's identity (device and inode), or nil when nothing is there.
        package var identity: @Sendable (URL) -> FileIdentity?
        /// Whether a regular file is there (an include is looked for with and without `.xcconfig`).
        package var isFile: @Sendable (URL) -> Bool
        /// The file's bytes, within the xcconfig bound.
        package var read: @Sendable (URL) throws(AuditError) -> [UInt8]

        package init(identity: @escaping @Sendable (URL) -> FileIdentity?, isFile: @escaping @Sendable (URL) -> Bool,
                     read: @escaping @Sendable (URL) throws(AuditError) -> [UInt8]) {
            self.identity = identity
            self.isFile = isFile
            self.read = read
        }

        /// The file system, through the bounded reader.
        package static let disk = Files(
            identity: { FileIdentity($0) },
            isFile: { url in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            },
            read: { url throws(AuditError) in try AuditLimits.read(url, kind: .xcconfig) })
    }

    package static func resolve(_ url: URL, files: Files = .disk) throws(AuditError) -> XCConfigResolution {
        var reader = Reader(files: files)
        try reader.read(url.standardizedFileURL, identity: files.identity(url), including: [], from: nil)
        return reader.resolution
    }

    private struct Reader {
        let files: Files
        var resolution = XCConfigResolution()
        /// The path each file was first read by.
        var firstPaths: [FileIdentity: URL] = [:]
        var includesFollowed = 0

        mutating func read(_ file: URL, identity: FileIdentity?, including chain: [FileIdentity],
                           from include: XCConfigInclude?) throws(AuditError) {
            if let identity {
                if let first = firstPaths[identity], first.path != file.path {
                    throw bad(include, "\(file.path) is \(first.path) again, reached through a different path",
                              hint: "include the file by one path only; a link to it makes the chain ambiguous")
                }
                firstPaths[identity] = file
            }
            guard chain.count < AuditLimits.nesting else {
                throw bad(include, "#include nests deeper than \(AuditLimits.nesting) files",
                          hint: "look for includes that lead back to each other")
            }
            let bytes = try files.read(file)
            let chain = chain + (identity.map { [$0] } ?? [])
            resolution.files.append(file)
            for statement in try XCConfigParser.parse(bytes, file: file) {
                switch statement {
                case .assignment(let assignment):
                    resolution.assignments.append(assignment)
                    guard resolution.assignments.count <= AuditLimits.settings else {
                        throw AuditError.malformed(assignment.location,
                                                   "more than \(AuditLimits.settings) settings in this chain of files",
                                                   hint: "look for includes that repeat the same files many times")
                    }
                case .skipped(let line):
                    resolution.skippedLines.append(line)
                case .include(let include):
                    try follow(include, from: file, chain: chain)
                }
            }
        }

        private mutating func follow(_ include: XCConfigInclude, from file: URL, chain: [FileIdentity])
            throws(AuditError) {
            guard let target = XCConfigResolver.locate(include.path, from: file, files: files) else {
                if !include.isOptional {
                    let path = file.deletingLastPathComponent().appendingPathComponent(include.path)
                    resolution.problems.append(.missing(include, path: path.standardizedFileURL.path))
                }
                return
            }
            let identity = files.identity(target)
            if let identity, let start = chain.firstIndex(of: identity), firstPaths[identity]?.path == target.path {
                let names = chain[start...].compactMap { firstPaths[$0]?.lastPathComponent }
                resolution.problems.append(.cycle(include, chain: names + [target.lastPathComponent]))
                return
            }
            includesFollowed += 1
            guard includesFollowed <= AuditLimits.settings else {
                throw bad(include, "more than \(AuditLimits.settings) includes in this chain of files",
                          hint: "look for includes that repeat the same files many times")
            }
            try read(target, identity: identity, including: chain, from: include)
        }

        private func bad(_ include: XCConfigInclude?, _ message: String, hint: String) -> AuditError {
            guard let include else { return AuditError(kind: .malformedInput, file: nil, line: nil, message: message,
                                                       hint: hint) }
            return AuditError.malformed(include.location, message, hint: hint)
        }
    }

    /// The included file: relative to the including file's folder, with `.xcconfig` optional.
    private static func locate(_ path: String, from file: URL, files: Files) -> URL? {
        let base = path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : file.deletingLastPathComponent().appendingPathComponent(path)
        var candidates = [base]
        if base.pathExtension != "xcconfig" { candidates.append(base.appendingPathExtension("xcconfig")) }
        return candidates.map(\.standardizedFileURL).first(where: files.isFile)
    }
}
