@testable import ConsentEngine
import ConsentImpact
import Foundation
import ConsentJSON
import Testing

/// One change made to the default policy and the changes the diff must name for it.
struct DiffCase: Sendable, CustomTestStringConvertible {
    var name: String
    var change: @Sendable (inout Policy) -> Void
    var expected: [Expected]

    struct Expected: Sendable, Equatable, CustomStringConvertible {
        var kind: PolicyChange.Kind
        var path: String
        var old: JSONValue
        var new: JSONValue
        var description: String { "\(kind.rawValue) \(path): \(old) → \(new)" }
    }

    init(_ name: String, _ expected: [(PolicyChange.Kind, String, JSONValue, JSONValue)], change: @escaping @Sendable (inout Policy) -> Void) {
        self.name = name
        self.change = change
        self.expected = expected.map { Expected(kind: $0.0, path: $0.1, old: $0.2, new: $0.3) }
    }

    var testDescription: String { name }
}

private let extraPartner = Partner(id: 1126, name: "Example Measurement Ltd", purposes: [1, 7, 9],
                                   legitimateInterestPurposes: [], specialFeatures: [], privacyURL: nil)
/// A partner as the policy file format writes it: these fields, then every disclosure not disclosed, and `urls`.
private func writtenPartner(_ head: KeyValuePairs<String, JSONValue>, urls: [JSONValue] = []) -> JSONValue {
    guard case .object(let members) = JSONValue.members(head) else { return .null }
    return .object(members + [
        "flexiblePurposes", "specialPurposes", "features", "dataDeclaration",
    ].map { JSONValue.Member(key: $0, value: .integers([])) } + [
        .init(key: "dataRetention", value: .members(["stdRetention": .null, "purposes": .object([]), "specialPurposes": .object([])])),
    ] + ["cookieMaxAgeSeconds", "usesCookies", "cookieRefresh", "usesNonCookieAccess", "deviceStorageDisclosureUrl"].map {
        JSONValue.Member(key: $0, value: .null)
    } + [.init(key: "urls", value: .array(urls))])
}

private let extraPartnerJSON = writtenPartner([
    "id": .integer(1126), "name": .string("Example Measurement Ltd"), "purposes": .integers([1, 7, 9]),
    "legitimateInterestPurposes": .integers([]), "specialFeatures": .integers([]),
])

struct PolicyDiffTests {
    static let cases: [DiffCase] = [
        // Identity.
        DiffCase("the revision", [(.revisionChanged, "$.revision", .integer(1), .integer(2))]) { $0.revision = 2 },
        DiffCase("the id", [(.idChanged, "$.id", .string("publisher-test-ads"), .string("next"))]) { $0.id = "next" },
        DiffCase("the TCF policy version", [(.tcfPolicyVersionChanged, "$.tcfPolicyVersion", .integer(5), .integer(6))]) {
            $0.tcfPolicyVersion = 6
        },
        DiffCase("the format version", [(.formatVersionChanged, "$.formatVersion", .integer(1), .integer(2))]) { $0.formatVersion = 2 },
        DiffCase("the CMP id", [(.cmpIdChanged, "$.tcf.cmpId", .integer(4095), .integer(300))]) { $0.tcf.cmpID = 300 },
        DiffCase("the publisher's name", [(.publisherChanged, "$.publisher.name", .string("Publisher Test Ads"), .string("Shop Ltd"))]) {
            $0.publisher.name = "Shop Ltd"
        },
        DiffCase("a controller named", [(.controllerChanged, "$.controller", .null, .members([
            "name": .string("Shop Ltd"), "contact": .string("Data Protection Officer"), "email": .string("privacy@shop.example"),
            "phone": .string("+49 30 1234567"),
            "address": .members(["streetAddress": .string("1 Main Street, Berlin"), "addressCountry": .string("DE")]),
            "url": .string("https://shop.example"), "privacyPolicyURL": .string("https://shop.example/privacy"),
        ]))]) {
            $0.controller = PolicyController(
                name: "Shop Ltd", contact: "Data Protection Officer", email: "privacy@shop.example", phone: "+49 30 1234567",
                address: .init(streetAddress: "1 Main Street, Berlin", addressCountry: "DE"),
                url: "https://shop.example", privacyPolicyURL: "https://shop.example/privacy")
        },
        // Regions.
        DiffCase("the unknown-region switch", [(.regionsChanged, "$.regions.unknownRegion", .string("unknown"), .string("gdpr"))]) {
            $0.regions.unknownRegion = .gdpr
        },
        DiffCase("the GDPR regions", [(.regionsChanged, "$.regions.gdpr", .strings(["EEA", "UK", "CH"]), .strings(["EEA", "UK"]))]) {
            $0.regions.gdpr = [DatedEntry(.eea), DatedEntry(.uk)]
        },
        DiffCase("a state's date moved", [(.regionDatesChanged, "$.regions.regulatedUSStates[?@.state==\"IN\"].from",
                                            .string("2026-01-01"), .string("2026-02-01"))]) {
            let index = $0.regions.regulatedUSStates.firstIndex { $0.subject == "IN" }!
            $0.regions.regulatedUSStates[index].from = PolicyDay(parsing: "2026-02-01")
        },
        DiffCase("a state's end set", [(.regionDatesChanged, "$.regions.regulatedUSStates[?@.state==\"TX\"].until",
                                       .null, .string("2030-01-01"))]) {
            let index = $0.regions.regulatedUSStates.firstIndex { $0.subject == "TX" }!
            $0.regions.regulatedUSStates[index].until = PolicyDay(parsing: "2030-01-01")
        },
        // Purposes and special features.
        DiffCase("a purpose's German name", [(.purposeTextChanged, "$.purposes[?@.id==3].name.de",
                                              .string("Profile für personalisierte Werbung erstellen"), .string("Werbeprofile erstellen"))]) {
            $0.purposes[2].name["de"] = "Werbeprofile erstellen"
        },
        DiffCase("a purpose's name in a new language", [(.purposeTextChanged, "$.purposes[?@.id==1].name.fr", .null, .string("Stocker"))]) {
            $0.purposes[0].name["fr"] = "Stocker"
        },
        DiffCase("a purpose removed", [(.purposeRemoved, "$.purposes[?@.id==11]", PolicyWriting.value(Policy.default)["purposes"].flatMap(lastMember)!, .null)]) {
            $0.purposes.removeLast()
        },
        DiffCase("the purposes reordered", [(.purposesReordered, "$.purposes", .integers(Array(1...11)), .integers([2, 1] + Array(3...11)))]) {
            $0.purposes.swapAt(0, 1)
        },
        DiffCase("a special feature's English name", [(.specialFeatureTextChanged, "$.specialFeatures[?@.id==1].name.en",
                                                       .string("Use precise geolocation data"), .string("Use your precise location"))]) {
            $0.specialFeatures[0].name["en"] = "Use your precise location"
        },
        // Partners.
        DiffCase("a partner added", [(.partnerAdded, "$.partners[?@.id==1126]", .null, extraPartnerJSON)]) { $0.partners.append(extraPartner) },
        DiffCase("an ATP removed", [(.partnerRemoved, "$.partners[?@.googleATP==89]", writtenPartner([
            "googleATP": .integer(89), "name": .string("Facebook"), "purposes": .integers([]), "legitimateInterestPurposes": .integers([]),
            "specialFeatures": .integers([]),
        ], urls: [.members(["langId": .null, "privacy": .string("https://www.facebook.com/about/privacy/update"), "legIntClaim": .null])]),
        .null)]) { $0.partners.removeAll { $0.id == .googleATP(89) } },
        DiffCase("a partner's purposes", [(.partnerPurposesChanged, "$.partners[?@.id==755].purposes", .integers([1, 3, 4]), .integers([1, 3, 4, 5]))]) {
            $0.partners[0].purposes = [1, 3, 4, 5]
        },
        DiffCase("a partner's legitimate interests", [(.partnerLegitimateInterestsChanged, "$.partners[?@.id==755].legitimateInterestPurposes",
                                                       .integers([2, 7, 9, 10]), .integers([2, 7, 9, 10, 11]))]) {
            $0.partners[0].legitimateInterestPurposes = [2, 7, 9, 10, 11]
        },
        DiffCase("a partner's special features", [(.partnerSpecialFeaturesChanged, "$.partners[?@.id==755].specialFeatures", .integers([]), .integers([1]))]) {
            $0.partners[0].specialFeatures = [1]
        },
        DiffCase("a partner's data categories", [(.partnerDeclarationsChanged, "$.partners[?@.id==755].dataDeclaration", .integers([]), .integers([1, 3]))]) {
            $0.partners[0].disclosures.values.dataCategories = [1, 3]
        },
        DiffCase("a partner's features and special purposes", [
            (.partnerDeclarationsChanged, "$.partners[?@.id==755].specialPurposes", .integers([]), .integers([1])),
            (.partnerDeclarationsChanged, "$.partners[?@.id==755].features", .integers([]), .integers([2])),
        ]) {
            $0.partners[0].disclosures.values.specialPurposes = [1]
            $0.partners[0].disclosures.values.features = [2]
        },
        DiffCase("a partner's flexible purposes", [(.partnerDeclarationsChanged, "$.partners[?@.id==755].flexiblePurposes", .integers([]), .integers([2]))]) {
            $0.partners[0].disclosures.values.flexiblePurposes = [2]
        },
        DiffCase("a partner's retention for a purpose", [(.partnerRetentionChanged, "$.partners[?@.id==755].dataRetention.purposes.3",
                                                          .null, .integer(180))]) {
            $0.partners[0].disclosures.values.retention.purposeDays = [3: 180]
        },
        DiffCase("a partner's standard retention", [(.partnerRetentionChanged, "$.partners[?@.id==755].dataRetention.stdRetention", .null, .integer(548))]) {
            $0.partners[0].disclosures.values.retention.standardDays = 548
        },
        DiffCase("a partner's cookie lifetime", [(.partnerDeviceStorageChanged, "$.partners[?@.id==755].cookieMaxAgeSeconds", .null, .integer(34_190_000))]) {
            $0.partners[0].disclosures.values.deviceStorage.cookieMaxAgeSeconds = 34_190_000
        },
        DiffCase("a partner's storage by other means", [(.partnerDeviceStorageChanged, "$.partners[?@.id==755].usesNonCookieAccess", .null, .bool(true))]) {
            $0.partners[0].disclosures.values.deviceStorage.usesNonCookieAccess = true
        },
        DiffCase("a partner's name", [(.partnerDetailsChanged, "$.partners[?@.id==755].name", .string("Google Advertising Products"), .string("Google"))]) {
            $0.partners[0].name = "Google"
        },
        DiffCase("a partner's legitimate-interest claim", [(.partnerDetailsChanged, "$.partners[?@.id==755].urls", .array([
            .members(["langId": .null, "privacy": .string("https://business.safety.google/privacy/"), "legIntClaim": .null]),
        ]), .array([
            .members(["langId": .string("en"), "privacy": .string("https://business.safety.google/privacy/"), "legIntClaim": .string("https://policies.google.com/privacy")]),
        ]))]) {
            $0.partners[0].disclosures.values.links = [Partner.Links(language: "en", privacy: "https://business.safety.google/privacy/",
                                                  legitimateInterestClaim: "https://policies.google.com/privacy")]
        },
        DiffCase("the partners reordered", [(.partnersReordered, "$.partners", partnerIDs(Policy.default.partners),
                                             partnerIDs(Array(Policy.default.partners.reversed())))]) { $0.partners.reverse() },
        // Consent settings.
        DiffCase("a shorter validity", [(.validityChanged, "$.consent.maximumAgeMonths", .integer(13), .integer(6))]) {
            $0.consent.maximumAgeMonths = 6
        },
        DiffCase("re-consent on revisions", [(.reconsentSwitchChanged, "$.consent.reconsentOnRevision", .bool(false), .bool(true))]) {
            $0.consent.reconsentOnRevision = true
        },
        DiffCase("re-consent on partners' new purposes", [(.reconsentSwitchChanged, "$.consent.reconsentOnPartnerPurposesChanged", .bool(false), .bool(true))]) {
            $0.consent.reconsentOnPartnerPurposesChanged = true
        },
        DiffCase("a close button", [(.formButtonsChanged, "$.consent.showCloseButton", .bool(false), .bool(true))]) {
            $0.consent.showCloseButton = true
        },
        // Texts.
        DiffCase("a form text", [(.textChanged, "$.texts.de.formTitle", .string("{publisher} bittet um Ihre Einwilligung, Ihre personenbezogenen Daten für folgende Zwecke zu nutzen:"),
                                  .string("{publisher} fragt:"))]) { $0.texts["de"]?["formTitle"] = "{publisher} fragt:" },
        DiffCase("a language added", [(.textChanged, "$.texts.fr", .null, .members(["consent": .string("&Accepter")]))]) {
            $0.texts["fr"] = ["consent": "&Accepter"]
        },
        DiffCase("a language with a hyphen", [(.textChanged, "$.texts.de-AT", .null, .members(["consent": .string("&Zustimmen")]))]) {
            $0.texts["de-AT"] = ["consent": "&Zustimmen"]
        },
        DiffCase("a data category's name", [(.nameChanged, "$.names.dataCategories.3", .null, .members(["en": .string("Device ids")]))]) {
            $0.names.set(.dataCategory, 3, language: "en", to: "Device ids")
        },
        DiffCase("the explainer's title", [(.explainerChanged, "$.tracking.explainer.en.title", .string("Keep Shopping free"), .string("Free shopping"))]) {
            $0.tracking.explainer?["en"]?.title = "Free shopping"
        },
        DiffCase("the app's name", [(.appChanged, "$.app.displayName", .string("Shopping"), .string("Shop"))]) { $0.app.displayName = "Shop" },
        // Other settings.
        DiffCase("skipping the prompt without purpose 1", [(.trackingSettingChanged, "$.tracking.skipWhenPurposeOneRefused", .bool(false), .bool(true))]) {
            $0.tracking.skipWhenPurposeOneRefused = true
        },
        DiffCase("the vendor list version", [(.tcfSettingChanged, "$.tcf.vendorListVersion", .integer(7), .integer(8))]) { $0.tcf.vendorListVersion = 8 },
        DiffCase("the usnat version", [(.gppChanged, "$.gpp.usnatVersion", .integer(1), .integer(2))]) { $0.gpp.usnatVersion = 2 },
        DiffCase("the analytics purpose", [(.consentModeChanged, "$.consentMode.analyticsStoragePurpose", .null, .integer(8))]) {
            $0.consentMode.analyticsStoragePurpose = 8
        },
        DiffCase("a test device", [(.testDevicesChanged, "$.testDeviceIDs", .strings([]), .strings(["QA-1"]))]) { $0.testDeviceIDs = ["QA-1"] },
        DiffCase("a shorter wait for the screen", [(.presentationChanged, "$.presentation.timeLimitSeconds", .integer(60), .integer(20))]) {
            $0.presentation.timeLimitSeconds = 20
        },
    ]

    @Test(arguments: cases)
    func eachChangeIsNamedByItsKindAndJSONPathWithTheOldAndNewValue(_ diffCase: DiffCase) {
        var new = Policy.default
        diffCase.change(&new)
        let found = PolicyDiff(from: .default, to: new).changes.map {
            DiffCase.Expected(kind: $0.kind, path: $0.path, old: $0.old, new: $0.new)
        }
        #expect(found == diffCase.expected)
    }

    @Test func everyKindOfChangeHasACaseInTheTable() {
        let covered = Set(Self.cases.flatMap { $0.expected.map(\.kind) })
        let missing = PolicyChange.Kind.allCases.filter { !covered.contains($0) }
        // Not reachable from a valid policy through a single field: a purpose or special feature added
        // (all are always listed), a special feature removed or reordered (as their purpose counterparts).
        let exempt: Set<PolicyChange.Kind> = [.purposeAdded, .specialFeatureAdded, .specialFeatureRemoved, .specialFeaturesReordered]
        #expect(Set(missing) == exempt)
    }

    @Test func everyFieldThePolicyFileFormatWritesHasAKindOfChange() {
        let listed: Set = ["purposes", "specialFeatures", "partners"]
        guard case .object(let fields) = PolicyWriting.value(Policy.default) else {
            Issue.record("a policy is written as an object")
            return
        }
        for field in fields where !listed.contains(field.key) {
            #expect(PolicyDiff.kind(ofSetting: [field.key]) != nil, "\(field.key) needs a kind in PolicyDiff.kind(ofSetting:)")
        }
    }

    @Test func docsPolicyDiffListsEveryKindInItsGroupInTheCodesOrder() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/policy-diff.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows.map { $0[0] } == PolicyChange.Kind.allCases.map { "`\($0.rawValue)`" })
        #expect(rows.map { $0[1] } == PolicyChange.Kind.allCases.map(\.group.title))
    }

    @Test func everyFieldAPartnerIsWrittenWithHasAKindOfChange() throws {
        let written = PolicyWriting.value(try Policy.default.applyingVendorList(
            Data(contentsOf: repositoryRoot.appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json"))))
        guard case .array(let partners)? = written["partners"], !partners.isEmpty else {
            Issue.record("a policy writes its partners as a list")
            return
        }
        for case .object(let fields) in partners {
            for field in fields {
                #expect(PolicyDiff.kind(ofPartnerField: field.key) != nil, "\(field.key) needs a kind in PolicyDiff.kind(ofPartnerField:)")
            }
        }
    }

    @Test func aPolicyComparedWithItselfHasNoChanges() {
        #expect(PolicyDiff(from: .default, to: .default).isEmpty)
        var same = Policy.default
        same.texts["de"] = Policy.default.texts["de"]
        #expect(PolicyDiff(from: .default, to: same).changes == [])
    }

    @Test func changesComeGroupedInTheOrderTheyArePrinted() {
        var new = Policy.default
        new.texts["de"]?["consent"] = "&Ja"
        new.partners.append(extraPartner)
        new.consent.maximumAgeMonths = 6
        new.revision = 2
        let groups = PolicyDiff(from: .default, to: new).changes.map(\.kind.group)
        #expect(groups == [.identity, .partners, .consent, .texts])
    }

    @Test func aChangeSaysWhatChangedForAPerson() {
        var new = Policy.default
        new.partners[0].purposes = [1, 3, 4, 5]
        new.purposes[2].name["de"] = "Werbeprofile erstellen"
        let subjects = PolicyDiff(from: .default, to: new).changes.map(\.subject)
        #expect(subjects == ["purpose 3 name (de)", "partner 755 (Google Advertising Products) purposes"])
    }
}

private func lastMember(_ list: JSONValue) -> JSONValue? {
    guard case .array(let members) = list else { return nil }
    return members.last
}

private func partnerIDs(_ partners: [Partner]) -> JSONValue {
    .array(partners.map { partner in partner.id.atpID.map { .string("atp:\($0)") } ?? .integer(partner.id.vendorID!) })
}
