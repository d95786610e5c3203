#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// A policy file as read from disk: the policy, and the vendor list it may name for its partners.
struct PolicyDocument {
    var policy: Policy
    var vendorList: VendorListReference?
}

/// `"vendorList": {"path": "gvl.json", "vendors": [755, 1]}`: partners taken from an IAB Global Vendor List.
struct VendorListReference: Sendable, Equatable {
    var path: String
    var vendors: [Int]?
}

/// The policy file format (documented in `policies/README.md`), read through the JSON kit: the fields of
/// ``PolicyFields`` and no others, at every level (an unknown field is refused), optional fields have documented defaults (so adding a field
/// never needs a new format version), and every error names the JSON path.
package enum PolicyJSON {
    /// The message of a policy in a format newer than this version reads; ``PolicyLoader`` gives it the kind
    /// ``PolicyError/Kind/newerFormat``.
    static func newerFormat(_ version: Int) -> String {
        "formatVersion \(version) is newer than this version of the engine reads (\(Policy.newestFormatVersion))"
    }

    static func read(_ node: JSONNode) throws(JSONFieldError) -> PolicyDocument {
        let object = try node.object(allowed: PolicyFields.policy)
        let formatVersion = try object.optional("formatVersion")?.int(in: 1...Int.max) ?? 1
        guard formatVersion <= Policy.newestFormatVersion else {
            throw try object.required("formatVersion").error(Self.newerFormat(formatVersion))
        }
        let policy = Policy(
            formatVersion: formatVersion,
            id: try object.required("id").string(),
            revision: try object.optional("revision")?.int() ?? 1,
            tcfPolicyVersion: try object.optional("tcfPolicyVersion")?.int() ?? 4,
            publisher: try publisher(object.required("publisher")),
            regions: try object.optional("regions").map { node throws(JSONFieldError) in try regions(node) } ?? .standard,
            consent: try object.optional("consent").map { node throws(JSONFieldError) in try consent(node) } ?? .standard,
            purposes: try object.required("purposes").array().map { node throws(JSONFieldError) in try purpose(node) },
            specialFeatures: try object.optional("specialFeatures")?.array().map { node throws(JSONFieldError) in try purpose(node) } ?? [],
            partners: try object.optional("partners")?.array().map { node throws(JSONFieldError) in try partner(node) } ?? [],
            names: try object.optional("names").map { node throws(JSONFieldError) in try PartnerJSON.names(node) } ?? DisclosureNames(),
            formTexts: try texts(object.required("texts")),
            tracking: try object.optional("tracking").map { node throws(JSONFieldError) in try tracking(node) }
                ?? TrackingSettings(explainer: nil, skipWhenPurposeOneRefused: false),
            app: try app(object.required("app")),
            tcf: try object.optional("tcf").map { node throws(JSONFieldError) in try tcf(node) } ?? .standard,
            gpp: try object.optional("gpp").map { node throws(JSONFieldError) in
                let gpp = try node.object(allowed: PolicyFields.gpp)
                return GPPSettings(usnatVersion: try gpp.optional("usnatVersion")?.int(in: 1...2) ?? 1,
                                   stateSections: try gpp.optional("stateSections")?.bool() ?? false)
            } ?? .standard,
            consentMode: ConsentModeSettings(analyticsStoragePurpose: try object.optional("consentMode").map { node throws(JSONFieldError) in
                try node.object(allowed: PolicyFields.consentMode).optional("analyticsStoragePurpose")?.int(in: 1...11)
            } ?? nil),
            regionHints: try object.optional("regionHints").map { node throws(JSONFieldError) in try regionHints(node) }
                ?? RegionHintKind.allCases,
            regionHintConflict: try object.optional("regionHintConflict")?.choice(RegionHintConflict.self) ?? .protective,
            testDeviceIDs: try object.optional("testDeviceIDs")?.strings() ?? [],
            presentation: try object.optional("presentation").map { node throws(JSONFieldError) in
                PresentationSettings(timeLimitSeconds: try node.object(allowed: PolicyFields.presentation).optional("timeLimitSeconds")?
                    .int(in: 1...3600) ?? PresentationSettings.standard.timeLimitSeconds)
            } ?? .standard,
            controller: try object.optional("controller").map { node throws(JSONFieldError) in try controller(node) },
            defaultLanguage: try object.optional("defaultLanguage")?.string().lowercased() ?? "en")
        let vendorList = try object.optional("vendorList").map { node throws(JSONFieldError) in
            let reference = try node.object(allowed: PolicyFields.vendorList)
            return VendorListReference(path: try reference.required("path").string(),
                                       vendors: try reference.optional("vendors")?.ints())
        }
        return PolicyDocument(policy: policy, vendorList: vendorList)
    }

    private static func controller(_ node: JSONNode) throws(JSONFieldError) -> PolicyController {
        let object = try node.object(allowed: PolicyFields.controller)
        let address = try object.required("address").object(allowed: PolicyFields.address)
        return PolicyController(
            name: try object.required("name").string(),
            contact: try object.required("contact").string(),
            email: try object.required("email").string(),
            phone: try object.required("phone").string(),
            address: PolicyController.PostalAddress(
                streetAddress: try address.required("streetAddress").string(),
                addressCountry: try address.required("addressCountry").string()),
            url: try object.required("url").string(),
            privacyPolicyURL: try object.required("privacyPolicyURL").string())
    }

    private static func publisher(_ node: JSONNode) throws(JSONFieldError) -> Publisher {
        let object = try node.object(allowed: PolicyFields.publisher)
        return Publisher(name: try object.required("name").string(), country: try object.required("country").string())
    }

    private static func regions(_ node: JSONNode) throws(JSONFieldError) -> RegionSettings {
        let object = try node.object(allowed: PolicyFields.regions)
        let gdpr = try object.optional("gdpr")?.array().map { node throws(JSONFieldError) in
            try datedEntry(node, subjectKey: "region") { node throws(JSONFieldError) in
                let name = try node.string()
                guard let region = Region(resolvedName: name) else {
                    throw node.error("'\(name)' is not a resolved region (EEA, UK, CH, US-XX, US, other, unknown)")
                }
                return region
            }
        }
        var debugUSState = RegionSettings.standard.debugUSState
        if let node = object.optional("debugUSState") {
            let text = try node.string()
            guard text.hasPrefix("US-"), case .usState(let state)? = Region(resolvedName: text) else {
                throw node.error("'\(text)' is not a US state; write US- and a postal code, e.g. US-CA")
            }
            debugUSState = state
        }
        let states = try object.optional("regulatedUSStates")?.array().map { node throws(JSONFieldError) in
            try datedEntry(node, subjectKey: "state") { node throws(JSONFieldError) in try node.string() }
        }
        return RegionSettings(
            gdpr: gdpr ?? RegionSettings.standard.gdpr,
            regulatedUSStates: states ?? [],
            unknownRegion: try object.optional("unknownRegion")?.choice(UnknownRegionHandling.self) ?? .unknown,
            debugUSState: debugUSState,
            unitedStatesWithoutState: try object.optional("unitedStatesWithoutState")?.choice(UnitedStatesHandling.self) ?? .usStates)
    }

    /// `regionHints`: the kinds that count, in order, each once.
    private static func regionHints(_ node: JSONNode) throws(JSONFieldError) -> [RegionHintKind] {
        var kinds: [RegionHintKind] = []
        for element in try node.array() {
            let kind = try element.choice(RegionHintKind.self)
            if kinds.contains(kind) { throw element.error("\(kind.rawValue) is listed twice") }
            kinds.append(kind)
        }
        return kinds
    }

    // The fields of a dated entry and of a partner, made once rather than for each entry and partner.
    private static let datedRegionFields = ["region"] + PolicyFields.datedEntry
    private static let datedStateFields = ["state"] + PolicyFields.datedEntry
    private static let partnerFields = PolicyFields.partner + PolicyFields.partnerAliases

    /// An entry of the regions block: the subject alone (`"CA"`, in force), or an object naming it under
    /// `subjectKey` with `from` and `until` days (`{"state": "IN", "from": "2026-01-01"}`).
    private static func datedEntry<Subject>(
        _ node: JSONNode, subjectKey: String, subject: (JSONNode) throws(JSONFieldError) -> Subject
    ) throws(JSONFieldError) -> DatedEntry<Subject> {
        guard case .object = node.value else { return DatedEntry(try subject(node)) }
        let object = try node.object(allowed: subjectKey == "state" ? datedStateFields : datedRegionFields)
        func day(_ key: String) throws(JSONFieldError) -> PolicyDay? {
            guard let field = object.optional(key) else { return nil }
            let text = try field.string()
            guard let day = PolicyDay(parsing: text) else {
                throw field.error("\"\(text)\" is not \(PolicyDay.expectation)")
            }
            return day
        }
        return DatedEntry(try subject(object.required(subjectKey)), from: try day("from"), until: try day("until"))
    }

    private static func consent(_ node: JSONNode) throws(JSONFieldError) -> ConsentSettings {
        let object = try node.object(allowed: PolicyFields.consent)
        let standard = ConsentSettings.standard
        return ConsentSettings(
            maximumAgeMonths: try object.optional("maximumAgeMonths")?.int() ?? standard.maximumAgeMonths,
            reconsentOnRevision: try object.optional("reconsentOnRevision")?.bool() ?? standard.reconsentOnRevision,
            reconsentOnNewPartners: try object.optional("reconsentOnNewPartners")?.bool() ?? standard.reconsentOnNewPartners,
            reconsentOnPartnerPurposesChanged: try object.optional("reconsentOnPartnerPurposesChanged")?.bool()
                ?? standard.reconsentOnPartnerPurposesChanged,
            showDoNotConsent: try object.optional("showDoNotConsent")?.bool() ?? standard.showDoNotConsent,
            showCloseButton: try object.optional("showCloseButton")?.bool() ?? standard.showCloseButton)
    }

    private static func purpose(_ node: JSONNode) throws(JSONFieldError) -> Purpose {
        let object = try node.object(allowed: PolicyFields.purpose)
        return Purpose(id: try object.required("id").int(), name: try object.required("name").stringMap(),
                       description: try object.optional("description")?.stringMap() ?? [:])
    }

    /// A partner, by the Global Vendor List's field names (`PartnerJSON`); `legitimateInterestPurposes` and
    /// `privacyURL`, the names policies have always used, are read as `legIntPurposes` and `urls`.
    private static func partner(_ node: JSONNode) throws(JSONFieldError) -> Partner {
        let object = try node.object(allowed: partnerFields)
        let id: PartnerID
        switch (object.optional("id"), object.optional("googleATP")) {
        case (let vendor?, nil): id = .vendor(try vendor.int(in: 1...65535))
        case (nil, let atp?): id = .googleATP(try atp.int(in: 1...Int(Int32.max)))
        default: throw node.error("a partner has either \"id\" (its Global Vendor List id) or \"googleATP\" (its Google ATP id)")
        }
        /// The field `name`, or its vendor list's name `listName`; both at once is a mistake.
        func either(_ name: String, or listName: String) throws(JSONFieldError) -> JSONNode? {
            guard let node = object.optional(name) else { return object.optional(listName) }
            guard object.optional(listName) == nil else {
                throw node.error("give \(name) or \(listName) (the vendor list's name for it), not both")
            }
            return node
        }
        var disclosures = try PartnerJSON.disclosures(object, strict: true)
        if let privacy = try either("privacyURL", or: "urls"), object.optional("urls") == nil {
            disclosures.values.links = [Partner.Links(language: nil, privacy: try privacy.string())]
        }
        return Partner(
            id: id,
            name: try object.required("name").string(),
            purposes: try object.optional("purposes")?.ints() ?? [],
            legitimateInterestPurposes: try either("legitimateInterestPurposes", or: "legIntPurposes")?.ints() ?? [],
            specialFeatures: try object.optional("specialFeatures")?.ints() ?? [],
            disclosures: disclosures)
    }

    private static func texts(_ node: JSONNode) throws(JSONFieldError) -> PolicyTexts {
        var texts: PolicyTexts = [:]
        for member in try node.anyObject().members {
            texts[member.key] = TextTable(entries: try JSONNode(member.value, path: JSONPath.appending(member.key, to: node.path)).stringMembers())
        }
        return texts
    }

    private static func tracking(_ node: JSONNode) throws(JSONFieldError) -> TrackingSettings {
        let object = try node.object(allowed: PolicyFields.tracking)
        var explainers: [String: Explainer]?
        if let explainer = object.optional("explainer") {
            var byLanguage: [String: Explainer] = [:]
            for member in try explainer.anyObject().members {
                let texts = try JSONNode(member.value, path: JSONPath.appending(member.key, to: explainer.path))
                    .object(allowed: PolicyFields.explainer)
                byLanguage[member.key] = Explainer(
                    title: try texts.required("title").string(), text: try texts.required("text").string(),
                    button: displayLabel(try texts.required("button").string()))
            }
            explainers = byLanguage
        }
        return TrackingSettings(
            explainer: explainers,
            skipWhenPurposeOneRefused: try object.optional("skipWhenPurposeOneRefused")?.bool() ?? false)
    }

    private static func tcf(_ node: JSONNode) throws(JSONFieldError) -> TCFSettings {
        let object = try node.object(allowed: PolicyFields.tcf)
        let standard = TCFSettings.standard
        let restrictions = try object.optional("publisherRestrictions")?.array().map { node throws(JSONFieldError) in
            let restriction = try node.object(allowed: PolicyFields.publisherRestriction)
            return PublisherRestrictionSetting(
                purpose: try restriction.required("purpose").int(in: 1...11),
                type: try restriction.required("type").int(in: 0...2),
                vendors: try restriction.required("vendors").ints(in: 1...65535))
        }
        let publisher = try object.optional("publisherPurposes")?.object(allowed: PolicyFields.publisherPurposes)
        return TCFSettings(
            cmpID: try object.optional("cmpId")?.int(in: 2...4095) ?? standard.cmpID,
            cmpIDIsPlaceholder: try object.optional("cmpIdIsPlaceholder")?.bool() ?? (object.optional("cmpId") == nil),
            cmpVersion: try object.optional("cmpVersion")?.int(in: 0...4095) ?? standard.cmpVersion,
            consentScreen: try object.optional("consentScreen")?.int(in: 0...63) ?? standard.consentScreen,
            vendorListVersion: try object.optional("vendorListVersion")?.int(in: 0...4095) ?? standard.vendorListVersion,
            publisherRestrictions: restrictions ?? [],
            publisherConsentPurposes: try publisher?.optional("consent")?.ints(in: 1...11) ?? [],
            publisherLegitimateInterestPurposes: try publisher?.optional("legitimateInterest")?.ints(in: 1...11) ?? [])
    }

    private static func app(_ node: JSONNode) throws(JSONFieldError) -> AppSettings {
        let object = try node.object(allowed: PolicyFields.app)
        return AppSettings(
            displayName: try object.required("displayName").string(),
            trackingUsageDescription: try object.optional("trackingUsageDescription")?.stringMap() ?? [:])
    }
}
