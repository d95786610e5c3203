/// Checks that hold across fields, after the JSON shape is known to be right. Each failure names the
/// JSON path of the value to fix.
enum PolicyValidation {
    struct Failure: Error {
        var path: String
        var message: String
    }

    static func validate(_ policy: Policy) throws(Failure) {
        func fail(_ path: String, _ message: String) throws(Failure) { throw Failure(path: path, message: message) }

        if policy.id.isEmpty { try fail("$.id", "must not be empty") }
        if policy.revision < 1 { try fail("$.revision", "must be 1 or more") }
        if !(2...63).contains(policy.tcfPolicyVersion) { try fail("$.tcfPolicyVersion", "must be a TCF policy version (4 for TCF v2.2, 5 for v2.3)") }
        if policy.publisher.country.count != 2 || policy.publisher.country.uppercased() != policy.publisher.country {
            try fail("$.publisher.country", "must be an ISO 3166-1 alpha-2 code in capitals, e.g. DE")
        }
        // Each path is written only for a message: most policies pass, and most entries of every policy.
        for (index, entry) in policy.regions.gdpr.enumerated() {
            func path() -> String { "$.regions.gdpr[\(index)]" }
            if ![Region.eea, .uk, .ch].contains(entry.subject) {
                try fail(entry.isDated ? "\(path()).region" : path(), "'\(entry.subject)' cannot be a GDPR region; use EEA, UK or CH")
            }
            try checkDates(entry, path: path())
        }
        for (index, entry) in policy.regions.regulatedUSStates.enumerated() {
            func path() -> String { "$.regions.regulatedUSStates[\(index)]" }
            if !RegionTables.usStates.contains(entry.subject) {
                try fail(entry.isDated ? "\(path()).state" : path(), "'\(entry.subject)' is not a US state postal code (CA, VA, …)")
            }
            try checkDates(entry, path: path())
        }
        if !(1...120).contains(policy.consent.maximumAgeMonths) {
            try fail("$.consent.maximumAgeMonths", "must be between 1 and 120 months")
        }
        try checkIDs(policy.purposes.map(\.id), valid: 1...11, path: "$.purposes", what: "TCF purpose")
        try checkIDs(policy.specialFeatures.map(\.id), valid: 1...2, path: "$.specialFeatures", what: "TCF special feature")
        try checkComplete(policy.purposes.map(\.id), all: 1...11, path: "$.purposes", what: "purpose")
        try checkComplete(policy.specialFeatures.map(\.id), all: 1...2, path: "$.specialFeatures", what: "special feature")
        for (index, purpose) in policy.purposes.enumerated() where purpose.name["en"] == nil {
            try fail("$.purposes[\(index)].name.en", "every purpose needs an English name")
        }
        for (index, feature) in policy.specialFeatures.enumerated() where feature.name["en"] == nil {
            try fail("$.specialFeatures[\(index)].name.en", "every special feature needs an English name")
        }
        var seenPartners = Set<PartnerID>()
        for (index, partner) in policy.partners.enumerated() {
            func path() -> String { "$.partners[\(index)]" }
            let field = partner.id.atpID == nil ? "id" : "googleATP"
            if !seenPartners.insert(partner.id).inserted { try fail("\(path()).\(field)", "partner \(partner.id) is listed twice") }
            if partner.id.atpID != nil, !(partner.purposes.isEmpty && partner.legitimateInterestPurposes.isEmpty) {
                // Google's Additional Consent carries one consent per ATP, not per purpose.
                try fail("\(path()).purposes", "a Google ATP partner is consented as a whole; list no purposes for it")
            }
            for (list, name) in [(partner.purposes, "purposes"), (partner.legitimateInterestPurposes, "legitimateInterestPurposes")] {
                for (i, id) in list.enumerated() where !(1...11).contains(id) {
                    try fail("\(path()).\(name)[\(i)]", "\(id) is not a TCF purpose (1–11)")
                }
            }
            for (i, id) in partner.specialFeatures.enumerated() where !(1...2).contains(id) {
                try fail("\(path()).specialFeatures[\(i)]", "\(id) is not a TCF special feature (1–2)")
            }
            for (i, id) in partner.flexiblePurposes.enumerated()
            where !partner.purposes.contains(id) && !partner.legitimateInterestPurposes.contains(id) {
                try fail("\(path()).flexiblePurposes[\(i)]", "purpose \(id) is flexible but declared neither in purposes nor in legitimateInterestPurposes")
            }
        }
        for (index, restriction) in policy.tcf.publisherRestrictions.enumerated()
        where restriction.purpose == 1 && restriction.type == 2 {
            try fail("$.tcf.publisherRestrictions[\(index)].type", "purpose 1 cannot rest on legitimate interest (type 2)")
        }
        for (index, purpose) in policy.tcf.publisherLegitimateInterestPurposes.enumerated() where [1, 3, 4, 5, 6].contains(purpose) {
            try fail("$.tcf.publisherPurposes.legitimateInterest[\(index)]", "purposes 1 and 3–6 cannot rest on legitimate interest (TCF v2.2)")
        }
        try validateTexts(policy)
        if policy.defaultLanguage != "en" && policy.formTexts[policy.defaultLanguage] == nil {
            try fail("$.defaultLanguage", "'\(policy.defaultLanguage)' has no texts in this policy; give texts.\(policy.defaultLanguage) or leave it at en")
        }
        if let explainer = policy.tracking.explainer, explainer["en"] == nil {
            try fail("$.tracking.explainer.en", "the explainer needs an English version")
        }
        if let controller = policy.controller { try validate(controller) }
        if policy.app.displayName.isEmpty { try fail("$.app.displayName", "must not be empty") }
        if policy.app.trackingUsageDescription["en"]?.isEmpty ?? true {
            try fail("$.app.trackingUsageDescription.en", "the tracking usage description needs an English text")
        }
    }

    /// A dated entry of the regions block ends after it starts: an `until` on or before its `from` would
    /// never be in force, which is a mistake in the file rather than a rule.
    private static func checkDates<Subject>(_ entry: DatedEntry<Subject>, path: @autoclosure () -> String) throws(Failure) {
        guard let from = entry.from, let until = entry.until, until <= from else { return }
        throw Failure(path: "\(path()).until", message: "\(until) is not after from (\(from)): the entry would never be in force")
    }

    /// The `controller` block: every text filled in, an e-mail address, web addresses, a country code.
    private static func validate(_ controller: PolicyController) throws(Failure) {
        let texts = [("name", controller.name), ("contact", controller.contact), ("email", controller.email),
                     ("phone", controller.phone), ("address.streetAddress", controller.address.streetAddress)]
        for (field, text) in texts where text.trimmedWhitespace.isEmpty {
            throw Failure(path: "$.controller.\(field)", message: "must not be empty")
        }
        let parts = controller.email.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count != 2 || parts[0].isEmpty || !parts[1].contains(".") || controller.email.contains(" ") {
            throw Failure(path: "$.controller.email", message: "'\(controller.email)' is not an e-mail address (name@example.com)")
        }
        let country = controller.address.addressCountry
        if country.count != 2 || !country.allSatisfy({ ("A"..."Z").contains($0) }) {
            throw Failure(path: "$.controller.address.addressCountry", message: "must be an ISO 3166-1 alpha-2 code in capitals, e.g. DE")
        }
        for (field, url) in [("url", controller.url), ("privacyPolicyURL", controller.privacyPolicyURL)] {
            if !(url.hasPrefix("https://") || url.hasPrefix("http://")) || url.contains(" ") {
                throw Failure(path: "$.controller.\(field)", message: "'\(url)' is not a web address (https://…)")
            }
        }
    }

    private static func checkIDs(_ ids: [Int], valid: ClosedRange<Int>, path: String, what: String) throws(Failure) {
        var seen = Set<Int>()
        for (index, id) in ids.enumerated() {
            if !valid.contains(id) {
                throw Failure(path: "\(path)[\(index)].id", message: "\(id) is not a \(what) (\(valid.lowerBound)–\(valid.upperBound))")
            }
            if !seen.insert(id).inserted {
                throw Failure(path: "\(path)[\(index)].id", message: "\(what) \(id) is listed twice")
            }
        }
    }

    /// The form shows every TCF purpose and special feature: a policy that leaves one out would ask for
    /// consent without disclosing it.
    private static func checkComplete(_ ids: [Int], all: ClosedRange<Int>, path: String, what: String) throws(Failure) {
        let missing = all.filter { !ids.contains($0) }
        guard !missing.isEmpty else { return }
        let list = missing.map(String.init).joined(separator: ", ")
        throw Failure(path: path, message: "TCF \(what)\(missing.count == 1 ? "" : "s") \(list) \(missing.count == 1 ? "is" : "are") missing: "
            + "a policy lists all \(all.count) \(what)s (\(all.lowerBound)–\(all.upperBound)), each with an English name")
    }

    /// Every text key's name, as a policy's texts spell it: made once, not for each policy checked.
    private static let knownTextKeys = Set(TextKey.allCases.map(\.rawValue))

    private static func validateTexts(_ policy: Policy) throws(Failure) {
        guard let english = policy.formTexts["en"] else {
            throw Failure(path: "$.texts.en", message: "the form needs English texts")
        }
        for language in policy.formTexts.languages.sorted() {
            if let key = policy.formTexts[language]?.keys.filter({ !knownTextKeys.contains($0) }).min() {
                throw Failure(path: "$.texts.\(language).\(key)", message: "unknown text key (known: \(knownTextKeys.sorted().joined(separator: ", ")))")
            }
        }
        for key in TextKey.allCases where english[key.rawValue] == nil && key.builtInEnglish == nil {
            throw Failure(path: "$.texts.en.\(key.rawValue)", message: "missing English text")
        }
    }
}
