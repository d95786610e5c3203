import Foundation
import ConsentFiles
import ConsentPropertyLists
import Testing
@testable import ConsentAudit

/// The audit's bounds (README, "Limits"): input beyond them is bad input (exit 65) naming the file, never a crash, a
/// hang or a blow-up in memory.
struct AuditLimitsTests {
    /// `depth` arrays nested inside the root `<dict>`, so the plist has `depth + 1` containers.
    private func nestedPlist(arrays depth: Int) -> String {
        TestFiles.plist("<key>Deep</key>\n" + String(repeating: "<array>", count: depth)
                            + String(repeating: "</array>", count: depth))
    }

    private func expectMalformed(_ body: () throws(AuditError) -> Void, mentioning text: String,
                                 file: String? = nil, line: Int? = nil,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == .malformedInput, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
            if let file { #expect(error.file?.hasSuffix(file) == true, "\(error)", sourceLocation: sourceLocation) }
            if let line { #expect(error.line == line, "\(error)", sourceLocation: sourceLocation) }
        }
    }

    @Test func aPlistTenThousandLevelsDeepIsRefusedWithoutOverflowingTheStack() {
        expectMalformed({ () throws(AuditError) in _ = try TestFiles.parse(nestedPlist(arrays: 10_000)) },
                        mentioning: "deeper than 512 levels", file: "Test.plist")
    }

    @Test func nestingOf512LevelsIsReadAnd513IsRefused() throws {
        _ = try TestFiles.parse(nestedPlist(arrays: 511))
        expectMalformed({ () throws(AuditError) in _ = try TestFiles.parse(nestedPlist(arrays: 512)) },
                        mentioning: "deeper than 512 levels", line: 6)
    }

    @Test(arguments: [513, 600, 10_000])
    func aDeepBinaryPlistIsRefused(_ depth: Int) {
        do {
            _ = try AuditPlist.parse(Self.binaryArrays(depth: depth), file: URL(fileURLWithPath: "/tmp/Deep.plist"))
            Issue.record("a binary plist \(depth) deep was read")
        } catch {
            #expect(error.kind == .malformedInput)
            #expect(error.file == "/tmp/Deep.plist")
            #expect(error.message.contains("deeper than 512 levels"), "\(error.message)")
        }
    }

    @Test func aBinaryPlist512LevelsDeepIsRead() throws {
        _ = try AuditPlist.parse(Self.binaryArrays(depth: 512), file: URL(fileURLWithPath: "/tmp/Deep.plist"))
    }

    @Test func aShallowBinaryPlistIsRead() throws {
        let document = try AuditPlist.parse(Self.binaryArrays(depth: 3), file: URL(fileURLWithPath: "/tmp/B.plist"))
        #expect(document.root.array?.first?.array?.first?.array == [])
    }

    @Test(arguments: [Data("bplist00".utf8), Data("bplist00".utf8) + Data(repeating: 0, count: 40)])
    func aFileThatIsOnlyTheBinaryMagicIsCorrupt(_ data: Data) {
        expectMalformed({ () throws(AuditError) in
            _ = try AuditPlist.parse(data, file: URL(fileURLWithPath: "/tmp/Info.plist"))
        }, mentioning: "corrupt", file: "Info.plist")
    }

    @Test func aPlistOverSixtyFourMebibytesIsRefusedNamingTheFile() throws {
        let root = try TestFiles.directory([:])
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let url = root.appendingPathComponent("Huge.plist")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(InputFileKind.propertyList.maximumBytes + 1))
        try handle.close()
        expectMalformed({ () throws(AuditError) in _ = try AuditPlist.read(url) },
                        mentioning: "larger than 64 MiB", file: "Huge.plist")
    }

    @Test func aValidPlistPastLibxml2sTenMegabyteLimitIsRead() throws {
        let text = String(repeating: "x", count: 11_000_000)
        let document = try TestFiles.parse(TestFiles.plist("<key>Big</key>\n<string>\(text)</string>\n<key>After</key>\n<true/>"))
        #expect(document.root.dict?["Big"]?.value.string?.utf8.count == 11_000_000)
        #expect(document.root.dict?["After"]?.value.location.line == 8)
    }

    @Test func anXcconfigValueOverOneMebibyteAfterExpansionIsRefusedAtItsLine() throws {
        let chunk = String(repeating: "a", count: 1_000)
        let root = try TestFiles.directory([
            "App.xcconfig": "CHUNK = \(chunk)\nMANY = \(String(repeating: "$(CHUNK)", count: 1_100))\n",
        ])
        expectMalformed({ () throws(AuditError) in
            let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
            _ = try BuildSettings(assignments: resolution.assignments, configuration: "Debug", sdk: "iphoneos", srcroot: nil)
        }, mentioning: "MANY passes 1 MiB", file: "App.xcconfig", line: 2)
    }

    @Test func settingsThatDoubleAtEachStepAreRefusedQuickly() throws {
        var text = "S0 = xx\n"
        for step in 1...40 { text += "S\(step) = $(S\(step - 1))$(S\(step - 1))\n" }
        let root = try TestFiles.directory(["App.xcconfig": text])
        let start = ContinuousClock.now
        expectMalformed({ () throws(AuditError) in
            let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
            _ = try BuildSettings(assignments: resolution.assignments, configuration: "Debug", sdk: "iphoneos", srcroot: nil)
        }, mentioning: "1 MiB", file: "App.xcconfig")
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func aPlistValueThatGrowsByMoreThanOneMebibyteIsRefusedAtItsLine() throws {
        let root = try TestFiles.directory([
            "App.xcconfig": "CHUNK = \(String(repeating: "a", count: 100_000))\nINFOPLIST_FILE = Info.plist\n",
            "Info.plist": TestFiles.plist("<key>Text</key>\n<string>\(String(repeating: "$(CHUNK)", count: 20))</string>"),
        ])
        expectMalformed({ () throws(AuditError) in
            _ = try runAudit(AuditRequest(xcconfig: root.appendingPathComponent("App.xcconfig"), requestsTracking: .no))
        }, mentioning: "grows by more than 1 MiB", file: "Info.plist", line: 6)
    }

    @Test func tenThousandSettingsAreReadAndOneMoreIsRefused() throws {
        let lines = (0..<AuditLimits.settings).map { "S\($0) = \($0)\n" }.joined()
        let root = try TestFiles.directory(["Fits.xcconfig": lines, "Over.xcconfig": lines + "ONE_MORE = 1\n"])
        #expect(try XCConfigResolver.resolve(root.appendingPathComponent("Fits.xcconfig")).assignments.count == 10_000)
        expectMalformed({ () throws(AuditError) in
            _ = try XCConfigResolver.resolve(root.appendingPathComponent("Over.xcconfig"))
        }, mentioning: "more than 10000 settings", file: "Over.xcconfig", line: 10_001)
    }

    @Test func includesThatRepeatAFileManyTimesOverAreRefused() throws {
        // Each file includes the next twice by the same path: 2^20 reads if nothing stopped it.
        var files: [String: String] = [:]
        for level in 0..<20 {
            files["L\(level).xcconfig"] = "#include \"L\(level + 1).xcconfig\"\n#include \"L\(level + 1).xcconfig\"\n"
        }
        files["L20.xcconfig"] = "// the end\n"
        let root = try TestFiles.directory(files)
        expectMalformed({ () throws(AuditError) in
            _ = try XCConfigResolver.resolve(root.appendingPathComponent("L0.xcconfig"))
        }, mentioning: "more than 10000 includes")
    }

    @Test func includesNestedDeeperThan512FilesAreRefused() throws {
        var files: [String: String] = [:]
        for level in 0..<600 { files["L\(level).xcconfig"] = "#include \"L\(level + 1).xcconfig\"\n" }
        files["L600.xcconfig"] = "A = 1\n"
        let root = try TestFiles.directory(files)
        expectMalformed({ () throws(AuditError) in
            _ = try XCConfigResolver.resolve(root.appendingPathComponent("L0.xcconfig"))
        }, mentioning: "deeper than 512 files", line: 1)
    }

    @Test func aFileReachedThroughALinkAsWellAsItsOwnPathIsRefusedNamingIt() throws {
        let root = try TestFiles.directory([
            "App.xcconfig": "#include \"Common.xcconfig\"\n#include \"Alias.xcconfig\"\n",
            "Common.xcconfig": "C = 1\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Alias.xcconfig").path,
                                                   withDestinationPath: "Common.xcconfig")
        expectMalformed({ () throws(AuditError) in
            _ = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
        }, mentioning: "Common.xcconfig again, reached through a different path", file: "App.xcconfig", line: 2)
    }

    @Test func aHardLinkIsTheSameFileToo() throws {
        let root = try TestFiles.directory([
            "App.xcconfig": "#include \"Common.xcconfig\"\n#include \"Copy.xcconfig\"\n",
            "Common.xcconfig": "C = 1\n",
        ])
        try FileManager.default.linkItem(at: root.appendingPathComponent("Common.xcconfig"),
                                         to: root.appendingPathComponent("Copy.xcconfig"))
        expectMalformed({ () throws(AuditError) in
            _ = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
        }, mentioning: "reached through a different path", line: 2)
    }

    @Test func aCycleThroughALinkToAFolderEndsInsteadOfRecursing() throws {
        let root = try TestFiles.directory(["Config/App.xcconfig": "A = 1\n#include \"Here/App.xcconfig\"\n"])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Config/Here").path,
                                                   withDestinationPath: ".")
        expectMalformed({ () throws(AuditError) in
            _ = try XCConfigResolver.resolve(root.appendingPathComponent("Config/App.xcconfig"))
        }, mentioning: "reached through a different path", line: 2)
    }

    @Test func settingReferencesNestedDeeperThan512AreRefusedAnd500AreRead() throws {
        func chain(_ length: Int) -> String {
            (0..<length).map { "S\($0) = $(S\($0 + 1))\n" }.joined() + "S\(length) = end\n"
        }
        let shallow = try TestFiles.settings(chain(500))
        #expect(shallow.value("S0") == "end")
        expectMalformed({ () throws(AuditError) in _ = try TestFiles.settings(chain(2_000)) },
                        mentioning: "deeper than 512 levels")
    }

    @Test func aLongInheritedChainIsRefused() {
        let text = "FLAGS = -a\n" + String(repeating: "FLAGS = $(inherited) -b\n", count: 600)
        expectMalformed({ () throws(AuditError) in _ = try TestFiles.settings(text) },
                        mentioning: "deeper than 512 levels")
    }

    @Test func aMebibyteOfUnclosedReferencesExpandsInLinearTime() throws {
        let text = String(repeating: "$(", count: 500_000)
        let start = ContinuousClock.now
        #expect(try MacroExpansion.expand(text) { _ in "" } == text)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aPatternOfManyStarsMatchesWithoutExponentialTime() {
        let start = ContinuousClock.now
        #expect(!Glob.matches(String(repeating: "*a", count: 200) + "b", String(repeating: "a", count: 300)))
        #expect(Glob.matches(String(repeating: "*", count: 1_000), "Release"))
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    /// A binary property list of `depth` arrays, each holding the next.
    static func binaryArrays(depth: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<depth {
            offsets.append(bytes.count)
            if index == depth - 1 {
                bytes.append(0xA0)
            } else {
                bytes += [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)]
            }
        }
        let table = bytes.count
        for offset in offsets { bytes += (0..<4).reversed().map { UInt8((offset >> ($0 * 8)) & 0xFF) } }
        func bigEndian64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += [UInt8](repeating: 0, count: 6) + [4, 2] + bigEndian64(depth) + bigEndian64(0) + bigEndian64(table)
        return Data(bytes)
    }
}
