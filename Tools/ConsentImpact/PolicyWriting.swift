import ConsentEngine
import ConsentJSON

/// A policy written back in the file format (`policies/README.md`): what `policy show --json` prints and
/// what `policy diff` compares, so that a default written out is no change. Reading is the engine's
/// (``PolicyLoader``); only the tools write a policy.
package enum PolicyWriting {
    /// The policy as a file would hold it: every field of ``PolicyFields`` in its order (a test holds the
    /// two together), defaults written out, partners inline (never a `vendorList` reference) with every
    /// field by the vendor list's names but `legitimateInterestPurposes` (so `urls`, never `privacyURL`),
    /// text maps by language.
    package static func value(_ policy: Policy) -> JSONValue {
        func map(_ texts: [String: String]) -> JSONValue {
            .object(texts.keys.sorted().map { JSONValue.Member(key: $0, value: .string(texts[$0]!)) })
        }
        func purpose(_ purpose: Purpose) -> JSONValue {
            .members(["id": .integer(purpose.id), "name": map(purpose.name), "description": map(purpose.description)])
        }
        let regions = policy.regions, consent = policy.consent
        var tracking: [JSONValue.Member] = []
        if let explainers = policy.tracking.explainer {
            tracking.append(.init(key: "explainer", value: .object(explainers.keys.sorted().map { language in
                let explainer = explainers[language]!
                return .init(key: language, value: .members([
                    "title": .string(explainer.title), "text": .string(explainer.text), "button": .string(explainer.button.marked),
                ]))
            })))
        }
        tracking.append(.init(key: "skipWhenPurposeOneRefused", value: .bool(policy.tracking.skipWhenPurposeOneRefused)))
        return .members([
            "formatVersion": .integer(policy.formatVersion),
            "id": .string(policy.id),
            "revision": .integer(policy.revision),
            "tcfPolicyVersion": .integer(policy.tcfPolicyVersion),
            "publisher": .members(["name": .string(policy.publisher.name), "country": .string(policy.publisher.country)]),
            "regions": .members([
                "gdpr": .array(regions.gdpr.map { dated($0, subjectKey: "region", $0.subject.description) }),
                "regulatedUSStates": .array(regions.regulatedUSStates.map { dated($0, subjectKey: "state", $0.subject) }),
                "unknownRegion": .string(regions.unknownRegion.rawValue),
                "debugUSState": .string("US-\(regions.debugUSState)"),
                "unitedStatesWithoutState": .string(regions.unitedStatesWithoutState.rawValue),
            ]),
            "consent": .members([
                "maximumAgeMonths": .integer(consent.maximumAgeMonths),
                "reconsentOnRevision": .bool(consent.reconsentOnRevision),
                "reconsentOnNewPartners": .bool(consent.reconsentOnNewPartners),
                "reconsentOnPartnerPurposesChanged": .bool(consent.reconsentOnPartnerPurposesChanged),
                "showDoNotConsent": .bool(consent.showDoNotConsent),
                "showCloseButton": .bool(consent.showCloseButton),
            ]),
            "purposes": .array(policy.purposes.map(purpose)),
            "specialFeatures": .array(policy.specialFeatures.map(purpose)),
            "partners": .array(policy.partners.map { partner in
                .object([
                    .init(key: partner.id.atpID == nil ? "id" : "googleATP", value: .integer(partner.id.vendorID ?? partner.id.atpID!)),
                    .init(key: "name", value: .string(partner.name)), .init(key: "purposes", value: .integers(partner.purposes)),
                    .init(key: "legitimateInterestPurposes", value: .integers(partner.legitimateInterestPurposes)),
                    .init(key: "specialFeatures", value: .integers(partner.specialFeatures)),
                ] + members(of: partner))
            }),
            "names": value(of: policy.names),
            "texts": .object(policy.formTexts.languages.sorted().map { JSONValue.Member(key: $0, value: map(policy.formTexts[$0]!.dictionary)) }),
            "tracking": .object(tracking),
            "app": .members([
                "displayName": .string(policy.app.displayName),
                "trackingUsageDescription": map(policy.app.trackingUsageDescription),
            ]),
            "tcf": .members([
                "cmpId": .integer(policy.tcf.cmpID),
                "cmpIdIsPlaceholder": .bool(policy.tcf.cmpIDIsPlaceholder),
                "cmpVersion": .integer(policy.tcf.cmpVersion),
                "consentScreen": .integer(policy.tcf.consentScreen),
                "vendorListVersion": .integer(policy.tcf.vendorListVersion),
                "publisherRestrictions": .array(policy.tcf.publisherRestrictions.map { restriction in
                    .members(["purpose": .integer(restriction.purpose), "type": .integer(restriction.type),
                              "vendors": .integers(restriction.vendors)])
                }),
                "publisherPurposes": .members([
                    "consent": .integers(policy.tcf.publisherConsentPurposes),
                    "legitimateInterest": .integers(policy.tcf.publisherLegitimateInterestPurposes),
                ]),
            ]),
            "gpp": .members(["usnatVersion": .integer(policy.gpp.usnatVersion), "stateSections": .bool(policy.gpp.stateSections)]),
            "consentMode": .members(["analyticsStoragePurpose": .nullable(policy.consentMode.analyticsStoragePurpose)]),
            "regionHints": .strings(policy.regionHints.map(\.rawValue)),
            "regionHintConflict": .string(policy.regionHintConflict.rawValue),
            "defaultLanguage": .string(policy.defaultLanguage),
            "testDeviceIDs": .strings(policy.testDeviceIDs),
            "presentation": .members(["timeLimitSeconds": .integer(policy.presentation.timeLimitSeconds)]),
            "controller": policy.controller.map { controller in
                .members([
                    "name": .string(controller.name), "contact": .string(controller.contact),
                    "email": .string(controller.email), "phone": .string(controller.phone),
                    "address": .members([
                        "streetAddress": .string(controller.address.streetAddress),
                        "addressCountry": .string(controller.address.addressCountry),
                    ]),
                    "url": .string(controller.url), "privacyPolicyURL": .string(controller.privacyPolicyURL),
                ])
            } ?? .null,
        ])
    }

    /// An entry of the regions block as the file writes it: its subject alone when it has no dates, else an
    /// object with them.
    private static func dated<Subject>(_ entry: DatedEntry<Subject>, subjectKey: String, _ subject: String) -> JSONValue {
        guard entry.isDated else { return .string(subject) }
        var members = [JSONValue.Member(key: subjectKey, value: .string(subject))]
        if let from = entry.from { members.append(.init(key: "from", value: .string(from.description))) }
        if let until = entry.until { members.append(.init(key: "until", value: .string(until.description))) }
        return .object(members)
    }
}

extension PolicyWriting {
    /// The `names` block as a policy file writes it: every kind, ids ascending, languages sorted.
    static func value(of names: DisclosureNames) -> JSONValue {
        let entries = names.entries
        return .object(DisclosureKind.allCases.map { kind in
            var byID: [Int: [(language: String, name: String)]] = [:]
            for entry in entries where entry.kind == kind { byID[entry.id, default: []].append((entry.language, entry.name)) }
            return .init(key: kind.rawValue, value: .object(byID.keys.sorted().map { id in
                .init(key: String(id), value: .object(byID[id]!.sorted { $0.language < $1.language }.map {
                    .init(key: $0.language, value: .string($0.name))
                }))
            }))
        })
    }

    /// A partner's disclosures as a policy file writes them, by the Global Vendor List's field names, every
    /// field written (`null` where not disclosed).
    static func members(of partner: Partner) -> [JSONValue.Member] {
        let retention = partner.retention, storage = partner.deviceStorage
        func days(_ days: [Int: Int]) -> JSONValue {
            .object(days.keys.sorted().map { .init(key: String($0), value: .integer(days[$0]!)) })
        }
        return [
            .init(key: "flexiblePurposes", value: .integers(partner.flexiblePurposes)),
            .init(key: "specialPurposes", value: .integers(partner.specialPurposes)),
            .init(key: "features", value: .integers(partner.features)),
            .init(key: "dataDeclaration", value: .integers(partner.dataCategories)),
            .init(key: "dataRetention", value: .members([
                "stdRetention": .nullable(retention.standardDays),
                "purposes": days(retention.purposeDays),
                "specialPurposes": days(retention.specialPurposeDays),
            ])),
            .init(key: "cookieMaxAgeSeconds", value: .nullable(storage.cookieMaxAgeSeconds)),
            .init(key: "usesCookies", value: .nullable(storage.usesCookies)),
            .init(key: "cookieRefresh", value: .nullable(storage.cookieRefresh)),
            .init(key: "usesNonCookieAccess", value: .nullable(storage.usesNonCookieAccess)),
            .init(key: "deviceStorageDisclosureUrl", value: .nullable(storage.disclosureURL)),
            .init(key: "urls", value: .array(partner.links.map { link in
                .members(["langId": .nullable(link.language), "privacy": .string(link.privacy),
                          "legIntClaim": .nullable(link.legitimateInterestClaim)])
            })),
        ]
    }
}

extension Policy {
    /// The policy as JSON in the file format, for `policy show --json`.
    package var jsonText: String { JSONWriter.text(PolicyWriting.value(self)) }
}
