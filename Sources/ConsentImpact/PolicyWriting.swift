import ConsentEngine
import JSONKit

/// A policy written back in the file format (`policies/README.md`): what `policy show --json` prints and
/// what `policy diff` compares, so that a default written out is no change. Reading is the engine's
/// (``PolicyLoader``); only the tools write a policy.
package enum PolicyWriting {
    /// The policy as a file would hold it: every field, defaults written out, partners inline (never a
    /// `vendorList` reference), keys in the order of ``fields``, text maps by language.
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
                .members([
                    partner.id.atpID == nil ? "id" : "googleATP": .integer(partner.id.vendorID ?? partner.id.atpID!),
                    "name": .string(partner.name), "purposes": .integers(partner.purposes),
                    "legitimateInterestPurposes": .integers(partner.legitimateInterestPurposes),
                    "specialFeatures": .integers(partner.specialFeatures), "privacyURL": .nullable(partner.privacyURL),
                ])
            }),
            "texts": .object(policy.texts.keys.sorted().map { JSONValue.Member(key: $0, value: map(policy.texts[$0]!)) }),
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

extension Policy {
    /// The policy as JSON in the file format, for `policy show --json`.
    package var jsonText: String { JSONWriter.text(PolicyWriting.value(self)) }
}
