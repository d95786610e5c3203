import Foundation

/// All assignments of an xcconfig file and the files it includes, in the order Xcode applies them.
struct XCConfigResolution: Sendable {
    /// Assignments in reading order: an included file's lines stand where its `#include` is.
    var assignments: [XCConfigAssignment] = []
    /// Includes that could not be followed.
    var problems: [XCConfigIncludeProblem] = []
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
/// and skipped, so the rest of the configuration is still audited. A file that cannot be parsed stops the
/// audit: its settings would be guesses.
enum XCConfigResolver {
    static func resolve(_ url: URL) throws(AuditError) -> XCConfigResolution {
        var resolution = XCConfigResolution()
        try read(url.standardizedFileURL, including: [], into: &resolution)
        return resolution
    }

    private static func read(_ file: URL, including chain: [URL], into resolution: inout XCConfigResolution)
        throws(AuditError) {
        let data = try AuditError.readFile(file, role: "xcconfig file")
        let text = String(decoding: data, as: UTF8.self)
        let chain = chain + [file]
        for statement in try XCConfigParser.parse(text, file: file) {
            switch statement {
            case .assignment(let assignment):
                resolution.assignments.append(assignment)
            case .include(let include):
                guard let target = locate(include.path, from: file) else {
                    if !include.isOptional {
                        let path = file.deletingLastPathComponent().appendingPathComponent(include.path)
                        resolution.problems.append(.missing(include, path: path.standardizedFileURL.path))
                    }
                    continue
                }
                if let start = chain.firstIndex(of: target) {
                    let cycle = (chain[start...] + [target]).map(\.lastPathComponent)
                    resolution.problems.append(.cycle(include, chain: cycle))
                    continue
                }
                try read(target, including: chain, into: &resolution)
            }
        }
    }

    /// The included file: relative to the including file's folder, with `.xcconfig` optional.
    private static func locate(_ path: String, from file: URL) -> URL? {
        let base = path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : file.deletingLastPathComponent().appendingPathComponent(path)
        var candidates = [base]
        if base.pathExtension != "xcconfig" { candidates.append(base.appendingPathExtension("xcconfig")) }
        var isDirectory: ObjCBool = false
        return candidates.map(\.standardizedFileURL).first {
            FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}
