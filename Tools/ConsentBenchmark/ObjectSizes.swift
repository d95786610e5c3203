import Foundation

/// The release object size of what an app links (README, "Performance"): text + data of the object files, as `size`
/// counts them (Berkeley format: allocated sections that are not written are text, allocated and written ones
/// with contents are data), read from the ELF section headers of the build folder's `<Target>.build/*.o`.
enum ObjectSizes {
    /// The `ConsentEngine` product's whole target closure on Linux (its privacy manifest is an Apple-only
    /// resource target); `Tests/PackageTests/BenchmarkClosureTests.swift` keeps it equal to `Package.swift`'s.
    static let engineClosure = ["ConsentJSON", "ConsentDates", "ConsentFiles", "ConsentSignals", "ConsentEngine"]
    /// Reported apart: the web APIs and the Apple glue, each beside the closure above.
    static let apart = ["ConsentWeb", "ConsentEngineApple"]
    /// The closure's size before the command line's code left it (x86_64 Linux, release): the aim is 85% of it.
    static let before = 1_982_562

    static func run(buildFolder: URL) {
        print("")
        let sizes = (engineClosure + apart).map { ($0, size(of: $0, in: buildFolder)) }
        guard sizes.allSatisfy({ $0.1 != nil }) else {
            print("object sizes: not measured (ELF object files in \(buildFolder.path) are needed: a Linux release build)")
            return
        }
        let closure = sizes.filter { engineClosure.contains($0.0) }.reduce(0) { $0 + $1.1! }
        for (target, bytes) in sizes {
            print("object size \(target.padding(toLength: 20, withPad: " ", startingAt: 0)) \(format(bytes!))")
        }
        let aim = before * 85 / 100
        let share = Double(closure) / Double(before) * 100
        print("object size, the ConsentEngine product's closure (\(engineClosure.joined(separator: ", "))): \(format(closure)), "
            + String(format: "%.1f%%", share) + " of \(format(before)) before; aim ≤ \(format(aim)) (85%): \(closure <= aim ? "met" : "missed")")
    }

    private static func format(_ bytes: Int) -> String {
        String(format: "%.3f MB (%d bytes)", Double(bytes) / 1_000_000, bytes)
    }

    /// The text + data of a target's object files, `nil` when it has none or they are not ELF.
    static func size(of target: String, in buildFolder: URL) -> Int? {
        let folder = buildFolder.appendingPathComponent("\(target).build")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        let objects = names.filter { $0.hasSuffix(".o") }
        guard !objects.isEmpty else { return nil }
        var total = 0
        for name in objects {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                  let size = elfTextAndData(Array(data)) else { return nil }
            total += size
        }
        return total
    }

    /// The sum of the allocated sections with contents of a 64-bit little-endian ELF file.
    static func elfTextAndData(_ bytes: [UInt8]) -> Int? {
        guard bytes.count > 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
              bytes[4] == 2, bytes[5] == 1 else { return nil }
        func integer(_ offset: Int, _ width: Int) -> Int {
            var value = 0
            for index in (0..<width).reversed() { value = value << 8 | Int(bytes[offset + index]) }
            return value
        }
        let sectionHeaders = integer(0x28, 8), entrySize = integer(0x3A, 2), count = integer(0x3C, 2)
        guard entrySize >= 64, sectionHeaders + entrySize * count <= bytes.count else { return nil }
        let allocated = 0x2, noBits = 8
        var total = 0
        for index in 0..<count {
            let header = sectionHeaders + index * entrySize
            let type = integer(header + 4, 4), flags = integer(header + 8, 8), size = integer(header + 32, 8)
            if flags & allocated != 0 && type != noBits { total += size }
        }
        return total
    }
}
