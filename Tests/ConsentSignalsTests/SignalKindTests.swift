import Testing
import ConsentSignals

@Suite("signal kinds")
struct SignalKindTests {
    @Test("a string's kind is told from its first characters", arguments: [
        (TCVector.v2.string, SignalKind?.some(.tcString)),
        ("BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA", .tcString),
        ("DBABL~BVQqAAAAAg", .gppString),
        ("DBAA", .gppString),
        ("2~1.35.41~dv.9.21", .additionalConsent),
        ("1~1.35", .additionalConsent),
        ("1YNN", .usPrivacy),
        ("1---", .usPrivacy),
        ("1-Y-", .usPrivacy),
        ("1YNNN", nil),
        ("1YNX", nil),
        ("1", nil),
        ("DCAA", nil),
        ("", nil),
        ("3~1", nil),
        ("cAAAAAAAITg", nil),
    ])
    func detects(_ string: String, _ kind: SignalKind?) {
        #expect(SignalKind(detecting: string) == kind)
    }

    @Test("kinds are named as the decode command prints them")
    func rawValues() {
        #expect(SignalKind.allCases.map(\.rawValue) == ["tc", "gpp", "ac", "usp"])
    }
}
