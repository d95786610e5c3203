import Foundation
import Testing

/// Every module of the package a target imports is one it declares in `Package.swift`: SwiftPM's
/// `--explicit-target-dependency-import-check` is best-effort and accepts a module reached through another
/// dependency, which then breaks the day that dependency changes.
@Suite struct TargetDependencyTests {
    @Test func eachTargetDeclaresEveryModuleOfThePackageItImports() throws {
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = PackageManifest.targets(in: manifest)
        let names = Set(targets.map(\.name))
        #expect(targets.count > 15, "Package.swift is read: \(targets.map(\.name))")
        var undeclared: [String] = []
        for target in targets {
            let folder = PackageLayout.root.appendingPathComponent(target.path)
            for file in try SwiftSourceFile.all(under: folder) {
                for line in file.lines {
                    guard let module = PackageManifest.importedModule(line.code), names.contains(module),
                          module != target.name, !target.dependencies.contains(module) else { continue }
                    undeclared.append("\(target.path)/\(file.path):\(line.number) imports \(module), which \(target.name) does not declare")
                }
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.joined(separator: "\n"))")
    }

    @Test func anUndeclaredImportIsFound() {
        let manifest = """
            .target(name: "A", dependencies: ["B"]),
            .target(name: "B"),
            .testTarget(name: "ATests", dependencies: ["A", .product(name: "X", package: "x")], path: "Tests/Own"),
            """
        let targets = PackageManifest.targets(in: manifest)
        #expect(targets.map(\.name) == ["A", "B", "ATests"])
        #expect(targets.map(\.dependencies) == [["B"], [], ["A"]])
        #expect(targets.map(\.path) == ["Sources/A", "Sources/B", "Tests/Own"])
        #expect(PackageManifest.importedModule("@preconcurrency import B") == "B")
        #expect(PackageManifest.importedModule("import struct B.Thing") == "B")
        #expect(PackageManifest.importedModule("let imported = 1") == nil)
    }
}

/// The targets of `Package.swift`, read from its text: name, declared dependencies within the package,
/// and source folder.
enum PackageManifest {
    struct Target: Equatable {
        var name: String
        var dependencies: [String]
        var path: String
    }

    static func targets(in manifest: String) -> [Target] {
        var targets: [Target] = []
        var rest = manifest[...]
        while let start = rest.range(of: #"\.(target|executableTarget|testTarget)\("#, options: .regularExpression) {
            let kind = rest[start].dropFirst().dropLast()
            var depth = 0
            var end = start.upperBound
            for index in rest[start.lowerBound...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1; if depth == 0 { end = index; break } }
            }
            let call = String(rest[start.upperBound..<end])
            rest = rest[end...]
            guard let name = firstString(after: "name:", in: call) else { continue }
            var dependencies: [String] = []
            if let list = call.range(of: #"dependencies:\s*\["#, options: .regularExpression) {
                var level = 1
                var index = list.upperBound
                var text = ""
                while index < call.endIndex, level > 0 {
                    if call[index] == "[" { level += 1 }
                    if call[index] == "]" { level -= 1 }
                    if level > 0 { text.append(call[index]) }
                    index = call.index(after: index)
                }
                // Bare strings are targets of this package; `.product(…)` names another package's.
                let withoutProducts = text.replacingOccurrences(of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
                dependencies = strings(in: withoutProducts)
            }
            let folder = kind == "testTarget" ? "Tests" : "Sources"
            targets.append(Target(name: name, dependencies: dependencies, path: firstString(after: "path:", in: call) ?? "\(folder)/\(name)"))
        }
        return targets
    }

    /// The top-level module an `import` line names.
    static func importedModule(_ code: String) -> String? {
        var words = code.split(separator: " ").map(String.init).drop { $0.hasPrefix("@") }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let kind = words.first, ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(kind) {
            words = words.dropFirst()
        }
        return words.first.map { String($0.split(separator: ".")[0]) }
    }

    private static func firstString(after label: String, in text: String) -> String? {
        guard let labelRange = text.range(of: label) else { return nil }
        return strings(in: String(text[labelRange.upperBound...])).first
    }

    private static func strings(in text: String) -> [String] {
        var result: [String] = []
        var current: String?
        for character in text {
            if character == "\"" {
                if let value = current { result.append(value); current = nil } else { current = "" }
            } else if current != nil {
                current?.append(character)
            }
        }
        return result
    }
}
