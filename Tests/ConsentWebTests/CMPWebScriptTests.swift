import ConsentEngine
import ConsentSignals
import ConsentWeb
import Foundation
import ConsentJSON
import Testing

@Suite struct CMPWebScriptTests {
    @Test("consentctl signals --format web prints the library's script byte for byte", arguments: SignalState.Name.allCases)
    func commandLinePrintsTheLibrarysScript(_ name: SignalState.Name) throws {
        let state = try #require(try BrowserRun.sharedStates.get()[name])
        let library = try CMPWebScript(keys: state.keys, tcfPolicyVersion: Policy.default.tcfPolicyVersion)
        #expect(state.script == library.source)
    }

    @Test("a TC string that does not decode is refused with the codec's error, naming where")
    func undecodableString() throws {
        var keys = InAppKeys()
        keys[InAppKeyName.gdprApplies] = .int(1)
        keys[InAppKeyName.tcString] = .string("CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYg!")
        #expect(throws: SignalDecodingError.self) { try CMPWebScript(keys: keys, tcfPolicyVersion: 5) }
    }

    @Test("the signals stand in the script as JSON no text inside them can end the script element")
    func scriptSafeData() throws {
        var keys = InAppKeys()
        keys[InAppKeyName.cmpSdkId] = .int(4095)
        keys[InAppKeyName.additionalConsent] = .string("2~1~dv.</script><script>alert(1)</script>\u{2028}")
        let script = try CMPWebScript(keys: keys, tcfPolicyVersion: 5)
        #expect(!script.source.lowercased().contains("</script"))
        #expect(!script.update.contains("\u{2028}"))
        #expect(script.update.contains(#"2~1~dv.\u003c/script>\u003cscript>alert(1)\u003c/script>\u2028"#))
    }
}
