import ConsentEngine
import ConsentWeb
import ConsentJSON

/// The message a web page posts as the consent form's answer (ConsentWeb's `ConsentFormAnswer`): whatever a
/// page sends, the reader refuses it or gives an answer the form could have given, which reads the same
/// when written again as the page writes it.
enum FormTargets {
    static let all = [formAnswer]

    static let consent = ConsentFormRequest(kind: .consentForm, policy: .default, language: "en", reason: .noAnswer)
    static let optOut = OptOutFormRequest(policy: .default, language: "en", region: .usState("CA"), current: nil)

    static let formAnswer = FuzzTarget(name: "form-answer", summary: "the consent form's JSON answer, read against the consent and opt-out forms") { input in
        let message = String(decoding: input, as: UTF8.self)
        var violations: [String] = []
        if case .answered(let choices)? = try? ConsentFormAnswer.result(of: message, for: consent) {
            violations += check(choices)
            let again = try? ConsentFormAnswer.result(of: written(choices), for: consent)
            if again != .answered(choices) { violations.append("an answer written as the page writes it reads as \(String(describing: again))") }
        }
        _ = try? ConsentFormAnswer.result(of: message, for: optOut)
        return violations
    }

    /// What the form can give: every id one it shows; Consent and Do not consent the policy's own lists.
    static func check(_ choices: ConsentChoices) -> [String] {
        let policy = Policy.default
        var violations: [String] = []
        switch choices.choice {
        case .consentAll where choices != .consentAll(policy): violations.append("consentAll with other lists: \(choices)")
        case .rejectAll where choices != .rejectAll(policy): violations.append("rejectAll with other lists: \(choices)")
        default: break
        }
        if !Set(choices.purposes).isSubset(of: policy.purposes.map(\.id)) { violations.append("a purpose off the form: \(choices.purposes)") }
        if !Set(choices.specialFeatures).isSubset(of: policy.specialFeatures.map(\.id)) {
            violations.append("a special feature off the form: \(choices.specialFeatures)")
        }
        if !Set(choices.partners).isSubset(of: policy.partnerIDs) { violations.append("a partner off the form: \(choices.partners)") }
        let interests = Set(policy.partners.flatMap(\.legitimateInterestPurposes))
        if !Set(choices.legitimateInterestObjections).isSubset(of: interests) {
            violations.append("an objection to no legitimate interest: \(choices.legitimateInterestObjections)")
        }
        return violations
    }

    /// The answer as the page's script writes it.
    static func written(_ choices: ConsentChoices) -> String {
        let partners: [JSONValue] = choices.partners.map { partner in
            if case .vendor(let id) = partner { return .integer(id) }
            return .string(partner.description)
        }
        return JSONWriter.text(.object([
            .init(key: "form", value: .string("consentForm")), .init(key: "choice", value: .string(choices.choice.rawValue)),
            .init(key: "purposes", value: .integers(choices.purposes)),
            .init(key: "legitimateInterestObjections", value: .integers(choices.legitimateInterestObjections)),
            .init(key: "specialFeatures", value: .integers(choices.specialFeatures)),
            .init(key: "partners", value: .array(partners)),
            .init(key: "partnerObjections", value: .integers(choices.partnerObjections)),
        ]), style: .compact)
    }
}
