import Foundation
import Testing

/// Every library product that calls an API on Apple's required-reason list ships a privacy manifest
/// declaring it (ARCHITECTURE.md's targets table), in a resource-only target its product depends on only on Apple platforms.
@Suite struct PrivacyManifestTests {
    /// The calls of Apple's list the package makes, each with its category and the reason the package
    /// declares for it.
    static let requiredReasonAPIs: [(pattern: String, category: String, reason: String)] = [
        (#"\b(f|l)?stat\(|\bfstatat\(|\bgetattrlist\(|\bcreationDate\b|\bmodificationDate\b|\battributesOfItem\("#,
         "NSPrivacyAccessedAPICategoryFileTimestamp", "C617.1"),
        (#"\bUserDefaults\b"#, "NSPrivacyAccessedAPICategoryUserDefaults", "CA92.1"),
        (#"\bsystemUptime\b|\bmach_absolute_time\("#, "NSPrivacyAccessedAPICategorySystemBootTime", "35F9.1"),
        (#"\bvolumeAvailableCapacity|\bstatfs\(|\bfstatfs\("#, "NSPrivacyAccessedAPICategoryDiskSpace", "E174.1"),
    ]

    /// The categories each target's code reaches (comments and strings left out).
    static func categories(of target: PackageManifest.Target) throws -> Set<String> {
        var found: Set<String> = []
        for file in try SwiftSourceFile.all(under: PackageLayout.root.appendingPathComponent(target.path)) {
            for line in file.lines {
                for api in requiredReasonAPIs where line.code.range(of: api.pattern, options: .regularExpression) != nil {
                    found.insert(api.category)
                }
            }
        }
        return found
    }

    /// The categories, with reasons, a manifest declares.
    static func declared(in manifest: URL) throws -> [String: [String]] {
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: manifest), format: nil)
        let types = (object as? [String: Any])?["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []
        var declared: [String: [String]] = [:]
        for type in types {
            guard let category = type["NSPrivacyAccessedAPIType"] as? String else { continue }
            declared[category, default: []] += type["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
        }
        return declared
    }

    @Test func everyLibraryProductThatCallsARequiredReasonAPIDeclaresItInAManifestOfItsOwnClosure() throws {
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Dictionary(uniqueKeysWithValues: PackageManifest.targets(in: manifest).map { ($0.name, $0) })
        let products = PackageManifest.libraryProducts(in: manifest)
        #expect(products.count >= 6, "Package.swift's products are read: \(products)")
        var missing: [String] = []
        for (product, roots) in products {
            var closure: Set<String> = []
            var pending = roots
            while let name = pending.popLast() {
                guard closure.insert(name).inserted, let target = targets[name] else { continue }
                pending += target.dependencies
            }
            var needed: [String: String] = [:]
            for name in closure.sorted() {
                guard let target = targets[name], !name.hasSuffix("Privacy") else { continue }
                for category in try Self.categories(of: target) { needed[category] = needed[category] ?? name }
            }
            var declared: [String: [String]] = [:]
            for name in closure where name.hasSuffix("Privacy") {
                let file = PackageLayout.folder(of: name).appendingPathComponent("PrivacyInfo.xcprivacy")
                declared.merge(try Self.declared(in: file)) { $0 + $1 }
            }
            for (category, caller) in needed.sorted(by: { $0.key < $1.key }) {
                let reason = Self.requiredReasonAPIs.first { $0.category == category }!.reason
                if declared[category]?.contains(reason) != true {
                    missing.append("\(product): \(caller) calls an API of \(category), and no manifest of the product declares \(reason)")
                }
            }
        }
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    @Test func aManifestTargetIsADependencyOnApplePlatformsOnly() throws {
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = PackageManifest.targets(in: manifest)
        let privacyTargets = Set(targets.map(\.name).filter { $0.hasSuffix("Privacy") })
        #expect(privacyTargets.count >= 3)
        for name in privacyTargets.sorted() {
            #expect(manifest.contains(#".target(name: "\#(name)", condition: .when(platforms: applePlatforms))"#), "\(name) is a dependency only on Apple platforms")
            let bare = #"[\[,]\s*"\#(name)"\s*[,\]]"#
            #expect(manifest.range(of: bare, options: .regularExpression) == nil, "\(name) is never an unconditional dependency")
        }
    }

    /// An app uploaded for any platform the package supports carries its manifests (ITMS-91053 otherwise),
    /// and no platform is claimed that no build compiles: tvOS, visionOS and watchOS are not supported.
    @Test func theManifestsAreLinkedOnEveryPlatformThePackageSupportsAndNoOtherIsClaimed() throws {
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let list = try #require(manifest.firstMatch(of: #/let applePlatforms: \[Platform\] = \[([^\]]*)\]/#))
        let linked = Set(list.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(linked == [".iOS", ".macCatalyst", ".macOS"], "Mac Catalyst is not .iOS to SwiftPM's conditions")
        #expect(manifest.contains("platforms: [.iOS(.v15), .macOS(.v13)]"))
        var claims: [String] = []
        for file in try [PackageLayout.sources, PackageLayout.tools].flatMap({ try SwiftSourceFile.all(under: $0) }) {
            for line in file.lines where line.text.range(of: #"tvOS|visionOS|watchOS"#, options: .regularExpression) != nil {
                claims.append("\(file.path):\(line.number): \(line.text)")
            }
        }
        #expect(claims.isEmpty, "a source names a platform the package does not support:\n\(claims.joined(separator: "\n"))")
    }

    @Test func aPlantedCallIsFoundAndItsCategoryNamed() throws {
        let planted = SwiftSourceFile(path: "Planted.swift", text: "let value = UserDefaults.standard.string(forKey: \"k\")\n")
        let line = try #require(planted.lines.first)
        let matches = Self.requiredReasonAPIs.filter { line.code.range(of: $0.pattern, options: .regularExpression) != nil }
        #expect(matches.map(\.category) == ["NSPrivacyAccessedAPICategoryUserDefaults"])
    }
}

extension PackageManifest {
    /// The library products of `Package.swift` and the targets each lists.
    static func libraryProducts(in manifest: String) -> [(name: String, targets: [String])] {
        let pattern = #"\.library\(name:\s*"([^"]+)",\s*targets:\s*\[([^\]]*)\]"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let text = manifest as NSString
        return regex.matches(in: manifest, range: NSRange(location: 0, length: text.length)).map { match in
            let name = text.substring(with: match.range(at: 1))
            let list = text.substring(with: match.range(at: 2))
            let targets = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }.filter { !$0.isEmpty }
            return (name, targets)
        }
    }
}
