import ConsentEngine
import Foundation
import TestSupport

/// A week's vendor list applied at run time: a made-up IAB Global Vendor List v3 of 1,000 vendors, each
/// with declarations of every kind, read from its bytes and applied to a policy that names every one of
/// its vendors (the most an app's policy can take from it).
enum VendorListBenchmarks {
    static let name = "reading and applying a 1,000-vendor list"

    static var all: [Measurement] {
        guard Benchmark.selects(name) else { return [] }
        let bytes = Data(SyntheticVendorList.json(vendors: 1_000).utf8)
        let policy: Policy
        do {
            // A policy naming the list's 1,000 vendors: the list applied once as `--vendor-list` applies one.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("consent-bench-vendor-list-\(UUID().uuidString).json")
            try bytes.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            policy = try PolicyLoader.replacingPartners(of: .default, withVendorList: file)
        } catch {
            print("\(name): the generated list is refused: \(error)")
            return []
        }
        print("vendor list: \(bytes.count) bytes, \(policy.partners.count) partners")
        return [
            Measurement(name: name, iterations: 20, aim: 15_000_000) { count in
                for _ in 0..<count { blackHole(try policy.applyingVendorList(bytes, file: "vendor-list.json")) }
            },
        ]
    }
}
