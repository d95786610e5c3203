import ConsentEngine
import ConsentWeb
import Foundation
import Testing

/// The page's message read against the form it answers (README, "A form for your users"): what it gives, and every kind of
/// message that is refused, with its reason.
@Suite struct ConsentFormAnswerTests {
    static let policy = Policy.default
    static let consent = ConsentFormRequest(kind: .consentForm, policy: policy, language: "en", reason: .noAnswer)
    static let privacy = ConsentFormRequest(kind: .privacyOptionsForm, policy: policy, language: "en", reason: nil)
    static let optOut = OptOutFormRequest(policy: policy, language: "en", region: .usState("CA"), current: nil)

    /// A consent form message with these fields over a custom answer with every list empty.
    static func message(form: String = "consentForm", choice: String = "custom", purposes: String = "[]",
                        objections: String = "[]", specialFeatures: String = "[]", partners: String = "[]",
                        partnerObjections: String = "[]") -> String {
        #"{"form":"\#(form)","choice":"\#(choice)","purposes":\#(purposes),"legitimateInterestObjections":\#(objections),"specialFeatures":\#(specialFeatures),"partners":\#(partners),"partnerObjections":\#(partnerObjections)}"#
    }

    static let consentAll = message(choice: "consentAll", purposes: "[1,2,3,4,5,6,7,8,9,10,11]", specialFeatures: "[1,2]",
                                    partners: #"[1,21,32,45,52,126,132,164,333,667,755,807,"atp:89","atp:326"]"#)
    static let rejectAll = message(choice: "rejectAll", objections: "[2,7,8,9,10,11]",
                                   partnerObjections: "[21,32,52,126,132,667,755,807]")

    @Test func consentAndDoNotConsentReadAsThePolicysConsentAllAndRejectAll() throws {
        #expect(try ConsentFormAnswer.result(of: Self.consentAll, for: Self.consent) == .answered(.consentAll(Self.policy)))
        #expect(try ConsentFormAnswer.result(of: Self.rejectAll, for: Self.consent) == .answered(.rejectAll(Self.policy)))
    }

    @Test func aCustomAnswerIsTheSwitchesItListsInAnyOrder() throws {
        let message = Self.message(purposes: "[3,1]", objections: "[7]", specialFeatures: "[1]",
                                   partners: #"["atp:89",755]"#, partnerObjections: "[755]")
        let expected = ConsentChoices(choice: .custom, purposes: [1, 3], legitimateInterestObjections: [7], specialFeatures: [1],
                                      partners: [755, .googleATP(89)], partnerObjections: [755])
        #expect(try ConsentFormAnswer.result(of: message, for: Self.consent) == .answered(expected))
        #expect(try ConsentFormAnswer.result(of: Self.message(), for: Self.consent) == .answered(ConsentChoices(choice: .custom)))
    }

    @Test func thePrivacyOptionsFormIsAnsweredUnderItsOwnName() throws {
        #expect(try ConsentFormAnswer.result(of: Self.message(form: "privacyOptionsForm", purposes: "[2]"), for: Self.privacy)
                == .answered(ConsentChoices(choice: .custom, purposes: [2])))
    }

    @Test func leavingWithoutAChoiceIsDismissed() throws {
        #expect(try ConsentFormAnswer.result(of: #"{"form":"consentForm","dismissed":true}"#, for: Self.consent) == .dismissed)
        #expect(try ConsentFormAnswer.result(of: #"{"dismissed":true,"form":"optOutForm"}"#, for: Self.optOut) == .dismissed)
    }

    @Test func theOptOutFormGivesTheOptOutsItNamesWhateverWasStored() throws {
        let stored = OptOutFormRequest(policy: Self.policy, language: "en", region: .usState("CA"),
                                       current: USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: true),
                                                               answeredAt: .init(timeIntervalSince1970: 0), region: .usState("CA")))
        let message = #"{"form":"optOutForm","sale":false,"sharing":true,"targetedAdvertising":true}"#
        #expect(try ConsentFormAnswer.result(of: message, for: stored) == .answered(OptOutChoices(sharing: true, targetedAdvertising: true)))
        #expect(try ConsentFormAnswer.result(of: message, for: Self.optOut) == .answered(OptOutChoices(sharing: true, targetedAdvertising: true)))
    }

    /// Refused messages of the consent form: the kind, and words the reason must hold.
    static let refusedConsentMessages: [(String, ConsentFormRefusal.Kind, String)] = [
        ("not json", .malformed, "not JSON"),
        ("[1, 2]", .malformed, "expected an object"),
        (#"{"choice":"consentAll"}"#, .malformed, "$.form: required field is missing"),
        (#"{"form":"consentForm"}"#, .malformed, "$.choice: required field is missing"),
        (#"{"form":"consentForm","choice":"custom","purposes":[]}"#, .malformed, "$.legitimateInterestObjections: required field is missing"),
        (#"{"form":"nonsense","dismissed":true}"#, .malformed, "is not one of: consentForm, privacyOptionsForm, optOutForm"),
        (message(choice: "everything"), .malformed, "$.choice: \"everything\" is not one of"),
        (message().replacingOccurrences(of: "}", with: #","extra":1}"#), .malformed, #"unknown field "extra""#),
        (message(purposes: #"["1"]"#), .malformed, #"$.purposes[0]: expected a whole number, found the string "1""#),
        (message(purposes: "[1.5]"), .malformed, "$.purposes[0]: expected a whole number"),
        (message(purposes: "1"), .malformed, "$.purposes: expected a list"),
        (message(purposes: "[1,1]"), .malformed, "$.purposes[1]: 1 is listed twice"),
        (message(partners: #"[755,755]"#), .malformed, "$.partners[1]: 755 is listed twice"),
        (message(partners: "[true]"), .malformed, "$.partners[0]: expected a vendor id or \"atp:N\""),
        (#"{"form":"consentForm","dismissed":false}"#, .malformed, "$.dismissed: is true or absent"),
        (#"{"form":"consentForm","dismissed":true,"choice":"custom"}"#, .malformed, #"unknown field "choice""#),
        (#"{"form":"consentForm","dismissed":"yes"}"#, .malformed, "$.dismissed: expected true or false"),
        (String(repeating: " ", count: 70_000) + "{}", .malformed, "more than the 65536 an answer can take"),
        (#"{"form":"optOutForm","sale":true,"sharing":false,"targetedAdvertising":false}"#, .wrongForm, "answers the optOutForm, but the page shows the consentForm"),
        (message(form: "privacyOptionsForm"), .wrongForm, "answers the privacyOptionsForm, but the page shows the consentForm"),
        (message(purposes: "[0]"), .unknownID, "$.purposes[0]: 0 is not an id"),
        (message(specialFeatures: "[-1]"), .unknownID, "$.specialFeatures[0]: -1 is not an id"),
        (message(objections: "[0]"), .unknownID, "$.legitimateInterestObjections[0]: 0 is not an id"),
        (message(partners: "[70000]"), .unknownID, "$.partners[0]: the number 70000 is not a partner id"),
        (message(partners: "[0]"), .unknownID, "$.partners[0]: the number 0 is not a partner id"),
        (message(partners: #"["atp:x"]"#), .unknownID, #"$.partners[0]: the string "atp:x" is not a partner id"#),
        (message(partners: #"["755"]"#), .unknownID, #"the string "755" is not a partner id"#),
        (message(partnerObjections: #"["atp:0"]"#), .unknownID, "$.partnerObjections[0]"),
        (message(purposes: "[12]"), .notOnForm, "purpose 12 is not on this form"),
        (message(specialFeatures: "[3]"), .notOnForm, "special feature 3 is not on this form"),
        (message(partners: "[9999]"), .notOnForm, "partner 9999 is not on this form"),
        (message(partners: #"["atp:1"]"#), .notOnForm, "partner atp:1 is not on this form"),
        (message(objections: "[1]"), .notOnForm, "no partner relies on legitimate interest for purpose 1"),
        (message(partnerObjections: "[1]"), .notOnForm, "partner 1 does not rely on legitimate interest"),
        (message(partnerObjections: #"["atp:89"]"#), .notOnForm, "partner atp:89 does not rely on legitimate interest"),
        (message(choice: "consentAll", purposes: "[1,2,3,4,5,6,7,8,9,10]", specialFeatures: "[1,2]",
                 partners: #"[1,21,32,45,52,126,132,164,333,667,755,807,"atp:89","atp:326"]"#),
         .contradictsChoice, "the lists do not match the choice consentAll"),
        (message(choice: "consentAll"), .contradictsChoice, "the lists do not match the choice consentAll"),
        (message(choice: "rejectAll", objections: "[2,7,8,9,10,11]", partners: "[755]", partnerObjections: "[21,32,52,126,132,667,755,807]"),
         .contradictsChoice, "the lists do not match the choice rejectAll"),
        (message(choice: "rejectAll"), .contradictsChoice, "the lists do not match the choice rejectAll, which gives"),
        (message(choice: "consentAll", purposes: "[1,2,3,4,5,6,7,8,9,10,11]", objections: "[2]", specialFeatures: "[1,2]",
                 partners: #"[1,21,32,45,52,126,132,164,333,667,755,807,"atp:89","atp:326"]"#),
         .contradictsChoice, "the lists do not match the choice consentAll"),
    ]

    @Test(arguments: refusedConsentMessages.indices)
    func aBadConsentMessageIsRefusedWithItsKindAndReason(index: Int) {
        let (message, kind, words) = Self.refusedConsentMessages[index]
        #expect {
            _ = try ConsentFormAnswer.result(of: message, for: Self.consent)
        } throws: { error in
            guard let refusal = error as? ConsentFormRefusal else { return false }
            return refusal.kind == kind && refusal.reason.contains(words)
        }
    }

    static let refusedOptOutMessages: [(String, ConsentFormRefusal.Kind, String)] = [
        (#"{"form":"optOutForm","sale":"yes","sharing":false,"targetedAdvertising":false}"#, .malformed, "$.sale: expected true or false"),
        (#"{"form":"optOutForm","sale":true,"sharing":false}"#, .malformed, "$.targetedAdvertising: required field is missing"),
        (#"{"form":"optOutForm","sale":true,"sharing":false,"targetedAdvertising":false,"gpc":true}"#, .malformed, #"unknown field "gpc""#),
        (rejectAll, .wrongForm, "answers the consentForm, but the page shows the optOutForm"),
        ("", .malformed, "not JSON"),
    ]

    @Test(arguments: refusedOptOutMessages.indices)
    func aBadOptOutMessageIsRefusedWithItsKindAndReason(index: Int) {
        let (message, kind, words) = Self.refusedOptOutMessages[index]
        #expect {
            _ = try ConsentFormAnswer.result(of: message, for: Self.optOut)
        } throws: { error in
            guard let refusal = error as? ConsentFormRefusal else { return false }
            return refusal.kind == kind && refusal.reason.contains(words)
        }
    }

    @Test func everyKindOfRefusalIsTested() {
        let kinds = Set((Self.refusedConsentMessages + Self.refusedOptOutMessages).map(\.1))
        #expect(kinds == Set(ConsentFormRefusal.Kind.allCases))
    }

    @Test func theRefusalScriptCarriesTheReasonAsOneScriptSafeString() {
        let script = ConsentFormPage.refusal("purpose 12 </script> \u{2028}")
        #expect(script == #"window.consentEngineForm&&window.consentEngineForm.refused("purpose 12 \u003c/script> \u2028");"#)
    }
}
