/// One parser under the fuzzer: a name, what it reads, and the entry point that libFuzzer (through
/// `Tests/Fuzz/Driver`) and `swift test` (replaying `Tests/Fuzz/Corpus/<name>/`) both call.
///
/// An entry point never throws: input the parser refuses is an ordinary outcome. A crash, a hang or a
/// blow-up in memory is a fault of the parser; so is a broken promise, which the entry point returns as
/// a violation (a string that decoded, re-encoded and decoded to something else), and the driver turns
/// into a crash so that libFuzzer keeps the input.
package struct FuzzTarget: Sendable {
    /// The name `scripts/fuzz` and the corpus folder use.
    package let name: String
    /// What the input is, in one line.
    package let summary: String
    /// Runs the parser on `input`; the promises it broke, if any.
    package let run: @Sendable ([UInt8]) -> [String]

    /// Every target, in the order `scripts/fuzz --list` prints them.
    package static let all: [FuzzTarget] = SignalTargets.all + KeyMapTargets.all + FileTargets.all + FormTargets.all

    /// The target called `name`.
    package static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
