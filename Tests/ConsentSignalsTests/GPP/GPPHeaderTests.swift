import Testing
@testable import ConsentSignals
import TestSupport

@Suite("GPP header")
struct GPPHeaderTests {
    private func ids(of header: String) throws -> [Int] {
        // A header alone lists its ids; the sections are left out here.
        let text = SourceText(header)
        var count = 0
        while true {
            do {
                return try GPPHeader.decode(text, 0..<text.bytes.count, sectionCount: count)
            } catch {
                guard case .sectionCountMismatch(let listed, count) = error.problem, listed > count else { throw error }
                count = listed
            }
        }
    }

    @Test("the reference's headers decode to their ids and re-encode with their padding", arguments: [
        ([], "DBAA", GPPPadding.spec), ([], "DBAA", .library),
        ([2], "DBABM", .spec), ([2], "DBABMA", .library),
        ([2, 6], "DBACNY", .spec), ([2, 6], "DBACNYA", .library),
        ([5, 6], "DBABjw", .spec),
        ([6], "DBABTA", .library),
        ([7], "DBABL", .spec), ([7], "DBABLA", .library),
        ([2, 5, 6], "DBACOeA", .library),
        ([2] + Array(5...23), "DBACOYs", .spec), ([2] + Array(5...23), "DBACOYs", .library),
        ([2] + Array(5...27), "DBACOcGA", .library),
        // The other padding of the headers the reference gives in one form, worked out by hand:
        // [5,6] is 32 bits (36 either way), [6] 30, [2,5,6] 35, [2,5…27] 41.
        ([5, 6], "DBABjw", .library), ([6], "DBABT", .spec), ([2, 5, 6], "DBACOe", .spec),
        ([2] + Array(5...27), "DBACOcG", .spec),
    ] as [([Int], String, GPPPadding)])
    func referenceHeaders(_ ids: [Int], _ header: String, _ padding: GPPPadding) throws {
        #expect(try self.ids(of: header) == ids)
        #expect(GPPHeader.encode(ids, padding: padding) == header)
    }

    @Test("the reference's computed headers", arguments: [
        ([8], "DBABBg", "DBABBg"), ([9], "DBABRg", "DBABRg"), ([10], "DBABJg", "DBABJg"), ([11], "DBABFg", "DBABFg"),
        ([12], "DBABVg", "DBABVg"), ([6, 7], "DBABzw", "DBABzw"), ([7, 8], "DBABrw", "DBABrw"),
        ([2, 7], "DBACMM", "DBACMMA"), ([7, 12], "DBACLD", "DBACLDA"), (Array(7...12), "DBABrG", "DBABrGA"),
    ] as [([Int], String, String)])
    func computedHeaders(_ ids: [Int], _ spec: String, _ library: String) throws {
        #expect(GPPHeader.encode(ids, padding: .spec) == spec)
        #expect(GPPHeader.encode(ids, padding: .library) == library)
        #expect(try self.ids(of: spec) == ids)
        #expect(try self.ids(of: library) == ids)
    }

    @Test("random id sets round-trip with both paddings")
    func randomIds() throws {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let ids = (1...40).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
            for padding in GPPPadding.allCases {
                #expect(try self.ids(of: GPPHeader.encode(ids, padding: padding)) == ids)
            }
        }
    }

    @Test("a header that is not type 3 version 1 is refused", arguments: [
        ("CBAA", "Type", 0, SignalDecodingError.Problem.unknownSegmentType(2)),
        ("DCAA", "Version", 6, .unsupportedVersion(2)),
        ("DB", "Sections count", 12, .runsPastEnd),
    ])
    func refusesOtherHeaders(_ header: String, _ field: String, _ bit: Int, _ problem: SignalDecodingError.Problem) {
        #expect(throws: SignalDecodingError(segment: "GPP header", field: field, position: .bit(bit), problem: problem)) {
            try GPPHeader.decode(SourceText(header), 0..<header.utf8.count, sectionCount: 0)
        }
    }

    @Test("a range that lists more sections than the string has stops at once")
    func hugeRange() {
        var writer = BitWriter()
        writer.write(3, width: 6); writer.write(1, width: 6); writer.write(1, width: 12)
        writer.write(true)
        writer.writeFibonacci(1)
        writer.writeFibonacci(1_000_000_000)
        writer.pad(toMultipleOf: 6)
        let header = writer.base64URL()
        #expect(throws: SignalDecodingError(
            segment: "GPP header", field: "Sections", position: .bit(12), problem: .sectionCountMismatch(listed: 1_000_000_001, found: 1)
        )) {
            try GPPHeader.decode(SourceText(header), 0..<header.utf8.count, sectionCount: 1)
        }
    }
}
