import Foundation
import Testing

/// A Mac has no `/proc`: the tests find the built binaries from the test bundle's folder or
/// `#filePath`, and the sources read `/proc` only inside an `#if os(Linux)` with a Darwin branch beside it.
struct ProcFileSystemTests {
    /// The lines of `file` that name `/proc/` outside a platform condition.
    static func unguardedUses(in file: SwiftSourceFile) -> [Int] {
        file.lines.filter { $0.text.contains("/proc/") && !$0.isPlatformGuarded && !$0.text.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .map(\.number)
    }

    @Test func noTestOrSourceReadsProcOutsideALinuxBranch() throws {
        var found: [String] = []
        for folder in ["Sources", "Tools", "Tests"] {
            for file in try SwiftSourceFile.all(under: PackageLayout.root.appendingPathComponent(folder)) {
                guard file.path != "PackageTests/ProcFileSystemTests.swift" else { continue }
                found += Self.unguardedUses(in: file).map { "\(folder)/\(file.path):\($0)" }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func aPlantedReadOfProcIsFoundAndALinuxBranchIsNot() {
        let planted = SwiftSourceFile(path: "Planted.swift", text: "let exe = URL(fileURLWithPath: \"/proc/self/exe\")\n")
        #expect(Self.unguardedUses(in: planted) == [1])
        let guarded = SwiftSourceFile(path: "Guarded.swift", text: "#if os(Linux)\nlet exe = \"/proc/self/exe\"\n#else\nlet exe = \"\"\n#endif\n")
        #expect(Self.unguardedUses(in: guarded).isEmpty)
    }
}
